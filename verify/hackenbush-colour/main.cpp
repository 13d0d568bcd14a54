// cgt-verify-hackenbush-colour: checks a cgt-hackenbush-colour file against the
// third check of sen-ltd's Hackenbush article and its table (graph counts by edge count, outcome = value-free search, sum
// of parts = whole, numbers, distinct values, the six-edge three-colour split), recounts
// the summary tables from the graphs' rows, and values a sample of graphs again.
#include "core/game_store.hpp"
#include "hackenbush/picture_values.hpp"
#include "hackenbush/win_loss.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "hackenbush-colour/colour_rows.hpp"
#include "hackenbush-colour/colour_schema.hpp"
#include "hackenbush-common/values_schema.hpp"

#include <map>
#include <set>

namespace common = cgt::common;
namespace verify = cgt::verify;
namespace hackenbush = cgt::hackenbush;
using cgt::verify::hackenbush_common::join;
using verify::thousands;

namespace schema = cgt::jobs::hackenbush_colour::schema;
namespace values_schema = cgt::jobs::hackenbush_common::schema::values;

namespace {

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const verify::Facts facts(data_dir + "/hackenbush.txt");
    const auto parameters = cgt::verify::hackenbush_common::run_parameters(file);
    const long long vertices = cgt::verify::hackenbush_common::parameter_number(parameters, "vertices");
    const long long max_edges = cgt::verify::hackenbush_common::parameter_number(parameters, "max-edges");
    const bool article_size = vertices == facts.number("colour.vertices");
    const auto sets = file.read_table(schema::colour_sets);
    const auto by_edges = file.read_table(schema::by_edges);
    const auto graphs = file.read_table(schema::graphs::table);
    const auto values = file.read_table(values_schema::table);
    report.count_rows(sets.rows + by_edges.rows + graphs.rows + values.rows);

    report.section("The file against its parameters");
    {
        std::vector<std::string> colour_sets;
        try {
            colour_sets = cgt::jobs::hackenbush_colour::parse_colours(verify::parameter_text(parameters, "colours"));
        } catch (const std::invalid_argument& e) {
            throw common::ResultRefused(std::string("the file's parameters: ") + e.what());
        }
        std::string expected_sets, expected_rows, our_sets, our_rows;
        for (const auto& c : colour_sets) {
            expected_sets += (expected_sets.empty() ? "" : " ") + c;
            for (long long e = 1; e <= max_edges; ++e) expected_rows += (expected_rows.empty() ? "" : " ") + c + ":" + std::to_string(e);
        }
        for (const auto& c : sets.texts(schema::colours)) our_sets += (our_sets.empty() ? "" : " ") + c;
        for (std::size_t i = 0; i < by_edges.rows; ++i)
            our_rows += (our_rows.empty() ? "" : " ") + by_edges.texts(schema::colours)[i] + ":" + std::to_string(by_edges.ints(schema::edges)[i]);
        report.check_equal("colour_sets: the sets of --colours, in order", expected_sets, our_sets);
        report.check_equal("by_edges: 1..max-edges edges of each set, in order", expected_rows, our_rows);
    }

    // Summary columns by (colours, edges); edges 0 is the colour set's total.
    std::map<std::pair<std::string, long long>, std::map<std::string, long long>> summary;
    const common::Col<std::int64_t> fields[] = {schema::graphs_count, schema::distinct,      schema::outcome_agrees,
                                                schema::whole_agrees, schema::numbers,       schema::number_nimber,
                                                schema::number_ups,   schema::other,         schema::next};
    for (const common::Col<std::int64_t>& column : fields) {
        const std::string f = column.name;
        const auto v = by_edges.ints(column);
        const auto w = sets.ints(column);
        for (std::size_t i = 0; i < by_edges.rows; ++i)
            summary[{by_edges.texts(schema::colours)[i], by_edges.ints(schema::edges)[i]}][f] = v[i];
        for (std::size_t i = 0; i < sets.rows; ++i) summary[{sets.texts(schema::colours)[i], 0}][f] = w[i];
    }

