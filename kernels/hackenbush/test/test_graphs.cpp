#include "hackenbush/graphs.hpp"
#include "hackenbush/green.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::hackenbush;

namespace {

// Grounded graphs of the family by edge count (index 0 unused).
std::vector<std::uint64_t> grounded_counts(const GraphFamily& family) {
    std::vector<std::uint64_t> counts(family.max_edges() + 1, 0);
    for (unsigned e = 1; e <= family.max_edges(); ++e) {
        auto m = family.unrank(e, 0);
        do counts[e] += family.grounded(m);
        while (family.next(m));
    }
    return counts;
}

} // namespace

TEST_CASE("GraphFamily: the article's graph counts by edge count", "[hackenbush]") {
    struct Row { unsigned vertices; std::string colours; std::vector<std::uint64_t> counts; };
    // Green on 3 vertices (the article: 4, 19, 83, 311, 998, 2,801, 7,037, ...), blue-red and
    // three colours on 3 vertices (8, 72, 588, 3,999, 22,482, ...; 12, 159, 1,903, 18,753, ...).
    const std::vector<Row> rows = {
        {3, "G", {0, 4, 19, 83, 311, 998, 2801, 7037}},
        {3, "BR", {0, 8, 72, 588, 3999, 22482}},
        {3, "BRG", {0, 12, 159, 1903, 18753}},
        // On one vertex: a loops at the ground, b edges up, c loops above, grounded unless
        // b = 0 < c: C(e + 2, 2) - e graphs of e edges.
        {1, "G", {0, 2, 4, 7, 11}},
    };
    for (const Row& row : rows) {
        INFO(row.vertices << " vertices, colours " << row.colours);
        const GraphFamily family(row.vertices, row.colours, static_cast<unsigned>(row.counts.size() - 1));
        CHECK(grounded_counts(family) == row.counts);
    }
}

TEST_CASE("GraphFamily: numbering of multisets (unrank, next, text)", "[hackenbush]") {
    const GraphFamily family(3, "BRG", 4);
    REQUIRE(family.kinds().size() == 30); // 10 pairs {u, v}, u <= v <= 3, times 3 colours
    CHECK(family.multisets(1) == 30);
    CHECK(family.multisets(4) == 40920); // C(33, 4)
    CHECK(family.multisets(5) == 0);
    CHECK(family.total_multisets() == 30 + 465 + 4960 + 40920);
    CHECK(family.text(family.unrank(1, 0)) == "0-0B");
    CHECK(family.text(family.unrank(1, 29)) == "3-3G");
    CHECK(family.text(family.unrank(2, 1)) == "0-0B 0-0R");
    CHECK(family.text(family.unrank(3, family.multisets(3) - 1)) == "3-3G 3-3G 3-3G");
    // next() walks the numbering: every 97th multiset of 3 edges is unrank of its number.
    auto m = family.unrank(3, 0);
    for (std::uint64_t r = 0; r < family.multisets(3); ++r) {
        if (r % 97 == 0) REQUIRE(m == family.unrank(3, r));
        REQUIRE(family.next(m) == (r + 1 < family.multisets(3)));
    }
    // grounded() agrees with the Picture's own flood fill.
    for (std::uint64_t r = 0; r < family.multisets(3); r += 13) {
        const auto g = family.unrank(3, r);
        std::vector<Edge> edges;
        for (EdgeKind k : g) edges.push_back(family.kinds()[k]);
        REQUIRE(family.grounded(g) == Picture::if_grounded(edges).has_value());
    }
    CHECK(family.picture(family.unrank(2, 3)).to_text() == "0 0 B\n0 1 B\n");
    CHECK_FALSE(family.grounded(std::vector<EdgeKind>{3 * 4 + 2})); // 1-1G: a loop off the ground
    CHECK_THROWS_WITH(family.unrank(2, 465), "unrank: no multiset 465 of 2 edges");
    // The text reads back into the same picture.
    auto g = family.unrank(4, 1000);
    while (!family.grounded(g)) family.next(g);
    CHECK(picture_from_graph_text(family.text(g)).to_text() == family.picture(g).to_text());
}

TEST_CASE("GraphFamily: graph texts read back, bad ones refused with the reason", "[hackenbush]") {
    CHECK(picture_from_graph_text("0-1B  1-12G").to_text() == "0 1 B\n1 12 G\n");
    CHECK(picture_from_graph_text("").edge_count() == 0);
    struct Row { std::string text; std::string message; };
    const std::vector<Row> rows = {
        {"0-1B 12G", "graph '0-1B 12G': edge '12G' is not u-vC (vertices u, v and a colour B, R or G)"},
        {"-1B", "graph '-1B': edge '-1B' is not u-vC (vertices u, v and a colour B, R or G)"},
        {"0-B", "graph '0-B': edge '0-B' is not u-vC (vertices u, v and a colour B, R or G)"},
        {"0-1X", "graph '0-1X': line 1: unknown colour 'X' (expected B, R or G)"},
        {"0-1B 2-3G", "graph '0-1B 2-3G': line 2: edge 2 3 G is not connected to the ground"},
    };
    for (const Row& row : rows) {
        INFO(row.text);
        CHECK_THROWS_WITH(picture_from_graph_text(row.text), row.message);
    }
}

