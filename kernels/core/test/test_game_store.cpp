#include "core/game_store.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::core;

TEST_CASE("GameStore: {L | R} reduces to the canonical form and its name", "[cgt]") {
    struct Row { std::string text; std::string name; std::string error; };
    const std::vector<Row> rows = {
        // numbers, by the simplicity rule
        {"{|}", "0", ""},             {"{0|}", "1", ""},           {"{|0}", "-1", ""},
        {"{0|1}", "1/2", ""},         {"{1/2|1}", "3/4", ""},      {"{-1|1}", "0", ""},
        {"{1|2}", "3/2", ""},         {"{-3|-2}", "-5/2", ""},     {"{0,1/2|3}", "1", ""},
        {"{-7|}", "0", ""},           {"{|*}", "0", ""},           {"{*|*}", "0", ""},
        // nimbers and infinitesimals
        {"{0|0}", "*", ""},           {"{0,*|0,*}", "*2", ""},     {"{0,*,*2|0,*,*2}", "*3", ""},
        {"{0|*}", "\u2191", ""},      {"{*|0}", "\u2193", ""},     {"{0,*|0}", "\u2191*", ""},
        {"{0|*,0}", "\u2193*", ""},   {"{0|\u2191*}", "\u21d1", ""}, {"{0|\u2191}", "\u21d1*", ""},
        {"{1|1}", "1*", ""},          {"{1/2|1/2}", "1/2*", ""},   {"{1|1*}", "1\u2191", ""},
        // dominated and reversible options go
        {"{0,-1|5}", "1", ""},        {"{0,\u2193|0}", "*", ""},   {"{*,\u2191|0}", "\u2191*", ""},
        // general forms, options in canonical order (numbers, then by birthday)
        {"{1|0}", "{1 | 0}", ""},     {"{2|-2}", "\u00b12", ""},  {"{0,\u2191*|0}", "\u2191+\u2191\u00b2*", ""},
        {"{0,*|0,\u2191*}", "{0, * | 0, \u2191*}", ""}, {"{0,*,*2|0,*}", "{0, *, *2 | 0, *}", ""},
        {"{0|*6,*7}", "{0 | *6, *7}", ""},
        // bad text, with the reason
        {"", "", "unexpected end"},           {"{0|", "", "unexpected end"},
        {"{0 0|}", "", "expected ',', '|' or '}'"},       {"{0|1}}", "", "unexpected '}' after the game"},
        {"{0|1", "", "expected '}'"},
        {"1/3", "", "power of two"},          {"\u2191\u2193", "", "ups and downs mixed"},
        {"#0", "", "refers to no earlier group"}, {"{#0|0}", "", "not closed"},
        {"*70000", "", "nimber"},   {"x", "", "unknown name 'x'"},
        {"{0,|0}", "", "unexpected"},         {"-", "", "unexpected end"},
    };
    GameStore store;
    for (const auto& row : rows) {
        INFO(row.text);
        if (row.error.empty()) {
            CHECK(store.name(store.parse(row.text)) == row.name);
        } else {
            CHECK_THROWS_WITH(store.parse(row.text), Catch::Contains(row.error));
        }
    }
}

TEST_CASE("GameStore: sums of known values", "[cgt]") {
    struct Row { std::vector<std::string> terms; std::string sum; };
    const std::vector<Row> rows = {
        {{"1/2", "1/2", "-1"}, "0"},   {{"\u2191", "\u2191"}, "\u21d1"}, {{"\u2191", "\u2193"}, "0"},
        {{"*", "*"}, "0"},             {{"\u2191", "*"}, "\u2191*"},     {{"*2", "*3"}, "*"},
        {{"1/2", "*"}, "1/2*"},        {{"{1|-1}", "{1|-1}"}, "0"},     {{"3/4", "5/8"}, "11/8"},
        {{"\u21d1", "\u2191", "*"}, "\u21d1\u2191*"}, {{"1", "\u2193", "*2"}, "1\u2193*2"},
        {{"{1|0}", "1/2"}, "{3/2 | 1/2}"}, {{"{1|0}", "{1|0}"}, "1"},
    };
    GameStore store;
    for (const auto& row : rows) {
        GameId sum = GameId();
        for (const auto& t : row.terms) sum = store.add(sum, store.parse(t));
        INFO(row.sum);
        CHECK(store.name(sum) == row.sum);
    }
    for (std::uint32_t a = 0; a < 8; ++a)
        for (std::uint32_t b = 0; b < 8; ++b)
            CHECK(store.add(store.nimber(a), store.nimber(b)) == store.nimber(a ^ b));
}

