// cgt-lookup: answers questions about the values our Hackenbush jobs stored (every stalk of
// the stalks job, every graph of the colour job) from their result files, without valuing a
// position again. Not an MPI program.
#include "common/plumbing/json_writer.hpp"
#include "common/plumbing/tool_main.hpp"
#include "common/runtime/options.hpp"
#include "core/expression.hpp"
#include "tools/lookup/atlas.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>

namespace common = cgt::common;
namespace core = cgt::core;
namespace lookup = cgt::lookup_tool;
using common::po::value;
using common::UsageError;
using lookup::Row;
using lookup::Source;

namespace {

struct Filters {
    long min_length = 1, max_length = 1000, max_edges = 1000;
    std::string colours;
    std::size_t limit = 20;
};

struct Query {
    std::string kind; // stalk, graph, value, outcome, temperature, atomic-weight, counts
    std::string argument;
};

double milliseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::string ms(double x) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, x < 1 ? "%.3f" : x < 10 ? "%.2f" : "%.0f", x);
    return buffer;
}

core::GameId game_argument(lookup::Atlas& atlas, const Query& q) {
    try {
        return core::parse_expression(atlas.store(), q.argument);
    } catch (const core::TextError& e) {
        throw UsageError(q.kind + ": column " + std::to_string(e.column()) + ": " + e.reason() + " (in '" +
                         e.shown_text() + "')");
    }
}

// LO..HI, LO.., ..HI or a single T.
std::pair<core::Dyadic, core::Dyadic> temperature_range(const std::string& text) {
    try {
        const auto dots = text.find("..");
        if (dots == std::string::npos) return {core::Dyadic::parse(text), core::Dyadic::parse(text)};
        const std::string low = text.substr(0, dots), high = text.substr(dots + 2);
        return {low.empty() ? core::Dyadic(-1) : core::Dyadic::parse(low),
                high.empty() ? core::Dyadic(core::Dyadic::MAX_NUMERATOR) : core::Dyadic::parse(high)};
    } catch (const std::exception& e) {
        throw UsageError("temperature: '" + core::printable(text) + "' is not T or LO..HI with dyadic bounds (" +
                         e.what() + ")");
    }
}

bool kept(lookup::Atlas& atlas, Row r, const Filters& f) {
    const std::int64_t n = atlas.size(r);
    if (r.source == Source::Stalks) return n >= f.min_length && n <= f.max_length;
    return n <= f.max_edges && (f.colours.empty() || atlas.family(r) == f.colours);
}

std::vector<Row> answer(lookup::Atlas& atlas, const Query& q, std::string& what, core::Notation notation) {
    if (q.kind == "stalk") {
        what = "stalk " + q.argument;
        const auto r = atlas.stalk(q.argument);
        return r ? std::vector<Row>{*r} : std::vector<Row>{};
    }
    if (q.kind == "graph") {
        what = "graph " + q.argument;
        return atlas.graph(q.argument);
    }
    if (q.kind == "value") {
        const core::GameId g = game_argument(atlas, q);
        what = "value " + atlas.store().name(g, notation);
        return atlas.with_value(g);
    }
    std::vector<Row> out;
    for (Source s : {Source::Stalks, Source::Graphs}) {
        if (!atlas.has(s)) continue;
        std::vector<Row> part;
        if (q.kind == "outcome") {
            if (q.argument.size() != 1 || std::string("LRPN").find(q.argument[0]) == std::string::npos)
                throw UsageError("outcome must be L, R, P or N, got '" + core::printable(q.argument) + "'");
            what = "outcome " + q.argument;
            part = atlas.with_outcome(s, q.argument[0]);
        } else if (q.kind == "temperature") {
            const auto [low, high] = temperature_range(q.argument);
            what = "temperature " + low.to_string() + ".." + high.to_string();
            part = atlas.with_temperature(s, low, high);
        } else if (q.kind == "atomic-weight") {
            const core::GameId w = game_argument(atlas, q);
            what = "atomic weight " + atlas.store().name(w, notation);
            part = atlas.with_atomic_weight(s, w);
        } else {
            throw UsageError("unknown query '" + core::printable(q.kind) +
                             "' (stalk, graph, value, outcome, temperature, atomic-weight, counts)");
        }
        out.insert(out.end(), part.begin(), part.end());
    }
    return out;
}

