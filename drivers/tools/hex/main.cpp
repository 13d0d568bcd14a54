// cgt-hex: the hint mode of sen-ltd's Hex article. Given a position (a move list or a board
// picture), lists every empty cell as a win or a loss for the player to move; with --table,
// the first moves of an empty board are read from a result file of cgt-hex-openings instead
// of searched (7x7 from hex-large.h5 at once).
#include "common/plumbing/tool_main.hpp"
#include "common/runtime/memory_limit.hpp"
#include "common/runtime/options.hpp"
#include "common/runtime/result_reader.hpp"
#include "hex-openings/solved_range.hpp"
#include "hex/solver/solver.hpp"
#include "tools/hex/hint_report.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>

using namespace cgt;
using namespace cgt::common;

namespace {
// The rule sets when --rules is not given: the article's rules up to 5x5 (its node counts);
// from 6x6 on, hex-large's (jobs/hex-large.ini: a 7x7 position in seconds, where the
// article's leave every cell undecided within the node limit); misere: every rex rule (5x5
// positions in seconds).
constexpr const char* NORMAL_RULES = "rule1+2+distance";
constexpr const char* NORMAL_RULES_LARGE =
    "dfpn+vc+stronger+templates+inferior+vulnerable+regions+proof+resistance";
constexpr int LARGE_FROM = 6;
constexpr const char* MISERE_RULES = "dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation";

std::string rules_help() {
    return std::string(
               "rule set: plain, rule1 or rule1+2, optionally +history or +distance; "
               "or vc with dfpn+, +inferior, +proof and +resistance "
               "(dfpn+vc+inferior+proof+resistance: 6x6 and 7x7); misere: plain, or rex "
               "with dfpn+, +dead, +captured, +pairing, +keys, +killers, +blockers, +mirror, "
               "+rotation, +transpose and +resistance. Default: ") +
           NORMAL_RULES + " up to 5x5, " + NORMAL_RULES_LARGE + " from 6x6 on, misere " +
           MISERE_RULES;
}

// The openings table of a cgt-hex-openings result file (refused unless finished and intact).
std::vector<hex_tool::OpeningRow> read_openings(const std::string& path) {
    try {
        const ResultReader file(path, "cgt-hex-openings");
        const Table t = file.read_table("openings");
        const auto size = t.ints("size"), row = t.ints("row"), col = t.ints("col"), nodes = t.ints("nodes"),
                   copied = t.ints("copied");
        const auto &variant = t.texts("variant"), &rules = t.texts("rules"), &result = t.texts("result");
        std::vector<hex_tool::OpeningRow> rows;
        for (std::size_t i = 0; i < t.rows; ++i)
            rows.push_back({size[i], row[i], col[i], variant[i], rules[i], result[i],
                            static_cast<std::uint64_t>(nodes[i]), copied[i] != 0});
        return rows;
    } catch (const ResultRefused& e) {
        throw UsageError(std::string("--table: ") + e.what());
    }
}
const WholeOption SIZE{
    .name = "size", .default_value = 5, .min = 1, .max = hex::MAX_BOARD_SIZE, .meaning = "board size for --moves"};
const WholeOption NODE_LIMIT{.name = "node-limit",
                             .default_value = 1'000'000,
                             .min = 0,
                             .meaning = "nodes per cell before it is '?'",
                             .note = "0: none"};
const WholeOption TT_SIZE_MIB{
    .name = "tt-size-mib", .default_value = 64, .min = 1, .max = 65536, .meaning = "transposition table, MiB"};

// The time of a run, from what this program has solved (hex-openings/solved_range.hpp), as
// cgt-hex-openings estimates its runs: with --node-limit N each empty cell takes at most N
// nodes; without a limit, a position of more empty cells than any board solved whole here
// (8x8's 64; misere 6x6's 36, and the empty 7x7 board, whose openings the mirror rule
// decides at once) has no estimate, nor a misere 6x6 position within a move of a losing
// opening, and is started only when asked (--allow-long).
constexpr int MISERE_EMPTY_BOARD_SIDE = 7;

MemoryNeed hint_time(const hex::Board& board, bool misere, std::uint64_t node_limit) {
    MemoryNeed need;
    using namespace jobs::hex_openings;
    const int empty = board.empty_count(), cells = board.size() * board.size();
    constexpr int solved_cells = HEX_LARGEST_SOLVED * HEX_LARGEST_SOLVED,
                  solved_cells_misere = HEX_LARGEST_SOLVED_MISERE * HEX_LARGEST_SOLVED_MISERE;
    if (node_limit > 0) {
        need.core_seconds =
            static_cast<double>(empty) * static_cast<double>(node_limit) / HEX_NODES_PER_SECOND;
        need.time_cause = "--node-limit " + std::to_string(node_limit) + " on " +
                          std::to_string(empty) + " empty cells";
        return need;
    }
    const std::string position = std::string(misere ? "a misere " : "a ") +
                                 std::to_string(board.size()) + "x" + std::to_string(board.size()) +
                                 " position of " + std::to_string(empty) + " empty cells";
    if (!misere && empty > solved_cells)
        need.no_estimate =
            "--node-limit 0 on " + position +
            " (this program has solved whole boards of up to 64 cells, the 64 8x8 openings in "
            "about 5 hours of a core, and a few 9x9 openings, each in hours; "
            "--node-limit N bounds each cell)";
    else if (misere && empty > solved_cells_misere &&
             !(empty == cells && board.size() <= MISERE_EMPTY_BOARD_SIDE))
        need.no_estimate = "--node-limit 0 on " + position +
                           " (of the misere boards past 6x6 this program has decided only the 7x7 "
                           "openings, at once by the mirror rule; --node-limit N bounds each cell)";
    else if (misere && board.size() == HEX_LARGEST_SOLVED_MISERE && cells - empty <= 2)
        for (const std::string_view name : MISERE_6X6_LOSING) {
            if (board.at(hex::Cell{name[1] - '1', name[0] - 'a'}) != hex::Stone::red) continue;
            need.no_estimate =
                "--node-limit 0 on " + position + " after the losing opening " + std::string(name) +
                " (the replies of the losing 6x6 openings e2, d3, b5 and c4 have not been "
                "finished by this program: d3's first reply passed 85 million nodes; "
                "--node-limit N bounds each cell)";
        }
    return need;
}

// The picture of --board, or of the --board-file ('-': stdin); "" when neither is given.
std::string read_picture(const po::variables_map& vm) {
    std::string picture = vm["board"].as<std::string>();
    const std::string file = vm["board-file"].as<std::string>();
    if (file.empty()) return picture;
    if (!picture.empty()) throw UsageError("give either --board or --board-file, not both");
    std::ifstream in_file(file);
    if (file != "-" && !in_file) throw UsageError("cannot read --board-file '" + file + "'");
    std::istream& in = file == "-" ? std::cin : in_file;
    picture.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (picture.find_first_not_of(" \t\r\n") == std::string::npos)
        throw UsageError("--board-file '" + file + "' is empty");
    return picture;
}
} // namespace

