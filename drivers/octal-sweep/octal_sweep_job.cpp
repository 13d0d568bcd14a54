#include "octal-sweep/octal_sweep_job.hpp"

using namespace cgt;
using namespace cgt::common;
namespace sweep = jobs::octal_sweep;

namespace cgt::jobs::octal_sweep {

namespace {
// Heaps are 32-bit; 2^28 heaps already hold 1 GiB of values per game.
constexpr long MAX_HEAP_LIMIT = 1L << 28;

long ranged(const po::variables_map& vm, const std::string& name, long low, long high) {
    const long value = vm[name].as<long>();
    if (value < low || value > high)
        throw UsageError("--" + name + " must be " + std::to_string(low) + ".." +
                         std::to_string(high) + ", got " + std::to_string(value));
    return value;
}

std::uint64_t heap_count(const po::variables_map& vm, const std::string& name) {
    std::uint64_t n = 0;
    try {
        n = sweep::parse_heap_count(vm[name].as<std::string>());
    } catch (const std::invalid_argument& e) {
        throw UsageError("--" + name + ": " + e.what());
    }
    if (n > impartial::FrontierSweep::MAX_HEAPS)
        throw UsageError("--" + name + " must be at most 2^32 heaps, got " + std::to_string(n));
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
    options.add()("subtraction-max", po::value<long>()->default_value(12),
                  "K: every non-empty subtraction set S of {1..K} (0..20; 0: none)")(
        "misere", po::value<bool>()->default_value(false)->implicit_value(true),
        "also every such S in misere play")(
        "octal-digits", po::value<long>()->default_value(3),
        "D: every octal code d0.d1..dD with d0 = 0 or 4 (0..5; 0: none)")(
        "games", po::value<std::string>()->default_value(""),
        "more games, analysed first to --listed-max-heap: blank-separated octal codes (.16; they "
        "and "
        "grundy, Grundy's game, run by the frontier sweep until proven) or subtraction sets "
        "(1,3,4; "
        "1,2:misere); GAME@N or GAME@2^k gives one its own bound (for the frontier sweep: its "
        "ceiling "
        "in heaps)")("max-heap", po::value<long>()->default_value(16384),
                     "heap bound of the families")(
        "split-max-heap", po::value<long>()->default_value(0),
        "family games still valued by the rare/common split at --max-heap go on to this bound (0: "
        "off)")("listed-max-heap", po::value<long>()->default_value(1L << 25),
                "heap bound of the --games")("stored-values", po::value<long>()->default_value(32),
                                             "values G(0..) kept per game (first_values)")(
        "octal-d0", po::value<std::string>()->default_value("both"),
        "the first digit of the octal family's codes: both (0.abc and 4.abc), 0 or 4")(
        "ceiling", po::value<std::string>()->default_value("0"),
        "N or 2^k (at most 2^32): the frontier; every game that is not a subtraction set runs by "
        "the "
        "frontier sweep until the Guy-Smith bound proves its period or it reaches N heaps, with "
        "the "
        "statistics of every power of two; the listed ones to their own bound (0: off)")(
        "definition-ceiling", po::value<std::string>()->default_value("2^32"),
        "with --ceiling: a family game valued by the definition (the rare/common split does not "
        "pay) "
        "stops at the first step past N heaps");
}

void OctalSweepJob::read_options(const po::variables_map& vm, int) {
    m_params.subtraction_max =
        static_cast<unsigned>(ranged(vm, "subtraction-max", 0, sweep::MAX_SUBTRACTION));
    m_params.misere = vm["misere"].as<bool>();
    m_params.octal_digits =
        static_cast<unsigned>(ranged(vm, "octal-digits", 0, sweep::MAX_OCTAL_DIGITS));
    m_params.max_heap = static_cast<impartial::Heap>(ranged(vm, "max-heap", 0, MAX_HEAP_LIMIT));
    m_params.split_max_heap =
        static_cast<impartial::Heap>(ranged(vm, "split-max-heap", 0, MAX_HEAP_LIMIT));
    m_params.listed_max_heap =
        static_cast<impartial::Heap>(ranged(vm, "listed-max-heap", 0, MAX_HEAP_LIMIT));
    m_params.stored_values = static_cast<unsigned>(ranged(vm, "stored-values", 0, 100000));
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
    if (m_params.listed.empty() && m_params.subtraction_max == 0 && m_params.octal_digits == 0)
        throw UsageError("no games: set --subtraction-max, --octal-digits or --games");
    m_games = sweep::enumerate_games(m_params);
    for (const auto& game : m_games) {
        if (game.family != sweep::Family::listed || !game.bound) continue;
        const bool frontier = sweep::runs_frontier(m_params, game);
        const std::uint64_t most = frontier ? impartial::FrontierSweep::MAX_HEAPS : MAX_HEAP_LIMIT;
        if (game.bound > most)
            throw UsageError("--games: the bound of " + game.name() + " must be at most " +
                             std::string(frontier ? "2^32 heaps (its ceiling)" : "268435456") +
                             ", got " + std::to_string(game.bound));
    }
    m_starts = sweep::plan_tasks(m_games);
}

std::uint64_t OctalSweepJob::task_count() const {
    return m_starts.size() - 1;
}

MemoryNeed OctalSweepJob::memory_need(int) const {
    double heaps = 0;
    for (const sweep::SweepGame& game : m_games)
        heaps = std::max(
            heaps,
            static_cast<double>(sweep::runs_frontier(m_params, game)
                                    ? sweep::frontier_limits_for(m_params, game).ceiling
                                : game.bound ? game.bound
                                             : sweep::limits_for(m_params, game.family).max_heap));
    return linear_need("a game of " + std::to_string(static_cast<std::uint64_t>(heaps)) + " heaps",
                       "the values of one game on each rank", heaps, 4);
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
    const sweep::RowTables rows{out.table(0), out.table(1), out.table(2), out.table(3),
                                out.table(4)};
    const std::uint64_t first = m_starts[task];
    if (m_starts[task + 1] != first + 1 || !sweep::runs_frontier(m_params, m_games[first])) {
        for (std::size_t t = 0; t < TABLES; ++t)
            out.table(t).begin_block(task);
        m_rows->compute_all(first, m_starts[task + 1], rows);
        return TaskStatus::done;
    }
    // One frontier game: it resumes from the values it saved, and saves the new ones every
    // --journal-every seconds and when a stop is asked for.
    const sweep::FrontierState saved = sweep::decode_frontier_state(context.saved_state());
    impartial::FrontierLimits limits = sweep::frontier_limits_for(m_params, m_games[first]);
    if (saved.values.size() > limits.ceiling)
        throw std::invalid_argument("the journal holds " + std::to_string(saved.values.size()) +
                                    " values of " + m_games[first].name() + ", beyond its ceiling");
    limits.resume = saved.values;
    limits.resume_counters = saved.counters;
    std::uint64_t saved_to = saved.values.size();
    limits.between_chunks = [&](const impartial::FrontierSweep& sweep) {
        const bool stop = context.stop_requested();
        if ((stop || context.state_due()) && sweep.size() > saved_to) {
            context.save_state(sweep::encode_frontier_state(sweep, saved_to), false);
            saved_to = sweep.size();
        }
        return !stop;
    };
    // The blocks begin only once the game is done: a stopped task leaves none.
    return m_rows->compute_frontier(first, limits, rows, task) ? TaskStatus::done
                                                               : TaskStatus::stopped;
}

void OctalSweepJob::finish(JobResults& results) {
    for (std::size_t t = 0; t < TABLES; ++t)
        results.write(t);
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
