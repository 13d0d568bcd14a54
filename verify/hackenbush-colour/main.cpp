// cgt-verify-hackenbush-colour: checks a cgt-hackenbush-colour file against the
// third check of sen-ltd's Hackenbush article and its table (graph counts by edge count, outcome =
// value-free search, sum of parts = whole, numbers, distinct values, the six-edge three-colour
// split), recounts the summary tables from the graphs' rows, and values a sample of graphs again.
#include "core/game_store.hpp"
#include "hackenbush-colour/colour_rows.hpp"
#include "hackenbush-colour/colour_schema.hpp"
#include "hackenbush-common/values_schema.hpp"
#include "hackenbush/picture_values.hpp"
#include "hackenbush/win_loss.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/parameters.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "verify/hackenbush-common/frame.hpp"

#include <map>
#include <set>

namespace cgt::verify::hackenbush_colour {
namespace {

namespace schema = jobs::hackenbush_colour::schema;
namespace values_schema = jobs::hackenbush_common::schema::values;
using hackenbush_common::join;

// Counts of one colour set and edge count (edges 0: the set's total), by column name.
using Counts = std::map<std::string, long long>;
using CountsBy = std::map<std::pair<std::string, long long>, Counts>;

// The file as the checks read it.
struct ColourFile {
    const Facts& facts;
    std::map<std::string, std::string> parameters;
    long long vertices = 0, max_edges = 0;
    bool article_size = false; // the article's vertex count
    common::Table sets{}, by_edges{}, graphs{}, values{};
    // The counts of the tables by_edges and colour_sets; a (set, 1..max-edges) row the
    // by_edges table lacks counts 0 graphs (and differs from the rows' recount).
    CountsBy summary{};
    bool indexed = false; // values sorted, every graph's value and whole a row of them

