// cgt-verify-hackenbush-green: checks a cgt-hackenbush-green file against the
// second check of sen-ltd's Hackenbush article (green graphs on the ground and 3 or 4 vertices: mex = fusion + colon =
// engine for every graph, the counts, nim-value parity = edge-count parity, *0 and *8 at
// 4 vertices and 8 edges), recounts the tables from the rows, and values a sample again.
#include "hackenbush/green.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "hackenbush-green/green_rows.hpp"
#include "hackenbush-green/green_schema.hpp"

#include <map>

namespace common = cgt::common;
namespace verify = cgt::verify;
namespace hackenbush = cgt::hackenbush;
using cgt::verify::hackenbush_common::join;
using verify::thousands;

namespace schema = cgt::jobs::hackenbush_green::schema;

namespace {

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const verify::Facts facts(data_dir + "/hackenbush.txt");
    const auto by_edges = file.read_table(schema::by_edges::table);
    const auto nim_values = file.read_table(schema::nim_values::table);
    const auto graphs = file.read_table(schema::graphs::table);
    report.count_rows(by_edges.rows + nim_values.rows + graphs.rows);
    const auto v = by_edges.ints(schema::by_edges::vertices), e = by_edges.ints(schema::by_edges::edges), n = by_edges.ints(schema::by_edges::graphs),
               fusion = by_edges.ints(schema::by_edges::fusion_agrees), engine = by_edges.ints(schema::by_edges::engine_agrees),
               parity = by_edges.ints(schema::by_edges::parity_agrees);
    std::map<long long, std::vector<long long>> counts; // by V: graphs by edge count
    std::map<std::pair<long long, long long>, long long> graphs_at;
    long long total = 0, fusion_ok = 0, engine_ok = 0, parity_ok = 0;
    for (std::size_t i = 0; i < by_edges.rows; ++i) {
        counts[v[i]].push_back(n[i]);
        graphs_at[{v[i], e[i]}] = n[i];
        total += n[i];
        fusion_ok += fusion[i];
        engine_ok += engine[i];
        parity_ok += parity[i];
    }
    report.section("The file against its parameters");
    {
        std::vector<cgt::jobs::hackenbush_green::Size> sizes;
        try {
            const auto parameters = cgt::verify::hackenbush_common::run_parameters(file);
            sizes = cgt::jobs::hackenbush_green::parse_sizes(verify::parameter_text(parameters, "graphs"));
        } catch (const std::invalid_argument& error) {
            throw common::ResultRefused(std::string("the file's parameters: ") + error.what());
        }
        std::vector<std::pair<long long, long long>> expected, ours;
        for (const auto& size : sizes)
            for (unsigned edges = 1; edges <= size.max_edges; ++edges) expected.emplace_back(size.vertices, edges);
        for (std::size_t i = 0; i < by_edges.rows; ++i) ours.emplace_back(v[i], e[i]);
        const auto pairs = [](const std::vector<std::pair<long long, long long>>& x) {
            std::string out;
            for (const auto& [a, b] : x) out += (out.empty() ? "" : " ") + std::to_string(a) + ":" + std::to_string(b);
            return out;
        };
        report.check_equal("by_edges: V:1..E of each --graphs V:E, in order", pairs(expected), pairs(ours));
    }
    std::map<std::tuple<long long, long long, long long>, long long> nim_count;
    for (std::size_t i = 0; i < nim_values.rows; ++i)
        nim_count[{nim_values.ints(schema::nim_values::vertices)[i], nim_values.ints(schema::nim_values::edges)[i], nim_values.ints(schema::nim_values::nim)[i]}] =
            nim_values.ints(schema::nim_values::graphs)[i];

