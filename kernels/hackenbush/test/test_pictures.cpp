#include "hackenbush/picture.hpp"
#include "hackenbush/picture_values.hpp"
#include "hackenbush/stalks.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace cgt::hackenbush;
using cgt::core::GameId;
using cgt::core::GameStore;

TEST_CASE("Hackenbush: the article's stalks have the article's values", "[hackenbush]") {
    struct Row { std::string stalk; std::string value; };
    const std::vector<Row> rows = {
        {"B", "1"},          {"R", "-1"},         {"G", "*"},          {"BR", "1/2"},
        {"BBR", "3/2"},      {"BRB", "3/4"},      {"GB", "\u2191*"},   {"GR", "\u2193*"},
        {"BG", "1*"},        {"BRG", "1/2*"},     {"BGG", "1*2"},      {"BGB", "1\u2191*"},
        {"RGB", "-1\u2191*"}, {"GBB", "\u2191+\u2191\u00b2*"}, {"GBR", "{0, * | 0, \u2191*}"},
        {"GGB", "{0, *, *2 | 0, *}"}, {"GGG", "*3"}, {"", "0"},
    };
    GameStore store;
    for (const auto& row : rows) {
        INFO(row.stalk);
        PictureValues picture(Picture::stalk(row.stalk), store);
        CHECK(store.name(picture.value()) == row.value);
        CHECK(stalk_value(store, row.stalk) == picture.value());
    }
}

TEST_CASE("Hackenbush: pictures from text, and bad lines refused with their line number",
          "[hackenbush]") {
    struct Row { std::string text; std::string value; std::string error; };
    const std::vector<Row> rows = {
        {"0 1 B\n", "1", ""},
        {"# a comment\n\n0 1 B  # blue\n1 2 R\n", "1/2", ""},
        // 1/2 + 1/2 + (-1) = 0: two BR stalks and a red edge, parts meeting at the ground
        {"0 1 B\n1 2 R\n0 3 B\n3 4 R\n0 5 R\n", "0", ""},
        {"0 1 b\r\n1 2 g\r\n", "1*", ""},
        {"0 0 G\n", "*", ""},                      // a loop at the ground
        {"0 1 B\n1 1 R\n", "1/2", ""},             // a loop is an edge whose cut drops nothing above
        {"0 1 B\n0 1 R\n", "0", ""},               // parallel edges: whoever cuts first loses the rest
        {"0 1 G\n1 2 B\n1 2 R\n", "*", ""},
        {"0 1 X\n", "", "line 1: unknown colour 'X' (expected B, R or G)"},
        {"0 1 B\n\n0 a B\n", "", "line 3: bad vertex 'a'"},
        {"0 -1 B\n", "", "line 1: bad vertex '-1'"},
        {"0 1\n", "", "line 1: expected 'u v C'"},
        {"0 1 B R\n", "", "line 1: expected 'u v C' (two vertices and a colour B, R or G), got 4"},
        {"0 1 B\n2 3 G\n", "", "line 2: edge 2 3 G is not connected to the ground"},
        {"0 1 B\n0 1234567 B\n", "", "line 2: bad vertex '1234567'"},
    };
    GameStore store;
    for (const auto& row : rows) {
        INFO(row.text);
        if (row.error.empty()) {
            PictureValues picture(Picture::parse(row.text), store);
            CHECK(store.name(picture.value()) == row.value);
        } else {
            CHECK_THROWS_WITH(Picture::parse(row.text), Catch::StartsWith(row.error));
        }
    }
    std::string many;
    for (int i = 1; i <= 65; ++i) many += "0 " + std::to_string(i) + " G\n";
    CHECK_THROWS_WITH(Picture::parse(many), "line 65: more than 64 edges (a picture holds at most 64)");
    many.resize(many.rfind("0 65"));
    CHECK(Picture::parse(many).edge_count() == 64);
}

TEST_CASE("Hackenbush: green graphs follow the fusion principle", "[hackenbush]") {
    struct Row { std::string text; unsigned nim; };
    // A cycle fuses into one vertex whose edges become loops; a loop counts as *1.
    const std::vector<Row> rows = {
        {"0 1 G\n1 2 G\n2 0 G\n", 1},                         // triangle on the ground: 3 loops
        {"0 1 G\n1 2 G\n2 3 G\n3 0 G\n", 0},                  // square on the ground: 4 loops
        {"0 1 G\n0 1 G\n", 0},                                // two parallel edges: 2 loops
        {"0 1 G\n0 1 G\n1 2 G\n", 1},                         // ... with an edge on top: 0 + *1
        {"0 1 G\n1 2 G\n2 3 G\n3 1 G\n", 2},                  // stalk + triangle: 1 : (*1) = *2
        {"0 1 G\n1 2 G\n1 2 G\n1 2 G\n", 2},                  // stalk + 3 parallel: *1 on *1
        {"0 1 G\n1 1 G\n1 1 G\n", 1},                         // two loops on a stalk cancel
        {"0 1 G\n1 2 G\n2 0 G\n1 3 G\n3 4 G\n", 3},           // triangle with a 2-stalk: 1 ^ 2
    };
    GameStore store;
    for (const auto& row : rows) {
        INFO(row.text);
        PictureValues picture(Picture::parse(row.text), store);
        CHECK(picture.value() == store.nimber(row.nim));
    }
}

