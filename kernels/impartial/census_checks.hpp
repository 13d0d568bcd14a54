#pragma once
// What the literature proves or conjectures about two- and three-move subtraction games, each
// as a predicate on one game's proven period, and a tally of a census against them.
//
//  two-move    {a < b}: the nim-sequence is purely periodic with period 2a or a + b (Benesh,
//              Carter, Coleman, Crabill, Good, Smith, Travis, Ward, INTEGERS 20 (2020) #G5,
//              "a new proof of an old result"); sharper, as checked here: 2a exactly when b
//              is an odd multiple of a.
//  additive    {a, b, a + b}: purely periodic outcomes, period linear or quadratic
//              (Flammenkamp 1997, as the survey arXiv:2405.20054 and arXiv:2601.18715 state
//              it); checked for the nim-sequence and the outcomes, with the largest
//              period / (a + b)^2 reported.
//  non-additive {a < b < c}, c != a + b: the period is "the sum of two moves" (Flammenkamp's
//              conjecture as those abstracts state it); checked literally, and in the weaker
//              form "the period divides a sum of two moves", for the nim-sequence and for the
//              outcomes (the abstracts do not say which sequence's period is meant).
#include "impartial/subtraction_census.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace cgt::impartial {

// The index-th three-move set {a < b < c} in the order c, then b, then a ascending
// ({1,2,3}, {1,2,4}, {1,3,4}, {2,3,4}, {1,2,5}, ...); there are C(c_max, 3) with c <= c_max.
std::array<unsigned, 3> three_move_set(std::uint64_t index);
std::uint64_t three_move_count(unsigned c_max);

enum class CheckId {
    two_move_period,
    two_move_odd_multiple,
    additive_pure,
    additive_outcomes_pure,
    nonadditive_sum_of_two,
    nonadditive_divides_sum_of_two,
    nonadditive_outcomes_sum_of_two,
    nonadditive_outcomes_divides_sum_of_two
};
inline constexpr std::size_t CHECK_COUNT = 8;

const char* check_name(CheckId id);
const char* check_source(CheckId id);

// The checks one game of normal play is subject to, and those it fails: bit i for CheckId i.
// Two-move sets are subject to the two-move checks, three-move sets to the additive or the
// non-additive ones; other sets to none.
struct Verdicts {
    std::uint8_t applied = 0;
    std::uint8_t failed = 0;
};
Verdicts judge(std::span<const unsigned> set, const WindowPeriod& period,
               const OutcomePeriod& outcome);
// "{2,4,7}: period 3 from 8": how a counterexample is named.
std::string example_text(std::span<const unsigned> set, const WindowPeriod& period);

// A tally of games against the checks that apply to them, with the first counterexamples.
class CensusTally {
  public:
    // One game of normal play with its proven period and outcome period. Games the checks do
    // not concern (other sizes, misere play) are only counted.
    void add(std::span<const unsigned> set, const WindowPeriod& period,
             const OutcomePeriod& outcome);
    // Folds another tally in (tallies of parts of a census, in any order, give the same sums;
    // counterexamples are kept smallest-index first when the parts come in order).
    void merge(const CensusTally& other);

    struct Line {
        std::uint64_t applied = 0;
        std::uint64_t failed = 0;
        std::vector<std::string> examples; // the first few failures, "{2,4,7}: period 3 from 8"
    };
    [[nodiscard]] const Line& line(CheckId id) const {
        return m_lines[static_cast<std::size_t>(id)];
    }
    // The largest period / (a + b)^2 of an additive set, and the set.
    [[nodiscard]] double additive_quadratic_ratio() const { return m_ratio; }
    [[nodiscard]] const std::string& additive_quadratic_game() const { return m_ratio_game; }

  private:
    void record(CheckId id, bool holds, const std::string& example);
    std::array<Line, CHECK_COUNT> m_lines;
    double m_ratio = 0;
    std::string m_ratio_game;
};

} // namespace cgt::impartial
