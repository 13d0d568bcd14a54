// cgt-calc: a calculator for short partizan games in CGSuite's notation. Not an MPI
// program. For each expression: the canonical form and its names, outcome, stops, mean,
// temperature and thermograph, confusion interval, incentives, birthday, atomic weight,
// reduced canonical form; for a comparison G op H whether it holds and how G and H stand.
#include "tools/calc/analysis_report.hpp"
#include "common/runtime/options.hpp"
#include "common/plumbing/tool_main.hpp"
#include "core/expression.hpp"

#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace common = cgt::common;
namespace core = cgt::core;
using common::po::value;
using common::UsageError;

namespace {

struct Settings {
    bool json = false, plot = false;
    core::Notation notation = core::Notation::Unicode;
    std::string svg;
};

std::string relation_text(core::Relation r, core::Notation notation) {
    if (r == core::Relation::Confused && notation == core::Notation::Unicode) return "\u2016";
    return core::relation_symbol(r);
}

// One statement: its report on stdout. `where` ("" or "line 3, ") prefixes errors.
void run_statement(const std::string& text, const std::string& where, const Settings& settings, bool last,
                   core::GameStore& store, core::Thermography& thermal) {
    core::Statement s;
    try {
        s = core::parse_statement(store, text);
    } catch (const core::TextError& e) {
        throw UsageError(where + "column " + std::to_string(e.column()) + ": " + e.reason() + " (in '" +
                         e.shown_text() + "')");
    }
    if (s.other) {
        const core::Relation r = core::compare(store, s.value, *s.other);
        const std::string g = store.name(s.value, settings.notation), h = store.name(*s.other, settings.notation);
        if (settings.json)
            std::cout << common::json_text(cgt::calc_tool::comparison_json(store, s, text)) << "\n";
        else
            std::cout << g << " " << s.relation << " " << h << ": " << (s.holds ? "true" : "false") << " (" << g
                      << " " << relation_text(r, settings.notation) << " " << h << ")\n";
        if (!settings.svg.empty()) throw UsageError("--svg draws one expression, not a comparison");
        return;
    }
    const core::Analysis a = core::analyse(thermal, s.value);
    if (settings.json) {
        std::cout << common::json_text(cgt::calc_tool::analysis_json(store, a)) << "\n";
    } else {
        std::cout << cgt::calc_tool::analysis_text(store, a, settings.notation);
        if (settings.plot) std::cout << cgt::calc_tool::thermograph_plot(a.thermograph);
        if (!last) std::cout << "\n";
    }
    if (!settings.svg.empty()) {
        std::ofstream out(settings.svg, std::ios::binary | std::ios::trunc);
        out << cgt::calc_tool::thermograph_svg(a.thermograph, "Thermograph of " + store.name(s.value));
        out.close();
        if (!out) throw std::runtime_error("cannot write " + settings.svg);
    }
}

int run(int argc, char* argv[]) {
    common::Options options(
        "cgt-calc",
        "Computes with short partizan games written in CGSuite's notation: {L | R} (with\n"
        "commas and CGSuite's slashes, {3||2|1}), integers and fractions n/2^k, * and *m, ^ and v\n"
        "(^^, ^3, ^<n> for up-nth, ^[n] for up + ... + up-nth), +-G, Tiny(G), Miny(G), sums,\n"
        "differences, and the methods .Cool(t), .Freeze, .Heat(t), .Overheat(s, t), .Mean,\n"
        ".Temperature, .LeftStop, .RightStop, .AtomicWeight, .ReducedCanonicalForm. For each\n"
        "EXPRESSION it prints the canonical form, outcome, stops, mean, temperature and\n"
        "thermograph, confusion interval, incentives, birthday, atomic weight (all-small games)\n"
        "and reduced canonical form; for a comparison G op H (<=, >=, ==, !=, <, >, <> for\n"
        "confused, <| and |>) whether it holds. Without EXPRESSION it reads one per line from\n"
        "stdin. An expression that starts with '-' goes after '--' (or with a space first).",
        "cgt-calc '{3|-2}'   (or: cgt-calc '{0,^*|0}+*' '^ <> *', echo '{1|-1}.Cool(1)' | cgt-calc)");
    options.add()("expressions", value<std::vector<std::string>>()->value_name("EXPRESSION"),
                  "game expressions or comparisons (also as bare arguments)")(
        "json", common::po::bool_switch()->default_value(false),
        "print one JSON object per expression (a line each)")(
        "ascii", common::po::bool_switch()->default_value(false), "write ^, v and +- for up, down and plus-minus")(
        "plot", common::po::bool_switch()->default_value(false), "draw each thermograph in characters")(
        "svg", value<std::string>()->value_name("FILE"), "write the thermograph of the one EXPRESSION as SVG");
    options.positional("expressions", -1);
    Settings settings;
    std::vector<std::string> expressions;
    const bool go = options.parse(argc, argv, [&](const common::po::variables_map& vm) {
        if (vm.count("expressions")) expressions = vm["expressions"].as<std::vector<std::string>>();
        if (vm.count("svg")) {
            settings.svg = vm["svg"].as<std::string>();
            common::check_writable_output(settings.svg, "--svg");
            if (expressions.size() != 1) throw UsageError("--svg draws one EXPRESSION, got " + std::to_string(expressions.size()));
        }
    });
    if (!go) return 0;
    settings.json = options.get<bool>("json");
    settings.plot = options.get<bool>("plot");
    if (options.get<bool>("ascii")) settings.notation = core::Notation::Ascii;

    core::GameStore store;
    core::Thermography thermal(store);
    if (!expressions.empty()) {
        for (std::size_t i = 0; i < expressions.size(); ++i)
            run_statement(expressions[i], "", settings, i + 1 == expressions.size(), store, thermal);
        return 0;
    }
    std::string line;
    for (std::size_t number = 1; std::getline(std::cin, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        run_statement(line, "line " + std::to_string(number) + ", ", settings, std::cin.peek() == EOF, store, thermal);
    }
    return 0;
}

} // namespace

int main(int argc, char* argv[]) {
    return cgt::common::run_tool([&] { return run(argc, argv); });
}