TEST_CASE("Hackenbush: green trees follow the colon principle", "[hackenbush]") {
    // Random green trees rooted at the ground against the colon principle computed here:
    // the value at a vertex is the XOR over its branches of (value above the branch) + 1.
    std::mt19937 rng(11);
    GameStore store;
    for (int trial = 0; trial < 150; ++trial) {
        const int vertices = std::uniform_int_distribution<int>(1, 10)(rng);
        std::vector<Edge> edges;
        std::vector<std::vector<std::uint32_t>> children(static_cast<std::size_t>(vertices) + 1);
        for (std::uint32_t v = 1; v <= static_cast<std::uint32_t>(vertices); ++v) {
            const auto parent = std::uniform_int_distribution<std::uint32_t>(0, v - 1)(rng);
            edges.push_back({parent, v, Colour::Green, 0});
            children[parent].push_back(v);
        }
        const auto colon = [&](const auto& self, std::uint32_t v) -> unsigned {
            unsigned g = 0;
            for (std::uint32_t c : children[v]) g ^= self(self, c) + 1;
            return g;
        };
        PictureValues picture(Picture(edges), store);
        CHECK(picture.value() == store.nimber(colon(colon, 0)));
    }
    // Worked example: a branch of 1 carrying stalks of 1 and 2: 1 + (1 ^ 2) = 4.
    PictureValues tree(Picture::parse("0 1 G\n1 2 G\n1 3 G\n3 4 G\n"), store);
    CHECK(tree.value() == store.nimber(4));
}

TEST_CASE("Hackenbush: blue-red stalks follow Berlekamp's sign-expansion rule",
          "[hackenbush]") {
    struct Row { std::string stalk; std::string value; };
    const std::vector<Row> rows = {{"B", "1"},    {"BR", "1/2"}, {"BBR", "3/2"},  {"BRB", "3/4"},
                                   {"RBB", "-1/4"}, {"RRRB", "-5/2"}, {"BRRRRR", "1/32"}};
    for (const auto& row : rows) CHECK(sign_expansion(row.stalk) == cgt::core::Dyadic::parse(row.value));
    CHECK_THROWS_WITH(sign_expansion("BGR"), Catch::Contains("not a blue-red stalk"));
    // The longest exact stalks: 56 edges fit, the worst of 57 does not (and is refused
    // by the engine as well as by the rule).
    GameStore big;
    const std::string longest = "BR" + std::string(MAX_EXACT_BLUE_RED_STALK - 2, 'B');
    CHECK(sign_expansion(longest) == cgt::core::Dyadic::fraction((std::int64_t{1} << 55) - 1, 55));
    CHECK(stalk_value(big, longest) == GameStore::number(sign_expansion(longest)));
    CHECK(sign_expansion(std::string(56, 'R')) == cgt::core::Dyadic(-56));
    CHECK_THROWS_AS(sign_expansion(longest + "B"), std::overflow_error);
    CHECK_THROWS_AS(stalk_value(big, longest + "B"), std::overflow_error);

    GameStore store;
    std::size_t stalks = 0;
    walk_stalks(store, "BR", "", 12, [&](std::string_view colours, GameId value) {
        ++stalks;
        REQUIRE(value.is_number());
        CHECK(value.number_value() == sign_expansion(colours));
    });
    CHECK(stalks == 8190);
    CHECK(store.interned_count() == 0); // numbers live in their handles
}

TEST_CASE("Hackenbush: stalk walks visit each stalk once, depth first", "[hackenbush]") {
    GameStore store;
    std::vector<std::string> seen;
    walk_stalks(store, "BRG", "", 3, [&](std::string_view c, GameId) { seen.emplace_back(c); });
    REQUIRE(seen.size() == 39);
    CHECK(seen[0] == "B");
    CHECK(seen[1] == "BB");
    CHECK(seen[2] == "BBB");
    CHECK(seen[3] == "BBR");
    CHECK(seen[5] == "BR");
    CHECK(seen.back() == "GGG");
    // Split by prefixes of length 2 (plus the stalks shorter than the prefix), the walks
    // visit the same stalks with the same values.
    std::vector<std::string> split;
    walk_stalks(store, "BRG", "", 1, [&](std::string_view c, GameId) { split.emplace_back(c); });
    for (const char* p : {"BB", "BR", "BG", "RB", "RR", "RG", "GB", "GR", "GG"})
        walk_stalks(store, "BRG", p, 3, [&](std::string_view c, GameId v) {
            split.emplace_back(c);
            CHECK(v == stalk_value(store, c));
        });
    std::sort(seen.begin(), seen.end());
    std::sort(split.begin(), split.end());
    CHECK(split == seen);
    struct Row { std::string alphabet, prefix, error; };
    const std::vector<Row> bad = {{"", "", "alphabet is empty"},
                                  {"BX", "", "may hold only B, R and G"},
                                  {"BRB", "", "repeats a letter"},
                                  {"BR", "BG", "outside the alphabet"}};
    for (const auto& row : bad)
        CHECK_THROWS_WITH(walk_stalks(store, row.alphabet, row.prefix, 3, [](std::string_view, GameId) {}),
                          Catch::Contains(row.error));
}