std::string row_text(lookup::Atlas& atlas, Row r, core::Notation notation) {
    core::GameStore& store = atlas.store();
    const std::string name = store.name(store.parse(atlas.value_text(r)), notation);
    std::ostringstream out;
    if (r.source == Source::Stalks)
        out << "stalk " << atlas.key(r) << " (length " << atlas.size(r) << "): " << name << "  [" << atlas.kind(r) << "]";
    else
        out << "graph " << atlas.key(r) << " (" << atlas.family(r) << ", " << atlas.size(r) << " edges): " << name
            << "  [" << atlas.kind(r) << ", outcome " << atlas.outcome(r) << "]";
    return out.str();
}

common::Json row_json(lookup::Atlas& atlas, Row r) {
    core::GameStore& store = atlas.store();
    const core::GameId g = store.parse(atlas.value_text(r));
    common::Json out;
    out["source"] = r.source == Source::Stalks ? "stalk" : "graph";
    out["key"] = atlas.key(r);
    if (r.source == Source::Graphs) out["colours"] = atlas.family(r);
    out["size"] = atlas.size(r);
    out["value"] = store.name(g);
    out["compact"] = atlas.value_text(r);
    out["kind"] = atlas.kind(r);
    out["outcome"] = std::string(1, atlas.outcome(r));
    return out;
}

// Counts by category: per stalk length, the kinds; per colour set and edge count of the
// graphs, the kinds and the outcomes.
void counts(lookup::Atlas& atlas, const Filters& f, bool json) {
    std::map<std::pair<std::string, std::int64_t>, std::map<std::string, std::uint64_t>> table;
    for (Source s : {Source::Stalks, Source::Graphs}) {
        if (!atlas.has(s)) continue;
        for (std::uint64_t i = 0; i < atlas.rows(s); ++i) {
            const Row r{s, i};
            if (!kept(atlas, r, f)) continue;
            auto& cell = table[{s == Source::Stalks ? "stalks" : "graphs " + atlas.family(r), atlas.size(r)}];
            ++cell["all"];
            ++cell[atlas.kind(r)];
            if (s == Source::Graphs) ++cell[std::string("outcome ") + atlas.outcome(r)];
        }
    }
    std::string group;
    for (const auto& [where, cell] : table) {
        if (json) {
            common::Json line{{"table", where.first}, {"size", where.second}};
            for (const auto& [name, n] : cell)
                line[name] = n;
            std::cout << common::json_text(line) << "\n";
            continue;
        }
        if (where.first != group) std::cout << (group.empty() ? "" : "\n") << where.first << ":\n";
        group = where.first;
        std::cout << "  " << (where.first == "stalks" ? "length " : "edges ") << where.second << ":";
        for (const auto& [name, n] : cell) std::cout << "  " << name << " " << n;
        std::cout << "\n";
    }
}