TEST_CASE("GameStore: outcome, stops, birthday, nim value", "[cgt]") {
    struct Row { std::string game; char outcome; std::string left_stop, right_stop;
                 std::uint64_t birthday; int nim; };
    const std::vector<Row> rows = {
        {"0", 'P', "0", "0", 0, 0},           {"1", 'L', "1", "1", 1, -1},
        {"-1/2", 'R', "-1/2", "-1/2", 2, -1}, {"*", 'N', "0", "0", 1, 1},
        {"*3", 'N', "0", "0", 3, 3},          {"\u2191", 'L', "0", "0", 2, -1},
        {"\u2193*", 'N', "0", "0", 2, -1},    {"\u21d1*", 'L', "0", "0", 3, -1},
        {"{1|-1}", 'N', "1", "-1", 2, -1},     {"{2|1}", 'L', "2", "1", 3, -1},
        {"3/4*", 'L', "3/4", "3/4", 4, -1},    {"{0|-5}", 'N', "0", "-5", 6, -1},
        {"{-1|-2}", 'R', "-1", "-2", 3, -1},
    };
    GameStore store;
    for (const auto& row : rows) {
        INFO(row.game);
        const GameId g = store.parse(row.game);
        CHECK(outcome_letter(store.outcome(g)) == row.outcome);
        CHECK(store.left_stop(g) == Dyadic::parse(row.left_stop));
        CHECK(store.right_stop(g) == Dyadic::parse(row.right_stop));
        CHECK(store.birthday(g) == row.birthday);
        const auto nim = store.nim_value(g);
        CHECK(static_cast<int>(nim ? *nim : -1) == row.nim);
    }
}

TEST_CASE("GameStore: classification as number, x + *m, x + n.up + *m or other", "[cgt]") {
    struct Row { std::string game; ValueKind kind; std::string x; int ups; unsigned star; };
    const std::vector<Row> rows = {
        {"0", ValueKind::Number, "0", 0, 0},           {"-3/8", ValueKind::Number, "-3/8", 0, 0},
        {"*", ValueKind::NumberNimber, "0", 0, 1},     {"1*", ValueKind::NumberNimber, "1", 0, 1},
        {"1/2*5", ValueKind::NumberNimber, "1/2", 0, 5},
        {"\u2191", ValueKind::NumberUps, "0", 1, 0},   {"\u2191*", ValueKind::NumberUps, "0", 1, 1},
        {"-1\u2191*", ValueKind::NumberUps, "-1", 1, 1},
        {"3/4\u21d3\u2193*2", ValueKind::NumberUps, "3/4", -3, 2},
        {"{1|0}", ValueKind::Other, "0", 0, 0},        {"{0,\u2191*|0}", ValueKind::Other, "0", 0, 0},
        {"{0|*6,*7}", ValueKind::Other, "0", 0, 0},
    };
    GameStore store;
    for (const auto& row : rows) {
        INFO(row.game);
        const Classification c = store.classify(store.parse(row.game));
        CHECK(c.kind == row.kind);
        if (row.kind != ValueKind::Other) {
            CHECK(c.number == Dyadic::parse(row.x));
            CHECK(c.ups == row.ups);
            CHECK(c.star == row.star);
        }
    }
    // n.up is made from its canonical form: it equals n ups added one by one.
    {
        GameStore sums;
        GameId added = GameId();
        for (int n = 1; n <= 40; ++n) {
            added = sums.add(added, sums.ups(1));
            INFO(n << " up");
            CHECK(sums.canonical_text(added) == store.canonical_text(store.ups(n)));
            CHECK(store.add(store.ups(n), store.ups(-n)) == GameId());
        }
    }
    // Every x + n.up + *m is recognised as such, whatever the order of construction.
    for (int n = -7; n <= 7; ++n)
        for (std::uint32_t m = 0; m <= 9; ++m)
            for (const char* x : {"0", "-2", "5/8"}) {
                const GameId g = store.add(store.add(store.ups(n), store.nimber(m)),
                                           GameStore::number(Dyadic::parse(x)));
                const Classification c = store.classify(g);
                INFO(n << " up + *" << m << " + " << x);
                CHECK(c.number == Dyadic::parse(x));
                CHECK(c.ups == n);
                CHECK(c.star == m);
                CHECK(c.kind == (n != 0 ? ValueKind::NumberUps
                                        : (m != 0 ? ValueKind::NumberNimber : ValueKind::Number)));
                CHECK(store.parse(store.canonical_text(g)) == g);
            }
}

