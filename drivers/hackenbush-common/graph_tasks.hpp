#pragma once
// The work of a graph job as tasks: the multisets of each family (GraphFamily), by edge
// count, cut into runs of at most CHUNK consecutive numbers. Task ids follow the
// enumeration order (family, edge count, multiset number), so blocks keyed by task id put
// rows in enumeration order whatever rank runs them. Tasks are found by arithmetic on a
// small prefix table (one entry per family and edge count), not stored.
#include "common/runtime/memory_limit.hpp"
#include "common/runtime/options.hpp"
#include "hackenbush/graphs.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cgt::jobs::hackenbush_common {

// --vertices of the jobs of graph families (cgt-hackenbush-colour, cgt-hackenbush-sums).
inline const common::WholeOption VERTICES_OPTION{
    .name = "vertices",
    .default_value = 3,
    .min = 1,
    .max = static_cast<long>(hackenbush::GraphFamily::MAX_VERTICES),
    .meaning = "V: vertices above the ground of each picture",
    .why = "vertex sets are 64-bit masks with the ground"};

// The items of a list option (--colours, --graphs): words separated by blanks or commas.
std::vector<std::string> list_items(const std::string& text);

struct GraphTask {
    std::size_t family;  // index into the families
    unsigned edges;      // edge count of its multisets
    std::uint64_t first; // multiset numbers first .. end - 1
    std::uint64_t end;
};

class GraphTasks {
  public:
    // Multisets per task: hundreds of tasks for the default runs, so that tasks dealt
    // round-robin balance well, and blocks of thousands of rows for the table writer.
    static constexpr std::uint64_t CHUNK = 2048;

    // std::invalid_argument if the number of tasks of all families exceeds 2^64 - 1.
    explicit GraphTasks(std::vector<hackenbush::GraphFamily> families);

    [[nodiscard]] const std::vector<hackenbush::GraphFamily>& families() const {
        return m_families;
    }
    [[nodiscard]] std::uint64_t count() const { return m_starts.empty() ? 0 : m_starts.back(); }
    [[nodiscard]] GraphTask task(std::uint64_t id) const;

    // Calls visit(family, multiset) for each grounded multiset of `task` (family: the task's),
    // in enumeration order: the rows of the task's block.
    template <class Visit> void for_each_grounded(const GraphTask& task, Visit&& visit) const {
        const hackenbush::GraphFamily& family = m_families[task.family];
        std::vector<hackenbush::EdgeKind> multiset = family.unrank(task.edges, task.first);
        for (std::uint64_t r = task.first; r < task.end; ++r) {
            if (r > task.first) family.next(multiset);
            if (family.grounded(multiset)) visit(family, std::as_const(multiset));
        }
    }

    // Counts by family and edge count live in one array of slots() entries: slot(f, e) =
    // f * (E + 1) + e, E the largest max_edges of the families. Edge count 0 is no task's:
    // a job may keep a family's own figures there.
    [[nodiscard]] unsigned max_edges() const { return m_max_edges; }
    [[nodiscard]] std::size_t slots() const { return m_families.size() * (m_max_edges + 1); }
    [[nodiscard]] std::size_t slot(std::size_t family, unsigned edges) const {
        return family * (m_max_edges + 1) + edges;
    }

  private:
    std::vector<hackenbush::GraphFamily> m_families;
    unsigned m_max_edges = 0;
    // m_starts[k]: the first task id of the k-th (family, edge count), k = family * E + e - 1
    // over each family's own E; one more entry holds the total.
    std::vector<std::uint64_t> m_starts;
    std::vector<std::pair<std::size_t, unsigned>> m_keys; // (family, edges) of each k
};

// The memory and time of a graph job: every rank holds the rows of its multisets (at most
// all the multisets, `row_bytes` each, over the ranks) until the write, and valuing a graph
// of E edges searches up to 2^E positions, `mask_seconds` each. `cause` names the options.
common::MemoryNeed graph_job_need(const GraphTasks& tasks, int ranks, double row_bytes,
                                  double mask_seconds, std::string cause);

} // namespace cgt::jobs::hackenbush_common
