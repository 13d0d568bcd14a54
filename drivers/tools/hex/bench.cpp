// cgt-hex-bench: the Hex solver's benchmark (not a test). Solves openings of one board, each
// with a cleared table, and prints per opening the result for the first player, the nodes,
// the positions analysed and the CPU seconds (one core), then the totals and a signature
// (the sum of the node counts: it changes whenever the search does, as Stockfish's bench).
#include "common/plumbing/tool_main.hpp"
#include "common/runtime/memory_limit.hpp"
#include "common/runtime/options.hpp"
#include "hex-openings/solved_range.hpp"
#include "hex/parallel/job_simulator.hpp"
#include "hex/solver/openings.hpp"
#include "hex/solver/solver.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace common = cgt::common;
namespace hex = cgt::hex;
using common::UsageError;

namespace {

double cpu_seconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

// "all", "half" (one of each 180-degree pair) or cell names separated by blanks or commas.
std::vector<hex::Cell> parse_openings(hex::Shape size, const std::string& text) {
    std::vector<hex::Cell> out;
    if (text == "all" || text == "half") {
        for (const hex::Cell c : hex::all_cells(size))
            if (text == "all" || hex::is_representative(size, c)) out.push_back(c);
        return out;
    }
    std::string spaced = text;
    for (char& ch : spaced)
        if (ch == ',') ch = ' ';
    std::istringstream in(spaced);
    for (std::string name; in >> name;) {
        const hex::Board b = hex::Board::from_moves(size, name); // names a cell or throws
        for (const hex::Cell c : hex::all_cells(size))
            if (b.at(c) != hex::Stone::empty) out.push_back(c);
    }
    if (out.empty())
        throw UsageError("--openings is empty: give all, half or cell names (e.g. a1,d4)");
    return out;
}

// --simulate: the job-level search of the opening on each worker count (job_simulator.hpp:
// a clock in nodes), against the sequential search's `nodes`; how many decided as it did
// (`outcome`, for the first player).
struct Simulation {
    std::vector<int> workers;
    hex::SimulationOptions options;
    // --reference: the sequential search's result and nodes from an earlier run (not searched)
    std::optional<std::pair<hex::Outcome, std::uint64_t>> reference;
};

// A line on stderr at most once a minute while a simulation runs (hours on the hardest 8x8
// openings): its clock, the nodes its jobs searched, and the root's proof numbers.
std::function<void(const hex::SimulationReport&)> progress_printer(hex::Cell c, int workers) {
    using Clock = std::chrono::steady_clock;
    auto last = std::make_shared<Clock::time_point>(Clock::now());
    return [=](const hex::SimulationReport& r) {
        const Clock::time_point now = Clock::now();
        if (now - *last < std::chrono::seconds(60)) return;
        *last = now;
        std::fprintf(stderr,
                     "cgt-hex-bench: %s on %d workers: clock %llu nodes, %llu searched, %llu "
                     "jobs, the root's proof numbers %u and %u (for the player after the "
                     "opening)\n",
                     hex::cell_name(c).c_str(), workers,
                     static_cast<unsigned long long>(r.makespan),
                     static_cast<unsigned long long>(r.searched),
                     static_cast<unsigned long long>(r.jobs), r.root.phi, r.root.delta);
        std::fflush(stderr);
    };
}

int simulate(hex::Shape size, const hex::RuleSet& rules, hex::Cell c, hex::Outcome outcome,
             std::uint64_t nodes, const Simulation& sim) {
    int same = 0;
    for (const int w : sim.workers) {
        hex::SimulationOptions o = sim.options;
        o.workers = w;
        o.progress = progress_printer(c, w);
        const hex::SimulationReport r =
            hex::simulate_job_search(size, rules, hex::SplitPosition::after(size, {c}), o);
        std::printf("  %3d workers: %-6s makespan %10llu nodes, speed-up %6.2f, searched %10llu "
                    "(%.2fx), %llu jobs, "
                    "%llu cancelled, idle %.1f%%, shipped %llu positions and %llu KiB of entries\n",
                    w, hex::outcome_name(hex::negate(r.outcome)),
                    static_cast<unsigned long long>(r.makespan),
                    r.makespan ? static_cast<double>(nodes) / static_cast<double>(r.makespan) : 0.0,
                    static_cast<unsigned long long>(r.searched),
                    nodes ? static_cast<double>(r.searched) / static_cast<double>(nodes) : 0.0,
                    static_cast<unsigned long long>(r.jobs),
                    static_cast<unsigned long long>(r.cancelled),
                    r.makespan ? 100.0 * static_cast<double>(r.idle) /
                                     static_cast<double>(r.makespan * static_cast<std::uint64_t>(w))
                               : 0.0,
                    static_cast<unsigned long long>(r.shipped_positions),
                    static_cast<unsigned long long>(r.shipped_seed_bytes / 1024));
        // Where the searched nodes went: what the parallel search adds to the sequential one
        // is in the last two parts.
        const auto share = [&](std::uint64_t part) {
            return r.searched ? 100.0 * static_cast<double>(part) / static_cast<double>(r.searched)
                              : 0.0;
        };
        const std::uint64_t useless = r.counters.useless_nodes,
                            rest = r.searched - std::min(r.searched, r.proof_work + useless);
        std::printf(
            "               searched: %llu (%.1f%%) in the proof tree's positions, %llu (%.1f%%) "
            "in jobs whose leaf was decided or cut before they ended, %llu (%.1f%%) elsewhere "
            "(moves the proof does not need, jobs running at the end); %llu leaves expanded, %llu "
            "busy leaves split, %llu speculative jobs\n",
            static_cast<unsigned long long>(r.proof_work), share(r.proof_work),
            static_cast<unsigned long long>(useless), share(useless),
            static_cast<unsigned long long>(rest), share(rest),
            static_cast<unsigned long long>(r.counters.expansions),
            static_cast<unsigned long long>(r.counters.splits),
            static_cast<unsigned long long>(r.counters.speculative));
        std::fflush(stdout);
        same += hex::negate(r.outcome) == outcome;
    }
    return same;
}

// "2,4,16": worker counts 1..1024.
std::vector<int> parse_workers(const std::string& text) {
    std::vector<int> out;
    std::string spaced = text;
    for (char& ch : spaced)
        if (ch == ',') ch = ' ';
    std::istringstream in(spaced);
    for (std::string item; in >> item;) {
        std::size_t used = 0;
        int w = 0;
        try {
            w = std::stoi(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != item.size() || w < 1 || w > 1024)
            throw UsageError("--simulate: '" + item + "' is not a worker count 1..1024");
        out.push_back(w);
    }
    return out;
}

void add_simulation_options(common::Options& options) {
    const hex::JobSearchOptions d;
    options.add()(
        "simulate", common::po::value<std::string>()->default_value(""),
        "also the job-level search of each opening (cgt-hex-openings --job-search) simulated on "
        "these "
        "worker counts (e.g. 2,4,16; a clock in nodes; dfpn+vc rule sets): makespan and speed-up "
        "against the nodes above; the options below are those of the real run (job.hpp); every "
        "worker of the largest count holds a --tt-size-mib table at once (refused beyond "
        "--max-memory)")("job-nodes", common::po::value<long>()->default_value(2000),
                         "with --simulate: nodes per job (cgt-hex-openings --job-search)")(
        "pause-nodes", common::po::value<long>()->default_value(1024),
        "with --simulate: the workers' pauses (a job ends at the first past its budget; "
        "cgt-hex-openings "
        "--pause-nodes)")(
        "seed-entries", common::po::value<long>()->default_value(static_cast<long>(d.seed_entries)),
        "with --simulate: table entries a job ships back per move of its position, for the next "
        "job there "
        "(0: none)")("share-min-work",
                     common::po::value<long>()->default_value(static_cast<long>(d.share_min_work)),
                     "with --simulate: positions a job proves with at least this much work go to "
                     "every worker (0: none)")(
        "share-max", common::po::value<long>()->default_value(static_cast<long>(d.share_max)),
        "with --simulate: at most this many of a job's proven positions shipped, the most worked")(
        "share-window", common::po::value<long>()->default_value(static_cast<long>(d.share_window)),
        "with --simulate: the master keeps the last this many proven positions received to ship")(
        "lazy", common::po::value<bool>()->default_value(d.lazy),
        "with --simulate: expand a searched leaf only when workers lack leaves")(
        "speculate", common::po::value<bool>()->default_value(d.speculate),
        "with --simulate: a free worker gets a leaf that may prove useless rather than wait")(
        "split-busy", common::po::value<bool>()->default_value(d.split_busy),
        "with --simulate: a free worker has a busy leaf stopped and expanded")(
        "virtual", common::po::value<std::string>()->default_value("guess"),
        "with --simulate: how a busy leaf counts: lean, guess, red or blue")(
        "reference", common::po::value<std::string>()->default_value(""),
        "with --simulate and one opening: RESULT:NODES (win or loss for the first player, e.g. "
        "win:17186812), the sequential search's row of an earlier run of the same command, "
        "taken as the speed-ups' reference instead of searching the opening again");
}

// "win:17186812" or "loss:605516".
std::pair<hex::Outcome, std::uint64_t> parse_reference(const std::string& text) {
    const std::size_t colon = text.find(':');
    const std::string result = text.substr(0, colon),
                      count = colon == std::string::npos ? "" : text.substr(colon + 1);
    const bool digits = !count.empty() && count.size() <= 19 &&
                        count.find_first_not_of("0123456789") == std::string::npos;
    const std::uint64_t nodes = digits ? std::stoull(count) : 0;
    if ((result != "win" && result != "loss") || nodes == 0)
        throw UsageError("--reference must be win:NODES or loss:NODES (NODES >= 1), got '" + text +
                         "'");
    return {result == "win" ? hex::Outcome::win : hex::Outcome::loss, nodes};
}

Simulation read_simulation(const common::po::variables_map& vm, std::size_t tt_size_mib) {
    Simulation sim;
    sim.workers = parse_workers(vm["simulate"].as<std::string>());
    const long job = vm["job-nodes"].as<long>(), pause = vm["pause-nodes"].as<long>();
    if (job < 1) throw UsageError("--job-nodes must be >= 1, got " + std::to_string(job));
    if (pause < 1) throw UsageError("--pause-nodes must be >= 1, got " + std::to_string(pause));
    const long seed = vm["seed-entries"].as<long>(), min_work = vm["share-min-work"].as<long>(),
               share_max = vm["share-max"].as<long>(), window = vm["share-window"].as<long>();
    if (seed < 0) throw UsageError("--seed-entries must be >= 0, got " + std::to_string(seed));
    if (min_work < 0 || min_work > 0xffffffffL)
        throw UsageError("--share-min-work must be 0..4294967295, got " + std::to_string(min_work));
    if (share_max < 0)
        throw UsageError("--share-max must be >= 0, got " + std::to_string(share_max));
    if (window < 0) throw UsageError("--share-window must be >= 0, got " + std::to_string(window));
    hex::JobSearchOptions& o = sim.options.search;
    o.job_nodes = static_cast<std::uint64_t>(job);
    o.seed_entries = static_cast<std::size_t>(seed);
    o.share_min_work = static_cast<std::uint32_t>(min_work);
    o.share_max = static_cast<std::size_t>(share_max);
    o.share_window = static_cast<std::size_t>(window);
    o.lazy = vm["lazy"].as<bool>();
    o.speculate = vm["speculate"].as<bool>();
    o.split_busy = vm["split-busy"].as<bool>();
    const std::string v = vm["virtual"].as<std::string>();
    using V = hex::JobSearchOptions::Virtual;
    if (v == "lean")
        o.virtual_policy = V::lean;
    else if (v == "guess")
        o.virtual_policy = V::guess;
    else if (v == "red")
        o.virtual_policy = V::red;
    else if (v == "blue")
        o.virtual_policy = V::blue;
    else
        throw UsageError("--virtual must be lean, guess, red or blue, got '" + v + "'");
    sim.options.pause_nodes = static_cast<std::uint64_t>(pause);
    sim.options.tt_size_mib = tt_size_mib;
    if (const std::string ref = vm["reference"].as<std::string>(); !ref.empty()) {
        if (sim.workers.empty()) throw UsageError("--reference needs --simulate");
        sim.reference = parse_reference(ref);
    }
    return sim;
}

// The tables held at once: the sequential search's (none with --reference) and, while the
// largest --simulate count runs, one for each of its workers (they are allocated together).
common::MemoryNeed table_need(std::uint64_t tt_mib, const Simulation& sim) {
    const std::uint64_t workers =
        sim.workers.empty()
            ? 0
            : static_cast<std::uint64_t>(*std::max_element(sim.workers.begin(), sim.workers.end()));
    if (workers == 0)
        return common::sized_table_need("--tt-size-mib", tt_mib, "the transposition table");
    const std::uint64_t tables = workers + (sim.reference ? 0 : 1);
    common::MemoryNeed need = common::sized_table_need("--tt-size-mib", tables * tt_mib, "");
    need.cause = "--simulate with " + std::to_string(workers) + " workers and --tt-size-mib " +
                 std::to_string(tt_mib);
    need.what = std::to_string(workers) + " workers' transposition tables" +
                (sim.reference ? "" : " and the sequential search's");
    return need;
}

// The time of a run, as cgt-hex-openings and cgt-hex estimate theirs
// (hex-openings/solved_range.hpp): with --node-limit N each opening (and each simulated
// search of it) takes at most N nodes; without a limit, a board past 8x8's cells has no
// estimate and is started only when asked (--allow-long).
common::MemoryNeed bench_time(const hex::Shape& size, std::size_t openings,
                              std::uint64_t node_limit, std::size_t simulations) {
    using namespace cgt::jobs::hex_openings;
    common::MemoryNeed need;
    if (node_limit > 0) {
        need.core_seconds = static_cast<double>(openings * (1 + simulations)) *
                            static_cast<double>(node_limit) / HEX_NODES_PER_SECOND;
        need.time_cause = "--node-limit " + std::to_string(node_limit) + " on " +
                          std::to_string(openings) + " openings";
    } else if (size.rows * size.cols > HEX_LARGEST_SOLVED * HEX_LARGEST_SOLVED) {
        need.no_estimate = "--size " + size.name() +
                           " without --node-limit (this program has decided every 8x8 opening, the "
                           "map in about 5 hours of a core, and only a few 9x9 openings, each in "
                           "hours)";
    }
    return need;
}

int run(int argc, char* argv[]) {
    common::Options options(
        "cgt-hex-bench",
        "Benchmark of the Hex solver: solves the openings asked for on one board, each with a\n"
        "cleared table, and prints result, nodes, positions analysed and CPU seconds per opening.",
        "cgt-hex-bench --size 7 --openings half --rules dfpn+vc+inferior+proof+resistance   (or "
        "--size 6x7)");
    options.add()(
        "size", common::po::value<std::string>()->default_value("7"),
        "board: N (N x N) or WxH (W columns, H rows, as Benzene's boardsize W H), sides 1..11")(
        "openings", common::po::value<std::string>()->default_value("half"),
        "all, half (one of each 180-degree pair) or cell names, e.g. 'a1,d4'")(
        "rules",
        common::po::value<std::string>()->default_value("dfpn+vc+inferior+proof+resistance"),
        "rule set")("node-limit", common::po::value<long>()->default_value(0),
                    "nodes per opening (0: none)")("tt-size-mib",
                                                   common::po::value<long>()->default_value(64),
                                                   "transposition table, MiB (1..65536)");
    add_simulation_options(options);
    Simulation sim;
    hex::SolverOptions solver_options;
    std::vector<hex::Cell> openings;
    hex::Shape size;
    common::add_max_memory_option(options);
    common::add_allow_long_option(options);
    const bool go = options.parse(argc, argv, [&](const common::po::variables_map& vm) {
        const long limit = vm["node-limit"].as<long>(), tt = vm["tt-size-mib"].as<long>();
        try {
            size = hex::Shape::parse(vm["size"].as<std::string>());
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--size: ") + e.what());
        }
        if (limit < 0) throw UsageError("--node-limit must be >= 0, got " + std::to_string(limit));
        if (tt < 1 || tt > 65536)
            throw UsageError("--tt-size-mib must be 1..65536, got " + std::to_string(tt));
        solver_options.rules = hex::RuleSet::parse(vm["rules"].as<std::string>());
        solver_options.node_limit = static_cast<std::uint64_t>(limit);
        solver_options.tt_size_mib = static_cast<std::size_t>(tt);
        openings = parse_openings(size, vm["openings"].as<std::string>());
        sim = read_simulation(vm, static_cast<std::size_t>(tt));
        if (sim.reference && openings.size() != 1)
            throw UsageError("--reference needs exactly one opening, got " +
                             std::to_string(openings.size()));
        common::check_memory(vm, table_need(static_cast<std::uint64_t>(tt), sim));
        common::check_run_time(
            vm, bench_time(size, openings.size(), solver_options.node_limit, sim.workers.size()));
    });
    if (!go) return 0;
    // Its table only where an opening is searched (not with --reference).
    std::optional<hex::Solver> solver;
    if (!sim.reference) solver.emplace(size, solver_options);
    std::uint64_t nodes = 0, expansions = 0;
    double seconds = 0;
    int wins = 0, unknown = 0, agreeing = 0;
    std::printf("%s %s\n%-6s %-8s %12s %12s %10s %8s %8s %10s\n", size.name().c_str(),
                solver_options.rules.name().c_str(), "cell", "result", "nodes", "expansions",
                "decided", "moves", "win-at", "seconds");
    for (const hex::Cell c : openings) {
        if (sim.reference) {
            const auto [outcome, given] = *sim.reference;
            std::printf("%-6s %-8s %12llu   (given by --reference, not searched)\n",
                        hex::cell_name(c).c_str(), hex::outcome_name(outcome),
                        static_cast<unsigned long long>(given));
            std::fflush(stdout);
            agreeing += simulate(size, solver_options.rules, c, outcome, given, sim);
            nodes += given;
            wins += outcome == hex::Outcome::win;
            continue;
        }
        hex::SearchStats stats;
        const double start = cpu_seconds();
        const hex::OpeningResult r = hex::solve_opening(*solver, c, &stats);
        const double s = cpu_seconds() - start;
        const std::uint64_t decided =
            stats.fill_decided + stats.vc_wins + stats.vc_losses + stats.mustplay_losses;
        const double moves = stats.expansions > decided
                                 ? static_cast<double>(stats.moves_sum) /
                                       static_cast<double>(stats.expansions - decided)
                                 : 0.0;
        const double win_at = stats.won ? static_cast<double>(stats.winning_index_sum) /
                                              static_cast<double>(stats.won)
                                        : 0.0;
        std::printf("%-6s %-8s %12llu %12llu %10llu %8.2f %8.2f %10.2f\n",
                    hex::cell_name(c).c_str(), hex::outcome_name(r.outcome),
                    static_cast<unsigned long long>(r.nodes),
                    static_cast<unsigned long long>(stats.expansions),
                    static_cast<unsigned long long>(decided), moves, win_at, s);
        std::fflush(stdout);
        if (!sim.workers.empty())
            agreeing += simulate(size, solver_options.rules, c, r.outcome, r.nodes, sim);
        nodes += r.nodes;
        expansions += stats.expansions;
        seconds += s;
        wins += r.outcome == hex::Outcome::win;
        unknown += r.outcome == hex::Outcome::unknown;
    }
    std::printf(
        "total: %zu openings, %d wins, %d unknown, %llu nodes, %llu expansions, %.2f s CPU\n",
        openings.size(), wins, unknown, static_cast<unsigned long long>(nodes),
        static_cast<unsigned long long>(expansions), seconds);
    if (!sim.workers.empty())
        std::printf("simulated: %zu searches, %d decided as the sequential search\n",
                    openings.size() * sim.workers.size(), agreeing);
    std::printf("signature %llu\n", static_cast<unsigned long long>(nodes));
    return 0;
}

} // namespace

int main(int argc, char* argv[]) {
    return cgt::common::run_tool([&] { return run(argc, argv); });
}
