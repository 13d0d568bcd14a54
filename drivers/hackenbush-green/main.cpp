// cgt-hackenbush-green: every green Hackenbush graph of the article's families on the ground
// and V vertices with 1..E edges, for each V:E asked for, valued across MPI ranks (runs of
// multisets dealt round-robin) by the mex rule, by the fusion and colon principles and by
// the CGT engine; one HDF5 file with every graph's three values, the agreement counts by
// edge count and the distribution of nim values (green_schema.hpp).
#include "common/runtime/contiguous_rows.hpp"
#include "common/runtime/job.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include "hackenbush-green/green_rows.hpp"
#include "hackenbush-green/green_schema.hpp"

#include <memory>
#include <optional>

using namespace cgt::common;
namespace jobs = cgt::jobs;
namespace green = jobs::hackenbush_green;

namespace {

class GreenJob : public Job {
public:
    JobInfo info() const override {
        return {.program = "cgt-hackenbush-green",
                .summary = "Values every green Hackenbush graph on the ground and V vertices with 1..E edges\n"
                           "(edges {u, v}, u <= v, loops and parallel edges allowed, all grounded) by the mex\n"
                           "rule, by the fusion and colon principles and by the CGT engine, and compares them.",
                .example = "mpiexec -n 2 cgt-hackenbush-green --graphs '3:9 4:8' --out results/hackenbush-green.h5",
                .default_out = "hackenbush-green.h5"};
    }
    void add_options(Options& options) override {
        options.add()("graphs", po::value<std::string>()->default_value("3:9 4:8"),
                      "V:E pairs, blank-separated: graphs on the ground and V vertices (1..63) with 1..E edges (1..64)");
    }
    void read_options(const po::variables_map& vm, int) override {
        m_graphs = vm["graphs"].as<std::string>();
        m_tasks.emplace(green::families(green::parse_sizes(m_graphs)));
        m_counters = green::flatten(green::GraphRows(*m_tasks, m_store).counts()).size();
    }
    std::uint64_t task_count() const override { return m_tasks->count(); }
    // Measured peaks: 41.9 MB for 3:9 (92,377 multisets), 84.4 MB for 3:11 (352,715), so 167
    // bytes a multiset; 5.1 and 72.9 s CPU, 1.5e-7 s per multiset and position searched.
    MemoryNeed memory_need(int ranks) const override {
        return jobs::hackenbush_common::graph_job_need(*m_tasks, ranks, 170, 1.5e-7, "--graphs '" + m_graphs + "'");
    }
    // Runs of multisets cost alike along the task order: dealt round-robin, every rank
    // gets a fair share, and no rank waits on a dispatcher.
    Split split() const override { return Split::round_robin; }
    TaskTableSpec tables() const override {
        return {.tables = {&green::schema::graphs::table}, .counters = m_counters};
    }
    void begin(TaskTables&) override { m_rows = std::make_unique<green::GraphRows>(*m_tasks, m_store); }
    TaskStatus compute(std::uint64_t task, TaskTables& out, TaskContext&) override {
        m_rows->run(task, out.table(0));
        jobs::hackenbush_common::add_task_counts(green::flatten(m_rows->counts()), m_last, out.task_counters());
        return TaskStatus::done;
    }
    void finish(JobResults& results) override {
        const std::vector<std::uint64_t> sums = results.sum_counters();
        LocalTable by_edges, nim_values; // small: rank 0 writes them
        green::declare_count_columns(by_edges, nim_values);
        if (results.comm().is_root()) {
            by_edges.begin_block(0);
            nim_values.begin_block(0);
            green::append_count_rows(*m_tasks, green::unflatten(sums), by_edges, nim_values);
        }
        results.write(green::schema::by_edges::table, by_edges);
        results.write(green::schema::nim_values::table, nim_values);
        // Rows computed round-robin are scattered over the file: gathered into one run per
        // rank first, every compressed chunk is written by one rank.
        make_rows_contiguous(results.comm(), results.table(0));
        results.write(0);
    }

private:
    std::optional<jobs::hackenbush_common::GraphTasks> m_tasks;
    std::string m_graphs;
    cgt::core::GameStore m_store;
    std::unique_ptr<green::GraphRows> m_rows;
    std::vector<std::uint64_t> m_last;
    std::size_t m_counters = 0;
};

} // namespace

int main(int argc, char* argv[]) { return run_job<GreenJob>(argc, argv); }
