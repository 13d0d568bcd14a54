#include "grundy/grundy_job.hpp"

#include "common/runtime/rank_cores.hpp"
#include "impartial/frontier_analysis.hpp"

#include <bit>
#include <cstdio>

using namespace cgt;
using namespace cgt::common;
namespace schema = jobs::grundy::schema;

namespace cgt::jobs::grundy {

namespace {
const WholeOption MAX_HEAP{.name = "max-heap",
                           .default_value = 1L << 26,
                           .min = 0,
                           .max = (1L << 40) - 1,
                           .meaning = "N: compute G(0..N)"};
const WholeOption STORE_VALUES{
    .name = "store-values",
    .default_value = 1L << 26,
    .min = 0,
    .max = (1L << 32) - 1,
    .meaning = "B: the grundy table holds G(0..min(N, B)); past B the statistics "
               "and frequencies of every power of two are the result"};
// The prefix and window steer the run without changing its result (as --threads): run
// control, allowed in the INI file, out of the parameters, so that a run that stopped because
// they had to grow too far resumes with larger ones.
const WholeOption PREFIX_OPTION{
    .name = "prefix-heaps",
    .default_value = std::nullopt,
    .min = 1024,
    .max = 1L << 32,
    .meaning = "P: the sweep keeps G(0..P-1) for its scans (default 2^26; for N < 2^25 with "
               "neither this nor --window-heaps given, N/8 as a power of two, at least 2^18, "
               "growing as needed up to N; at least the stored values); it grows at most 4 "
               "times, each time starting again from heap 0, and says so in the log"};
const WholeOption WINDOW_OPTION{
    .name = "window-heaps",
    .default_value = std::nullopt,
    .min = 1L << 12,
    .max = 1L << 32,
    .meaning = "W: a power of two, the sweep keeps the last W values (default 2^26; for "
               "N < 2^25, as the prefix); it grows at most 4 times, as the prefix"};
// One core: about a million heaps a second (impartial::FRONTIER_HEAPS_PER_SECOND; measured
// here, 2^26 heaps in 68 s of CPU at load 8).
constexpr double PROGRAM_BYTES = 24.0 * (1 << 20);
// Heaps between looks at the clock and the stop flag.
constexpr std::uint64_t STEP = std::uint64_t{1} << 18;

std::string hours_text(double seconds) {
    char buf[48];
    if (seconds < 3600)
        std::snprintf(buf, sizeof buf, "%.0f s", seconds);
    else if (seconds < 48 * 3600)
        std::snprintf(buf, sizeof buf, "%.1f hours", seconds / 3600);
    else
        std::snprintf(buf, sizeof buf, "%.1f days", seconds / 86400);
    return buf;
}
} // namespace

JobInfo GrundyJob::info() const {
    return {.program = jobs::grundy::PROGRAM,
            .summary =
                "Computes G(0..N) of Grundy's game (split a heap into two unequal heaps) by the\n"
                "windowed sparse-space sweep (memory flat in N), with its sparse heaps, records,\n"
                "value counts, scan lengths and the statistics of every power of two. One rank,\n"
                "--threads threads; the journal keeps the sweep every --journal-every seconds,\n"
                "so a stopped or killed run continues with --resume. The sweep holds a prefix\n"
                "(--prefix-heaps) and a window (--window-heaps) of values; should a scan need\n"
                "more, it starts again with larger ones (at most 4 times each), and says so;\n"
                "past that it stops, and --resume with larger ones continues.",
            .example = "cgt-grundy --max-heap 4294967295 --store-values 1048576 --threads 2 --out "
                       "results/grundy-2^32.h5",
            .default_out = "grundy.h5",
            .progress_label = "cgt-grundy heaps"};
}

void GrundyJob::add_options(Options& options) {
    options.add(MAX_HEAP);
    options.add(STORE_VALUES);
    for (const WholeOption* o : {&PREFIX_OPTION, &WINDOW_OPTION}) {
        options.add_run_control()(o->name, po::value<long>()->value_name("HEAPS"),
                                  o->help().c_str());
        options.allow_in_config(o->name);
    }
    add_threads_option(options);
    options.add()("kernel", po::value<std::string>()->default_value("auto"),
                  "inner loops: auto (the fastest here), avx512, avx2 or portable");
}

void GrundyJob::read_options(const po::variables_map& vm, int ranks) {
    if (ranks != 1)
        throw UsageError("cgt-grundy is sequential: run it on 1 rank, got " +
                         std::to_string(ranks));
    m_settings.max_heap = static_cast<std::uint64_t>(MAX_HEAP.read(vm));
    m_settings.store_values = static_cast<std::uint64_t>(STORE_VALUES.read(vm));
    const ThreadChoice threads = read_threads(vm);
    m_settings.threads = threads.threads;
    m_threads_why = threads.why;
    m_settings.kernel = jobs::grundy::parse_kernel(vm["kernel"].as<std::string>());
    for (const WholeOption* o : {&PREFIX_OPTION, &WINDOW_OPTION})
        if (o->given(vm))
            if (const std::string why = o->refusal(o->read(vm)); !why.empty())
                throw UsageError(why);
    if (PREFIX_OPTION.given(vm))
        m_settings.prefix_heaps = static_cast<std::uint64_t>(PREFIX_OPTION.read(vm));
    if (WINDOW_OPTION.given(vm)) {
        m_settings.window_heaps = static_cast<std::uint64_t>(WINDOW_OPTION.read(vm));
        if (!std::has_single_bit(m_settings.window_heaps))
            throw UsageError("--window-heaps must be a power of two, got " +
                             std::to_string(m_settings.window_heaps));
    }
}

MemoryNeed GrundyJob::memory_need(int) const {
    const double heaps = static_cast<double>(m_settings.max_heap) + 1;
    MemoryNeed need =
        linear_need("--max-heap " + std::to_string(m_settings.max_heap) + " --store-values " +
                        std::to_string(m_settings.store_values),
                    "the sweep's prefix and window of values, the stored values", 0, 0, heaps,
                    impartial::FRONTIER_HEAPS_PER_SECOND, PROGRAM_BYTES + sweep_bytes(m_settings));
    return need;
}

std::uint64_t GrundyJob::task_count() const {
    return 1;
}

Split GrundyJob::split() const {
    return Split::blocks;
}

std::uint64_t GrundyJob::task_units(std::uint64_t) const {
    return m_settings.max_heap + 1;
}

TaskTableSpec GrundyJob::tables() const {
    return {.tables = {&schema::grundy::table, &schema::sparse::table, &schema::records::table,
                       &schema::value_counts::table, &schema::scan::table, &schema::stats::table,
                       &schema::frequencies::table}};
}

TaskStatus GrundyJob::compute(std::uint64_t, TaskTables& out, TaskContext& context) {
    // Every growth of the sweep's prefix or window goes to the log; a restart that computes
    // again from heap 0 hears a stop as the loop below does.
    impartial::WindowedSweep sweep = jobs::grundy::sweep_from_state(
        context.saved_state(), m_settings,
        {.on_growth =
             [&context](const impartial::WindowGrowth& growth) {
                 context.note(jobs::grundy::growth_text(growth));
             },
         .keep_going = [&context] { return !context.stop_requested(); }});
    const MemoryNeed need = memory_need(1);
    context.note("G(0.." + std::to_string(m_settings.max_heap) + ") from heap " +
                 std::to_string(sweep.size()) + " on " + m_threads_why +
                 "; estimate: " + std::to_string(static_cast<long>(need.bytes / (1 << 20))) +
                 " MiB, " + hours_text(need.core_seconds) + " of CPU on one core");
    std::uint64_t saved = sweep.size(); // the journal holds the sweep to here
    context.resumed(saved);
    const auto save = [&] {
        if (sweep.size() == saved) return;
        context.replace_state(jobs::grundy::encode_state(sweep));
        saved = sweep.size();
    };
    const std::uint64_t heaps = m_settings.max_heap + 1;
    sweep.reserve(heaps);
    try {
        while (sweep.size() < heaps) {
            const std::uint64_t from = sweep.size();
            sweep.run_to(std::min(heaps, from + STEP));
            if (sweep.size() > from) context.advance(sweep.size() - from); // less: a restart
            if (context.stop_requested()) {
                save();
                return TaskStatus::stopped;
            }
            if (context.state_due()) save();
        }
    } catch (const impartial::GrowthLimit& e) {
        // The journal keeps the last state saved: a resume with a larger --prefix-heaps or
        // --window-heaps continues from it.
        throw std::runtime_error(std::string(e.what()) + " (--prefix-heaps, --window-heaps)");
    } catch (const std::overflow_error& e) {
        save(); // what was computed is kept: a build with wider values can resume from it
        throw std::runtime_error(std::string(e.what()) + " (G(0.." +
                                 std::to_string(sweep.size() - 1) + ") are kept in the journal)");
    }
    jobs::grundy::Tables t = jobs::grundy::make_tables(std::move(sweep), m_settings);
    out.table(schema::grundy::table) = std::move(t.grundy);
    out.table(schema::sparse::table) = std::move(t.sparse);
    out.table(schema::records::table) = std::move(t.records);
    out.table(schema::value_counts::table) = std::move(t.value_counts);
    out.table(schema::scan::table) = std::move(t.scan);
    out.table(schema::stats::table) = std::move(t.stats);
    out.table(schema::frequencies::table) = std::move(t.frequencies);
    return TaskStatus::done;
}

void GrundyJob::finish(JobResults& results) {
    results.file().set_attribute("/", "max_heap", static_cast<std::int64_t>(m_settings.max_heap));
    results.file().set_attribute(
        "/", "stored_values",
        static_cast<std::int64_t>(std::min(m_settings.max_heap, m_settings.store_values) + 1));
    results.file().set_attribute("/", "scan_kernel",
                                 std::string(impartial::scan_kernel_name(m_settings.kernel)));
    results.write_task_tables();
}

} // namespace cgt::jobs::grundy
