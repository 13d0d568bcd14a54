#include "hackenbush-sums/sums_job.hpp"

using namespace cgt::common;
namespace jobs = cgt::jobs;
namespace sums = jobs::hackenbush_sums;

namespace cgt::jobs::hackenbush_sums {

namespace {
// Measured peaks: 28.3 MB for 2,000 triples, 34.8 MB for 20,000: 371 bytes a triple and 28 MB;
// 0.34 s CPU for 20,000.
constexpr double SUMS_ROW_BYTES = 380, SUMS_BASE_BYTES = 28e6, SUMS_TRIPLES_PER_SECOND = 6e4;
} // namespace

JobInfo SumsJob::info() const {
    return {.program = "cgt-hackenbush-sums",
            .summary =
                "Draws N triples of small random coloured Hackenbush pictures and checks that the\n"
                "outcome of the sum of their values equals a value-free search on the three side "
                "by side.",
            .example = "mpiexec -n 2 cgt-hackenbush-sums --triples 20000 --seed 20240917 "
                       "--out results/hackenbush-sums.h5",
            .default_out = "hackenbush-sums.h5",
            .progress_label = "cgt-hackenbush-sums triples"};
}

void SumsJob::add_options(Options& options) {
    options.add(sums::TRIPLES_OPTION);
    options.add()("seed", po::value<std::string>()->default_value("20240917"),
                  "seed of the pictures (0..2^64-1)");
    options.add(hackenbush_common::VERTICES_OPTION);
    options.add(sums::MAX_EDGES_OPTION);
}

void SumsJob::read_options(const po::variables_map& vm, int) {
    m_params.triples = static_cast<std::uint64_t>(sums::TRIPLES_OPTION.read(vm));
    m_params.seed = sums::parse_seed(vm["seed"].as<std::string>());
    m_params.vertices = static_cast<unsigned>(hackenbush_common::VERTICES_OPTION.read(vm));
    m_params.max_edges = static_cast<unsigned>(sums::MAX_EDGES_OPTION.read(vm));
}

std::uint64_t SumsJob::task_count() const {
    return (m_params.triples + TASK_TRIPLES - 1) / TASK_TRIPLES;
}

MemoryNeed SumsJob::memory_need(int ranks) const {
    const double triples = static_cast<double>(m_params.triples);
    return linear_need("--triples " + std::to_string(m_params.triples),
                       "a row and three values for each triple", triples / ranks, SUMS_ROW_BYTES,
                       triples, SUMS_TRIPLES_PER_SECOND, SUMS_BASE_BYTES);
}

Split SumsJob::split() const {
    return Split::blocks;
}

TaskTableSpec SumsJob::tables() const {
    return {.tables = {&sums::schema::triples::table},
            .text_ids = {{&sums::schema::triples::table, sums::schema::triples::sum.name}},
            .counters = 5};
}

std::uint64_t SumsJob::task_units(std::uint64_t task) const {
    return end(task) - task * TASK_TRIPLES;
}

void SumsJob::begin(TaskTables& out) {
    m_values = std::make_unique<jobs::hackenbush_common::ValueTexts>(m_store, out.texts());
    m_rows = std::make_unique<sums::TripleRows>(m_params, m_store, *m_values);
}

TaskStatus SumsJob::compute(std::uint64_t task, TaskTables& out, TaskContext&) {
    LocalTable& triples = out.table(sums::schema::triples::table);
    triples.begin_block(task);
    m_rows->run(task * TASK_TRIPLES, end(task), triples);
    std::vector<std::uint64_t> now{m_rows->agree()};
    now.insert(now.end(), m_rows->outcomes().begin(), m_rows->outcomes().end());
    jobs::hackenbush_common::add_task_counts(now, m_last, out.task_counters());
    return TaskStatus::done;
}

void SumsJob::finish(JobResults& results) {
    results.file().set_attribute("/", "seed", std::to_string(m_params.seed));
    DistinctTexts distinct = results.index_texts();
    const std::vector<std::uint64_t> counts = results.sum_counters(); // agree, then L, R, P, N
    LocalTable summary = sums::schema::summary::table.make();         // one row: rank 0 writes it
    if (results.comm().is_root()) {
        summary.begin_block(0);
        sums::append_summary_row(m_params.triples, counts[0], {counts.begin() + 1, counts.end()},
                                 summary);
    }
    results.write(sums::schema::summary::table, summary);
    results.write(sums::schema::triples::table);
    jobs::hackenbush_common::write_values_table(results, distinct);
}

std::uint64_t SumsJob::end(std::uint64_t task) const {
    return std::min(m_params.triples, (task + 1) * TASK_TRIPLES);
}

} // namespace cgt::jobs::hackenbush_sums