    for (const std::string& colours : sets.texts(schema::colours)) {
        const auto& total = summary[{colours, 0}];
        const bool known = colours == "BR" || colours == "BRG";
        report.section(colours + " graphs on the ground and " + std::to_string(vertices) + " vertices, 1.." +
                       std::to_string(max_edges) + " edges");
        std::vector<long long> ours;
        for (long long e = 1; e <= max_edges; ++e) ours.push_back(summary[{colours, e}]["graphs"]);
        if (known && article_size) {
            std::vector<long long> published = facts.numbers("colour." + colours + ".by_edges");
            if (static_cast<long long>(published.size()) > max_edges) published.resize(static_cast<std::size_t>(max_edges));
            std::vector<long long> compared(ours.begin(), ours.begin() + static_cast<long>(std::min(ours.size(), published.size())));
            report.check_equal("graphs by edge count", join(published), join(compared));
        } else {
            report.note("graphs by edge count: " + join(ours) + " (no published figures for these sizes)");
        }
        const bool full = known && article_size && max_edges == facts.number("colour.max_edges");
        if (full) {
            report.check_equal("graphs", thousands(facts.number("colour." + colours + ".graphs")), thousands(total.at("graphs")));
            report.check_equal("numbers", thousands(facts.number("colour." + colours + ".numbers")), thousands(total.at("numbers")));
            report.check_equal("distinct values (canonical text)", thousands(facts.number("colour." + colours + ".distinct")),
                               thousands(total.at("distinct")));
        }
        report.check_equal("outcome of the value = value-free search", thousands(total.at("graphs")),
                           thousands(total.at("outcome_agrees")));
        report.check_equal("sum of the parts = value of the whole", thousands(total.at("graphs")),
                           thousands(total.at("whole_agrees")));
        if (colours.find('G') == std::string::npos) {
            report.check_equal("numbers (every blue-red graph)", thousands(total.at("graphs")), thousands(total.at("numbers")));
            report.check_equal("first-player wins (N)", 0, total.at("next"));
        }
        if (colours == "BRG" && full) {
            const auto& six = summary[{colours, 6}];
            report.check_equal("6 edges: numbers, x+*m, x+n.^+*m, other", facts.text("colour.BRG.e6.kinds"),
                               join({six.at("numbers"), six.at("number_nimber"), six.at("number_ups"), six.at("other")}));
        }
    }

    report.section("The summaries recounted from the graphs' rows");
    const auto& colours = graphs.texts(schema::graphs::colours);
    const auto edges = graphs.ints(schema::graphs::edges);
    const auto value = graphs.ints(schema::graphs::value), whole = graphs.ints(schema::graphs::whole);
    const auto &outcome = graphs.texts(schema::graphs::outcome), &search = graphs.texts(schema::graphs::search), &kind = graphs.texts(schema::graphs::kind);
    const auto& text = values.texts(values_schema::text);
    const auto index = values.ints(values_schema::value);
    bool indexed = true;
    for (std::size_t k = 0; indexed && k < values.rows; ++k)
        indexed = index[k] == static_cast<long long>(k) && (k == 0 || text[k - 1] < text[k]);
    for (std::size_t i = 0; indexed && i < graphs.rows; ++i)
        indexed = value[i] >= 0 && whole[i] >= 0 && static_cast<std::uint64_t>(std::max(value[i], whole[i])) < values.rows;
    report.check("values: texts sorted and distinct, every index valid", "yes", indexed ? "yes" : "no", indexed);
    std::map<std::pair<std::string, long long>, std::map<std::string, long long>> recount;
    std::map<std::pair<std::string, long long>, std::set<long long>> seen;
    for (std::size_t i = 0; i < graphs.rows; ++i) {
        for (const long long e : {static_cast<long long>(edges[i]), 0LL}) {
            auto& r = recount[{colours[i], e}];
            ++r["graphs"];
            r["outcome_agrees"] += outcome[i] == search[i];
            r["whole_agrees"] += value[i] == whole[i];
            r["numbers"] += kind[i] == "number";
            r["number_nimber"] += kind[i] == "x+*m";
            r["number_ups"] += kind[i] == "x+n.up+*m";
            r["other"] += kind[i] == "other";
            r["next"] += outcome[i] == "N";
            seen[{colours[i], e}].insert(value[i]);
        }
    }
    bool same = recount.size() == summary.size();
    for (auto& [key, r] : recount) {
        r["distinct"] = static_cast<long long>(seen[key].size());
        same = same && summary.count(key) && summary[key] == r;
    }
    report.check("per colour set and edge count: every count from the rows", "as the tables", same ? "as the tables" : "differ",
                 same);

    report.section("Graphs valued again by this program (every 1009th row)");
    if (indexed) {
        cgt::core::GameStore store;
        long long checked = 0, equal = 0;
        for (std::size_t i = 0; i < graphs.rows; i += 1009) {
            ++checked;
            const hackenbush::Picture p = cgt::verify::hackenbush_common::graph_picture(graphs.texts(schema::graphs::graph)[i]);
            const auto v = hackenbush::PictureValues(p, store).value();
            const char by_search = cgt::core::outcome_letter(hackenbush::WinLossSearch(p).outcome());
            equal += store.canonical_text(v) == text[static_cast<std::size_t>(value[i])] &&
                     std::string(1, by_search) == search[i];
        }
        report.check_equal("graphs whose value and outcome this program finds equal", thousands(checked), thousands(equal));
    }
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(argc, argv, "cgt-verify-hackenbush-colour", "hackenbush-colour", "cgt-hackenbush-colour",
                              "Checks a cgt-hackenbush-colour result file against the third check and the table\n"
                              "of sen-ltd's Hackenbush article (Qiita).",
                              check);
}
