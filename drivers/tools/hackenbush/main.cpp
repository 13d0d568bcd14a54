// cgt-hackenbush: values Blue-Red-Green Hackenbush pictures with the CGT engine. Not an MPI
// program: it reads picture files (or stdin), prints the value of their sum with its
// analysis (who wins, stops, mean, temperature, thermograph, ...), the value of each part
// with its mean and temperature (--analysis: everything, and the thermographs drawn), and
// with --to-move every cut of that player and whether it keeps a win.
#include "common/runtime/memory_limit.hpp"
#include "common/runtime/options.hpp"
#include "common/plumbing/output_file.hpp" // not_regular_file
#include "common/plumbing/tool_main.hpp"
#include "tools/hackenbush/report.hpp"
#include "hackenbush/picture_values.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <sstream>

namespace common = cgt::common;
namespace hackenbush = cgt::hackenbush;
using common::po::value;
using common::UsageError;

namespace {

std::string read_input(const std::string& name, bool& stdin_used) {
    if (name == "-") {
        if (stdin_used) throw UsageError("'-' (stdin) given more than once");
        stdin_used = true;
        return {std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    }
    if (auto kind = common::not_regular_file(name); kind && *kind == "a directory")
        throw UsageError("cannot read picture file '" + name + "': it is a directory");
    std::ifstream in(name, std::ios::binary);
    if (!in) throw UsageError("cannot read picture file '" + name + "'");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw UsageError("cannot read picture file '" + name + "'");
    return text.str();
}

// The pictures of the files (a parse error: UsageError naming the file), negated if asked.
std::vector<cgt::hackenbush_tool::Input> read_pictures(const std::vector<std::string>& names, bool negate) {
    std::vector<cgt::hackenbush_tool::Input> inputs;
    bool stdin_used = false;
    for (const auto& name : names) {
        const std::string text = read_input(name, stdin_used);
        // An empty file is a mistake (a wrong name, a failed copy), not the picture 0: the
        // empty picture is written as a comment line.
        if (text.find_first_not_of(" \t\r\n") == std::string::npos)
            throw UsageError((name == "-" ? std::string("stdin") : name) +
                             " is empty: a picture has one edge 'u v C' a line (the empty picture: a '#' line)");
        try {
            hackenbush::Picture picture = hackenbush::Picture::parse(text);
            if (negate) picture = picture.negated();
            inputs.push_back({name, std::move(picture)});
        } catch (const std::invalid_argument& e) {
            throw UsageError((name == "-" ? std::string("stdin") : name) + ": " + e.what());
        }
    }
    return inputs;
}

// The limits on a valuation and its progress. How many positions a picture has is not
// known before they are valued, so a dense picture (40-64 edges) is bounded as it runs:
// every 1024 positions the watch shows progress (a line on stderr every PROGRESS_SECONDS
// once the valuation has run that long, unless --quiet; whether or not stderr is a
// terminal, as a log of a batch run wants it too) and ends the valuation at --max-positions
// or --max-time with one line and status 2, as at --max-memory: no value was found within
// the limits the user set.
struct Watch {
    static constexpr double PROGRESS_SECONDS = 5;
    std::uint64_t max_positions = 0; // 0: none
    double max_seconds = 0;          // 0: none
    bool quiet = false;
    std::uint64_t positions = 0;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    double next_progress = PROGRESS_SECONDS;

    void operator()(const hackenbush::PictureValues& values) {
        positions += 1024; // the watch is called every 1024 new positions of a picture
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const auto held = common::format_bytes(static_cast<double>(values.memory_bytes()));
        if (max_positions != 0 && positions >= max_positions)
            throw UsageError("--max-positions " + std::to_string(max_positions) + " reached: stopped after " +
                             std::to_string(positions) + " positions held " + held + ", no value found");
        if (max_seconds > 0 && seconds >= max_seconds)
            throw UsageError("--max-time " + number_text(max_seconds) + " reached: stopped after " +
                             std::to_string(positions) + " positions held " + held + ", no value found");
        if (!quiet && seconds >= next_progress) {
            std::fprintf(stderr, "cgt-hackenbush: %llu positions valued in %.0f s, %s held\n",
                         static_cast<unsigned long long>(positions), seconds, held.c_str());
            next_progress = seconds + PROGRESS_SECONDS;
        }
    }
    static std::string number_text(double x) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", x);
        return buf;
    }
};

void add_limit_options(common::Options& options) {
    options.add()("max-positions", value<long long>()->value_name("N"),
                  "stop (one line, status 2) once N positions are valued without an answer (default: no limit)")(
        "max-time", value<double>()->value_name("SECONDS"),
        "stop (one line, status 2) once the valuation has run this long without an answer (default: no limit)")(
        "quiet", common::po::bool_switch()->default_value(false),
        "no progress lines (without it: a line on stderr every 5 s once a valuation runs past 5 s)");
}

void read_limits(const common::po::variables_map& vm, Watch& watch) {
    if (vm.count("max-positions")) {
        const long long n = vm["max-positions"].as<long long>();
        if (n < 1) throw UsageError("--max-positions must be at least 1, got " + std::to_string(n));
        watch.max_positions = static_cast<std::uint64_t>(n);
    }
    if (vm.count("max-time")) {
        watch.max_seconds = vm["max-time"].as<double>();
        if (!(watch.max_seconds > 0) || watch.max_seconds > 1e9)
            throw UsageError("--max-time must be a number of seconds above 0, got " +
                             Watch::number_text(watch.max_seconds));
    }
    watch.quiet = vm["quiet"].as<bool>();
}

void write_svg(const std::string& path, const std::string& picture) {
    std::ofstream svg(path, std::ios::binary | std::ios::trunc);
    svg << picture;
    svg.close();
    if (!svg) throw std::runtime_error("cannot write " + path);
}

int run(int argc, char* argv[]) {
    common::Options options(
        "cgt-hackenbush",
        "Values Blue-Red-Green Hackenbush pictures: the value of the sum of the FILE arguments\n"
        "(one edge `u v C` per line, vertex 0 the ground, C one of B R G, `#` comments; `-`\n"
        "reads stdin) with its analysis (who wins, stops, mean, temperature, thermograph,\n"
        "confusion interval, incentives, atomic weight, reduced form), the value, mean and\n"
        "temperature of each part, and with --to-move every edge that player may cut, the\n"
        "value after the cut and whether it keeps a win. Edges are numbered from 0 in the\n"
        "order read, across all files.",
        "cgt-hackenbush --to-move blue garden.txt   (or: echo '0 1 B' | cgt-hackenbush - --analysis)");
    options.add()("files", value<std::vector<std::string>>()->value_name("FILE"),
                  "picture files (also as bare arguments); - reads stdin")(
        "to-move", value<std::string>()->value_name("blue|red"),
        "list every cut of this player, with the value after it and whether it keeps a win")(
        "json", common::po::bool_switch()->default_value(false),
        "print one JSON object: value, outcome (L R P N), parts, to_move, hints")(
        "negate", common::po::bool_switch()->default_value(false),
        "swap blue and red in every picture (negates the value)")(
        "ascii", common::po::bool_switch()->default_value(false),
        "write ^ and v for up and down, + and - for kept and lost wins")(
        "analysis", common::po::bool_switch()->default_value(false),
        "the whole analysis of every part too, and every thermograph drawn in characters")(
        "svg", value<std::string>()->value_name("FILE"), "write the thermograph of the sum as an SVG picture");
    add_limit_options(options);
    options.positional("files", -1);
    std::optional<hackenbush::Player> to_move;
    // How many positions a picture has is not known before they are valued (up to 2^edges
    // a part, 41 for a stalk of 40 edges): the valuation stops with one line when the
    // engine's store passes the memory limit. The store's tables double as they grow: with
    // the whole limit as the store's budget, the peak resident memory of a 40-edge grid was
    // 1.8 times the limit (116.5 MiB at --max-memory 64M, 226.6 MiB at 128M), so the store
    // gets 55% of it.
    common::add_max_memory_option(options);
    common::MemoryLimit limit;
    Watch watch;
    const bool go = options.parse(argc, argv, [&](const common::po::variables_map& vm) {
        limit = common::memory_limit(vm);
        read_limits(vm, watch);
        if (vm.count("to-move")) {
            const auto& who = vm["to-move"].as<std::string>();
            if (who == "blue")
                to_move = hackenbush::Player::Blue;
            else if (who == "red")
                to_move = hackenbush::Player::Red;
            else
                throw UsageError("--to-move must be blue or red, got '" + who + "'");
        }
        if (!vm.count("files")) throw UsageError("no picture file given (use - to read stdin)");
        if (vm.count("svg")) common::check_writable_output(vm["svg"].as<std::string>(), "--svg");
    });
    if (!go) return 0;

    const std::vector<cgt::hackenbush_tool::Input> inputs =
        read_pictures(options.get<std::vector<std::string>>("files"), options.get<bool>("negate"));
    const bool ascii = options.get<bool>("ascii");
    watch.start = std::chrono::steady_clock::now();
    const auto report = [&] {
        try {
            return cgt::hackenbush_tool::make_report(inputs, to_move,
                                                     ascii ? cgt::core::Notation::Ascii : cgt::core::Notation::Unicode,
                                                     options.get<bool>("analysis"),
                                                     static_cast<std::size_t>(0.55 * static_cast<double>(limit.bytes)),
                                                     std::ref(watch));
        } catch (const hackenbush::MemoryBudgetExceeded& e) {
            throw UsageError("the pictures' positions need more than " + common::limit_text(limit) + ": stopped after " +
                             std::to_string(e.positions()) + " positions held " +
                             common::format_bytes(static_cast<double>(e.bytes())));
        }
    }();
    if (options.has("svg")) write_svg(options.get<std::string>("svg"), report.sum.svg);
    std::cout << (options.get<bool>("json") ? cgt::hackenbush_tool::format_json(report, inputs)
                                             : cgt::hackenbush_tool::format_text(report, inputs, ascii));
    return 0;
}

} // namespace

int main(int argc, char* argv[]) {
    return cgt::common::run_tool([&] { return run(argc, argv); });
}
