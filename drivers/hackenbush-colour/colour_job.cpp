#include "hackenbush-colour/colour_job.hpp"

using namespace cgt::common;
namespace jobs = cgt::jobs;
namespace colour = jobs::hackenbush_colour;
namespace graphs = colour::schema::graphs;

namespace cgt::jobs::hackenbush_colour {

JobInfo ColourJob::info() const {
    return {
        .program = "cgt-hackenbush-colour",
        .summary =
            "Values every coloured Hackenbush graph on the ground and V vertices with 1..E edges\n"
            "(edges {u, v}, u <= v, loops and parallel edges allowed, all grounded), checks the\n"
            "outcome against a value-free search and the sum of the parts against the whole.",
        .example =
            "mpiexec -n 2 cgt-hackenbush-colour --vertices 3 --max-edges 6 --colours 'BR BRG' "
            "--out results/hackenbush-colour.h5",
        .default_out = "hackenbush-colour.h5"};
}

void ColourJob::add_options(Options& options) {
    options.add(hackenbush_common::VERTICES_OPTION);
    options.add(colour::MAX_EDGES_OPTION);
    options.add()(
        "colours", po::value<std::string>()->default_value("BR BRG"),
        "colour sets, blank-separated, each one family of graphs (BR: blue-red, BRG: three "
        "colours)");
}

void ColourJob::read_options(const po::variables_map& vm, int) {
    m_params.vertices = static_cast<unsigned>(hackenbush_common::VERTICES_OPTION.read(vm));
    m_params.max_edges = static_cast<unsigned>(colour::MAX_EDGES_OPTION.read(vm));
    m_params.colours = colour::parse_colours(vm["colours"].as<std::string>());
    m_tasks.emplace(colour::families(m_params));
    jobs::hackenbush_common::ValueTexts probe(m_store);
    m_counters = colour::flatten(colour::GraphRows(*m_tasks, m_store, probe).counts()).size();
}

std::uint64_t ColourJob::task_count() const {
    return m_tasks->count();
}

MemoryNeed ColourJob::memory_need(int ranks) const {
    return jobs::hackenbush_common::graph_job_need(
        *m_tasks, ranks, 205, 1.5e-7,
        "--vertices " + std::to_string(m_params.vertices) + " --max-edges " +
            std::to_string(m_params.max_edges));
}

Split ColourJob::split() const {
    return Split::round_robin;
}

TaskTableSpec ColourJob::tables() const {
    return {
        .tables = {&graphs::table},
        .text_ids = {{&graphs::table, graphs::value.name}, {&graphs::table, graphs::whole.name}},
        .counters = m_counters};
}

void ColourJob::begin(TaskTables& out) {
    m_values = std::make_unique<jobs::hackenbush_common::ValueTexts>(m_store, out.texts());
    m_rows = std::make_unique<colour::GraphRows>(*m_tasks, m_store, *m_values);
}

TaskStatus ColourJob::compute(std::uint64_t task, TaskTables& out, TaskContext&) {
    m_rows->run(task, out.table(graphs::table));
    jobs::hackenbush_common::add_task_counts(colour::flatten(m_rows->counts()), m_last,
                                             out.task_counters());
    return TaskStatus::done;
}

void ColourJob::finish(JobResults& results) {
    DistinctTexts distinct = results.index_texts();
    LocalTable& rows = results.table(graphs::table);
    // Distinct values per colour set and edge count, and per colour set (edge slot 0).
    std::map<std::string, std::size_t> family_of;
    for (std::size_t f = 0; f < m_tasks->families().size(); ++f)
        family_of[m_tasks->families()[f].colours()] = f;
    std::vector<std::uint64_t> group, index;
    const auto& colours = rows.column(graphs::colours);
    const auto& edges = rows.column(graphs::edges);
    const auto& value = rows.column(graphs::value);
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::size_t f = family_of.at(colours[i]);
        group.push_back(m_tasks->slot(f, static_cast<unsigned>(edges[i])));
        group.push_back(m_tasks->slot(f, 0));
        index.push_back(value[i]);
        index.push_back(value[i]);
    }
    const auto distinct_by_slot = count_distinct_per_group(results.comm(), distinct.total,
                                                           m_rows->counts().size(), group, index);
    const std::vector<std::uint64_t> sums = results.sum_counters();

    LocalTable by_edges = colour::schema::by_edges.make(),
               colour_sets = colour::schema::colour_sets.make();
    if (results.comm().is_root()) { // small: rank 0 writes them
        by_edges.begin_block(0);
        colour_sets.begin_block(0);
        colour::append_count_rows(*m_tasks, colour::unflatten(sums), distinct_by_slot, by_edges,
                                  colour_sets);
    }
    results.write(colour::schema::colour_sets, colour_sets);
    results.write(colour::schema::by_edges, by_edges);
    // Rows computed round-robin are scattered over the file: gathered into one run per
    // rank first, every compressed chunk is written by one rank.
    make_rows_contiguous(results.comm(), rows);
    results.write(graphs::table);
    jobs::hackenbush_common::write_values_table(results, distinct);
}

} // namespace cgt::jobs::hackenbush_colour
