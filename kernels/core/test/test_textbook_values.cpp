// Temperature theory and the infinitesimals against values in the textbooks. Sources:
//   [WW]  E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical
//         Plays, 2nd ed., vol. 1, A K Peters 2001: ch. 2 "Finding the Correct Number is
//         Simplicity Itself" (numbers and their birthdays, *), ch. 3 "Some Harder Games and
//         How to Make Them Easier" (ups, downs and stars; the upstart equality), ch. 6 "The
//         Heat of Battle" (stops, switches, thermographs, mean and temperature, cooling,
//         heating, overheating, incentives, confusion), ch. 8 "It's a Small Small Small
//         Small World" (all-small games, atomic weights, the two-ahead rule).
//   [CGT] A. N. Siegel, Combinatorial Game Theory, AMS Graduate Studies in Mathematics 146,
//         2013: II.3 numbers, II.4 infinitesimals (↑^n, ↑^[n], tiny and miny), II.5
//         temperature theory (the convention t(m/2^n) = -1/2^n for numbers), II.6 the reduced
//         canonical form, II.7 atomic weight.
// Each row names its section; the worked numbers (such as the cooled switches) follow from
// the definitions given there and are derived in the comments.
#include "core/expression.hpp"
#include "core/heating.hpp"
#include "core/incentives.hpp"
#include "core/infinitesimals.hpp"
#include "core/thermograph.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::core;

namespace {

struct Value {
    const char* game;
    const char* expected;
    const char* source;
};

void check_rows(const std::vector<Value>& rows, const std::function<std::string(GameStore&, GameId)>& f) {
    GameStore store;
    for (const Value& row : rows) {
        INFO(row.game << " (" << row.source << ")");
        CHECK(f(store, store.parse(row.game)) == row.expected);
    }
}

std::string ascii(GameStore& store, GameId g) { return store.name(g, Notation::Ascii); }

} // namespace

TEST_CASE("Temperature: mean and temperature of switches, numbers and infinitesimals", "[cgt]") {
    const std::vector<Value> means = {
        {"{3|-2}", "1/2", "[WW] ch. 6: {a | b} with a >= b has mean (a + b)/2"},
        {"{5|-5}", "0", "[WW] ch. 6: the switch +-5 has mean 0"},
        {"{2|1}", "3/2", "[WW] ch. 6: {a | b}, mean (a + b)/2"},
        {"{1|0}", "1/2", "[CGT] II.5: {1 | 0} has mean 1/2"},
        {"{{4|2}|{-1|-3}}", "1/2", "[CGT] II.5: the thermograph of {{4|2} | {-1|-3}} (scaffolds 3 - t, -2 + t)"},
        {"3/4", "3/4", "[CGT] II.5: a number is its own mean"},
        {"*", "0", "[WW] ch. 6: * has mean 0"},
        {"^", "0", "[CGT] II.5: infinitesimals have mean 0"},
    };
    check_rows(means, [](GameStore& s, GameId g) { return Thermography(s).mean(g).to_string(); });
    const std::vector<Value> temperatures = {
        {"{3|-2}", "5/2", "[WW] ch. 6: {a | b} with a >= b has temperature (a - b)/2"},
        {"{5|-5}", "5", "[WW] ch. 6: +-x has temperature x"},
        {"{2|1}", "1/2", "[WW] ch. 6: {a | b}, temperature (a - b)/2"},
        {"{{4|2}|{-1|-3}}", "5/2", "[CGT] II.5: the scaffolds 3 - t and -2 + t meet at t = 5/2"},
        {"*", "0", "[CGT] II.5: every infinitesimal that is not a number has temperature 0"},
        {"^", "0", "[CGT] II.5: temperature of up is 0"},
        {"*3", "0", "[CGT] II.5: nimbers have temperature 0"},
        {"0", "-1", "[CGT] II.5: integers have temperature -1"},
        {"5", "-1", "[CGT] II.5: integers have temperature -1"},
        {"1/2", "-1/2", "[CGT] II.5: t(m/2^n) = -1/2^n"},
        {"3/4", "-1/4", "[CGT] II.5: t(m/2^n) = -1/2^n"},
        {"-5/8", "-1/8", "[CGT] II.5: t(m/2^n) = -1/2^n"},
    };
    check_rows(temperatures, [](GameStore& s, GameId g) { return Thermography(s).temperature(g).to_string(); });
}

