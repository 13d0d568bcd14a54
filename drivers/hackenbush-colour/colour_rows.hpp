#pragma once
// The coloured-graphs job: every graph of the article's families (GraphFamily) on the
// ground and V vertices with 1..E edges, for each colour set asked for (blue-red, and
// blue-red-green). Each graph is valued by the engine twice, as the sum of its parts and
// as a whole from its own moves, and its outcome found by a value-free win/loss search;
// the outcome of the value must equal the search's, the two values must be equal, and a
// blue-red graph must be a number (never a first-player win). Values are classified
// (number, x + *m, x + n.up + *m, other) and every graph's value is stored.
//
// Rows are in enumeration order (colour set, edge count, multiset number); a task is a
// run of consecutive multisets (jobs::hackenbush_common::GraphTasks), so any split gives the same
// rows. Pure: no MPI here.
#include "common/runtime/table.hpp"
#include "core/game_store.hpp"
#include "hackenbush-common/graph_tasks.hpp"
#include "hackenbush-common/value_texts.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::hackenbush_colour {

struct Params {
    unsigned vertices = 3;                         // V
    unsigned max_edges = 6;                        // E
    std::vector<std::string> colours{"BR", "BRG"}; // one family per colour set
};

// Reads --colours: colour sets separated by blanks or commas, each distinct letters of B,
// R, G, no set twice. std::invalid_argument names the fault.
std::vector<std::string> parse_colours(const std::string& text);

// The families of the parameters; std::invalid_argument (naming the options) if V is not
// 1..63, E not 1..64, or the multisets would not fit in 64-bit counts.
std::vector<hackenbush::GraphFamily> families(const Params& params);
// --max-edges (--vertices: hackenbush_common::VERTICES_OPTION).
inline const common::WholeOption MAX_EDGES_OPTION{
    .name = "max-edges",
    .default_value = 6,
    .min = 1,
    .max = static_cast<long>(hackenbush::Picture::MAX_EDGES),
    .meaning = "E: most edges per graph",
    .why = "positions are 64-bit edge masks"};

// Counts of one colour set and edge count (summed over tasks and ranks).
struct EdgeCounts {
    std::uint64_t graphs = 0;
    std::uint64_t outcome_agrees = 0; // outcome of the value = value-free search
    std::uint64_t whole_agrees = 0;   // sum of the parts' values = value of the whole
    std::uint64_t numbers = 0, number_nimber = 0, number_ups = 0, other = 0;
    std::uint64_t next = 0; // first-player wins (N)
    EdgeCounts& operator+=(const EdgeCounts& other);
};
constexpr std::size_t COUNT_FIELDS = 8;
std::vector<std::uint64_t> flatten(const std::vector<EdgeCounts>& counts);
std::vector<EdgeCounts> unflatten(const std::vector<std::uint64_t>& flat);

class GraphRows {
  public:
    // Values go into `store` and their texts into `values`; all outlive this object.
    GraphRows(const jobs::hackenbush_common::GraphTasks& tasks, core::GameStore& store,
              jobs::hackenbush_common::ValueTexts& values);
    // Columns of the `graphs` table: colours, edges, graph ("0-1B 1-2G"), value and whole
    // (local ids of `values` until the driver replaces them by global indices), outcome and
    // search (L, R, P or N), kind.
    static void declare_columns(common::LocalTable& table);
    // Values every grounded graph of task `id` and appends its rows as one block.
    void run(std::uint64_t id, common::LocalTable& table);
    // Indexed by GraphTasks::slot(family, edges) (edges 0 unused).
    [[nodiscard]] const std::vector<EdgeCounts>& counts() const { return m_counts; }

  private:
    const jobs::hackenbush_common::GraphTasks& m_tasks;
    core::GameStore& m_store;
    jobs::hackenbush_common::ValueTexts& m_values;
    std::vector<EdgeCounts> m_counts;
};

// The `by_edges` table (colours, edges, graphs, distinct and the counts) and the
// `colour_sets` table (the same per colour set over all edge counts).
void declare_count_columns(common::LocalTable& table, bool with_edges);
void append_count_rows(const jobs::hackenbush_common::GraphTasks& tasks,
                       const std::vector<EdgeCounts>& counts,
                       const std::vector<std::uint64_t>& distinct, common::LocalTable& by_edges,
                       common::LocalTable& colour_sets);

} // namespace cgt::jobs::hackenbush_colour