    for (const auto& [vertices, by_e] : counts) {
        report.section("Green graphs on the ground and " + std::to_string(vertices) + " vertices, 1.." +
                       std::to_string(by_e.size()) + " edges");
        const std::string key = "green.v" + std::to_string(vertices);
        long long sum = 0;
        for (long long c : by_e) sum += c;
        if (vertices == 3) {
            std::vector<long long> published = facts.numbers(key + ".by_edges");
            if (published.size() > by_e.size()) published.resize(by_e.size());
            std::vector<long long> ours(by_e.begin(), by_e.begin() + static_cast<long>(published.size()));
            report.check_equal("graphs by edge count", join(published), join(ours));
        } else {
            report.note("graphs by edge count: " + join(by_e));
        }
        if ((vertices == 3 || vertices == 4) && static_cast<long long>(by_e.size()) == facts.number(key + ".max_edges"))
            report.check_equal("graphs", thousands(facts.number(key + ".graphs")), thousands(sum));
        if (vertices == 4 && by_e.size() >= 8) {
            report.check_equal("8 edges: *0", thousands(facts.number("green.v4.e8.star0")), thousands(nim_count[{4, 8, 0}]));
            report.check_equal("8 edges: *8", facts.number("green.v4.e8.star8"), nim_count[{4, 8, 8}]);
        }
    }

    report.section("Three ways to the same nimber, every graph");
    if (counts.size() == 2 && counts.count(3) && counts.count(4) &&
        static_cast<long long>(counts[3].size()) == facts.number("green.v3.max_edges") &&
        static_cast<long long>(counts[4].size()) == facts.number("green.v4.max_edges"))
        report.check_equal("green graphs in all", thousands(facts.number("green.graphs")), thousands(total));
    report.check_equal("fusion + colon = mex", thousands(total), thousands(fusion_ok));
    report.check_equal("engine = *mex", thousands(total), thousands(engine_ok));
    report.check_equal("nim value parity = edge count parity", thousands(total), thousands(parity_ok));

    report.section("The tables recounted from the graphs' rows");
    const auto rv = graphs.ints(schema::graphs::vertices), re = graphs.ints(schema::graphs::edges), nim = graphs.ints(schema::graphs::nim),
               rf = graphs.ints(schema::graphs::fusion), rg = graphs.ints(schema::graphs::engine);
    std::map<std::pair<long long, long long>, std::vector<long long>> recount; // graphs, fusion, engine, parity
    std::map<std::tuple<long long, long long, long long>, long long> nim_recount;
    for (std::size_t i = 0; i < graphs.rows; ++i) {
        auto& r = recount[{rv[i], re[i]}];
        r.resize(4, 0);
        ++r[0];
        r[1] += rf[i] == nim[i];
        r[2] += rg[i] == nim[i];
        r[3] += nim[i] % 2 == re[i] % 2;
        ++nim_recount[{rv[i], re[i], nim[i]}];
    }
    bool same = recount.size() == by_edges.rows && nim_recount == nim_count;
    for (std::size_t i = 0; same && i < by_edges.rows; ++i)
        same = recount[{v[i], e[i]}] == std::vector<long long>{n[i], fusion[i], engine[i], parity[i]};
    report.check("counts and nim values from the rows", "as the tables", same ? "as the tables" : "differ", same);

    report.section("Graphs valued again by this program (every 997th row)");
    long long checked = 0, equal = 0;
    for (std::size_t i = 0; i < graphs.rows; i += 997) {
        ++checked;
        const hackenbush::Picture p = cgt::verify::hackenbush_common::graph_picture(graphs.texts(schema::graphs::graph)[i]);
        equal += hackenbush::GreenMexSearch(p).value() == static_cast<std::uint32_t>(nim[i]) &&
                 hackenbush::green_nim_value_by_principles(p) == static_cast<std::uint32_t>(nim[i]);
    }
    report.check_equal("graphs whose nim value this program finds equal", thousands(checked), thousands(equal));
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(argc, argv, "cgt-verify-hackenbush-green", "hackenbush-green", "cgt-hackenbush-green",
                              "Checks a cgt-hackenbush-green result file against the second check of\n"
                              "sen-ltd's Hackenbush article (Qiita): fusion and colon principles.",
                              check);
}
