#pragma once
// The tables of a cgt-octal-sweep result file, declared once for the driver, its tests and
// cgt-verify-octal-sweep (common/runtime/schema.hpp). -1 (or "-") where a figure does not apply:
// no period proven, no rare/common split in use.
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::octal_sweep::schema {

using common::Col;

namespace games {
inline constexpr Col<std::int64_t> index{"index", "the game's place in the enumeration, 0.. (join: sequences/index)"};
inline constexpr Col<std::string> family{"family", "listed, subtraction, subtraction-misere or octal"};
inline constexpr Col<std::string> game{"game", "the game's name: S={1,3,4} for a subtraction set, grundy for Grundy's game, else its octal code; misere play appends ' misere'"};
inline constexpr Col<std::string> code{"code", "the canonical octal code (.77, 4.07), trailing zeros dropped; grundy for Grundy's game"};
inline constexpr Col<std::string> status{"status", "periodic, or not yet periodic (up to max_heap)"};
inline constexpr Col<std::int64_t> preperiod{"preperiod", "n0: the values are periodic from heap n0 on"};
inline constexpr Col<std::int64_t> period{"period", "p: G(n + p) = G(n) for every n >= n0"};
inline constexpr Col<std::string> proof{"proof", "the rule that proves the period: guy-smith, or subtraction-window"};
inline constexpr Col<std::int64_t> check_end{"check_end", "the proof compared G(n) and G(n + p) for n0 <= n < check_end"};
inline constexpr Col<std::int64_t> largest_removal{"largest_removal", "t: the most tokens a move takes"};
inline constexpr Col<std::int64_t> max_heap{"max_heap", "the heap bound that applied to the game (a frontier game's ceiling - 1)"};
inline constexpr Col<std::int64_t> computed_to{"computed_to", "values are known for heaps 0..computed_to"};
inline constexpr Col<std::int64_t> largest_value{"largest_value", "the largest value (over all heaps if periodic)"};
inline constexpr Col<std::int64_t> largest_at{"largest_at", "the first heap with that value"};
inline constexpr Col<std::string> rare_mask{"rare_mask", "the rare/common split in use at the end, as Czajka's tables write it (1e, 1+pos); a frontier game's: that of its last power of two"};
inline constexpr Col<std::int64_t> rare_heaps{"rare_heaps", "heaps 0..computed_to whose value is rare under that split (a frontier game: heaps below its last power of two, heap 0 counted)"};
inline constexpr Col<std::int64_t> last_rare{"last_rare", "the largest rare heap"};
inline constexpr Col<std::string> first_values{"first_values", "G(0), G(1), ... (--stored-values of them), blank-separated"};
inline const common::TableSchema table{
    .name = "games",
    .order = "index",
    .meaning = "one row per game: listed games, then subtraction sets, their misere versions, then octal codes",
    .columns = {index, family, game, code, status, preperiod, period, proof, check_end, largest_removal, max_heap,
                computed_to, largest_value, largest_at, rare_mask, rare_heaps, last_rare, first_values}};
} // namespace games

namespace sequences {
inline constexpr Col<std::int64_t> index{"index", "the game: a row of games (join on games/index)"};
inline constexpr Col<std::int64_t> heap{"heap", "a heap 0..n0+p-1"};
inline constexpr Col<std::int64_t> value{"value", "G(heap): with the period, every value of the game"};
inline const common::TableSchema table{
    .name = "sequences",
    .order = "index,heap",
    .meaning = "the values that define the whole sequence of each periodic game with n0 + p <= 2^20",
    .columns = {index, heap, value},
    .compress = true};
} // namespace sequences

// The frontier games (octal codes that are not subtraction sets, and Grundy's game, when
// --ceiling is set): each run by the frontier sweep until the Guy-Smith bound proves its
// period or it reaches its ceiling, with the statistics of every power of two.
namespace frontier {
inline constexpr Col<std::int64_t> index{"index", "the game: a row of games (join on games/index)"};
inline constexpr Col<std::int64_t> ceiling{"ceiling", "heaps 0..ceiling-1 at most were to be valued"};
inline constexpr Col<std::int64_t> heaps{"heaps", "G(0..heaps-1) were computed: to the proof, the ceiling, or the definition ceiling"};
inline constexpr Col<std::string> stop{"stop", "why it stopped: proven, ceiling, or definition-ceiling (valued by the definition past --definition-ceiling)"};
inline constexpr Col<std::int64_t> by_definition{"by_definition", "heaps valued by the definition (every option looked at)"};
inline constexpr Col<std::int64_t> by_split{"by_split", "heaps valued by the rare/common split"};
inline constexpr Col<std::int64_t> full_scans{"full_scans", "heaps whose split scan ran to the end (the rare heaps among those valued by the split)"};
inline const common::TableSchema table{
    .name = "frontier",
    .order = "index",
    .meaning = "one row per frontier game: how far it went and how its heaps were valued",
    .columns = {index, ceiling, heaps, stop, by_definition, by_split, full_scans}};
} // namespace frontier

namespace frontier_stats {
inline constexpr Col<std::int64_t> index{"index", "the game: a row of games (join on games/index)"};
inline constexpr Col<std::int64_t> heaps{"heaps", "N, a power of two 1, 2, 4, ...: the statistics of heaps 0..N-1 (join: frontier_frequencies/index,heaps)"};
inline constexpr Col<std::int64_t> largest_value{"largest_value", "the largest G(n), n < N"};
inline constexpr Col<std::int64_t> largest_at{"largest_at", "the first heap with that value"};
inline constexpr Col<std::string> rare_mask{"rare_mask", "the mask with the fewest rare heaps below N, as Czajka's tables write it (fe, 27pos)"};
inline constexpr Col<std::int64_t> rare_heaps{"rare_heaps", "heaps n < N that are rare under that mask, heap 0 counted"};
inline constexpr Col<std::int64_t> last_rare{"last_rare", "the largest of them (-1: none)"};
inline const common::TableSchema table{
    .name = "frontier_stats",
    .order = "index,heaps",
    .meaning = "one row per frontier game and power of two N <= its heaps: Czajka's UnsolvedGames columns",
    .columns = {index, heaps, largest_value, largest_at, rare_mask, rare_heaps, last_rare},
    .compress = true};
} // namespace frontier_stats

namespace frontier_frequencies {
inline constexpr Col<std::int64_t> index{"index", "the game: a row of games (join on games/index)"};
inline constexpr Col<std::int64_t> heaps{"heaps", "N, a power of two: heaps 0..N-1 (join on frontier_stats/index,heaps)"};
inline constexpr Col<std::int64_t> value{"value", "a Grundy value v <= the largest below N"};
inline constexpr Col<std::int64_t> count{"count", "heaps n < N with G(n) = v (> 0; the counts of a game and N sum to N)"};
inline const common::TableSchema table{
    .name = "frontier_frequencies",
    .order = "index,heaps,value",
    .meaning = "the frequency of every value at every power of two of each frontier game",
    .columns = {index, heaps, value, count},
    .compress = true};
} // namespace frontier_frequencies

} // namespace cgt::jobs::octal_sweep::schema