TEST_CASE("GameStore: ASCII names and canonical text", "[cgt]") {
    struct Row { std::string game; std::string ascii; std::string canonical; };
    const std::vector<Row> rows = {
        {"\u2191", "^", "^"},               {"\u21d3*", "vv*", "vv*"},
        {"-1\u2191*", "-1^*", "-1^*"},       {"1/2\u21d1\u2191*3", "1/2^^^*3", "1/2^^^*3"},
        {"{0,\u2191*|0}", "^[2]*", "{0,^*|0}"},
        {"{1|{0|-1}}", "{1 | {0 | -1}}", "{1|{0|-1}}"},
    };
    GameStore store;
    for (const auto& row : rows) {
        INFO(row.game);
        const GameId g = store.parse(row.game);
        CHECK(store.name(g, Notation::Ascii) == row.ascii);
        CHECK(store.canonical_text(g) == row.canonical);
        CHECK(store.parse(row.ascii) == g);
    }
    // A braced group met again is written #k (k-th group in order of opening): the value
    // of the Hackenbush stalk GBGBRG, whose #1 and #2 stand for groups 1 and 2.
    const std::string text = "{0,^*,{0,^*,{0,^*|0,^*}|0,^*,{0,^*,#2|0,^*}}|0,^*,#1}";
    const GameId h = store.parse(text);
    CHECK(store.canonical_text(h) == text);
    const std::string expanded = "{0,^*,{0,^*,{0,^*|0,^*}|0,^*,{0,^*,{0,^*|0,^*}|0,^*}}|0,^*,"
                                 "{0,^*,{0,^*|0,^*}|0,^*,{0,^*,{0,^*|0,^*}|0,^*}}}";
    CHECK(store.parse(expanded) == h);
    // Names write every group out: the name reads back, with no '#'.
    CHECK(store.name(h).find('#') == std::string::npos);
    CHECK(store.parse(store.name(h)) == h);
    // ... unless the name would pass NAME_LIMIT bytes: h + ±1 + ±2 + ... + ±16 is
    // written with back-references (h + ±1 + ... + ±8 is not yet).
    GameId big = h;
    for (int k = 0; k <= 4; ++k) {
        big = store.add(big, store.parse("+-" + std::to_string(1 << k)));
        const std::string name = store.name(big);
        INFO(k);
        CHECK((name.find('#') != std::string::npos) == (k == 4));
        CHECK(name.size() <= GameStore::NAME_LIMIT);
        CHECK(store.parse(name) == big);
        CHECK(store.parse(*store.plain_text(big)) == big);
    }
    CHECK(store.plain_text(big)->size() > GameStore::NAME_LIMIT);
    CHECK_FALSE(store.plain_text(big, 1000));
}
