#include "hackenbush-signs/signs_job.hpp"

using namespace cgt::common;
namespace jobs = cgt::jobs;
namespace signs = jobs::hackenbush_signs;
namespace iv = signs::schema::intervals;

namespace cgt::jobs::hackenbush_signs {

namespace {
// Measured peaks: 27.7 MB for L = 16, 28.8 MB for L = 21 (both 33 tasks; a task's values of
// one length, 2^16 at L = 21, are within the base); 1.38 s CPU for L = 21 (4,194,302
// stalks). Beyond L = 26 the tasks multiply (2^(L-21)): each keeps an
// interval of 5 numbers per length in the rows of its rank, about 48 (L + 1) bytes with
// the skeleton's record of it (sized from the layout: lengths past 33 take hours to run).
constexpr double SIGN_BASE_BYTES = 30e6, SIGN_STALKS_PER_SECOND = 3e6;
} // namespace

JobInfo SignsJob::info() const {
    return {
        .program = "cgt-hackenbush-signs",
        .summary = "Values every blue-red Hackenbush stalk of 1..L edges with the CGT engine and\n"
                   "checks each against Berlekamp's sign-expansion rule; counts distinct values.",
        .example =
            "mpiexec -n 2 cgt-hackenbush-signs --max-length 22 --out results/hackenbush-signs.h5",
        .default_out = "hackenbush-signs.h5",
        .progress_label = "cgt-hackenbush-signs prefixes"};
}

void SignsJob::add_options(Options& options) {
    options.add(signs::MAX_LENGTH_OPTION);
}

void SignsJob::read_options(const po::variables_map& vm, int) {
    m_params.max_length = static_cast<std::size_t>(signs::MAX_LENGTH_OPTION.read(vm));
    m_tasks.emplace(m_params);
}

std::uint64_t SignsJob::task_count() const {
    return m_tasks->count();
}

MemoryNeed SignsJob::memory_need(int ranks) const {
    const double tasks = static_cast<double>(m_tasks->count());
    const auto length = static_cast<int>(m_params.max_length);
    const double stalks = std::ldexp(1.0, length + 1) - 2;
    const double task_values =
        std::ldexp(16.0, length - static_cast<int>(m_tasks->prefix_length()));
    return linear_need("--max-length " + std::to_string(m_params.max_length),
                       "the intervals of each task", tasks / ranks, 48.0 * (length + 1), stalks,
                       SIGN_STALKS_PER_SECOND, SIGN_BASE_BYTES + task_values);
}

Split SignsJob::split() const {
    return Split::blocks;
}

TaskTableSpec SignsJob::tables() const {
    return {.tables = {&iv::table}, .counters = 2 * (m_params.max_length + 1)};
}

void SignsJob::begin(TaskTables&) {
    m_walk = std::make_unique<signs::SignWalk>(m_params);
}

TaskStatus SignsJob::compute(std::uint64_t task, TaskTables& out, TaskContext&) {
    m_walk->run(*m_tasks, task);
    std::vector<std::uint64_t> now = m_walk->stalks();
    now.insert(now.end(), m_walk->mismatches().begin(), m_walk->mismatches().end());
    jobs::hackenbush_common::add_task_counts(now, m_last, out.task_counters());
    LocalTable& intervals = out.table(iv::table);
    intervals.begin_block(task);
    for (const signs::Interval& i : m_walk->take_intervals()) {
        intervals.column(iv::length).push_back(i.length);
        intervals.column(iv::distinct).push_back(i.distinct);
        intervals.column(iv::numbers_only).push_back(i.numbers_only ? 1 : 0);
        intervals.column(iv::low).push_back(i.low.bits());
        intervals.column(iv::high).push_back(i.high.bits());
    }
    return TaskStatus::done;
}

void SignsJob::finish(JobResults& results) {
    const std::vector<std::uint64_t> counts = results.sum_counters();
    const auto half = static_cast<long>(m_params.max_length + 1);
    const std::vector<std::uint64_t> stalks(counts.begin(), counts.begin() + half),
        mismatches(counts.begin() + half, counts.end());
    // Every rank's intervals to rank 0, those of consecutive tasks chained (a few per
    // length and rank when the engine is right).
    LocalTable& t = results.table(iv::table);
    std::vector<std::pair<std::uint64_t, signs::Interval>> by_task; // (task, interval)
    for (const Block& b : t.blocks())
        for (std::uint64_t k = b.first_row; k < b.first_row + b.rows; ++k)
            by_task.emplace_back(
                b.key, signs::Interval{t.column(iv::length)[k], t.column(iv::distinct)[k],
                                       t.column(iv::numbers_only)[k] != 0,
                                       cgt::core::GameId::from_bits(t.column(iv::low)[k]),
                                       cgt::core::GameId::from_bits(t.column(iv::high)[k])});
    std::stable_sort(by_task.begin(), by_task.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    const std::vector<std::uint64_t> all =
        results.comm().gather(signs::pack(signs::chain_consecutive(by_task)));

    LocalTable lengths = signs::schema::lengths::table.make(),
               examples = signs::schema::examples::table.make();
    if (results.comm().is_root()) { // small: rank 0 writes them
        const auto intervals = signs::unpack(all);
        lengths.begin_block(0);
        signs::append_length_rows(stalks, mismatches,
                                  signs::distinct_by_length(m_params.max_length, intervals),
                                  intervals, lengths);
        examples.begin_block(0);
        signs::append_example_rows(m_params, examples);
    }
    results.write(signs::schema::lengths::table, lengths);
    results.write(signs::schema::examples::table, examples);
}

} // namespace cgt::jobs::hackenbush_signs