void run_query(lookup::Atlas& atlas, const Query& q, const Filters& f, bool json, core::Notation notation) {
    const auto start = std::chrono::steady_clock::now();
    if (q.kind == "counts") {
        counts(atlas, f, json);
        const double t = milliseconds_since(start);
        if (!json) std::cout << "(counts in " << ms(t) << " ms)\n";
        return;
    }
    std::string what;
    std::vector<Row> rows;
    try {
        rows = answer(atlas, q, what, notation);
    } catch (const std::invalid_argument& e) {
        throw UsageError(q.kind + ": " + e.what());
    }
    std::erase_if(rows, [&](Row r) { return !kept(atlas, r, f); });
    const double t = milliseconds_since(start);
    std::size_t stalks = 0;
    for (Row r : rows) stalks += r.source == Source::Stalks;
    const std::size_t shown = f.limit == 0 ? rows.size() : std::min(rows.size(), f.limit);
    if (json) {
        common::Json out{{"query", q.kind + " " + q.argument},
                         {"matches", rows.size()},
                         {"stalks", stalks},
                         {"graphs", rows.size() - stalks},
                         {"query_ms", std::stod(ms(t))},
                         {"rows", common::Json::array()}};
        for (std::size_t i = 0; i < shown; ++i)
            out["rows"].push_back(row_json(atlas, rows[i]));
        std::cout << common::json_text(out) << "\n";
        return;
    }
    std::cout << what << ": " << rows.size() << (rows.size() == 1 ? " match" : " matches") << " (" << stalks
              << (stalks == 1 ? " stalk, " : " stalks, ") << rows.size() - stalks
              << (rows.size() - stalks == 1 ? " graph" : " graphs") << ") in " << ms(t) << " ms\n";
    for (std::size_t i = 0; i < shown; ++i) std::cout << "  " << row_text(atlas, rows[i], notation) << "\n";
    if (shown < rows.size()) std::cout << "  ... " << rows.size() - shown << " more (--limit 0 shows all)\n";
}

Query parse_query_line(const std::string& line) {
    const auto space = line.find(' ');
    Query q{line.substr(0, space), space == std::string::npos ? "" : line.substr(space + 1)};
    if (q.kind != "counts" && q.argument.empty()) throw UsageError("query '" + core::printable(line) + "' has no argument");
    return q;
}

// Reads the result files `in` names (refused ones: UsageError) and, without --json, says
// what it read.
void load_atlas(lookup::Atlas& atlas, const common::Options& options, const std::string& in, bool json) {
    const auto start = std::chrono::steady_clock::now();
    try {
        if (in != "graphs") atlas.load_stalks(options.get<std::string>("stalks"));
        if (in != "stalks") atlas.load_graphs(options.get<std::string>("graphs"));
    } catch (const common::ResultRefused& e) {
        throw UsageError(std::string("refused: ") + e.what());
    }
    const double load = milliseconds_since(start);
    if (!json) {
        std::cout << "atlas:";
        if (atlas.has(Source::Stalks))
            std::cout << " " << options.get<std::string>("stalks") << " (" << atlas.rows(Source::Stalks) << " stalks)";
        if (atlas.has(Source::Graphs))
            std::cout << " " << options.get<std::string>("graphs") << " (" << atlas.rows(Source::Graphs) << " graphs)";
        std::cout << ", read and checked in " << ms(load) << " ms\n";
    }
}

// --batch: a query per line of stdin (blank lines and # comments skipped).
void run_batch(lookup::Atlas& atlas, const Filters& f, bool json, core::Notation notation) {
    std::string line;
    for (std::size_t n = 1; std::getline(std::cin, line); ++n) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(' ') == std::string::npos || line[0] == '#') continue;
        try {
            run_query(atlas, parse_query_line(line), f, json, notation);
        } catch (const UsageError& e) {
            throw UsageError("line " + std::to_string(n) + ": " + e.what());
        }
    }
}

