// cgt-octal: one heap game (an octal code or a subtraction set): its Grundy values, and its
// preperiod and period with the proof bound used, or "not yet periodic up to N".
#include "common/plumbing/printable.hpp"
#include "common/runtime/memory_limit.hpp"
#include "common/runtime/options.hpp"
#include "impartial/octal_analysis.hpp"
#include "tools/octal/frontier_report.hpp"
#include "tools/octal/octal_report.hpp"

#include <bit>
#include <chrono>
#include <iostream>

using namespace cgt;
using namespace cgt::common;
using impartial::Heap;

namespace {
// Heaps are held as 32-bit values; 2^28 heaps take 1 GiB of values already.
constexpr long MAX_HEAP_LIMIT = 1L << 28;

Heap heap_option(const po::variables_map& vm, const std::string& name, long low) {
    const long value = vm[name].as<long>();
    if (value < low || value > MAX_HEAP_LIMIT)
        throw UsageError("--" + name + " must be " + std::to_string(low) + ".." +
                         std::to_string(MAX_HEAP_LIMIT) + ", got " + std::to_string(value));
    return static_cast<Heap>(value);
}
// What the options ask for.
struct Settings {
    impartial::AnalysisLimits limits;
    octal_tool::ReportOptions report;
    std::string game_text;
    bool misere = false, json = false;
    std::uint64_t ceiling = 0;
    bool frequencies = false;
    std::string checkpoint;
    bool timing = false;
};

// Memory and time before work (memory_limit.hpp), measured here (drivers/grundy/NOTES.md has
// the sweep's speed): the frontier sweep holds every value in 16 bits, about 2 bytes a heap
// (38 MB at 2^24), and runs to its ceiling unless the period is proven, at the paces of
// frontier_analysis.hpp; the analysis holds about 12 bytes a heap (55 MB at 2^22), its
// values, the rare/common split's tables and the options' sets, up to --max-heap or
// --split-max-heap.
constexpr double FRONTIER_BYTES_PER_HEAP = 2.0, ANALYSIS_BYTES_PER_HEAP = 12.0;
// The analysis's time is set by how each heap is valued. A game that splits (a digit with 4)
// and is valued by definition reads about n/2 splits a heap for each such digit: n^2/4 in all,
// at the definition's pace (impartial::DEFINITION_SPLITS_PER_SECOND). Where the rare/common
// split holds, a heap costs its rare heaps and a scan instead, which no short run predicts
// (.14 to 2^22: 12 s, about linear; .007 to 2^20: 32 s, n^1.3 so far): no estimate is made
// there. A first run to PILOT_HEAPS (at most about a second) says which case holds and ends
// the question for a game whose period it proves.
constexpr Heap PILOT_HEAPS = Heap{1} << 16;

// Subtract-a-square to max_heap takes the squares up to it as its subtraction set, whose
// largest element the kernel bounds (MAX_REMOVAL = 2048^2): so max_heap < 2049^2.
constexpr Heap SQUARES_MAX_HEAP = 2049 * 2049 - 1;

MemoryNeed octal_need(const Settings& s) {
    if (s.ceiling) {
        MemoryNeed need =
            linear_need("--ceiling " + std::to_string(s.ceiling), "the values of every heap",
                        static_cast<double>(s.ceiling), FRONTIER_BYTES_PER_HEAP,
                        static_cast<double>(s.ceiling), impartial::FRONTIER_HEAPS_PER_SECOND);
        // Past 2^20 heaps, a first run to 2^16 says whether each heap will cost about the same
        // or about n (frontier_analysis.hpp): .06 to 2^32 would take decades, not an hour.
        // Below, a game of the definition takes a few minutes at most.
        if (s.ceiling <= impartial::FORECAST_WORTH_PAST) return need;
        const auto forecast =
            impartial::forecast_frontier(impartial::HeapRules::parse(s.game_text), s.ceiling);
        need.core_seconds = forecast.core_seconds();
        if (forecast.quadratic) {
            need.time_cause = "--ceiling " + std::to_string(s.ceiling) + " on " + s.game_text +
                              " (its rare heaps keep pace with the heaps: each heap costs about n)";
        }
        return need;
    }
    const Heap heaps = std::max(s.limits.max_heap, s.limits.split_max_heap);
    return linear_need(
        std::string(heaps == s.limits.max_heap ? "--max-heap " : "--split-max-heap ") +
            std::to_string(heaps),
        "the values and the rare/common split's tables", static_cast<double>(heaps),
        ANALYSIS_BYTES_PER_HEAP);
}

// The analysis's time, added to `need` once its memory has passed: set where the heaps are
// valued by definition past the pilot (above), left unknown (0) otherwise.
void add_analysis_time(const Settings& s, MemoryNeed& need) {
    if (s.ceiling || s.game_text == "squares" || s.limits.max_heap <= PILOT_HEAPS) return;
    const auto game = impartial::OctalGame::parse_game(
        s.game_text, s.misere ? impartial::Play::misere : impartial::Play::normal);
    if (!game.splits()) return; // a few options a heap: linear, and fast
    impartial::AnalysisLimits pilot = s.limits;
    pilot.max_heap = PILOT_HEAPS;
    pilot.split_max_heap = 0;
    const auto first = impartial::analyse(game, pilot);
    if (first.period) return; // the run proves the same period at the same heap
    const bool by_definition = s.limits.method == impartial::ValueMethod::definition;
    if (!by_definition && first.rare_mask) return;
    // Valued by definition up to --max-heap (without a split, --split-max-heap adds nothing).
    need.core_seconds = impartial::definition_splits(game.leave_two().size(), s.limits.max_heap) /
                        impartial::DEFINITION_SPLITS_PER_SECOND;
    need.time_cause =
        "--max-heap " + std::to_string(s.limits.max_heap) + " on " + game.name() + " (" +
        (by_definition ? std::string("--method definition")
                       : "no rare/common split by heap " + std::to_string(PILOT_HEAPS)) +
        ": each heap reads all its splits, unless a period is proven sooner)";
}

// Reads and checks the options (UsageError on a bad one).
void read_settings(const po::variables_map& vm, Settings& s) {
    if (!vm.count("game")) throw UsageError("name a GAME, e.g. cgt-octal .77 (see --help)");
    s.game_text = vm["game"].as<std::string>();
    s.limits.max_heap = heap_option(vm, "max-heap", 0);
    s.limits.split_max_heap = heap_option(vm, "split-max-heap", 0);
    const long show = vm["show"].as<long>();
    if (show < 0 || show > 100000)
        throw UsageError("--show must be 0..100000, got " + std::to_string(show));
    s.report.show_values = static_cast<std::size_t>(show);
    const auto method = vm["method"].as<std::string>();
    if (method == "definition")
        s.limits.method = impartial::ValueMethod::definition;
    else if (method != "rare-common")
        throw UsageError("--method must be rare-common or definition, got '" + method + "'");
    s.misere = vm["misere"].as<bool>();
    s.json = vm["json"].as<bool>();
    s.frequencies = vm["frequencies"].as<bool>();
    s.timing = vm["timing"].as<bool>();
    if (vm.count("checkpoint")) s.checkpoint = vm["checkpoint"].as<std::string>();
    if (vm.count("ceiling")) {
        try {
            s.ceiling = octal_tool::parse_heap_count(vm["ceiling"].as<std::string>());
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--ceiling: ") + e.what());
        }
        if (s.misere) throw UsageError("--ceiling is for normal play only");
        if (s.json) throw UsageError("--json is not offered with --ceiling");
        try {
            (void)impartial::HeapRules::parse(s.game_text);
        } catch (const std::invalid_argument& e) {
            throw UsageError("GAME '" + s.game_text + "': " + e.what() + " (--ceiling takes an octal code or grundy)");
        }
        return;
    }
    if (s.frequencies || s.timing || !s.checkpoint.empty())
        throw UsageError("--frequencies, --timing and --checkpoint need --ceiling");
    if (s.game_text != "squares") {
        try {
            (void)impartial::OctalGame::parse_game(s.game_text, s.misere ? impartial::Play::misere
                                                                     : impartial::Play::normal);
        } catch (const std::invalid_argument& e) {
            throw UsageError("GAME '" + s.game_text + "': " + e.what());
        }
    } else if (s.misere) {
        throw UsageError("--misere is not offered for squares");
    } else if (s.limits.max_heap > SQUARES_MAX_HEAP) {
        throw UsageError("squares takes --max-heap up to " + std::to_string(SQUARES_MAX_HEAP) +
                         " (its subtraction set, the squares up to it, may reach " +
                         std::to_string(impartial::MAX_REMOVAL) + "), got " +
                         std::to_string(s.limits.max_heap));
    }
}

// --ceiling: the frontier sweep of the game to the ceiling, resumed from and saved to
// --checkpoint, its statistics on stdout.
void run_frontier(const Settings& s) {
    const auto rules = impartial::HeapRules::parse(s.game_text);
    std::vector<std::uint16_t> saved;
    try { // a checkpoint that is damaged or of another game is a bad input: status 2
        if (!s.checkpoint.empty()) saved = octal_tool::read_checkpoint(s.checkpoint, rules.name);
    } catch (const std::runtime_error& e) {
        throw UsageError(e.what());
    }
    impartial::FrontierLimits frontier;
    frontier.ceiling = s.ceiling;
    frontier.resume = std::span<const std::uint16_t>(saved.data(), std::min<std::uint64_t>(saved.size(), s.ceiling));
    const auto started = std::chrono::steady_clock::now();
    frontier.after_step = [&](const impartial::FrontierSweep& sweep) {
        const std::uint64_t heaps = sweep.size();
        if (!s.checkpoint.empty() && heaps >= (1u << 20) && heaps > saved.size())
            octal_tool::write_checkpoint(s.checkpoint, rules.name, sweep.values());
        if (s.timing && heaps >= 1024 && std::has_single_bit(heaps))
            std::cerr << "time 2^" << std::countr_zero(heaps) << " "
                      << std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()
                      << " s\n";
    };
    std::cout << octal_tool::describe_frontier(impartial::analyse_to_ceiling(rules, frontier), s.frequencies);
}
} // namespace