    [[nodiscard]] const Counts& at(const std::string& colours, long long edges) const {
        return summary.at({colours, edges});
    }
    // The figures of the article's table apply: its colour sets on its vertex count.
    [[nodiscard]] bool known(const std::string& colours) const {
        return (colours == "BR" || colours == "BRG") && article_size;
    }
    // ... and to its edge count.
    [[nodiscard]] bool full(const std::string& colours) const {
        return known(colours) && max_edges == facts.number("colour.max_edges");
    }
};

CountsBy summary_counts(const common::Table& sets, const common::Table& by_edges,
                        long long max_edges) {
    CountsBy summary{};
    const common::Col<std::int64_t> fields[] = {
        schema::graphs_count, schema::distinct, schema::outcome_agrees,
        schema::whole_agrees, schema::numbers,  schema::number_nimber,
        schema::number_ups,   schema::other,    schema::next};
    const auto& edges_colours = by_edges.texts(schema::colours);
    const auto edges = by_edges.ints(schema::edges);
    for (const common::Col<std::int64_t>& column : fields) {
        const auto v = by_edges.ints(column);
        const auto w = sets.ints(column);
        for (std::size_t i = 0; i < by_edges.rows; ++i)
            summary[{edges_colours[i], edges[i]}][column.name] = v[i];
        for (std::size_t i = 0; i < sets.rows; ++i)
            summary[{sets.texts(schema::colours)[i], 0}][column.name] = w[i];
    }
    for (const std::string& colours : sets.texts(schema::colours))
        for (long long e = 1; e <= max_edges; ++e)
            summary[{colours, e}]["graphs"];
    return summary;
}

ColourFile read_colour_file(const common::ResultReader& file, const Facts& facts, Report& report) {
    ColourFile f{facts, run_parameters(file)};
    f.vertices = parameter_number(f.parameters, "vertices");
    f.max_edges = parameter_number(f.parameters, "max-edges");
    f.article_size = f.vertices == facts.number("colour.vertices");
    f.sets = file.read_table(schema::colour_sets);
    f.by_edges = file.read_table(schema::by_edges);
    f.graphs = file.read_table(schema::graphs::table);
    f.values = file.read_table(values_schema::table);
    report.count_rows(f.sets.rows + f.by_edges.rows + f.graphs.rows + f.values.rows);
    f.summary = summary_counts(f.sets, f.by_edges, f.max_edges);
    f.indexed =
        hackenbush_common::values_sorted(f.values) &&
        hackenbush_common::indexes_valid(f.graphs.ints(schema::graphs::value), f.values.rows) &&
        hackenbush_common::indexes_valid(f.graphs.ints(schema::graphs::whole), f.values.rows);
    return f;
}

// The colour_sets and by_edges tables: the sets of --colours, 1..max-edges edges each.
void check_parameters(const ColourFile& f, Report& report) {
    report.section("The file against its parameters");
    const auto colour_sets = parsed_parameters([&] {
        return jobs::hackenbush_colour::parse_colours(parameter_text(f.parameters, "colours"));
    });
    std::vector<std::string> expected_rows, our_rows;
    for (const auto& c : colour_sets)
        for (long long e = 1; e <= f.max_edges; ++e)
            expected_rows.push_back(c + ":" + std::to_string(e));
    for (std::size_t i = 0; i < f.by_edges.rows; ++i)
        our_rows.push_back(f.by_edges.texts(schema::colours)[i] + ":" +
                           std::to_string(f.by_edges.ints(schema::edges)[i]));
    report.check_equal("colour_sets: the sets of --colours, in order",
                       hackenbush_common::join_words(colour_sets),
                       hackenbush_common::join_words(f.sets.texts(schema::colours)));
    report.check_equal("by_edges: 1..max-edges edges of each set, in order",
                       hackenbush_common::join_words(expected_rows),
                       hackenbush_common::join_words(our_rows));
}

void check_by_edges(const ColourFile& f, const std::string& colours, Report& report) {
    std::vector<long long> ours;
    for (long long e = 1; e <= f.max_edges; ++e)
        ours.push_back(f.at(colours, e).at("graphs"));
    if (f.known(colours)) {
        const auto published = f.facts.numbers("colour." + colours + ".by_edges");
        hackenbush_common::check_counts(report, "graphs by edge count", published, ours);
    } else {
        report.note("graphs by edge count: " + join(ours) +
                    " (no published figures for these sizes)");
    }
}

void check_totals(const ColourFile& f, const std::string& colours, Report& report) {
    if (!f.full(colours)) return;
    const Counts& total = f.at(colours, 0);
    const auto published = [&](const std::string& name) {
        return thousands(f.facts.number("colour." + colours + "." + name));
    };
    report.check_equal("graphs", published("graphs"), thousands(total.at("graphs")));
    report.check_equal("numbers", published("numbers"), thousands(total.at("numbers")));
    report.check_equal("distinct values (canonical text)", published("distinct"),
                       thousands(total.at("distinct")));
}

void check_outcome_and_parts(const ColourFile& f, const std::string& colours, Report& report) {
    const Counts& total = f.at(colours, 0);
    report.check_equal("outcome of the value = value-free search", thousands(total.at("graphs")),
                       thousands(total.at("outcome_agrees")));
    report.check_equal("sum of the parts = value of the whole", thousands(total.at("graphs")),
                       thousands(total.at("whole_agrees")));
}

void check_blue_red(const ColourFile& f, const std::string& colours, Report& report) {
    if (colours.find('G') != std::string::npos) return;
    const Counts& total = f.at(colours, 0);
    report.check_equal("numbers (every blue-red graph)", thousands(total.at("graphs")),
                       thousands(total.at("numbers")));
    report.check_equal("first-player wins (N)", 0, total.at("next"));
}

void check_six_edges(const ColourFile& f, const std::string& colours, Report& report) {
    if (colours != "BRG" || !f.full(colours)) return;
    const Counts& six = f.at(colours, 6);
    report.check_equal(
        "6 edges: numbers, x+*m, x+n.^+*m, other", f.facts.text("colour.BRG.e6.kinds"),
        join({six.at("numbers"), six.at("number_nimber"), six.at("number_ups"), six.at("other")}));
}

// The checks of each colour set, in the order of its section.
const NamedCheck<const ColourFile&, const std::string&, Report&> COLOUR_SET_CHECKS[] = {
    {"graphs by edge count", "colour.SET.by_edges",
     "sen-ltd's Hackenbush article (Qiita), its table", check_by_edges},
    {"graphs, numbers, distinct values", "colour.SET.graphs, .numbers, .distinct",
     "sen-ltd's Hackenbush article (Qiita), its table", check_totals},
    {"outcome = value-free search, sum of the parts = whole", "identity",
     "sen-ltd's Hackenbush article (Qiita), its check 3", check_outcome_and_parts},
    {"every blue-red graph a number, none a first-player win", "identity",
     "Winning Ways: blue-red Hackenbush values are numbers", check_blue_red},
    {"6 edges: numbers, x+*m, x+n.^+*m, other", "colour.BRG.e6.kinds",
     "sen-ltd's Hackenbush article (Qiita), its table", check_six_edges},
};

void check_colour_sets(const ColourFile& f, Report& report) {
    for (const std::string& colours : f.sets.texts(schema::colours)) {
        report.section(colours + " graphs on the ground and " + std::to_string(f.vertices) +
                       " vertices, 1.." + std::to_string(f.max_edges) + " edges");
        run_checks(COLOUR_SET_CHECKS, f, colours, report);
    }
}

CountsBy recount(const common::Table& graphs) {
    const auto& colours = graphs.texts(schema::graphs::colours);
    const auto edges = graphs.ints(schema::graphs::edges);
    const auto value = graphs.ints(schema::graphs::value),
               whole = graphs.ints(schema::graphs::whole);
    const auto &outcome = graphs.texts(schema::graphs::outcome),
               &search = graphs.texts(schema::graphs::search),
               &kind = graphs.texts(schema::graphs::kind);
    CountsBy recount;
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
    for (auto& [key, r] : recount)
        r["distinct"] = static_cast<long long>(seen[key].size());
    return recount;
}

void check_recount(const ColourFile& f, Report& report) {
    report.section("The summaries recounted from the graphs' rows");
    check_holds(report, "values: texts sorted and distinct, every index valid", f.indexed);
    const bool same = recount(f.graphs) == f.summary;
    check_holds(report, "per colour set and edge count: every count from the rows", same,
                "as the tables", "differ");
}

void check_revalued(const ColourFile& f, Report& report) {
    report.section("Graphs valued again by this program (every 1009th row)");
    if (!f.indexed) return;
    core::GameStore store;
    const auto value = f.graphs.ints(schema::graphs::value);
    const auto& text = f.values.texts(values_schema::text);
    const auto& search = f.graphs.texts(schema::graphs::search);
    hackenbush_common::check_sample(
        report, "graphs whose value and outcome this program finds equal", f.graphs.rows, 1009,
        [&](std::uint64_t i) {
            const auto p =
                hackenbush_common::graph_picture(f.graphs.texts(schema::graphs::graph)[i]);
            const auto v = hackenbush::PictureValues(p, store).value();
            const char by_search = core::outcome_letter(hackenbush::WinLossSearch(p).outcome());
            return store.canonical_text(v) == text[static_cast<std::size_t>(value[i])] &&
                   std::string(1, by_search) == search[i];
        });
}

const NamedCheck<const ColourFile&, Report&> CHECKS[] = {
    {"the file against its parameters", "parameters", "the run's --colours and --max-edges",
     check_parameters},
    {"each colour set", "colour.*",
     "sen-ltd's Hackenbush article (Qiita), its check 3 and its table", check_colour_sets},
    {"the summaries recounted from the rows", "identity", "the graphs table", check_recount},
    {"graphs valued again", "identity", "this program's own valuation", check_revalued},
};

} // namespace
} // namespace cgt::verify::hackenbush_colour

int main(int argc, char* argv[]) {
    return cgt::verify::hackenbush_common::run_hackenbush_verify(
        argc, argv, "colour",
        "Checks a cgt-hackenbush-colour result file against the third check and the table\n"
        "of sen-ltd's Hackenbush article (Qiita).",
        cgt::verify::hackenbush_colour::read_colour_file, cgt::verify::hackenbush_colour::CHECKS);
}