int run(int argc, char* argv[]) {
    common::Options options(
        "cgt-lookup",
        "Answers from the Hackenbush result files, without valuing anything again: the value of\n"
        "a stalk (--stalk GBRBG, colours from the ground up) or of a graph (--graph '0-1B 1-2R'),\n"
        "every stored stalk and graph with a given value (--value, any cgt-calc expression),\n"
        "outcome (--outcome L|R|P|N), temperature (--temperature T or LO..HI) or atomic weight\n"
        "(--atomic-weight W), and counts by category (--counts). The files are refused as the\n"
        "verify programs refuse them (partial, incomplete, another program's, altered). With\n"
        "--batch, one query per line on stdin ('stalk GBRBG', 'value 1/2*', 'counts'), each\n"
        "timed. Outcomes of stalks, temperatures and atomic weights are found from each stored\n"
        "value's text on the first query that needs them (seconds for the 797,160 stalks).",
        "cgt-lookup --value '1/2*' --max-length 12   (or: cgt-lookup --stalk GBRBG)");
    options.add()("stalks", value<std::string>()->default_value("results/hackenbush-stalks.h5")->value_name("FILE"),
                  "the stalks job's result file")(
        "graphs", value<std::string>()->default_value("results/hackenbush-colour.h5")->value_name("FILE"),
        "the colour job's result file")(
        "in", value<std::string>()->value_name("stalks|graphs|both"),
        "which files to ask (default: the one a --stalk or --graph query needs, else both)")(
        "stalk", value<std::string>()->value_name("COLOURS"), "the value of this stalk")(
        "graph", value<std::string>()->value_name("TEXT"), "the value of this graph")(
        "value", value<std::string>()->value_name("EXPRESSION"), "every stalk and graph of this value")(
        "outcome", value<std::string>()->value_name("L|R|P|N"), "every stalk and graph of this outcome")(
        "temperature", value<std::string>()->value_name("T|LO..HI"), "every stalk and graph of a temperature in range")(
        "atomic-weight", value<std::string>()->value_name("EXPRESSION"), "every all-small value of this atomic weight")(
        "counts", common::po::bool_switch()->default_value(false), "counts by length (edges), kind and outcome")(
        "batch", common::po::bool_switch()->default_value(false), "read queries from stdin, one per line")(
        "min-length", value<long>()->default_value(1), "stalks of at least this length")(
        "max-length", value<long>()->default_value(1000), "stalks of at most this length")(
        "max-edges", value<long>()->default_value(1000), "graphs of at most this many edges")(
        "colours", value<std::string>()->value_name("SET"), "graphs of this colour set only (BR or BRG)")(
        "limit", value<long>()->default_value(20), "show at most this many rows (0: all)")(
        "json", common::po::bool_switch()->default_value(false), "one JSON object per answer")(
        "ascii", common::po::bool_switch()->default_value(false), "write ^ and v for up and down");
    std::vector<Query> queries;
    std::string in;
    const bool go = options.parse(argc, argv, [&](const common::po::variables_map& vm) {
        for (const char* kind : {"stalk", "graph", "value", "outcome", "temperature", "atomic-weight"})
            if (vm.count(kind)) queries.push_back({kind, vm[kind].as<std::string>()});
        if (vm["counts"].as<bool>()) queries.push_back({"counts", ""});
        const bool batch = vm["batch"].as<bool>();
        if (queries.size() + (batch ? 1 : 0) != 1)
            throw UsageError("give one query (--stalk, --graph, --value, --outcome, --temperature, --atomic-weight, "
                             "--counts) or --batch");
        for (const char* n : {"min-length", "max-length", "max-edges", "limit"})
            if (vm[n].as<long>() < 0) throw UsageError(std::string("--") + n + " must be >= 0");
        if (vm.count("in")) {
            in = vm["in"].as<std::string>();
            if (in != "stalks" && in != "graphs" && in != "both")
                throw UsageError("--in must be stalks, graphs or both, got '" + core::printable(in) + "'");
        }
    });
    if (!go) return 0;
    Filters f;
    f.min_length = options.get<long>("min-length");
    f.max_length = options.get<long>("max-length");
    f.max_edges = options.get<long>("max-edges");
    f.limit = static_cast<std::size_t>(options.get<long>("limit"));
    if (options.has("colours")) f.colours = options.get<std::string>("colours");
    const bool json = options.get<bool>("json");
    const core::Notation notation = options.get<bool>("ascii") ? core::Notation::Ascii : core::Notation::Unicode;
    if (in.empty()) in = queries.size() == 1 && queries[0].kind == "stalk" ? "stalks"
                         : queries.size() == 1 && queries[0].kind == "graph" ? "graphs" : "both";

    lookup::Atlas atlas;
    load_atlas(atlas, options, in, json);
    if (!queries.empty()) {
        run_query(atlas, queries[0], f, json, notation);
        return 0;
    }
    run_batch(atlas, f, json, notation);
    return 0;
}

} // namespace

int main(int argc, char* argv[]) {
    return cgt::common::run_tool([&] { return run(argc, argv); });
}
