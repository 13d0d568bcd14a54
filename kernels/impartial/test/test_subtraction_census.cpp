#include "impartial/census_checks.hpp"
#include "impartial/octal_values.hpp"
#include "impartial/periodicity.hpp"
#include "impartial/subtraction_census.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace cgt::impartial;
using Catch::Matchers::Contains;

namespace {
WindowPeriod period_of(std::vector<unsigned> set, Play play = Play::normal) {
    std::vector<std::uint8_t> values;
    return subtraction_period(set, play, std::uint64_t{1} << 24, values);
}
} // namespace

TEST_CASE("Subtraction census: every S within {1..10}, both plays, equals the definition and the "
          "window proof",
          "[impartial][census]") {
    std::vector<std::uint8_t> values;
    for (Play play : {Play::normal, Play::misere})
        for (std::uint32_t mask = 1; mask < (1u << 10); ++mask) {
            const auto set = set_of_mask(mask);
            const WindowPeriod p = subtraction_period(set, play, std::uint64_t{1} << 24, values);
            INFO("mask " << mask << (play == Play::misere ? " misere" : ""));
            REQUIRE(p.found);
            const std::vector<Heap> heaps(set.begin(), set.end());
            const auto direct = octal_values_by_definition(OctalGame::subtraction(heaps, play),
                                                           static_cast<Heap>(p.heaps - 1));
            for (std::uint64_t n = 0; n < p.heaps; ++n)
                REQUIRE(values[n] == direct[n]);
            const auto proven = proven_period(direct, ProofRule::subtraction_window, set.back());
            REQUIRE(proven);
            CHECK(proven->preperiod == p.preperiod);
            CHECK(proven->period == p.period);
        }
}

TEST_CASE("Subtraction census: known sequences", "[impartial][census]") {
    // {1,3,4}: 0101232 repeating (period 7 from 0), the tutorial's example.
    CHECK(period_of({1, 3, 4}) == WindowPeriod{true, 0, 7, period_of({1, 3, 4}).heaps});
    // {1..k}: n mod (k + 1).
    for (unsigned k = 1; k <= 12; ++k) {
        std::vector<unsigned> set;
        for (unsigned s = 1; s <= k; ++s)
            set.push_back(s);
        const WindowPeriod p = period_of(set);
        CHECK(p.preperiod == 0);
        CHECK(p.period == k + 1);
    }
    // {2,4,7}: period 3 from heap 8; its outcomes (G != 0) repeat with period 3 from heap 4.
    std::vector<std::uint8_t> values;
    const std::vector<unsigned> s247 = {2, 4, 7};
    const WindowPeriod p = subtraction_period(s247, Play::normal, 1u << 20, values);
    CHECK(p.preperiod == 8);
    CHECK(p.period == 3);
    CHECK(outcome_period(values, p) == OutcomePeriod{4, 3});
}

TEST_CASE("Subtraction census: a game not periodic within the limit is reported so",
          "[impartial][census]") {
    std::vector<std::uint8_t> values;
    const std::vector<unsigned> set = {3, 7, 10}; // period 45 from 0
    CHECK_FALSE(subtraction_period(set, Play::normal, 40, values).found);
    CHECK(subtraction_period(set, Play::normal, 1000, values).period == 45);
    CHECK_THROWS_WITH(subtraction_period(std::vector<unsigned>{}, Play::normal, 10, values),
                      Contains("at least one"));
    CHECK_THROWS_WITH(subtraction_period(std::vector<unsigned>{3, 2}, Play::normal, 10, values),
                      Contains("ascending"));
    CHECK_THROWS_WITH(subtraction_period(std::vector<unsigned>{0, 2}, Play::normal, 10, values),
                      Contains("not in 1.."));
}

TEST_CASE("Subtraction census: three-move sets are numbered c, then b, then a",
          "[impartial][census]") {
    std::uint64_t index = 0;
    for (unsigned c = 3; c <= 40; ++c)
        for (unsigned b = 2; b < c; ++b)
            for (unsigned a = 1; a < b; ++a) {
                INFO(index);
                REQUIRE(three_move_set(index++) == std::array<unsigned, 3>{a, b, c});
            }
    CHECK(three_move_count(40) == index);
    CHECK(three_move_count(500) == 20'708'500);
    CHECK(three_move_set(three_move_count(500) - 1) == std::array<unsigned, 3>{498, 499, 500});
}

