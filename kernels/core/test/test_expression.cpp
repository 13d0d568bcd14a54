#include "core/expression.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::core;

TEST_CASE("Expressions: CGSuite's notation and the engine's names", "[cgt]") {
    struct Row { const char* text; const char* value; };
    const std::vector<Row> rows = {
        {"{0,^*|0}+*", "^[2]"},       {"^ + ^ + *", "^^*"},          {"{1|-1} + {1|-1}", "0"},
        {"3/4 - 1/2", "1/4"},         {"-(1/2^*)", "-1/2v*"},        {"-1/2^*", "-1/2^*"},
        {"+-1", "+-1"},               {"2 +- 1", "{3 | 1}"},         {"\u00b1(1*)", "+-(1*)"},
        {"+-{1, 2}", "+-2"},          {"{3||2|1}", "{3 | {2 | 1}}"}, {"{3|2||1}", "{{3 | 2} | 1}"},
        {"{0||0|-2}", "Tiny(2)"},     {"Tiny(2)", "Tiny(2)"},        {"1Tiny(2)", "1Tiny(2)"},
        {"Miny(1/2)", "Miny(1/2)"},   {"^3", "^^^"},                 {"v3*2", "vvv*2"},
        {"^<2>", "^<2>"},             {"\u2191\u00b2*", "^<2>*"},    {"v[3]", "v[3]"},
        {"{3|-2}.Cool(1)", "{2 | -1}"}, {"{3|-2}.Mean", "1/2"},      {"{3|-2}.Temperature", "5/2"},
        {"{3|-2}.Freeze", "1/2*"},    {"*.Heat(1)", "+-1"},          {"*.Overheat(1, 1)", "+-1"},
        {"{^^^|vv}.AtomicWeight", "{1 | 0}"}, {"{3||2*|1*}.ReducedCanonicalForm", "{3 | {2 | 1}}"},
        {"{3|-2}.LeftStop + {3|-2}.RightStop", "1"},
        {"{0,^*,#1|0}", ""}, // #1 is not a group yet: error row below instead
    };
    GameStore store;
    for (const Row& row : rows) {
        if (std::string(row.value).empty()) continue;
        INFO(row.text);
        CHECK(store.name(store.parse(row.text), Notation::Ascii) == row.value);
    }
}

TEST_CASE("Expressions: comparisons", "[cgt]") {
    struct Row { const char* text; bool holds; };
    const std::vector<Row> rows = {
        {"^ > 0", true},        {"^ <> *", true},       {"^ >= *", false},     {"^* <> 0", true},
        {"{1|-1} <> 1", true},  {"{1|-1} <> 2", false}, {"{1|-1} < 2", true},  {"1/2 + 1/2 == 1", true},
        {"* != 0", true},       {"^ <| *", true},       {"^ |> *", true},      {"^<2 ", true},
        {"v <= 0", true},       {"*2 + *3 == *", true}, {"\u2191 \u2265 0", true},
    };
    GameStore store;
    for (const Row& row : rows) {
        INFO(row.text);
        const Statement s = parse_statement(store, row.text);
        REQUIRE(s.other);
        CHECK(s.holds == row.holds);
    }
    CHECK(compare(store, store.parse("^"), store.parse("*")) == Relation::Confused);
    CHECK(std::string(relation_symbol(Relation::Confused)) == "||");
    CHECK_FALSE(parse_statement(store, "{0|1}").other);
}

TEST_CASE("Expressions: a bad text names its column and the reason", "[cgt]") {
    struct Row { const char* text; std::size_t column; const char* reason; };
    const std::vector<Row> rows = {
        {"{0,^*|0", 8, "expected '}' to close the '{' at column 1"},
        {"{0,^*|0}+", 10, "unexpected end"},
        {"{1|2|3}", 5, "ambiguous '|'"},
        {"{0}", 1, "expected '|'"},
        {"1/3", 1, "power of two"},
        {"*2000", 2, "nimber *2000 is too large (at most *1023)"},
        {"\u2191\u2191 x", 4, "unexpected 'x'"},
        {"{0,^*,#1|0}", 7, "#1 refers to no earlier group"},
        {"{3|-2}.Cool(^)", 13, ".Cool needs a number"},
        {"{3|-2}.Boil(1)", 8, "unknown method '.Boil'"},
        {"{3|-2}.AtomicWeight", 8, "not all-small"},
        {"^ <", 4, "unexpected end"},
        {"^ ~ *", 3, "expected +, - or a comparison"},
        {"\x1b[2J", 1, "unexpected '\\x1b'"},
        {"^<0>", 3, "at least 1"},
        {"{0,|0}", 4, "unexpected '|' after ','"},
        // Each number in range, their sum not (|numerator| < 2^55): refused where reached.
        {"36028797018963967 + 1", 22, "outside the exact dyadic range"},
        {"-36028797018963967 - 1/2", 25, "outside the exact dyadic range"},
    };
    GameStore store;
    for (const Row& row : rows) {
        INFO(row.text);
        try {
            (void)parse_statement(store, row.text);
            FAIL("accepted");
        } catch (const TextError& e) {
            CHECK(e.column() == row.column);
            CHECK_THAT(e.reason(), Catch::Contains(row.reason));
            // The echo never carries a control character.
            for (char c : std::string(e.what())) CHECK(static_cast<unsigned char>(c) >= 0x20);
        }
    }
    // Nesting is bounded (no stack overflow): MAX_NESTING levels are read (1000 in a normal
    // build), braces and parentheses, and 100000 refused.
    const std::size_t n = MAX_NESTING - 1;
    CHECK(store.parse(std::string(n, '(') + "1" + std::string(n, ')')) == GameStore::integer(1));
    std::string zero = "0";
    for (std::size_t i = 1; i < n; ++i) zero = "{" + zero + "|}";
    CHECK(store.parse(zero) == store.parse(std::to_string(n - 1)));
    CHECK_THROWS_WITH(store.parse(std::string(100000, '{')),
                      Catch::Contains("nested deeper than " + std::to_string(MAX_NESTING) + " levels"));
    CHECK_THROWS_WITH(store.parse(std::string(100000, '-') + "1"), Catch::Contains("nested deeper"));
    CHECK(printable("a\nb") == "a\\x0ab");
    CHECK(printable(std::string(300, 'x')).size() == 203);
}
