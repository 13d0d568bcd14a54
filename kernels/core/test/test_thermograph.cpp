#include "core/expression.hpp"
#include "core/incentives.hpp"
#include "core/infinitesimals.hpp"
#include "core/piecewise_linear.hpp"
#include "core/thermograph.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::core;

namespace {
PiecewiseLinear line(const char* at_base, std::int32_t slope) {
    return PiecewiseLinear::from_pieces({{PiecewiseLinear::base(), Dyadic::parse(at_base), slope}});
}
} // namespace

TEST_CASE("PiecewiseLinear: max, min and crossings are exact", "[cgt]") {
    // 3 - t and -2 + t (values 4 and -3 at t = -1) cross at t = 5/2.
    const PiecewiseLinear f = line("4", -1), g = line("-3", 1);
    CHECK(PiecewiseLinear::first_at_or_below(f, g) == Dyadic::parse("5/2"));
    CHECK(f.at(Dyadic::parse("5/2")) == Dyadic::parse("1/2"));
    CHECK(PiecewiseLinear::formula(f.pieces()[0]) == "3 - t");
    CHECK(PiecewiseLinear::formula(g.pieces()[0]) == "-2 + t");
    // max(3 - t, 1/2) has its kink at 5/2; min of the two lines has one at 5/2 too.
    const PiecewiseLinear m = PiecewiseLinear::max(f, PiecewiseLinear::constant(Dyadic::parse("1/2")));
    REQUIRE(m.breakpoints() == std::vector<Dyadic>{Dyadic::parse("5/2")});
    CHECK(m.at(Dyadic(10)) == Dyadic::parse("1/2"));
    CHECK(PiecewiseLinear::min(f, g).breakpoints() == std::vector<Dyadic>{Dyadic::parse("5/2")});
    // Slopes differing by 1 cross at a half: -t and 1/4 meet at t = -1/4 ... and
    // 1/2 - t meets 1/8 + t at 3/16.
    CHECK(PiecewiseLinear::first_at_or_below(line("3/2", -1), line("-7/8", 1)) == Dyadic::parse("3/16"));
    // The mast: frozen from t0 on.
    const PiecewiseLinear frozen = f.frozen_from(Dyadic::parse("5/2"));
    CHECK(frozen.at(Dyadic(100)) == Dyadic::parse("1/2"));
    CHECK(frozen.slope_after(Dyadic(0)) == -1);
    CHECK(frozen == PiecewiseLinear::max(f, PiecewiseLinear::constant(Dyadic::parse("1/2"))));
    // A line above another throughout has no crossing; below t = -1 is refused.
    CHECK_FALSE(PiecewiseLinear::first_at_or_below(line("5", 0), line("1", 0)));
    CHECK_THROWS_WITH(f.at(Dyadic(-2)), Catch::Contains("below -1"));
    CHECK_THROWS_WITH(PiecewiseLinear::from_pieces({{Dyadic(0), Dyadic(0), 0}}), Catch::Contains("t = -1"));
}

