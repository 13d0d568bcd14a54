#pragma once
// The tables of a cgt-octal-sweep result file, declared once for the driver, its tests and
// cgt-verify-octal-sweep (common/schema.hpp). -1 (or "-") where a figure does not apply:
// no period proven, no rare/common split in use.
#include "common/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::octal_sweep::schema {

using common::Col;

namespace games {
inline constexpr Col<std::int64_t> index{"index", "the game's place in the enumeration, 0.. (join: sequences/index)"};
inline constexpr Col<std::string> family{"family", "listed, subtraction, subtraction-misere or octal"};
inline constexpr Col<std::string> game{"game", "the game's name: S={1,3,4} for a subtraction set, else its octal code; misere play appends ' misere'"};
inline constexpr Col<std::string> code{"code", "the canonical octal code (.77, 4.07), trailing zeros dropped"};
inline constexpr Col<std::string> status{"status", "periodic, or not yet periodic (up to max_heap)"};
inline constexpr Col<std::int64_t> preperiod{"preperiod", "n0: the values are periodic from heap n0 on"};
inline constexpr Col<std::int64_t> period{"period", "p: G(n + p) = G(n) for every n >= n0"};
inline constexpr Col<std::string> proof{"proof", "the rule that proves the period: guy-smith, or subtraction-window"};
inline constexpr Col<std::int64_t> check_end{"check_end", "the proof compared G(n) and G(n + p) for n0 <= n < check_end"};
inline constexpr Col<std::int64_t> largest_removal{"largest_removal", "t: the most tokens a move takes"};
inline constexpr Col<std::int64_t> max_heap{"max_heap", "the heap bound that applied to the game"};
inline constexpr Col<std::int64_t> computed_to{"computed_to", "values are known for heaps 0..computed_to"};
inline constexpr Col<std::int64_t> largest_value{"largest_value", "the largest value (over all heaps if periodic)"};
inline constexpr Col<std::int64_t> largest_at{"largest_at", "the first heap with that value"};
inline constexpr Col<std::string> rare_mask{"rare_mask", "the rare/common split in use at the end, as Czajka's tables write it (1e, 1+pos)"};
inline constexpr Col<std::int64_t> rare_heaps{"rare_heaps", "heaps 0..computed_to whose value is rare under that split"};
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

} // namespace cgt::jobs::octal_sweep::schema
