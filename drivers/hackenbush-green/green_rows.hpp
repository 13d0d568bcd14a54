#pragma once
// The green-graphs job: every green graph of the article's families (GraphFamily) on the
// ground and V vertices with 1..E edges, for each (V, E) asked for, valued three ways that
// share nothing: the mex rule by exhaustive search over edge masks, the fusion and colon
// principles (no search), and the CGT engine (its value must be the nimber *mex). Also the
// nim value's parity against the edge count's, and the distribution of nim values.
//
// Rows are in enumeration order ((V, E) pair, edge count, multiset number); a task is a run
// of consecutive multisets (jobs::hackenbush_common::GraphTasks), so any split gives the same
// rows. Pure: no MPI here.
#include "common/runtime/table.hpp"
#include "core/game_store.hpp"
#include "hackenbush-common/graph_tasks.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::hackenbush_green {

struct Size {
    unsigned vertices;  // V
    unsigned max_edges; // E
    friend bool operator==(const Size&, const Size&) = default;
};

// Reads --graphs: V:E pairs separated by blanks or commas ("3:9 4:8"), V 1..63, E 1..64,
// no V twice; and checks that the multisets can be counted in 64 bits. std::invalid_argument
// names the fault.
std::vector<Size> parse_sizes(const std::string& text);
std::vector<hackenbush::GraphFamily> families(const std::vector<Size>& sizes);

// Nim values are below 128 (at most 64 edges).
constexpr std::size_t NIM_VALUES = 128;

struct EdgeCounts {
    std::uint64_t graphs = 0;
    std::uint64_t fusion_agrees = 0; // fusion + colon = mex
    std::uint64_t engine_agrees = 0; // the engine's value = *mex
    std::uint64_t parity_agrees = 0; // mex = edge count mod 2
    std::vector<std::uint64_t> by_nim = std::vector<std::uint64_t>(NIM_VALUES, 0);
};
// Every count as one array for a reduction (fields, then the nim value counts); and back.
std::vector<std::uint64_t> flatten(const std::vector<EdgeCounts>& counts);
std::vector<EdgeCounts> unflatten(const std::vector<std::uint64_t>& flat);

class GraphRows {
  public:
    // Values go into `store`; both outlive this object.
    GraphRows(const jobs::hackenbush_common::GraphTasks& tasks, core::GameStore& store);
    // Columns of the `graphs` table: vertices, edges, graph ("0-1G 1-1G"), nim (by mex),
    // fusion (by fusion + colon), engine (m if the engine's value is *m, else -1).
    static void declare_columns(common::LocalTable& table);
    // Values every grounded graph of task `id` and appends its rows as one block.
    void run(std::uint64_t id, common::LocalTable& table);
    // Indexed by GraphTasks::slot(family, edges) (edges 0 unused).
    [[nodiscard]] const std::vector<EdgeCounts>& counts() const { return m_counts; }

  private:
    const jobs::hackenbush_common::GraphTasks& m_tasks;
    core::GameStore& m_store;
    std::vector<EdgeCounts> m_counts;
};

// The `by_edges` table (vertices, edges, graphs, fusion_agrees, engine_agrees,
// parity_agrees) and the `nim_values` table (vertices, edges, nim, graphs; the nim values
// that occur).
void declare_count_columns(common::LocalTable& by_edges, common::LocalTable& nim_values);
void append_count_rows(const jobs::hackenbush_common::GraphTasks& tasks,
                       const std::vector<EdgeCounts>& counts, common::LocalTable& by_edges,
                       common::LocalTable& nim_values);

} // namespace cgt::jobs::hackenbush_green
