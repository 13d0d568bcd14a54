#pragma once
// The tables of a cgt-nim result file, declared once for the driver, its tests and
// cgt-verify-nim (common/runtime/schema.hpp).
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::nim::schema {

using common::Col;

namespace positions {
inline constexpr Col<std::string> game{"game", "the game: 'nim', or 'S={1,3,4}' for the subtraction game of that set (join: values/game)"};
inline constexpr Col<std::string> heaps{"heaps", "the position: K heap sizes, ascending, blank-separated"};
inline constexpr Col<std::int64_t> value{"value", "the position's Grundy value by the XOR rule: the XOR of values/grundy of its heaps"};
inline constexpr Col<std::string> search{"search", "win or loss for the player to move, by a search that uses no values"};
inline constexpr Col<std::string> move{"move", "a winning move ('take 1 from 3': to a position of value 0), '-' in a lost position"};
inline const common::TableSchema table{
    .name = "positions",
    .order = "game,heaps",
    .meaning = "every position of K heaps of at most H tokens, per game: sorted multisets in enumeration order",
    .columns = {game, heaps, value, search, move}};
} // namespace positions

namespace values {
inline constexpr Col<std::string> game{"game", "the game, as positions/game names it"};
inline constexpr Col<std::int64_t> heap{"heap", "a single heap's size, 0..max(H, 20)"};
inline constexpr Col<std::int64_t> grundy{"grundy", "the Grundy value of that heap alone, by the mex rule"};
inline const common::TableSchema table{
    .name = "values",
    .order = "game,heap",
    .meaning = "the Grundy value of every single heap 0..max(H, 20) of each game",
    .columns = {game, heap, grundy}};
} // namespace values

} // namespace cgt::jobs::nim::schema
