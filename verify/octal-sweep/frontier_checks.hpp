// The frontier tables of a cgt-octal-sweep file (games run by the frontier sweep to a
// ceiling, with the statistics and value frequencies of every power of two): what any
// correct file satisfies, values recomputed by the definition, and Czajka's statistics.
#pragma once

#include "common/runtime/result_reader.hpp"
#include "verify/common/report.hpp"
#include "verify/octal-sweep/game_rows.hpp"

#include <map>
#include <string>
#include <vector>

namespace cgt::verify::octal_sweep {

// The frontier tables: per game (by its games/index) how far it went, and its statistics of
// every power of two with the frequencies of its values.
struct PowerRow {
    long long heaps, largest_value, largest_at, rare_heaps, last_rare;
    std::string rare_mask;
    std::map<long long, long long> frequency; // value -> count
};
struct FrontierGame {
    long long ceiling = 0, heaps = 0;
    std::string stop;
    std::vector<PowerRow> powers; // ascending N
};
using Frontier = std::map<long long, FrontierGame>;

// The three frontier tables (ResultRefused if one names a game or N the others lack, or is
// out of order).
Frontier read_frontier(const common::ResultReader& file, const std::vector<GameRow>& rows, Report& report);
// What any correct file satisfies: a statistics row per power of two up to the heaps
// computed, frequencies that sum to N, the largest value the largest that occurs, the
// games row agreeing with the frontier row.
void check_frontier_tables(const std::vector<GameRow>& rows, const Frontier& frontier, Report& report);
// The first 2^16 values of some unsolved games by the definition (every option of every
// heap: no rare/common split), against every statistics row up to 2^16 and first_values.
void check_direct_values(const std::vector<GameRow>& rows, const Frontier& frontier, Report& report);
// Czajka's UnsolvedGames statistics (Grundy's game and .6 at 2^21, .04 and .06 at 2^17),
// from `dir`/czajka_unsolved_games.csv.
void check_czajka_statistics(const std::vector<GameRow>& rows, const Frontier& frontier, Report& report,
                             const std::string& dir);

} // namespace cgt::verify::octal_sweep