// Values computed by CGSuite (A. N. Siegel, cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
// CanonicalShortGameTestCase.scala): thermograph, mean, temperature, reduced canonical form
// and atomic weight ("-" where CGSuite refuses one) of its test games, written here in our
// braces for its slashes. Our walls, critical temperatures and slopes agree with its own.
TEST_CASE("Thermography: CGSuite's values for its test games", "[cgt]") {
    struct Row { const char* game; const char* thermograph; const char* mean; const char* temperature;
                 const char* reduced; const char* atomic_weight; };
    const std::vector<Row> rows = {
        {"0", "Thermograph(0,[],[0],0,[],[0])", "0", "-1", "0", "0"},
        {"5", "Thermograph(5,[],[0],5,[],[0])", "5", "-1", "5", "-"},
        {"-1/2", "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])", "-1/2", "-1/2", "-1/2", "-"},
        {"25/16", "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])", "25/16", "-1/16",
         "25/16", "-"},
        {"*8", "Thermograph(0,[0],[0,-1],0,[0],[0,1])", "0", "0", "0", "0"},
        {"9/8+*", "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])", "9/8", "0", "9/8", "-"},
        {"^", "Thermograph(0,[0],[0,-1],0,[],[0])", "0", "0", "0", "1"},
        {"v*", "Thermograph(0,[0],[0,-1],0,[0],[0,1])", "0", "0", "0", "-1"},
        {"6+^*", "Thermograph(6,[0],[0,-1],6,[0],[0,1])", "6", "0", "6", "-"},
        {"^*6", "Thermograph(0,[0],[0,-1],0,[],[0])", "0", "0", "0", "1"},
        {"73/16+v9*8", "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])", "73/16", "0",
         "73/16", "-"},
        {"{0|*||*|||*||||*}", "Thermograph(0,[0],[0,-1],0,[],[0])", "0", "0", "0", "1"},
        {"{0||0|v*}", "Thermograph(0,[0],[0,-1],0,[],[0])", "0", "0", "0", "1"},
        {"{0||0|vvv}", "Thermograph(0,[0],[0,-1],0,[],[0])", "0", "0", "0", "0"},
        {"{^^^|vv}", "Thermograph(0,[0],[0,-1],0,[0],[0,1])", "0", "0", "0", "{1 | 0}"},
        {"{0||0|-3/2}", "Thermograph(0,[0],[0,-1],0,[],[0])", "0", "0", "0", "-"},
        {"{0|||0||-1|-3}", "Thermograph(0,[0],[0,-1],0,[],[0])", "0", "0", "0", "-"},
        {"{5||3|1|||0||||0}", "Thermograph(0,[],[0],0,[0],[0,1])", "0", "0", "0", "-"},
        {"{1|^^||^}", "Thermograph(0,[0],[0,-1],0,[],[0])", "0", "0", "0", "-"},
        {"{3||2+*|1+*}", "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])", "9/4", "3/4", "{3 | {2 | 1}}", "-"},
        {"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
         "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])", "-5/16", "21/16",
         "{{3/2 | 1/2} | {0 | -3}, {{-1/2 | -1} | -5/2}}", "-"},
    };
    GameStore store;
    Thermography thermal(store);
    for (const Row& row : rows) {
        INFO(row.game);
        const GameId g = store.parse(row.game);
        CHECK(thermal.thermograph(g).cgsuite_text() == row.thermograph);
        CHECK(thermal.mean(g).to_string() == row.mean);
        CHECK(thermal.temperature(g).to_string() == row.temperature);
        CHECK(store.name(reduced_canonical_form(store, g), Notation::Ascii) == row.reduced);
        if (std::string(row.atomic_weight) == "-")
            CHECK_THROWS_WITH(atomic_weight(store, g), Catch::Contains("not all-small"));
        else
            CHECK(store.name(atomic_weight(store, g), Notation::Ascii) == row.atomic_weight);
    }
    // CGSuite's incentives of {0 || 0 | -3/2} (Tiny(3/2)): Left's {3/2 | 0 || 0} (Miny(3/2)),
    // Right's {3/2, {3/2 | 0} | 0}; of *8: *8 .. *15 on both sides.
    const Incentives tiny = incentives(store, store.parse("{0||0|-3/2}"));
    REQUIRE(tiny.left.size() == 1);
    CHECK(store.name(tiny.left[0], Notation::Ascii) == "Miny(3/2)");
    CHECK(store.canonical_text(tiny.right.at(0)) == "{3/2,{3/2|0}|0}");
    const Incentives star8 = incentives(store, store.nimber(8));
    REQUIRE(star8.left.size() == 8);
    for (std::uint32_t k = 0; k < 8; ++k) CHECK(star8.left[k] == store.nimber(8 + k));
}

TEST_CASE("Uptimals: up-nth and its partial sums agree with each other", "[cgt]") {
    GameStore store;
    GameId sum = GameId();
    for (std::uint32_t n = 1; n <= 12; ++n) {
        sum = store.add(sum, store.up_power(n));
        INFO("n = " << n);
        CHECK(store.up_power_sum(n) == sum);
        CHECK(store.birthday(store.up_power(n)) == n + 1);
        CHECK(store.outcome(store.up_power(n)) == Outcome::Left);
        // Each up-nth is smaller than the one before and still positive.
        if (n > 1) CHECK(store.lt(store.up_power(n), store.up_power(n - 1)));
        // Named back as such, with a number and a nimber beside it.
        const GameId g = store.add(store.add(store.up_power(n), store.nimber(3)), GameStore::number(Dyadic::parse("-3/4")));
        if (n >= 2) {
            const auto form = store.uptimal_form(g);
            REQUIRE(form);
            CHECK(form->power == static_cast<std::int32_t>(n));
            CHECK_FALSE(form->cumulative);
            CHECK(form->star == 3);
            CHECK(form->number == Dyadic::parse("-3/4"));
            CHECK(store.parse(store.name(store.neg(g))) == store.neg(g));
            CHECK(store.name(store.up_power_sum(n), Notation::Ascii) == "^[" + std::to_string(n) + "]");
        }
    }
}
