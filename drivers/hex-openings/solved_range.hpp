#pragma once
// What this program has solved, from which cgt-hex-openings, cgt-hex and cgt-hex-bench
// estimate the time of a run before it starts (memory_limit.hpp's time rule;
// drivers/hex-openings/NOTES.md and FRONTIER.md): every board up to 7x7 and misere up to
// 6x6 in minutes of a core, the 64 openings of 8x8 (32 solved, the others copied) in about 5
// hours of a core at 5,300-6,000 nodes a second; of 9x9 only a few openings (parts/9x9), of
// larger boards none. A search bounded by --node-limit N is taken at N nodes for each opening
// or cell.
#include <array>
#include <cstddef>
#include <string_view>

namespace cgt::jobs::hex_openings {

inline constexpr double HEX_NODES_PER_SECOND = 5000, HEX_8X8_SECONDS = 5 * 3600.0;
inline constexpr std::size_t HEX_8X8_SOLVED = 32;
inline constexpr int HEX_LARGEST_SOLVED = 8, HEX_LARGEST_SOLVED_MISERE = 6;
// The 6x6 misere openings the first player loses (parts/misere-6x6: e2, d3 and their
// rotations b5, c4): their replies are not finished here (d3's first reply, d1, passed 85
// million nodes in the hex-misere job's run of 2026-12-05), so a run with their replies has
// no estimate and, like a larger board, is started only when asked (--allow-long;
// jobs/hex-misere.ini asks).
inline constexpr std::array<std::string_view, 4> MISERE_6X6_LOSING = {"e2", "d3", "b5", "c4"};

} // namespace cgt::jobs::hex_openings