int main(int argc, char* argv[]) {
    return run_tool([&] {
        Options options("cgt-hex",
                        "Hex hints: for each empty cell, whether the player to move wins by playing there.\n"
                        "The position is a move list (red first) or a picture of the board: one row per\n"
                        "line or separated by '/', '.' empty, R red, B blue.",
                        "cgt-hex --size 5 --moves 'c3 d2 b4 b3'      (or: cgt-hex --board '.../.R./...')");
        const std::string rules_text = rules_help();
        options.add(SIZE);
        options.add()(
            "moves", po::value<std::string>()->default_value(""), "moves from the empty board, e.g. 'c3 d2'")(
            "board", po::value<std::string>()->default_value(""), "a picture of the position")(
            "board-file", po::value<std::string>()->default_value(""), "read the picture from FILE ('-': stdin)")(
            "rules", po::value<std::string>()->default_value("")->value_name("RULES"), rules_text.c_str())(
            "misere", po::bool_switch()->default_value(false), "misere Hex: connecting loses (plain or rex rule sets)");
        options.add(NODE_LIMIT);
        options.add(TT_SIZE_MIB);
        options.add()(
            "table", po::value<std::string>()->default_value("")->value_name("FILE"),
            "answer the empty board's first moves from FILE, a cgt-hex-openings result (results/hex-large.h5 "
            "for 6x6 and 7x7, results/hex-openings.h5 for 1x1..5x5) instead of searching")(
            "json", po::bool_switch()->default_value(false),
            "print one JSON object: size, variant, to_move, rules, cells (cell, result, nodes), winning");
        hex::Board board(1);
        hex::SolverOptions solver_options;
        std::vector<hex_tool::OpeningRow> table_rows;
        add_max_memory_option(options);
        add_allow_long_option(options);
        const bool run = options.parse(argc, argv, [&](const po::variables_map& vm) {
            const long size = SIZE.read(vm), limit = NODE_LIMIT.read(vm), tt = TT_SIZE_MIB.read(vm);
            check_memory(vm, sized_table_need("--tt-size-mib", static_cast<std::uint64_t>(tt), "the transposition table"));
            board = hex_tool::read_position(static_cast<int>(size), vm["moves"].as<std::string>(), read_picture(vm));
            solver_options.variant = vm["misere"].as<bool>() ? hex::Variant::misere : hex::Variant::normal;
            std::string rules = vm["rules"].as<std::string>();
            if (rules.empty())
                rules = solver_options.variant == hex::Variant::misere ? MISERE_RULES
                        : board.size() >= LARGE_FROM                   ? NORMAL_RULES_LARGE
                                                                       : NORMAL_RULES;
            solver_options.rules = hex::RuleSet::parse(rules);
            solver_options.node_limit = static_cast<std::uint64_t>(limit);
            solver_options.tt_size_mib = static_cast<std::size_t>(tt);
            hex::Solver check(1, solver_options); // refuses misere with threat rules
            if (const auto w = board.winner())
                throw UsageError(std::string("the game is over: ") + hex::colour_name(*w) + " has connected");
            if (const auto table = vm["table"].as<std::string>(); !table.empty()) {
                if (board.empty_count() != board.size() * board.size())
                    throw UsageError("--table answers the first move on the empty board only (the file holds openings)");
                table_rows = read_openings(table);
            } else {
                check_run_time(vm, hint_time(board, solver_options.variant == hex::Variant::misere,
                                             solver_options.node_limit));
            }
        });
        if (!run) return 0;
        std::vector<hex::CellOutcome> hints;
        std::string source = solver_options.rules.name();
        const auto start = std::chrono::steady_clock::now();
        if (const auto table = options.get<std::string>("table"); !table.empty()) {
            std::string rules;
            try {
                hints = hex_tool::openings_from_rows(table_rows, board.size(), solver_options.variant, table, rules);
            } catch (const std::invalid_argument& e) {
                throw UsageError(e.what());
            }
            source = "read from " + table + " (searched there with " + rules + ")";
        } else {
            hex::Solver solver(board.size(), solver_options);
            solver.set_position(board);
            hints = hex::hint_map(solver);
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const auto text = options.get<bool>("json")
                              ? hex_tool::hint_json(board, hints, source, solver_options.variant, seconds)
                              : hex_tool::hint_report(board, hints, source, solver_options.variant, seconds);
        std::fputs(text.c_str(), stdout);
        return 0;
    });
}
