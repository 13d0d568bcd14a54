// cgt-verify-hackenbush-green: checks a cgt-hackenbush-green file against the second check of
// sen-ltd's Hackenbush article (green graphs on the ground and 3 or 4 vertices: mex = fusion +
// colon = engine for every graph, the counts, nim-value parity = edge-count parity, *0 and *8 at 4
// vertices and 8 edges), recounts the tables from the rows, and values a sample again.
#include "hackenbush-green/green_rows.hpp"
#include "hackenbush-green/green_schema.hpp"
#include "hackenbush/green.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/parameters.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "verify/hackenbush-common/frame.hpp"

#include <map>
#include <tuple>

namespace cgt::verify::hackenbush_green {
namespace {

namespace schema = jobs::hackenbush_green::schema;
using hackenbush_common::join;

// Graphs by (vertices, edges, nim value).
using NimCounts = std::map<std::tuple<long long, long long, long long>, long long>;

// The file as the checks read it.
struct GreenFile {
    const common::ResultReader& file;
    const Facts& facts;
    common::Table by_edges{}, nim_values{}, graphs{};
    std::map<long long, std::vector<long long>> counts{}; // by V: graphs by edge count
    long long total = 0, fusion_ok = 0, engine_ok = 0, parity_ok = 0;
    // The nim_values table; with 4 vertices and 8 edges or more, the rows *0 and *8 of 4
    // vertices and 8 edges (the article's) count 0 where the table lacks them (and differ
    // from the rows' recount).
    NimCounts nim_count{};
};

GreenFile read_green_file(const common::ResultReader& file, const Facts& facts, Report& report) {
    namespace b = schema::by_edges;
    namespace n = schema::nim_values;
    GreenFile f{file, facts};
    f.by_edges = file.read_table(b::table);
    f.nim_values = file.read_table(n::table);
    f.graphs = file.read_table(schema::graphs::table);
    report.count_rows(f.by_edges.rows + f.nim_values.rows + f.graphs.rows);
    const auto v = f.by_edges.ints(b::vertices), count = f.by_edges.ints(b::graphs);
    const auto fusion = f.by_edges.ints(b::fusion_agrees),
               engine = f.by_edges.ints(b::engine_agrees),
               parity = f.by_edges.ints(b::parity_agrees);
    for (std::size_t i = 0; i < f.by_edges.rows; ++i) {
        f.counts[v[i]].push_back(count[i]);
        f.total += count[i];
        f.fusion_ok += fusion[i];
        f.engine_ok += engine[i];
        f.parity_ok += parity[i];
    }
    const auto nv = f.nim_values.ints(n::vertices), ne = f.nim_values.ints(n::edges),
               nim = f.nim_values.ints(n::nim), graphs = f.nim_values.ints(n::graphs);
    for (std::size_t i = 0; i < f.nim_values.rows; ++i)
        f.nim_count[{nv[i], ne[i], nim[i]}] = graphs[i];
    if (f.counts.count(4) && f.counts[4].size() >= 8) {
        f.nim_count[{4, 8, 0}];
        f.nim_count[{4, 8, 8}];
    }
    return f;
}

// The by_edges table: V:1..E of each --graphs V:E.
void check_parameters(const GreenFile& f, Report& report) {
    report.section("The file against its parameters");
    const auto sizes = parsed_parameters([&] {
        return jobs::hackenbush_green::parse_sizes(
            parameter_text(run_parameters(f.file), "graphs"));
    });
    std::vector<std::string> expected, ours;
    for (const auto& size : sizes)
        for (unsigned edges = 1; edges <= size.max_edges; ++edges)
            expected.push_back(std::to_string(size.vertices) + ":" + std::to_string(edges));
    const auto v = f.by_edges.ints(schema::by_edges::vertices),
               e = f.by_edges.ints(schema::by_edges::edges);
    for (std::size_t i = 0; i < f.by_edges.rows; ++i)
        ours.push_back(std::to_string(v[i]) + ":" + std::to_string(e[i]));
    report.check_equal("by_edges: V:1..E of each --graphs V:E, in order",
                       hackenbush_common::join_words(expected),
                       hackenbush_common::join_words(ours));
}

void check_by_edges(const GreenFile& f, long long vertices, Report& report) {
    const auto& by_e = f.counts.at(vertices);
    if (vertices == 3)
        hackenbush_common::check_counts(report, "graphs by edge count",
                                        f.facts.numbers("green.v3.by_edges"), by_e);
    else
        report.note("graphs by edge count: " + join(by_e));
}

void check_graphs(const GreenFile& f, long long vertices, Report& report) {
    const auto& by_e = f.counts.at(vertices);
    const std::string key = "green.v" + std::to_string(vertices);
    if ((vertices != 3 && vertices != 4) ||
        static_cast<long long>(by_e.size()) != f.facts.number(key + ".max_edges"))
        return;
    long long sum = 0;
    for (long long c : by_e)
        sum += c;
    report.check_equal("graphs", thousands(f.facts.number(key + ".graphs")), thousands(sum));
}

void check_eight_edges(const GreenFile& f, long long vertices, Report& report) {
    if (vertices != 4 || f.counts.at(vertices).size() < 8) return;
    report.check_equal("8 edges: *0", thousands(f.facts.number("green.v4.e8.star0")),
                       thousands(f.nim_count.at({4, 8, 0})));
    report.check_equal("8 edges: *8", f.facts.number("green.v4.e8.star8"),
                       f.nim_count.at({4, 8, 8}));
}

// The checks of each vertex count, in the order of its section.
const NamedCheck<const GreenFile&, long long, Report&> VERTICES_CHECKS[] = {
    {"graphs by edge count (3 vertices)", "green.v3.by_edges",
     "sen-ltd's Hackenbush article (Qiita), its check 2", check_by_edges},
    {"graphs (3 and 4 vertices)", "green.v3.graphs, green.v4.graphs",
     "sen-ltd's Hackenbush article (Qiita), its check 2", check_graphs},
    {"8 edges: *0 and *8 (4 vertices)", "green.v4.e8.star0, green.v4.e8.star8",
     "sen-ltd's Hackenbush article (Qiita), its check 2", check_eight_edges},
};

void check_vertex_counts(const GreenFile& f, Report& report) {
    for (const auto& [vertices, by_e] : f.counts) {
        report.section("Green graphs on the ground and " + std::to_string(vertices) +
                       " vertices, 1.." + std::to_string(by_e.size()) + " edges");
        run_checks(VERTICES_CHECKS, f, vertices, report);
    }
}

void check_three_ways(const GreenFile& f, Report& report) {
    report.section("Three ways to the same nimber, every graph");
    const auto& c = f.counts;
    if (c.size() == 2 && c.count(3) && c.count(4) &&
        static_cast<long long>(c.at(3).size()) == f.facts.number("green.v3.max_edges") &&
        static_cast<long long>(c.at(4).size()) == f.facts.number("green.v4.max_edges"))
        report.check_equal("green graphs in all", thousands(f.facts.number("green.graphs")),
                           thousands(f.total));
    report.check_equal("fusion + colon = mex", thousands(f.total), thousands(f.fusion_ok));
    report.check_equal("engine = *mex", thousands(f.total), thousands(f.engine_ok));
    report.check_equal("nim value parity = edge count parity", thousands(f.total),
                       thousands(f.parity_ok));
}

void check_recount(const GreenFile& f, Report& report) {
    namespace b = schema::by_edges;
    namespace g = schema::graphs;
    report.section("The tables recounted from the graphs' rows");
    const auto rv = f.graphs.ints(g::vertices), re = f.graphs.ints(g::edges),
               nim = f.graphs.ints(g::nim), rf = f.graphs.ints(g::fusion),
               rg = f.graphs.ints(g::engine);
    std::map<std::pair<long long, long long>, std::vector<long long>>
        recount; // graphs, fusion, engine, parity
    NimCounts nim_recount;
    for (std::size_t i = 0; i < f.graphs.rows; ++i) {
        auto& r = recount[{rv[i], re[i]}];
        r.resize(4, 0);
        ++r[0];
        r[1] += rf[i] == nim[i];
        r[2] += rg[i] == nim[i];
        r[3] += nim[i] % 2 == re[i] % 2;
        ++nim_recount[{rv[i], re[i], nim[i]}];
    }
    const auto v = f.by_edges.ints(b::vertices), e = f.by_edges.ints(b::edges),
               n = f.by_edges.ints(b::graphs), fusion = f.by_edges.ints(b::fusion_agrees),
               engine = f.by_edges.ints(b::engine_agrees),
               parity = f.by_edges.ints(b::parity_agrees);
    bool same = recount.size() == f.by_edges.rows && nim_recount == f.nim_count;
    for (std::size_t i = 0; same && i < f.by_edges.rows; ++i) {
        const auto it = recount.find({v[i], e[i]});
        same = it != recount.end() &&
               it->second == std::vector<long long>{n[i], fusion[i], engine[i], parity[i]};
    }
    check_holds(report, "counts and nim values from the rows", same, "as the tables", "differ");
}

void check_revalued(const GreenFile& f, Report& report) {
    report.section("Graphs valued again by this program (every 997th row)");
    const auto nim = f.graphs.ints(schema::graphs::nim);
    hackenbush_common::check_sample(
        report, "graphs whose nim value this program finds equal", f.graphs.rows, 997,
        [&](std::uint64_t i) {
            const auto p =
                hackenbush_common::graph_picture(f.graphs.texts(schema::graphs::graph)[i]);
            const auto value = static_cast<std::uint32_t>(nim[i]);
            return hackenbush::GreenMexSearch(p).value() == value &&
                   hackenbush::green_nim_value_by_principles(p) == value;
        });
}

const NamedCheck<const GreenFile&, Report&> CHECKS[] = {
    {"the file against its parameters", "parameters", "the run's --graphs", check_parameters},
    {"each vertex count", "green.v3.*, green.v4.*",
     "sen-ltd's Hackenbush article (Qiita), its check 2", check_vertex_counts},
    {"three ways to the same nimber", "green.graphs",
     "sen-ltd's Hackenbush article (Qiita), its check 2; Winning Ways (the colon and fusion "
     "principles)",
     check_three_ways},
    {"the tables recounted from the rows", "identity", "the graphs table", check_recount},
    {"graphs valued again", "identity", "this program's mex search and the principles",
     check_revalued},
};

} // namespace
} // namespace cgt::verify::hackenbush_green

int main(int argc, char* argv[]) {
    return cgt::verify::hackenbush_common::run_hackenbush_verify(
        argc, argv, "green",
        "Checks a cgt-hackenbush-green result file against the second check of\n"
        "sen-ltd's Hackenbush article (Qiita): fusion and colon principles.",
        cgt::verify::hackenbush_green::read_green_file, cgt::verify::hackenbush_green::CHECKS);
}
