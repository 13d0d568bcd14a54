#include "hex/parallel/proven_window.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace cgt::hex;

namespace {

// Positions told apart by their work: first, first + 1, ...
std::vector<StoredPosition> numbered(std::uint32_t first, std::uint32_t count) {
    std::vector<StoredPosition> out(count);
    for (std::uint32_t i = 0; i < count; ++i)
        out[i].work = first + i;
    return out;
}

template <class Positions> std::vector<std::uint32_t> works(const Positions& positions) {
    std::vector<std::uint32_t> out;
    for (const StoredPosition& p : positions)
        out.push_back(p.work);
    return out;
}

} // namespace

TEST_CASE("ProvenWindow: the last capacity received are kept, each worker takes each kept "
          "position once, missing those dropped before it asked",
          "[hex]") {
    ProvenWindow window(3);
    window.receive(numbered(0, 2));
    CHECK(works(window.take_new(0)) == std::vector<std::uint32_t>{0, 1});
    CHECK(window.take_new(0).empty());
    window.receive(numbered(2, 3));
    CHECK(works(window.kept()) == std::vector<std::uint32_t>{2, 3, 4});
    CHECK(window.received() == 5);
    CHECK(works(window.take_new(0)) == std::vector<std::uint32_t>{2, 3, 4});
    CHECK(works(window.take_new(1)) == std::vector<std::uint32_t>{2, 3, 4}); // its first
    window.receive(numbered(5, 4));                                          // 6, 7, 8 kept
    CHECK(works(window.take_new(0)) == std::vector<std::uint32_t>{6, 7, 8}); // 5 dropped
    window.receive(numbered(9, 1));
    CHECK(works(window.take_new(1)) == std::vector<std::uint32_t>{7, 8, 9});
    CHECK(works(window.take_new(0)) == std::vector<std::uint32_t>{9});
    CHECK(window.received() == 10);

    // Reset (a loaded tree): the last capacity of the positions, every worker takes them all.
    window.reset(numbered(20, 5));
    CHECK(works(window.kept()) == std::vector<std::uint32_t>{22, 23, 24});
    CHECK(window.received() == 5);
    CHECK(works(window.take_new(0)) == std::vector<std::uint32_t>{22, 23, 24});

    // A capacity of 0 keeps none and counts them all.
    ProvenWindow none(0);
    none.receive(numbered(0, 4));
    CHECK(none.kept().empty());
    CHECK(none.received() == 4);
    CHECK(none.take_new(2).empty());
}
