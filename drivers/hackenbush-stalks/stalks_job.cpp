#include "hackenbush-stalks/stalks_job.hpp"

using namespace cgt::common;
namespace jobs = cgt::jobs;
namespace stalks = jobs::hackenbush_stalks;
namespace rows_schema = stalks::schema::stalks;

namespace cgt::jobs::hackenbush_stalks {

namespace {
// Measured peaks: 51.5 MB for L = 9 (29,523 stalks), 263 MB for L = 11 (265,719): 917 bytes a
// stalk and 25 MB; 2.0 s CPU for L = 11.
constexpr double STALK_ROW_BYTES = 920, STALK_BASE_BYTES = 25e6, STALKS_PER_SECOND = 1.3e5;
} // namespace

JobInfo StalksJob::info() const {
    return {
        .program = "cgt-hackenbush-stalks",
        .summary =
            "Values every Blue-Red-Green Hackenbush stalk of 1..L edges, sorts the values into\n"
            "numbers, x + *m, x +- up* and other forms, checks the string rules stalk by stalk\n"
            "and counts distinct values across the ranks by canonical text.",
        .example =
            "mpiexec -n 2 cgt-hackenbush-stalks --max-length 12 --out results/hackenbush-stalks.h5",
        .default_out = "hackenbush-stalks.h5",
        .progress_label = "cgt-hackenbush-stalks prefixes"};
}

void StalksJob::add_options(Options& options) {
    options.add(stalks::MAX_LENGTH_OPTION);
}

void StalksJob::read_options(const po::variables_map& vm, int) {
    m_params.max_length = static_cast<std::size_t>(stalks::MAX_LENGTH_OPTION.read(vm));
    m_tasks.emplace(m_params);
}

std::uint64_t StalksJob::task_count() const {
    return m_tasks->count();
}

MemoryNeed StalksJob::memory_need(int ranks) const {
    double rows = 0;
    for (std::size_t l = 1; l <= m_params.max_length; ++l)
        rows += static_cast<double>(stalks::stalks_of_length(l));
    return linear_need("--max-length " + std::to_string(m_params.max_length),
                       "a row and a value for each stalk", rows / ranks, STALK_ROW_BYTES, rows,
                       STALKS_PER_SECOND, STALK_BASE_BYTES);
}

Split StalksJob::split() const {
    return Split::round_robin;
}

TaskTableSpec StalksJob::tables() const {
    return {.tables = {&rows_schema::table},
            .text_ids = {{&rows_schema::table, rows_schema::value.name}},
            .counters = (m_params.max_length + 1) * stalks::SUMMED_COUNTS};
}

void StalksJob::begin(TaskTables& out) {
    m_values = std::make_unique<jobs::hackenbush_common::ValueTexts>(m_store, out.texts());
    m_rows = std::make_unique<stalks::StalkRows>(m_params, m_store, *m_values);
}

TaskStatus StalksJob::compute(std::uint64_t task, TaskTables& out, TaskContext&) {
    m_rows->run(*m_tasks, task, out.table(rows_schema::table));
    jobs::hackenbush_common::add_task_counts(stalks::summed_counts(m_rows->counts()), m_last,
                                             out.task_counters());
    return TaskStatus::done;
}

void StalksJob::finish(JobResults& results) {
    // Distinct values by canonical text across the ranks, per length.
    DistinctTexts distinct = results.index_texts();
    LocalTable& rows = results.table(rows_schema::table);
    const auto& value = rows.column(rows_schema::value);
    std::vector<std::uint64_t> length, max_birthday(m_params.max_length + 1, 0);
    const auto& birthday = rows.column(rows_schema::birthday);
    for (std::size_t i = 0; i < value.size(); ++i) {
        const auto n = static_cast<std::uint64_t>(rows.column(rows_schema::length)[i]);
        length.push_back(n);
        max_birthday[n] = std::max(max_birthday[n], static_cast<std::uint64_t>(birthday[i]));
    }
    const auto distinct_by_length = count_distinct_per_group(
        results.comm(), distinct.total, m_params.max_length + 1, length, value);
    std::vector<stalks::LengthCounts> counts(m_params.max_length + 1);
    stalks::set_summed_counts(counts, results.sum_counters());
    results.comm().max(max_birthday);
    for (std::size_t n = 0; n < counts.size(); ++n)
        counts[n].max_birthday = max_birthday[n];

    LocalTable lengths = stalks::schema::lengths::table.make(); // small: rank 0 writes it
    if (results.comm().is_root()) {
        lengths.begin_block(0);
        stalks::append_length_rows(counts, distinct_by_length, lengths);
    }
    results.write(stalks::schema::lengths::table, lengths);
    // Rows computed round-robin are scattered over the file: gathered into one run per
    // rank first, every compressed chunk is written by one rank.
    make_rows_contiguous(results.comm(), rows);
    results.write(rows_schema::table);
    jobs::hackenbush_common::write_values_table(results, distinct);
}

} // namespace cgt::jobs::hackenbush_stalks
