#include "tools/lookup/atlas.hpp"

#include <catch2/catch.hpp>

using cgt::lookup_tool::normalised_graph;

TEST_CASE("Atlas: a graph's edges in the colour job's order", "[hackenbush]") {
    // By u <= v, then v, then the colour's place in the set; "2-1R" is "1-2R".
    CHECK(normalised_graph("1-2R 0-1B", "BRG") == "0-1B 1-2R");
    CHECK(normalised_graph("2-1R,0-1G 0-1B", "BRG") == "0-1B 0-1G 1-2R");
    CHECK(normalised_graph("0-0G 0-0R", "BRG") == "0-0R 0-0G");
    // A green edge is no graph of the blue-red family.
    CHECK(normalised_graph("0-1G", "BR").empty());
    CHECK_THROWS_WITH(normalised_graph("0-1X", "BRG"), Catch::Contains("is not u-vC"));
    CHECK_THROWS_WITH(normalised_graph("01B", "BRG"), Catch::Contains("is not u-vC"));
    CHECK_THROWS_WITH(normalised_graph("  ", "BRG"), Catch::Contains("at least one edge"));
}