TEST_CASE("Subtraction census: the literature's two- and three-move statements to c = 60",
          "[impartial][census]") {
    CensusTally tally;
    std::vector<std::uint8_t> values;
    const auto add = [&](std::vector<unsigned> set) {
        const WindowPeriod p =
            subtraction_period(set, Play::normal, std::uint64_t{1} << 28, values);
        REQUIRE(p.found);
        tally.add(set, p, outcome_period(values, p));
    };
    for (unsigned b = 2; b <= 60; ++b)
        for (unsigned a = 1; a < b; ++a)
            add({a, b});
    for (std::uint64_t i = 0; i < three_move_count(60); ++i) {
        const auto s = three_move_set(i);
        add({s[0], s[1], s[2]});
    }
    // Theorems hold.
    CHECK(tally.line(CheckId::two_move_period).applied == 59 * 60 / 2);
    CHECK(tally.line(CheckId::two_move_period).failed == 0);
    CHECK(tally.line(CheckId::two_move_odd_multiple).failed == 0);
    // Additive sets: purely periodic, period at most (a + b)^2 / 2 so far ({3,7,10}: 45).
    std::uint64_t additive = 0; // {a, b, a + b}, a < b, a + b <= 60
    for (unsigned c = 3; c <= 60; ++c)
        additive += (c - 1) / 2;
    CHECK(tally.line(CheckId::additive_pure).applied == additive);
    CHECK(tally.line(CheckId::additive_pure).failed == 0);
    CHECK(tally.line(CheckId::additive_outcomes_pure).failed == 0);
    CHECK(tally.additive_quadratic_ratio() == Approx(45.0 / 100.0));
    CHECK_THAT(tally.additive_quadratic_game(), Contains("{3,7,10}: period 45"));
    // The literal "sum of two moves" fails, first at {1,3,5} (all moves odd: period 2); the
    // weaker "divides a sum of two moves" holds.
    const auto& literal = tally.line(CheckId::nonadditive_sum_of_two);
    CHECK(literal.failed > 0);
    REQUIRE_FALSE(literal.examples.empty());
    CHECK(literal.examples.front() == "{1,3,5}: period 2 from 0");
    CHECK(tally.line(CheckId::nonadditive_divides_sum_of_two).failed == 0);
}

TEST_CASE("Subtraction census: the checks one game is subject to, and those it fails",
          "[impartial][census]") {
    std::vector<std::uint8_t> values;
    const auto verdicts = [&](std::vector<unsigned> set) {
        const WindowPeriod p = subtraction_period(set, Play::normal, 1u << 20, values);
        return judge(set, p, outcome_period(values, p));
    };
    const auto bit = [](CheckId id) { return 1u << static_cast<unsigned>(id); };
    // {2,5}: period 7 = a + b, 5 is no odd multiple of 2: both two-move checks hold.
    CHECK(verdicts({2, 5}).applied ==
          (bit(CheckId::two_move_period) | bit(CheckId::two_move_odd_multiple)));
    CHECK(verdicts({2, 5}).failed == 0);
    // {1,3,5}: all moves odd, period 2, no sum of two moves; 2 divides 1 + 3.
    const Verdicts odd = verdicts({1, 3, 5});
    CHECK(odd.applied ==
          (bit(CheckId::nonadditive_sum_of_two) | bit(CheckId::nonadditive_divides_sum_of_two) |
           bit(CheckId::nonadditive_outcomes_sum_of_two) |
           bit(CheckId::nonadditive_outcomes_divides_sum_of_two)));
    CHECK(odd.failed ==
          (bit(CheckId::nonadditive_sum_of_two) | bit(CheckId::nonadditive_outcomes_sum_of_two)));
    // {3,7,10} is additive; a four-move set is subject to no check.
    CHECK(verdicts({3, 7, 10}).applied ==
          (bit(CheckId::additive_pure) | bit(CheckId::additive_outcomes_pure)));
    CHECK(verdicts({1, 2, 3, 4}).applied == 0);
    CHECK(example_text(std::vector<unsigned>{2, 4, 7}, WindowPeriod{true, 8, 3, 20}) ==
          "{2,4,7}: period 3 from 8");
}
