#include "octal-sweep/octal_sweep_job.hpp"

#include "common/runtime/rank_cores.hpp"
#include "impartial/sweep_pool.hpp"

#include <algorithm>
#include <bit>
#include <exception>
#include <vector>

using namespace cgt;
using namespace cgt::common;
namespace sweep = jobs::octal_sweep;

namespace cgt::jobs::octal_sweep {

namespace {
// Heaps are 32-bit; 2^28 heaps already hold 1 GiB of values per game.
constexpr long MAX_HEAP_LIMIT = 1L << 28;
// A frontier game's ceiling (the windowed sweep: memory flat in the heaps; a rare heap past
// 2^32 ends the game with an error).
constexpr std::uint64_t MAX_CEILING = std::uint64_t{1} << 36;
// A frontier game is forecast (frontier_analysis.hpp) where the definition may take it past
// impartial::FORECAST_WORTH_PAST heaps (a ceiling and a definition ceiling both past it; a
// listed game has none: .06@2^32 is decades; a family under the default --definition-ceiling
// 2^32 with a --ceiling of 2^24 is months for .04 and .06). Below, thousands of family games
// are not probed, and are timed at the split's pace.
// The frontier sweep's prefix and window unless given (WindowConfig's defaults).
constexpr long DEFAULT_PREFIX_HEAPS = 1L << 21;
constexpr long DEFAULT_WINDOW_HEAPS = 1L << 26;

const WholeOption SUBTRACTION_MAX{.name = "subtraction-max",
                                  .default_value = 12,
                                  .min = 0,
                                  .max = sweep::MAX_SUBTRACTION,
                                  .meaning = "K: every non-empty subtraction set S of {1..K}",
                                  .note = "0: none"};
const WholeOption OCTAL_DIGITS{.name = "octal-digits",
                               .default_value = 3,
                               .min = 0,
                               .max = sweep::MAX_OCTAL_DIGITS,
                               .meaning = "D: every octal code d0.d1..dD with d0 = 0 or 4",
                               .note = "0: none"};
const WholeOption MAX_HEAP{.name = "max-heap",
                           .default_value = 16384,
                           .min = 0,
                           .max = MAX_HEAP_LIMIT,
                           .meaning = "heap bound of the families"};
const WholeOption SPLIT_MAX_HEAP{
    .name = "split-max-heap",
    .default_value = 0,
    .min = 0,
    .max = MAX_HEAP_LIMIT,
    .meaning =
        "family games still valued by the rare/common split at --max-heap go on to this bound",
    .note = "0: off"};
const WholeOption LISTED_MAX_HEAP{.name = "listed-max-heap",
                                  .default_value = 1L << 25,
                                  .min = 0,
                                  .max = MAX_HEAP_LIMIT,
                                  .meaning = "heap bound of the --games"};
const WholeOption STORED_VALUES{.name = "stored-values",
                                .default_value = 32,
                                .min = 0,
                                .max = 100000,
                                .meaning = "values G(0..) kept per game (first_values)"};

// The prefix steers the run without changing its rows (as --threads): run control, allowed
// in the INI file, out of the parameters, so a resume may change it. At least 2^20 heaps: a
// periodic game's whole sequence (up to Params::max_sequence = 2^20 values) is read from the
// prefix. The window decides which periods can be proven (from a run of values inside it):
// a parameter, left out of the parameters at its default so that older journals resume.
const WholeOption PREFIX_OPTION{
    .name = "prefix-heaps",
    .default_value = std::nullopt,
    .min = 1L << 20,
    .max = 1L << 32,
    .meaning = "P: a frontier game's sweep keeps G(0..P-1) for its scans (default 2^21); a "
               "scan that needs more starts it again from heap 0 with a larger one, and says "
               "so in the log (run control: the rows do not change)"};
const WholeOption WINDOW_OPTION{
    .name = "window-heaps",
    .default_value = std::nullopt,
    .min = 1L << 12,
    .max = 1L << 32,
    .meaning = "W: a power of two, a frontier game's sweep keeps the last W values (default "
               "2^26); it grows as the prefix, and a period is proven only from values it holds",
    .off = DEFAULT_WINDOW_HEAPS};

std::uint64_t heap_count(const po::variables_map& vm, const std::string& name) {
    std::uint64_t n = 0;
    try {
        n = sweep::parse_heap_count(vm[name].as<std::string>());
    } catch (const std::invalid_argument& e) {
        throw UsageError("--" + name + ": " + e.what());
    }
    if (n > MAX_CEILING)
        throw UsageError("--" + name + " must be at most 2^36 heaps, got " + std::to_string(n));
    return n;
}
} // namespace

JobInfo OctalSweepJob::info() const {
    return {
        .program = "cgt-octal-sweep",
        .summary =
            "Analyses whole families of heap games: every subtraction set S of {1..K} and every "
            "octal\n"
            "code of up to D digits (d0 = 0 or 4), plus listed games; per game the Grundy values, "
            "and\n"
            "the preperiod and period proven by the Guy-Smith bound (or a repeated window for\n"
            "subtraction games), or 'not yet periodic up to N'.",
        .example =
            "mpiexec -n 2 cgt-octal-sweep --subtraction-max 12 --octal-digits 3 --max-heap 16384 "
            "--ceiling 2^20 --games 'grundy@2^21 .04@2^17' --out results/octal-sweep.h5",
        .default_out = "octal-sweep.h5"};
}

void OctalSweepJob::add_options(Options& options) {
    options.add(SUBTRACTION_MAX);
    options.add()("misere", po::value<bool>()->default_value(false)->implicit_value(true),
                  "also every such S in misere play");
    options.add(OCTAL_DIGITS);
    options.add()(
        "games", po::value<std::string>()->default_value(""),
        "more games, analysed first to --listed-max-heap: blank-separated octal codes (.16; they "
        "and "
        "grundy, Grundy's game, run by the frontier sweep until proven) or subtraction sets "
        "(1,3,4; "
        "1,2:misere); GAME@N or GAME@2^k gives one its own bound (for the frontier sweep: its "
        "ceiling "
        "in heaps)");
    options.add(MAX_HEAP);
    options.add(SPLIT_MAX_HEAP);
    options.add(LISTED_MAX_HEAP);
    options.add(STORED_VALUES);
    options.add()("octal-d0", po::value<std::string>()->default_value("both"),
                  "the first digit of the octal family's codes: both (0.abc and 4.abc), 0 or 4")(
        "ceiling", po::value<std::string>()->default_value("0"),
        "N or 2^k (at most 2^36): the frontier; every game that is not a subtraction set runs by "
        "the "
        "frontier sweep until the Guy-Smith bound proves its period or it reaches N heaps, with "
        "the "
        "statistics of every power of two; the listed ones to their own bound (0: off)")(
        "definition-ceiling", po::value<std::string>()->default_value("2^32"),
        "with --ceiling: a family game valued by the definition (the rare/common split does not "
        "pay) "
        "stops at the first step past N heaps");
    options.add(WINDOW_OPTION);
    options.add_run_control()(PREFIX_OPTION.name, po::value<long>()->value_name("HEAPS"),
                              PREFIX_OPTION.help().c_str());
    options.allow_in_config(PREFIX_OPTION.name);
    add_threads_option(options);
}

void OctalSweepJob::read_options(const po::variables_map& vm, int) {
    m_params.subtraction_max = static_cast<unsigned>(SUBTRACTION_MAX.read(vm));
    m_params.misere = vm["misere"].as<bool>();
    m_params.octal_digits = static_cast<unsigned>(OCTAL_DIGITS.read(vm));
    m_params.max_heap = static_cast<impartial::Heap>(MAX_HEAP.read(vm));
    m_params.split_max_heap = static_cast<impartial::Heap>(SPLIT_MAX_HEAP.read(vm));
    m_params.listed_max_heap = static_cast<impartial::Heap>(LISTED_MAX_HEAP.read(vm));
    m_params.stored_values = static_cast<unsigned>(STORED_VALUES.read(vm));
    m_params.listed = sweep::parse_games(vm["games"].as<std::string>());
    const std::string d0 = vm["octal-d0"].as<std::string>();
    if (d0 == "0")
        m_params.octal_d0 = {0};
    else if (d0 == "4")
        m_params.octal_d0 = {impartial::LEAVE_TWO};
    else if (d0 != "both")
        throw UsageError("--octal-d0 must be both, 0 or 4, got '" + d0 + "'");
    m_params.ceiling = heap_count(vm, "ceiling");
    m_params.definition_ceiling = heap_count(vm, "definition-ceiling");
    const ThreadChoice threads = read_threads(vm);
    m_params.threads = threads.threads;
    m_threads_why = threads.why;
    if (PREFIX_OPTION.given(vm)) {
        if (const std::string why = PREFIX_OPTION.refusal(PREFIX_OPTION.read(vm)); !why.empty())
            throw UsageError(why);
        m_params.prefix_heaps = static_cast<std::uint64_t>(PREFIX_OPTION.read(vm));
    }
    if (WINDOW_OPTION.given(vm)) {
        m_params.window_heaps = static_cast<std::uint64_t>(WINDOW_OPTION.read(vm));
        if (!std::has_single_bit(m_params.window_heaps))
            throw UsageError("--window-heaps must be a power of two, got " +
                             std::to_string(m_params.window_heaps));
    }
    if (m_params.listed.empty() && m_params.subtraction_max == 0 && m_params.octal_digits == 0)
        throw UsageError("no games: set --subtraction-max, --octal-digits or --games");
    m_games = sweep::enumerate_games(m_params);
    for (const auto& game : m_games) {
        if (game.family != sweep::Family::listed || !game.bound) continue;
        const bool frontier = sweep::runs_frontier(m_params, game);
        const std::uint64_t most = frontier ? MAX_CEILING : MAX_HEAP_LIMIT;
        if (game.bound > most)
            throw UsageError("--games: the bound of " + game.name() + " must be at most " +
                             std::string(frontier ? "2^36 heaps (its ceiling)" : "268435456") +
                             ", got " + std::to_string(game.bound));
    }
    m_starts = sweep::plan_tasks(m_games);
}

std::uint64_t OctalSweepJob::task_count() const {
    return m_starts.size() - 1;
}

MemoryNeed OctalSweepJob::memory_need(int) const {
    // Values held: a family game's up to its bound (4 bytes each); a frontier game's prefix
    // and window (2 bytes each, twice while a snapshot is written to the journal), or every
    // value while it is valued by the definition. The time: past 2^20 heaps, a game as a
    // first run to 2^16 heaps forecasts it (frontier_analysis.hpp: at the split's pace, or the
    // splits the definition reads to its ceiling); below, at the split's pace; the families
    // without a ceiling take minutes.
    // A frontier game's sweep holds its prefix and window (as configured; growth aside).
    const double sweep_heaps =
        static_cast<double>(m_params.prefix_heaps ? m_params.prefix_heaps : DEFAULT_PREFIX_HEAPS) +
        static_cast<double>(m_params.window_heaps ? m_params.window_heaps : DEFAULT_WINDOW_HEAPS);
    // The games forecast, each on one of the rank's threads (the families at --ceiling 2^32
    // are hundreds of games, about 0.15 s each): the same figures whatever the thread count.
    const auto forecast_worth = [&](const sweep::SweepGame& game) {
        if (!sweep::runs_frontier(m_params, game)) return false;
        const auto limits = sweep::frontier_limits_for(m_params, game);
        return std::min(limits.ceiling, limits.definition_ceiling) > impartial::FORECAST_WORTH_PAST;
    };
    std::vector<std::size_t> probed;
    for (std::size_t i = 0; i < m_games.size(); ++i)
        if (forecast_worth(m_games[i])) probed.push_back(i);
    std::vector<impartial::FrontierForecast> forecasts(m_games.size());
    std::vector<std::exception_ptr> failed(probed.size());
    // SweepPool takes fewer than 2^16 items a run.
    for (std::size_t from = 0; from < probed.size(); from += 65535) {
        const std::size_t count = std::min<std::size_t>(65535, probed.size() - from);
        impartial::SweepPool pool(static_cast<unsigned>(
            std::clamp<std::size_t>(std::max(1u, m_params.threads), 1, count)));
        pool.run(count, [&](std::uint64_t k) {
            const std::size_t item = from + k;
            const sweep::SweepGame& game = m_games[probed[item]];
            const auto limits = sweep::frontier_limits_for(m_params, game);
            try {
                forecasts[probed[item]] = impartial::forecast_frontier(
                    sweep::frontier_rules(game), limits.ceiling, limits.definition_ceiling);
            } catch (...) {
                failed[item] = std::current_exception();
            }
        });
    }
    for (const std::exception_ptr& e : failed)
        if (e) std::rethrow_exception(e);
    double held = 0, frontier_seconds = 0, largest = 0, frontier_largest = 0;
    std::uint64_t frontier_games = 0;
    for (std::size_t i = 0; i < m_games.size(); ++i) {
        const sweep::SweepGame& game = m_games[i];
        if (sweep::runs_frontier(m_params, game)) {
            const auto limits = sweep::frontier_limits_for(m_params, game);
            const double ceiling = static_cast<double>(limits.ceiling);
            double kept = sweep_heaps, seconds = ceiling / impartial::FRONTIER_HEAPS_PER_SECOND;
            if (forecast_worth(game)) {
                const impartial::FrontierForecast& forecast = forecasts[i];
                if (forecast.quadratic) kept = std::max(kept, static_cast<double>(forecast.heaps));
                seconds = forecast.core_seconds();
            } else {
                kept = std::max(kept, static_cast<double>(limits.definition_ceiling));
            }
            held = std::max(held, 4 * std::min(ceiling, kept));
            frontier_seconds += seconds;
            largest = std::max(largest, ceiling);
            frontier_largest = std::max(frontier_largest, ceiling);
            ++frontier_games;
        } else {
            const double bound = static_cast<double>(
                game.bound ? game.bound : sweep::limits_for(m_params, game.family).max_heap);
            held = std::max(held, 4 * bound);
            largest = std::max(largest, bound);
        }
    }
    MemoryNeed need =
        linear_need("a game of " + std::to_string(static_cast<std::uint64_t>(largest)) + " heaps",
                    "the values one game holds on each rank", held, 1);
    need.core_seconds = frontier_seconds;
    // The time is every frontier game's, not the largest game's alone.
    if (frontier_games > 1)
        need.time_cause = "a run of " + std::to_string(frontier_games) + " games of up to " +
                          std::to_string(static_cast<std::uint64_t>(frontier_largest)) + " heaps";
    return need;
}

Split OctalSweepJob::split() const {
    return Split::queue;
}

std::vector<TaskSubset> OctalSweepJob::subsets() {
    return {{"codes", "GAMES",
             "compute only the tasks of these games (.16,.354 or 1,3,4 as in --games), into the "
             "journal",
             [this](const std::string& text) { return tasks_of_games(text); }}};
}

std::vector<std::uint64_t> OctalSweepJob::dispatch_order() const {
    std::vector<double> cost(task_count());
    for (std::uint64_t t = 0; t < cost.size(); ++t)
        for (std::uint64_t i = m_starts[t]; i < m_starts[t + 1]; ++i) {
            const sweep::SweepGame& game = m_games[i];
            if (sweep::runs_frontier(m_params, game)) {
                const auto limits = sweep::frontier_limits_for(m_params, game);
                cost[t] += sweep::expected_cost(sweep::frontier_rules(game), limits.ceiling,
                                                limits.definition_ceiling);
            } else {
                cost[t] += static_cast<double>(
                    game.bound ? game.bound : sweep::limits_for(m_params, game.family).max_heap);
            }
        }
    return sweep::order_by_cost(cost);
}

TaskTableSpec OctalSweepJob::tables() const {
    namespace s = sweep::schema;
    return {.tables = {&s::games::table, &s::sequences::table, &s::frontier::table,
                       &s::frontier_stats::table, &s::frontier_frequencies::table}};
}

void OctalSweepJob::begin(TaskTables&) {
    m_rows = std::make_unique<sweep::GameRows>(m_params, m_games);
}

TaskStatus OctalSweepJob::compute(std::uint64_t task, TaskTables& out, TaskContext& context) {
    namespace s = sweep::schema;
    const sweep::RowTables rows{out.table(s::games::table), out.table(s::sequences::table),
                                out.table(s::frontier::table), out.table(s::frontier_stats::table),
                                out.table(s::frontier_frequencies::table)};
    const std::uint64_t first = m_starts[task];
    if (m_starts[task + 1] != first + 1 || !sweep::runs_frontier(m_params, m_games[first])) {
        out.begin_blocks(task);
        m_rows->compute_all(first, m_starts[task + 1], rows);
        return TaskStatus::done;
    }
    // One frontier game: it resumes from the values it saved, and saves the new ones every
    // --journal-every seconds and when a stop is asked for.
    // The saved state is the windowed sweep's whole state, of a size that does not grow
    // with the heaps, in the task's state file: one in the journal however often it saves.
    const std::vector<std::vector<std::byte>> saved = context.saved_state();
    impartial::WindowedLimits limits = sweep::frontier_limits_for(m_params, m_games[first]);
    if (!saved.empty()) limits.resume = saved.back();
    if (saved.empty() && limits.ceiling > (std::uint64_t{1} << 26))
        context.note(m_games[first].name() + " to " + std::to_string(limits.ceiling) +
                     " heaps on " + m_threads_why);
    // Every growth of the sweep's prefix or window goes to the log; a restart that computes
    // again from heap 0 hears a stop as between_chunks does.
    limits.config.on_growth =
        [&context, name = m_games[first].name()](const impartial::WindowGrowth& growth) {
            context.note(name + ": " + impartial::growth_text(growth));
        };
    limits.config.keep_going = [&context] { return !context.stop_requested(); };
    std::uint64_t saved_to = 0;
    limits.between_chunks = [&](const impartial::WindowedSweep& sweep) {
        const bool stop = context.stop_requested();
        // Fewer heaps than saved: a restart (with a larger prefix or window) stopped early.
        if ((stop || context.state_due()) && sweep.size() != saved_to) {
            context.replace_state(sweep.save_state());
            saved_to = sweep.size();
        }
        return !stop;
    };
    // The blocks begin only once the game is done: a stopped task leaves none.
    return m_rows->compute_frontier(first, limits, rows, task) ? TaskStatus::done
                                                               : TaskStatus::stopped;
}

void OctalSweepJob::finish(JobResults& results) {
    results.write_task_tables();
}

std::vector<std::uint64_t> OctalSweepJob::tasks_of_games(const std::string& text) const {
    std::string spaced = text;
    for (std::size_t i = 0, depth = 0; i < spaced.size(); ++i) {
        if (spaced[i] == '{') ++depth;
        if (spaced[i] == '}' && depth > 0) --depth;
        const std::string_view next = std::string_view(spaced).substr(i + 1);
        if (spaced[i] == ',' && depth == 0 &&
            (next.starts_with('.') || next.starts_with("4.") || next.starts_with("grundy")))
            spaced[i] = ' ';
    }
    std::vector<std::uint64_t> out;
    for (const sweep::ListedGame& listed : sweep::parse_games(spaced)) {
        const sweep::SweepGame wanted{sweep::Family::listed, listed.octal, 0};
        bool found = false;
        for (std::uint64_t i = 0; i < m_games.size(); ++i) {
            if (m_games[i].name() != wanted.name()) continue;
            found = true;
            out.push_back(static_cast<std::uint64_t>(
                std::upper_bound(m_starts.begin(), m_starts.end(), i) - m_starts.begin() - 1));
        }
        if (!found)
            throw UsageError("--codes: " + wanted.name() + " is not among the games of this run");
    }
    return out;
}

} // namespace cgt::jobs::octal_sweep
