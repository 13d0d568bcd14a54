#include "hackenbush-green/green_job.hpp"

using namespace cgt::common;
namespace jobs = cgt::jobs;
namespace green = jobs::hackenbush_green;

namespace cgt::jobs::hackenbush_green {

JobInfo GreenJob::info() const {
    return {
        .program = "cgt-hackenbush-green",
        .summary =
            "Values every green Hackenbush graph on the ground and V vertices with 1..E edges\n"
            "(edges {u, v}, u <= v, loops and parallel edges allowed, all grounded) by the mex\n"
            "rule, by the fusion and colon principles and by the CGT engine, and compares them.",
        .example = "mpiexec -n 2 cgt-hackenbush-green --graphs '3:9 4:8' --out "
                   "results/hackenbush-green.h5",
        .default_out = "hackenbush-green.h5"};
}

void GreenJob::add_options(Options& options) {
    options.add()("graphs", po::value<std::string>()->default_value("3:9 4:8"),
                  "V:E pairs, blank-separated: graphs on the ground and V vertices (1..63) with "
                  "1..E edges (1..64)");
}

void GreenJob::read_options(const po::variables_map& vm, int) {
    m_graphs = vm["graphs"].as<std::string>();
    m_tasks.emplace(green::families(green::parse_sizes(m_graphs)));
    m_counters = green::flatten(green::GraphRows(*m_tasks, m_store).counts()).size();
}

std::uint64_t GreenJob::task_count() const {
    return m_tasks->count();
}

MemoryNeed GreenJob::memory_need(int ranks) const {
    return jobs::hackenbush_common::graph_job_need(*m_tasks, ranks, 170, 1.5e-7,
                                                   "--graphs '" + m_graphs + "'");
}

Split GreenJob::split() const {
    return Split::round_robin;
}

TaskTableSpec GreenJob::tables() const {
    return {.tables = {&green::schema::graphs::table}, .counters = m_counters};
}

void GreenJob::begin(TaskTables&) {
    m_rows = std::make_unique<green::GraphRows>(*m_tasks, m_store);
}

TaskStatus GreenJob::compute(std::uint64_t task, TaskTables& out, TaskContext&) {
    m_rows->run(task, out.table(green::schema::graphs::table));
    jobs::hackenbush_common::add_task_counts(green::flatten(m_rows->counts()), m_last,
                                             out.task_counters());
    return TaskStatus::done;
}

void GreenJob::finish(JobResults& results) {
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
    make_rows_contiguous(results.comm(), results.table(green::schema::graphs::table));
    results.write(green::schema::graphs::table);
}

} // namespace cgt::jobs::hackenbush_green