TEST_CASE("GraphFamily: sizes it cannot hold are refused with the reason", "[hackenbush]") {
    struct Row { unsigned vertices; std::string colours; unsigned edges; std::string message; };
    const std::vector<Row> rows = {
        {0, "G", 3, "vertices must be 1..63 (vertex sets are 64-bit masks with the ground), got 0"},
        {64, "G", 3, "vertices must be 1..63 (vertex sets are 64-bit masks with the ground), got 64"},
        {3, "", 3, "colours must name at least one of B, R, G"},
        {3, "BB", 3, "colours must be distinct letters B, R, G, got 'BB'"},
        {3, "BY", 3, "colours must be distinct letters B, R, G, got 'BY'"},
        {3, "G", 0, "edges must be 1..64 (positions are 64-bit edge masks), got 0"},
        {3, "G", 65, "edges must be 1..64 (positions are 64-bit edge masks), got 65"},
        {4, "BRG", 40, "4 vertices with colours BRG and 1..40 edges give more than 2^64 - 1 multisets of 45 edge kinds"},
    };
    for (const Row& row : rows) {
        INFO(row.vertices << " " << row.colours << " " << row.edges);
        CHECK_THROWS_WITH(GraphFamily(row.vertices, row.colours, row.edges), row.message);
    }
    CHECK_NOTHROW(GraphFamily(3, "G", 64)); // C(73, 64) + ... fits
    CHECK(binomial(5, 2) == 10u);
    CHECK(binomial(64, 32) == 1832624140942590534u);
    CHECK(binomial(3, 5) == 0u);
    CHECK_FALSE(binomial(200, 100).has_value());
}

TEST_CASE("Green Hackenbush: nim values of known pictures, by search and by the principles",
          "[hackenbush]") {
    struct Row { std::string picture; NimValue value; };
    const std::vector<Row> rows = {
        {"0 1 G", 1},
        {"0 1 G\n1 2 G\n2 3 G", 3},                 // a stalk of 3: *3
        {"0 0 G", 1},                                // a loop at the ground is one edge
        {"0 0 G\n0 0 G", 0},                         // two cancel
        {"0 1 G\n0 1 G", 0},                         // a 2-cycle through the ground: two loops
        {"0 1 G\n1 2 G\n2 0 G", 1},                  // a triangle on the ground: three loops
        {"0 1 G\n1 1 G", 2},                         // a lollipop: 0-1 topped by a loop worth *1
        {"0 1 G\n1 2 G\n1 3 G", 1},                  // a fork: (0 + 1) ^ (0 + 1) = 0 at 1, so *1
        {"0 1 G\n1 2 G\n2 3 G\n3 1 G", 2},           // a stalk under a triangle: 3 loops at 1, *2
        {"0 1 G\n1 2 G\n1 2 G\n2 3 G\n3 4 G", 3},    // a 2-cycle mid-stalk: its loops cancel, a stalk of 3 is left
    };
    for (const Row& row : rows) {
        INFO(row.picture);
        const Picture p = Picture::parse(row.picture);
        CHECK(GreenMexSearch(p).value() == row.value);
        CHECK(green_nim_value_by_principles(p) == row.value);
    }
    CHECK_THROWS_WITH(green_nim_value_by_principles(Picture::parse("0 1 G\n1 2 B")),
                      "fusion and colon: edge #1 1 2 B is not green");
    CHECK_THROWS_WITH(GreenMexSearch(Picture::parse("0 1 R")), "green mex search: edge #0 0 1 R is not green");
}

TEST_CASE("Green Hackenbush: fusion and colon equal the mex search on every small graph", "[hackenbush]") {
    // Every green graph on the ground and 3 vertices with 1..6 edges (4 + 19 + ... + 2,801)
    // and on 4 vertices with 1..4; nim value parity is edge-count parity.
    for (const auto& [vertices, edges] : {std::pair{3u, 6u}, std::pair{4u, 4u}}) {
        const GraphFamily family(vertices, "G", edges);
        std::uint64_t graphs = 0, agree = 0, parity = 0;
        for (unsigned e = 1; e <= edges; ++e) {
            auto m = family.unrank(e, 0);
            do {
                if (!family.grounded(m)) continue;
                const Picture p = family.picture(m);
                const NimValue by_search = GreenMexSearch(p).value();
                ++graphs;
                agree += green_nim_value_by_principles(p) == by_search;
                parity += by_search % 2 == e % 2;
            } while (family.next(m));
        }
        INFO(vertices << " vertices");
        if (vertices == 3) CHECK(graphs == 4u + 19 + 83 + 311 + 998 + 2801);
        CHECK(agree == graphs);
        CHECK(parity == graphs);
    }
}