TEST_CASE("Temperature: stops, thermographs and confusion intervals", "[cgt]") {
    const std::vector<Value> stops = {
        {"{3|-2}", "3 -2", "[WW] ch. 6: the stops of {a | b} are a and b"},
        {"{{4|2}|{-1|-3}}", "2 -1", "[WW] ch. 6: L(G) = max R(G^L) = R({4|2}) = 2, R(G) = min L(G^R) = -1"},
        {"{0|{0|-2}}", "0 0", "[CGT] II.4: tiny-2 = {0 || 0 | -2} is infinitesimal"},
    };
    check_rows(stops, [](GameStore& s, GameId g) {
        return s.left_stop(g).to_string() + " " + s.right_stop(g).to_string();
    });
    const std::vector<Value> thermographs = {
        // The walls of {a | b}: a - t and b + t up to (a - b)/2, then the mast at (a + b)/2.
        {"{3|-2}", "Thermograph(1/2,[5/2],[0,-1],1/2,[5/2],[0,1])", "[WW] ch. 6: the thermograph of a switch"},
        // Left scaffold RW({4|2})(t) - t = 2 below t = 1 (where {4|2} freezes at 3), then 3 - t.
        {"{{4|2}|{-1|-3}}", "Thermograph(1/2,[5/2,1],[0,-1,0],1/2,[5/2,1],[0,1,0])",
         "[CGT] II.5: the thermograph of {{4|2} | {-1|-3}}"},
        {"*", "Thermograph(0,[0],[0,-1],0,[0],[0,1])", "[WW] ch. 6: the thermograph of * is a mast on t >= 0"},
        {"^", "Thermograph(0,[0],[0,-1],0,[],[0])", "[CGT] II.5: up's right wall is the mast all the way down"},
        {"2", "Thermograph(2,[],[0],2,[],[0])", "[CGT] II.5: an integer is a mast from t = -1"},
    };
    check_rows(thermographs, [](GameStore& s, GameId g) { return Thermography(s).thermograph(g).cgsuite_text(); });
    const std::vector<Value> confusion = {
        {"{1|-1}", "[-1, 1]", "[WW] ch. 6: +-1 is confused with every number from -1 to 1"},
        {"*", "[0]", "[WW] ch. 2: * is confused with 0 and with no other number"},
        {"^", "empty", "[WW] ch. 3: up is positive, smaller than every positive number"},
        {"{3|-2}", "[-2, 3]", "[WW] ch. 6: {a | b} is confused with [b, a]"},
    };
    check_rows(confusion, [](GameStore& s, GameId g) { return confusion_interval(s, g).text(); });
}

