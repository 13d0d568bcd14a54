#pragma once
// The frontier part of the octal sweep: listed games (the unsolved ones, Grundy's game, the
// solved games with long preperiods) each run by the frontier sweep to its ceiling, with
// three tables: one row per game (`frontier`), one per game and power of two
// (`frontier_stats`: Czajka's UnsolvedGames columns) and one per game, power of two and
// value (`frontier_frequencies`). Pure: rows for any game on its own, no MPI.
#include "common/table.hpp"
#include "impartial/frontier_analysis.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::octal_sweep {

// The tables' names and columns, shared by the driver, its tests and the verify program.
namespace frontier_schema {
inline constexpr const char* GAMES = "frontier";
inline constexpr const char* STATS = "frontier_stats";
inline constexpr const char* FREQUENCIES = "frontier_frequencies";
} // namespace frontier_schema

// "grundy" and octal codes, blank- or ';'-separated; std::invalid_argument naming the item.
std::vector<impartial::HeapRules> parse_frontier_games(const std::string& text);

// A cost estimate for ordering the queue (largest first): the sweep is run to 4096 heaps
// (or the ceiling) and its rare share decides between N * (rare heaps + 64) per split
// length (the split) and N^2 / 4 (the definition).
double expected_cost(const impartial::HeapRules& rules, std::uint64_t ceiling);

// The order in which to hand out the games: by expected cost, largest first, ties by index.
std::vector<std::size_t> order_by_cost(const std::vector<impartial::HeapRules>& games, std::uint64_t ceiling);

class FrontierRows {
public:
    // `frontier`: index, game, status, preperiod, period, proof, check_end, largest_removal,
    // ceiling, heaps (values computed: G(0..heaps-1)), largest_value, largest_at, rare_mask,
    // rare_heaps, last_rare (those three of the last power of two), by_split (heaps valued by
    // the split), full_scans, first_values. -1 or "-" where a figure does not apply.
    static void declare_game_columns(common::LocalTable& table);
    // `frontier_stats`: index, heaps (a power of two N: heaps 0..N-1), largest_value,
    // largest_at, rare_mask, rare_heaps (heap 0 counted), last_rare.
    static void declare_stats_columns(common::LocalTable& table);
    // `frontier_frequencies`: index, heaps, value, count (rows with count > 0).
    static void declare_frequency_columns(common::LocalTable& table);

    // Appends the rows of one analysed game to the three tables.
    static void append(std::uint64_t index, const impartial::FrontierResult& result, common::LocalTable& games,
                       common::LocalTable& stats, common::LocalTable& frequencies, std::size_t stored_values);
};

} // namespace cgt::jobs::octal_sweep
