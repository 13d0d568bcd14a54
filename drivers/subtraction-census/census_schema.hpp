#pragma once
// The tables of a cgt-subtraction-census result file, declared once for the driver, its tests
// and cgt-verify-subtraction-census (common/runtime/schema.hpp). A game whose period was not
// found within --heap-limit heaps has -1 for its preperiod, period and outcome figures.
//
// The `part_*` tables are what each task adds to the summaries (its games' counts, its
// longest, its first counterexamples); they live in the journal, and finish() folds them
// into `periods`, `preperiods`, `longest` and `checks`: they are not written to the file.
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::subtraction_census::schema {

using common::Col;

namespace sets {
inline constexpr Col<std::string> play{"play", "normal or misere (the last player to move loses)"};
inline constexpr Col<std::int64_t> mask{
    "mask", "the set S within {1..M}: bit s-1 set for s in S (1 is {1}, 11 is {1,2,4})"};
inline constexpr Col<std::int64_t> preperiod{"preperiod",
                                             "n0, the least: G(n + p) = G(n) for every n >= n0"};
inline constexpr Col<std::int64_t> period{"period", "p, the least period of G(0), G(1), ..."};
inline constexpr Col<std::int64_t> heaps{"heaps",
                                         "values G(0..heaps-1) computed: the window of the proof "
                                         "(x_n = x_{n+p}, t = max S values each) lies within them"};
inline constexpr Col<std::uint8_t> found{
    "found", "1: the period is proven; 0: no window repeated within --heap-limit heaps"};
inline constexpr Col<std::int64_t> outcome_preperiod{
    "outcome_preperiod",
    "the least n0 of the outcomes o(n) = (G(n) != 0), the player to move wins"};
inline constexpr Col<std::int64_t> outcome_period{
    "outcome_period", "the least period of the outcomes (it divides period)"};
inline const common::TableSchema table{
    .name = "sets",
    .order = "play,mask",
    .meaning = "every non-empty subtraction set S within {1..M}, in normal play then (with "
               "--misere) in misere play",
    .columns = {play, mask, preperiod, period, heaps, found, outcome_preperiod, outcome_period},
    .compress = true};
} // namespace sets

namespace three_move {
inline constexpr Col<std::uint16_t> a{"a", "the smallest move"};
inline constexpr Col<std::uint16_t> b{"b", "the middle move"};
inline constexpr Col<std::uint16_t> c{"c", "the largest move"};
inline constexpr Col<std::int64_t> preperiod{"preperiod", "n0, the least (normal play)"};
inline constexpr Col<std::int64_t> period{"period", "p, the least"};
inline constexpr Col<std::int64_t> heaps{
    "heaps", "values G(0..heaps-1) computed (the proof's window lies within them)"};
inline constexpr Col<std::uint8_t> found{
    "found", "1: proven; 0: no window repeated within --heap-limit heaps"};
inline constexpr Col<std::int64_t> outcome_preperiod{"outcome_preperiod",
                                                     "the least n0 of the outcomes (G(n) != 0)"};
inline constexpr Col<std::int64_t> outcome_period{"outcome_period",
                                                  "the least period of the outcomes"};
inline const common::TableSchema table{
    .name = "three_move",
    .order = "c,b,a",
    .meaning = "every three-move game {a < b < c} with c <= --three-move-rows, normal play (the "
               "summaries cover c <= --three-move-max)",
    .columns = {a, b, c, preperiod, period, heaps, found, outcome_preperiod, outcome_period},
    .compress = true};
} // namespace three_move

namespace periods {
inline constexpr Col<std::string> family{
    "family", "sets (every S within {1..M}) or three-move ({a < b < c}, c <= C)"};
inline constexpr Col<std::string> play{"play", "normal or misere"};
inline constexpr Col<std::int64_t> period{"period",
                                          "a period length (-1: games whose period was not found)"};
inline constexpr Col<std::int64_t> games{
    "games",
    "games of the family and play with this least period (they sum to the family's games)"};
inline const common::TableSchema table{.name = "periods",
                                       .order = "family,play,period",
                                       .meaning =
                                           "the distribution of least periods, per family and play",
                                       .columns = {family, play, period, games}};
} // namespace periods

namespace preperiods {
inline constexpr Col<std::string> family{"family", "sets or three-move"};
inline constexpr Col<std::string> play{"play", "normal or misere"};
inline constexpr Col<std::int64_t> preperiod{"preperiod",
                                             "a preperiod (-1: games whose period was not found)"};
inline constexpr Col<std::int64_t> games{"games",
                                         "games of the family and play with this least preperiod"};
inline const common::TableSchema table{
    .name = "preperiods",
    .order = "family,play,preperiod",
    .meaning = "the distribution of least preperiods, per family and play",
    .columns = {family, play, preperiod, games}};
} // namespace preperiods

namespace longest {
inline constexpr Col<std::string> family{"family", "sets or three-move"};
inline constexpr Col<std::string> play{"play", "normal or misere"};
inline constexpr Col<std::string> measure{
    "measure",
    "period, preperiod, or additive-ratio (period / (a + b)^2 of the additive {a, b, a + b})"};
inline constexpr Col<std::int64_t> rank{
    "rank", "1 for the largest; ties go to the game first in the family's order"};
inline constexpr Col<std::string> game{"game", "the set, {a,b,c}"};
inline constexpr Col<std::int64_t> preperiod{"preperiod", "its n0"};
inline constexpr Col<std::int64_t> period{"period", "its p"};
inline const common::TableSchema table{
    .name = "longest",
    .order = "family,play,measure,rank",
    .meaning = "the games with the longest periods and preperiods (and the largest additive "
               "ratio), per family and play",
    .columns = {family, play, measure, rank, game, preperiod, period}};
} // namespace longest

namespace checks {
inline constexpr Col<std::string> check{
    "check", "the statement checked, as the literature states it (or a variant, named so)"};
inline constexpr Col<std::string> source{"source", "where it is proven or conjectured"};
inline constexpr Col<std::string> scope{"scope", "the games it was checked on"};
inline constexpr Col<std::int64_t> applied{"applied", "games of the scope it concerns"};
inline constexpr Col<std::int64_t> counterexamples{
    "counterexamples", "those it fails for (0: it holds for every one)"};
inline constexpr Col<std::string> verdict{"verdict", "holds, or counterexamples"};
inline constexpr Col<std::string> examples{
    "examples",
    "the first counterexamples in the family's order, '; '-separated ('{1,3,5}: period 2 from 0')"};
inline const common::TableSchema table{
    .name = "checks",
    .order = "",
    .meaning = "each statement of the literature on two- and three-move games against every game "
               "of normal play it concerns",
    .columns = {check, source, scope, applied, counterexamples, verdict, examples}};
} // namespace checks

// What a task adds to the summaries (journaled, not written to the file).
namespace part_counts {
inline constexpr Col<std::uint8_t> kind{"kind", "0 sets normal, 1 sets misere, 2 three-move"};
inline constexpr Col<std::uint8_t> measure{"measure", "0 period, 1 preperiod"};
inline constexpr Col<std::int64_t> value{"value", "the figure (-1: not found)"};
inline constexpr Col<std::int64_t> games{"games", "the task's games with it"};
inline const common::TableSchema table{.name = "part_counts",
                                       .order = "task,kind,measure,value",
                                       .meaning = "a task's distribution of periods and preperiods",
                                       .columns = {kind, measure, value, games}};
} // namespace part_counts

namespace part_longest {
inline constexpr Col<std::uint8_t> kind{"kind", "as part_counts/kind"};
inline constexpr Col<std::uint8_t> measure{"measure", "0 period, 1 preperiod, 2 additive ratio"};
inline constexpr Col<std::int64_t> index{"index", "the game's place in its kind's order"};
inline constexpr Col<std::int64_t> preperiod{"preperiod", "its n0"};
inline constexpr Col<std::int64_t> period{"period", "its p"};
inline const common::TableSchema table{.name = "part_longest",
                                       .order = "task,kind,measure",
                                       .meaning = "a task's longest games by each measure",
                                       .columns = {kind, measure, index, preperiod, period}};
} // namespace part_longest

namespace part_failures {
inline constexpr Col<std::uint8_t> check{"check", "the CheckId"};
inline constexpr Col<std::uint8_t> kind{"kind", "as part_counts/kind"};
inline constexpr Col<std::int64_t> index{"index", "the game's place in its kind's order"};
inline constexpr Col<std::int64_t> preperiod{"preperiod", "its n0"};
inline constexpr Col<std::int64_t> period{"period", "its p"};
inline const common::TableSchema table{.name = "part_failures",
                                       .order = "task,check,index",
                                       .meaning = "a task's first counterexamples to each check",
                                       .columns = {check, kind, index, preperiod, period}};
} // namespace part_failures

} // namespace cgt::jobs::subtraction_census::schema