TEST_CASE("Temperature: cooling, heating and overheating", "[cgt]") {
    GameStore store;
    Thermography thermal(store);
    struct Cooled { const char* game; const char* t; const char* expected; const char* source; };
    const std::vector<Cooled> cooled = {
        {"{1|-1}", "1", "*", "[WW] ch. 6: +-1 cooled by its temperature 1 is * (Go's 'chilling')"},
        {"{3|-2}", "1", "{2 | -1}", "[WW] ch. 6: {a | b}_t = {a - t | b + t} below the temperature"},
        {"{3|-2}", "5/2", "1/2*", "[WW] ch. 6: frozen at its temperature: the mean plus *"},
        {"{3|-2}", "3", "1/2", "[WW] ch. 6: above the temperature, the mean"},
        // ({4|2})_1 = 3*, ({-1|-3})_1 = -2*, so G_1 = {3* - 1 | -2* + 1}.
        {"{{4|2}|{-1|-3}}", "1", "{2* | -1*}", "[CGT] II.5: cooling {{4|2} | {-1|-3}} by 1"},
        {"5", "3", "5", "[CGT] II.5: integers are not changed by cooling"},
    };
    for (const Cooled& row : cooled) {
        INFO(row.game << " cooled by " << row.t << " (" << row.source << ")");
        CHECK(ascii(store, thermal.cool(store.parse(row.game), Dyadic::parse(row.t))) == row.expected);
    }
    // Heating by t undoes cooling: the integral of * by 1 is +-1, of ^ is {1 | {0 | -2}}.
    INFO("[WW] ch. 6: heating, the inverse of cooling");
    CHECK(ascii(store, heat(store, store.parse("*"), GameStore::integer(1))) == "+-1");
    CHECK(ascii(store, heat(store, store.parse("^"), GameStore::integer(1))) == "{1 | {0 | -2}}");
    CHECK(heat(store, store.parse("3/4"), GameStore::integer(5)) == store.parse("3/4"));
    // Overheating from 1 to 1 turns * = {0|0} into {0.1 + 1 | 0.1 - 1} = +-1, and the
    // integer 2 into 2 copies of s.
    INFO("[WW] ch. 6 (Blockbusting): overheating");
    CHECK(ascii(store, overheat(store, store.parse("*"), GameStore::integer(1), GameStore::integer(1))) == "+-1");
    CHECK(overheat(store, GameStore::integer(2), store.parse("*"), GameStore::integer(1)) == GameId());
}

TEST_CASE("Temperature: incentives", "[cgt]") {
    GameStore store;
    const auto texts = [&](const std::vector<GameId>& v) {
        std::string s;
        for (GameId g : v) s += (s.empty() ? "" : "; ") + ascii(store, g);
        return s;
    };
    // [WW] ch. 6: the incentive of a move in {a | b} is a - {a|b} = {a - b | 0}... for +-1,
    // 1 - (+-1) = 1 + (+-1) = {2 | 0}, and Right's +-1 - (-1) = {2 | 0} too.
    const Incentives pm1 = incentives(store, store.parse("{1|-1}"));
    CHECK(texts(pm1.left) == "{2 | 0}");
    CHECK(texts(pm1.right) == "{2 | 0}");
    // [CGT] II.5: a number's incentives are negative: for 5 = {4 | }, 4 - 5 = -1.
    CHECK(texts(incentives(store, GameStore::integer(5)).left) == "-1");
    // [WW] ch. 3: the incentives of * = {0 | 0} are * (0 - * = *, * - 0 = *).
    CHECK(texts(incentives(store, store.parse("*")).left) == "*");
}

TEST_CASE("Infinitesimals: atomic weights of all-small games", "[cgt]") {
    const std::vector<Value> weights = {
        {"^", "1", "[WW] ch. 8: aw(up) = 1"},
        {"^^", "2", "[WW] ch. 8: aw(double up) = 2"},
        {"^*", "1", "[WW] ch. 8: aw(up + *) = aw(up), stars weigh nothing"},
        {"v", "-1", "[WW] ch. 8: aw(down) = -1"},
        {"*", "0", "[WW] ch. 8: nimbers have atomic weight 0"},
        {"*5", "0", "[WW] ch. 8: nimbers have atomic weight 0"},
        {"{0|^}", "2", "[WW] ch. 3 and 8: {0 | up} = double up star (the upstart equality), weight 2"},
        {"{0|v*}", "0", "[CGT] II.7: up-second {0 | down star} has atomic weight 0"},
        {"{^|*}", "1", "[CGT] II.7: up + up-second has atomic weight 1"},
        {"{^^^|vv}", "{1 | 0}", "[CGT] II.7: atomic weights need not be numbers: {3 - 2 | -2 + 2}"},
    };
    check_rows(weights, [](GameStore& s, GameId g) { return ascii(s, atomic_weight(s, g)); });
    GameStore store;
    // [WW] ch. 8: the atomic weight calculus needs an all-small game.
    CHECK_THROWS_WITH(atomic_weight(store, store.parse("{1|-1}")), Catch::Contains("is not all-small"));
    CHECK_THROWS_WITH(atomic_weight(store, store.parse("{0|{0|-2}}")), Catch::Contains("the number -2"));
    CHECK(is_all_small(store, store.parse("{0,*|0}")));
    CHECK_FALSE(is_all_small(store, store.parse("1*")));
}

