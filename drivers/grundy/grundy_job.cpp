#include "grundy/grundy_job.hpp"

using namespace cgt;
using namespace cgt::common;
namespace schema = jobs::grundy::schema;

namespace cgt::jobs::grundy {

namespace {
constexpr double GRUNDY_BYTES_PER_HEAP = 3, GRUNDY_BASE_BYTES = 32.0 * (1 << 20),
                 GRUNDY_HEAPS_PER_SECOND = 6e5;
} // namespace

JobInfo GrundyJob::info() const {
    return {
        .program = jobs::grundy::PROGRAM,
        .summary =
            "Computes G(0..N) of Grundy's game (split a heap into two unequal heaps) by the\n"
            "sparse-space sweep, with its sparse heaps, records, value counts and scan lengths.\n"
            "Sequential (1 rank); the journal keeps the sweep every --journal-every seconds,\n"
            "so a stopped or killed run continues with --resume.",
        .example = "cgt-grundy --max-heap 67108864 --journal-every 60 --out results/grundy.h5",
        .default_out = "grundy.h5",
        .progress_label = "cgt-grundy heaps"};
}

void GrundyJob::add_options(Options& options) {
    options.add()("max-heap", po::value<long long>()->default_value(1LL << 26),
                  "N: compute G(0..N), 0..4294967294")(
        "kernel", po::value<std::string>()->default_value("auto"),
        "inner loops: auto (the fastest here), avx512, avx2 or portable");
}

void GrundyJob::read_options(const po::variables_map& vm, int ranks) {
    if (ranks != 1)
        throw UsageError("cgt-grundy is sequential: run it on 1 rank, got " +
                         std::to_string(ranks));
    const long long n = vm["max-heap"].as<long long>();
    if (n < 0 || static_cast<unsigned long long>(n) > impartial::SparseSweep::MAX_HEAP_LIMIT)
        throw UsageError("--max-heap must be 0.." +
                         std::to_string(impartial::SparseSweep::MAX_HEAP_LIMIT) + ", got " +
                         std::to_string(n));
    m_max_heap = static_cast<std::uint64_t>(n);
    m_kernel = jobs::grundy::parse_kernel(vm["kernel"].as<std::string>());
}

MemoryNeed GrundyJob::memory_need(int) const {
    const double heaps = static_cast<double>(m_max_heap) + 1;
    return linear_need("--max-heap " + std::to_string(m_max_heap), "values and sparse tables",
                       heaps, GRUNDY_BYTES_PER_HEAP, heaps, GRUNDY_HEAPS_PER_SECOND,
                       GRUNDY_BASE_BYTES);
}

std::uint64_t GrundyJob::task_count() const {
    return 1;
}

Split GrundyJob::split() const {
    return Split::blocks;
}

std::uint64_t GrundyJob::task_units(std::uint64_t) const {
    return m_max_heap + 1;
}

TaskTableSpec GrundyJob::tables() const {
    return {.tables = {&schema::grundy::table, &schema::sparse::table, &schema::records::table,
                       &schema::value_counts::table, &schema::scan::table}};
}

TaskStatus GrundyJob::compute(std::uint64_t, TaskTables& out, TaskContext& context) {
    impartial::SparseSweep sweep =
        jobs::grundy::sweep_from_state(context.saved_state(), m_max_heap, m_kernel);
    std::uint64_t saved = sweep.next_heap(); // G(0..saved-1) are in the journal
    context.advance(saved);
    const auto save = [&] {
        if (sweep.next_heap() == saved) return;
        context.save_state(jobs::grundy::encode_state(sweep, saved), false);
        saved = sweep.next_heap();
    };
    constexpr std::uint64_t STEP = 1 << 16; // heaps between looks at the clock and the stop flag
    try {
        while (sweep.next_heap() <= m_max_heap) {
            const std::uint64_t from = sweep.next_heap();
            const std::uint64_t to = std::min(m_max_heap, from + STEP - 1);
            sweep.run_through(to);
            context.advance(to + 1 - from);
            if (context.stop_requested()) {
                save();
                return TaskStatus::stopped;
            }
            if (context.state_due()) save();
        }
    } catch (const std::overflow_error& e) {
        // Keep what was computed: a build with wider value tables can resume from it.
        save();
        throw std::runtime_error(std::string(e.what()) + " (G(0.." +
                                 std::to_string(sweep.next_heap() - 1) +
                                 ") are kept in the journal)");
    }
    jobs::grundy::Tables t = jobs::grundy::make_tables(std::move(sweep));
    out.table(0) = std::move(t.grundy);
    out.table(1) = std::move(t.sparse);
    out.table(2) = std::move(t.records);
    out.table(3) = std::move(t.value_counts);
    out.table(4) = std::move(t.scan);
    return TaskStatus::done;
}

void GrundyJob::finish(JobResults& results) {
    results.file().set_attribute("/", "max_heap", static_cast<std::int64_t>(m_max_heap));
    results.file().set_attribute("/", "scan_kernel",
                                 std::string(impartial::scan_kernel_name(m_kernel)));
    for (std::size_t i = 0; i < 5; ++i)
        results.write(i);
}

} // namespace cgt::jobs::grundy
