#pragma once
// The Sprague-Grundy sums job: every position of K heaps of size <= H (sorted multisets),
// for each game asked for (Nim, subtraction games), valued by the XOR rule and checked
// against a value-free win/loss search. The enumeration key of a row is
// game_index * positions_per_game + multiset rank, so rows can be computed for any
// contiguous key range on its own: PositionRows is pure and knows nothing of MPI.
#include "common/runtime/table.hpp"
#include "impartial/take_away.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::nim {

struct Params {
    std::vector<impartial::TakeAway> games;
    unsigned heaps = 3;             // K
    std::uint32_t max_heap = 8;     // H
};

// Parses the --games text: names separated by blanks or ';', each "nim" or a subtraction
// set such as 1,3,4 or {1,3,4}. Throws std::invalid_argument naming the bad item.
std::vector<impartial::TakeAway> parse_games(const std::string& text);

// Positions per game, C(H + K, K); throws std::invalid_argument if K is not 1..16 or the
// count exceeds MAX_POSITIONS (the value-free search holds them all in memory).
constexpr std::uint64_t MAX_POSITIONS = 100'000'000;
std::uint64_t positions_per_game(const Params& params);

// Computes rows of the `positions` table (game, heaps, value, search, move), keeping each
// game's Grundy values and search memo between calls.
class PositionRows {
public:
    explicit PositionRows(const Params& params);
    // Declares the table's columns.
    static void declare_columns(common::LocalTable& table);
    // Appends the rows of keys [begin, end) in key order.
    void compute(std::uint64_t begin, std::uint64_t end, common::LocalTable& table);

private:
    const Params& m_params;
    std::uint64_t m_per_game;
    std::vector<std::vector<impartial::Grundy>> m_values;
    std::vector<impartial::WinLossSearch> m_search;
};

// The `values` table: game, heap, grundy for heaps 0..max(H, 20) of every game.
void declare_value_columns(common::LocalTable& table);
void compute_values(const Params& params, common::LocalTable& table);

// "take 2 from 5": the text of a move in the result file.
std::string move_text(impartial::Heap heap, impartial::Heap take);

} // namespace cgt::jobs::nim