TEST_CASE("Infinitesimals: reduced canonical forms and birthdays", "[cgt]") {
    const std::vector<Value> reduced = {
        {"^", "0", "[CGT] II.6: an infinitesimal reduces to 0"},
        {"3/2^*", "3/2", "[CGT] II.6: x plus an infinitesimal reduces to x"},
        {"{0|{0|-2}}", "0", "[CGT] II.6: tiny-2 is infinitesimal"},
        {"{3|-2}", "{3 | -2}", "[CGT] II.6: a switch between numbers is already reduced"},
        {"{3|{2*|1*}}", "{3 | {2 | 1}}", "[CGT] II.6: stars below a hot game reduce away"},
    };
    check_rows(reduced, [](GameStore& s, GameId g) { return ascii(s, reduced_canonical_form(s, g)); });
    const std::vector<Value> birthdays = {
        {"0", "0", "[WW] ch. 2: 0 is born on day 0"},         {"*", "1", "[WW] ch. 2: * is born on day 1"},
        {"1/2", "2", "[WW] ch. 2: 1/2 is born on day 2"},    {"3/4", "3", "[WW] ch. 2: 3/4 is born on day 3"},
        {"^", "2", "[CGT] II.4: up = {0 | *} on day 2"},     {"*3", "3", "[CGT] II.4: *n on day n"},
        {"{1|-1}", "2", "[CGT] II.5: +-1 on day 2"},
    };
    check_rows(birthdays, [](GameStore& s, GameId g) { return std::to_string(s.birthday(g)); });
}

TEST_CASE("Names: uptimals, switches, tinies and minies as the books and CGSuite write them", "[cgt]") {
    struct Named { const char* game; const char* unicode; const char* ascii; const char* source; };
    const std::vector<Named> rows = {
        {"{0|v*}", "\u2191\u00b2", "^<2>", "[CGT] II.4: up-second = {0 | down star}"},
        {"{0|{0|0,v*}}", "\u2191\u00b3", "^<3>", "[CGT] II.4: up-third = {0 | down^[2] star} = {0 || 0 | 0, down star}"},
        {"{^|*}", "\u2191+\u2191\u00b2", "^[2]", "[CGT] II.4: up + up-second = {up | *}"},
        {"{0|^}", "\u21d1*", "^^*", "[WW] ch. 3: the upstart equality {0 | up} = double up star"},
        {"{0,*|0}", "\u2191*", "^*", "[WW] ch. 3: {0, * | 0} = up star"},
        {"{1|-1}", "\u00b11", "+-1", "[WW] ch. 6: the switch +-1"},
        {"{0|{0|-2}}", "Tiny(2)", "Tiny(2)", "[CGT] II.4: tiny-2 = {0 || 0 | -2}"},
        {"{{2|0}|0}", "Miny(2)", "Miny(2)", "[CGT] II.4: miny-2 = {2 | 0 || 0}"},
    };
    GameStore store;
    for (const Named& row : rows) {
        INFO(row.game << " (" << row.source << ")");
        const GameId g = store.parse(row.game);
        CHECK(store.name(g) == row.unicode);
        CHECK(store.name(g, Notation::Ascii) == row.ascii);
        CHECK(store.parse(row.unicode) == g);
        CHECK(store.parse(row.ascii) == g);
    }
    // [CGT] II.4: tiny-2 is positive but below every positive number and below up.
    const GameId tiny = store.parse("Tiny(2)");
    CHECK(store.outcome(tiny) == Outcome::Left);
    CHECK(store.lt(tiny, store.parse("^")));
}
