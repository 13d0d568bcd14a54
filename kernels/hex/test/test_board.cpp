#include "hex/board.hpp"
#include <catch2/catch.hpp>
using namespace cgt::hex;
TEST_CASE("Board: placeholder", "[hex]") { CHECK(Board(3).size() == 3); }
