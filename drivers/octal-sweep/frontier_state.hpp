#pragma once
// The frontier part of the octal sweep: games run by the frontier sweep until the Guy-Smith
// bound proves their period or they reach their ceiling (impartial::analyse_to_ceiling),
// with their rows in the `frontier`, `frontier_stats` and `frontier_frequencies` tables
// (octal_sweep_schema.hpp); the cost estimate that orders the queue. (A long game saves the
// windowed sweep's own state in the journal: WindowedSweep::save_state.) Pure: no MPI.
#include "common/runtime/table.hpp"
#include "impartial/frontier_analysis.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::octal_sweep {

// A cost estimate for ordering the queue (largest first): the sweep is run to 4096 heaps
// (or the ceiling); a game proven there costs that much, otherwise its rare share decides
// between N * (rare heaps + 64) per split length (the split) and N^2 / 4 per split length
// (the definition, N at most the definition ceiling).
double expected_cost(const impartial::HeapRules& rules, std::uint64_t ceiling,
                     std::uint64_t definition_ceiling = impartial::FrontierSweep::MAX_HEAPS);

// The order in which to hand out tasks of these costs: largest first, ties by index.
std::vector<std::uint64_t> order_by_cost(const std::vector<double>& cost);

// "proven", "ceiling" or "definition-ceiling": the `stop` column.
std::string stop_reason(const impartial::FrontierResult& result);

// Appends one analysed game's rows: one to `frontier`, one per power of two to
// `frontier_stats`, one per power of two and value that occurs to `frontier_frequencies`.
void append_frontier_rows(std::uint64_t index, const impartial::FrontierResult& result,
                          common::LocalTable& frontier, common::LocalTable& stats,
                          common::LocalTable& frequencies);

} // namespace cgt::jobs::octal_sweep