int main(int argc, char* argv[]) {
    Options options("cgt-octal",
                    "Grundy values of one heap game, given by an octal code (.77 is Kayles, 4.07, ...)\n"
                    "or a subtraction set (1,3,4), with its preperiod and period proven by the\n"
                    "Guy-Smith bound (octal games) or a repeated window (subtraction games).\n"
                    "GAME 'squares' is subtract-a-square, computed to the bound.\n"
                    "With --ceiling, the frontier sweep (the rare/common split with SIMD kernels, 16-bit\n"
                    "values) runs an octal game or 'grundy' (Grundy's game) until the period is proven or\n"
                    "the ceiling is reached, and prints the statistics of every power of two: largest value\n"
                    "and its first heap, rare mask, number of rare heaps and the last (and the frequency\n"
                    "of every value with --frequencies). --checkpoint saves the values after each step past\n"
                    "2^20 heaps and resumes from them, also under a higher ceiling.",
                    "cgt-octal .77 --max-heap 1000      # Kayles: period 12 from heap 71\n"
                    "  cgt-octal .161 --ceiling 2^24 --checkpoint runs/161.values   # 2^24 heaps, resumable");
    options.add()("game", po::value<std::string>()->value_name("GAME"),
                  "an octal code (.77, 4.07), a subtraction set (1,3,4 or {1,3,4}), or squares")(
        "max-heap", po::value<long>()->default_value(16384), "values up to this heap at most")(
        "split-max-heap", po::value<long>()->default_value(0),
        "go on to this heap while the rare/common split values the heaps (0: off)")(
        "misere", po::bool_switch()->default_value(false), "misere play (subtraction games only)")(
        "show", po::value<long>()->default_value(40), "print G(0..show-1)")(
        "method", po::value<std::string>()->default_value("rare-common"),
        "rare-common (the split once it pays) or definition (every option of every heap)")(
        "json", po::bool_switch()->default_value(false),
        "print one JSON object: game, status, preperiod, period, proof, values, ...")(
        "ceiling", po::value<std::string>(), "run the frontier sweep to this many heaps (a number or 2^k, up to 2^32)")(
        "frequencies", po::bool_switch()->default_value(false), "with --ceiling: every value's frequency at each power of two")(
        "checkpoint", po::value<std::string>(), "with --ceiling: save the values here, and resume from them")(
        "timing", po::bool_switch()->default_value(false), "with --ceiling: wall seconds at each power of two >= 2^10, on stderr");
    options.positional("game", 1);
    add_max_memory_option(options);
    add_allow_long_option(options);

    Settings s;
    try {
        MemoryNeed need;
        const bool run = options.parse(argc, argv, [&](const po::variables_map& vm) {
            read_settings(vm, s);
            need = octal_need(s);
            check_memory(vm, need);
            add_analysis_time(s, need);
            check_run_time(vm, need);
        });
        if (!run) return 0;
        if (const std::string note = long_run_note("cgt-octal", need); !note.empty())
            std::cerr << note << "\n";
    } catch (const UsageError& e) {
        std::cerr << "error: " << printable(e.what()) << "\n";
        return 2;
    }

    try {
        if (s.ceiling) {
            run_frontier(s);
            return 0;
        }
        if (s.game_text == "squares") {
            const auto game = impartial::OctalGame::subtraction(
                impartial::squares_up_to(std::max<Heap>(s.limits.max_heap, 1)));
            impartial::OctalValues values(game, impartial::ValueMethod::definition);
            (void)values.extend_to(s.limits.max_heap);
            std::cout << (s.json ? octal_tool::describe_squares_json(values.values(), s.report)
                               : octal_tool::describe_squares(values.values(), s.report));
            return 0;
        }
        const auto game = impartial::OctalGame::parse_game(
            s.game_text, s.misere ? impartial::Play::misere : impartial::Play::normal);
        const auto analysis = impartial::analyse(game, s.limits);
        std::cout << (s.json ? octal_tool::describe_json(game, analysis, s.report)
                           : octal_tool::describe(game, analysis, s.report));
    } catch (const UsageError& e) { // a damaged --checkpoint
        std::cerr << "error: " << printable(e.what()) << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "error: " << printable(e.what()) << "\n";
        return 1;
    }
    return 0;
}
