#include "hackenbush-colour/colour_rows.hpp"
#include "hackenbush-common/row_order.hpp"
#include "hackenbush-colour/colour_schema.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <set>

namespace common = cgt::common;
namespace jobs = cgt::jobs;
using cgt::jobs::hackenbush_common::column_in_key_order;
using cgt::jobs::hackenbush_common::GraphTasks;
using cgt::jobs::hackenbush_common::ValueTexts;
using GameStore = cgt::core::GameStore;

namespace schema = cgt::jobs::hackenbush_colour::schema;

namespace {

struct Run {
    std::vector<std::string> graphs, values, wholes, outcomes, searches, kinds;
    std::vector<jobs::hackenbush_colour::EdgeCounts> counts;
};

// Tasks first, first + step, ... with one store: one rank of a round-robin split.
Run run(const GraphTasks& tasks, std::uint64_t first, std::uint64_t step) {
    GameStore store;
    ValueTexts values(store);
    jobs::hackenbush_colour::GraphRows rows(tasks, store, values);
    common::LocalTable table;
    jobs::hackenbush_colour::GraphRows::declare_columns(table);
    for (std::uint64_t id = first; id < tasks.count(); id += step) rows.run(id, table);
    table.end_blocks();
    Run out;
    out.graphs = column_in_key_order(table, schema::graphs::graph);
    for (std::uint64_t v : column_in_key_order(table, schema::graphs::value)) out.values.push_back(values.texts()[v]);
    for (std::uint64_t v : column_in_key_order(table, schema::graphs::whole)) out.wholes.push_back(values.texts()[v]);
    out.outcomes = column_in_key_order(table, schema::graphs::outcome);
    out.searches = column_in_key_order(table, schema::graphs::search);
    out.kinds = column_in_key_order(table, schema::graphs::kind);
    out.counts = rows.counts();
    return out;
}

} // namespace

TEST_CASE("ColourJob: the article's graph counts, outcomes = search, parts = whole, blue-red all numbers",
          "[hackenbush]") {
    const jobs::hackenbush_colour::Params params{3, 4, {"BR", "BRG"}};
    const GraphTasks tasks(jobs::hackenbush_colour::families(params));
    const Run all = run(tasks, 0, 1);
    // The article's counts by edge count: blue-red 8, 72, 588, 3,999; three colours 12, 159,
    // 1,903, 18,753.
    const std::vector<std::vector<std::uint64_t>> article = {{8, 72, 588, 3999}, {12, 159, 1903, 18753}};
    std::uint64_t graphs = 0;
    for (std::size_t f = 0; f < 2; ++f)
        for (unsigned e = 1; e <= 4; ++e) {
            INFO(params.colours[f] << ", " << e << " edges");
            const auto& c = all.counts[f * 5 + e];
            CHECK(c.graphs == article[f][e - 1]);
            CHECK(c.outcome_agrees == c.graphs);
            CHECK(c.whole_agrees == c.graphs);
            CHECK(c.numbers + c.number_nimber + c.number_ups + c.other == c.graphs);
            if (f == 0) {
                CHECK(c.numbers == c.graphs);
                CHECK(c.next == 0);
            }
            graphs += c.graphs;
        }
    REQUIRE(all.graphs.size() == graphs);
    CHECK(all.values == all.wholes);
    CHECK(all.outcomes == all.searches);
    // First rows: a blue loop at the ground is 1; two blue loops 2; blue then red loop 0.
    CHECK(all.graphs[0] == "0-0B");
    CHECK(all.values[0] == "1");
    CHECK(all.graphs[8] == "0-0B 0-0B");
    CHECK(all.values[8] == "2");
    CHECK(all.graphs[9] == "0-0B 0-0R");
    CHECK(all.values[9] == "0");
    CHECK(all.outcomes[9] == "P");
    // The article: a green edge with a blue one on top is {0, * | 0} = up-star.
    const auto at = [&](const std::string& g) {
        for (std::size_t i = 0; i < all.graphs.size(); ++i)
            if (all.graphs[i] == g) return i;
        FAIL("no graph " << g);
        return std::size_t{0};
    };
    CHECK(all.values[at("0-1G 1-2B")] == "^*");
    CHECK(all.kinds[at("0-1G 1-2B")] == "x+n.up+*m");
    CHECK(all.values[at("0-1G 1-1G")] == "*2"); // a green lollipop
}

TEST_CASE("ColourJob: any split gives the same rows and values", "[hackenbush]") {
    const GraphTasks tasks(jobs::hackenbush_colour::families({2, 4, {"BRG"}}));
    const Run whole = run(tasks, 0, 1);
    std::vector<std::pair<std::string, std::string>> merged(whole.graphs.size());
    // Rows come back in key order per rank; the three ranks' tasks interleave, so place each
    // rank's rows by looking the graph up in the whole run.
    std::map<std::string, std::size_t> row;
    for (std::size_t i = 0; i < whole.graphs.size(); ++i) row[whole.graphs[i]] = i;
    std::size_t seen = 0;
    for (std::uint64_t rank = 0; rank < 3; ++rank) {
        const Run part = run(tasks, rank, 3);
        for (std::size_t i = 0; i < part.graphs.size(); ++i) {
            REQUIRE(row.count(part.graphs[i]) == 1);
            CHECK(part.values[i] == whole.values[row[part.graphs[i]]]);
            ++seen;
        }
    }
    CHECK(seen == whole.graphs.size());
    CHECK(std::set<std::string>(whole.graphs.begin(), whole.graphs.end()).size() == whole.graphs.size());
}

TEST_CASE("ColourJob: bad colour sets and sizes are refused with a reason", "[hackenbush]") {
    struct Row { std::string colours; std::string message; };
    const std::vector<Row> rows = {
        {"", "--colours is empty: name at least one colour set, e.g. BR or BRG"},
        {"BR BX", "--colours: 'BX' is not a set of distinct letters B, R, G"},
        {"BRR", "--colours: 'BRR' is not a set of distinct letters B, R, G"},
        {"BRGB", "--colours: 'BRGB' is not a set of distinct letters B, R, G"},
        {"BR,G,BR", "--colours: 'BR' is listed twice"},
    };
    for (const Row& row : rows) {
        INFO(row.colours);
        CHECK_THROWS_WITH(jobs::hackenbush_colour::parse_colours(row.colours), row.message);
    }
    CHECK(jobs::hackenbush_colour::parse_colours("BR,BRG G") == std::vector<std::string>{"BR", "BRG", "G"});
    CHECK_THROWS_WITH(jobs::hackenbush_colour::families({0, 6, {"BR"}}),
                      "--vertices must be 1..63 (vertex sets are 64-bit masks with the ground), got 0");
    CHECK_THROWS_WITH(jobs::hackenbush_colour::families({3, 65, {"BR"}}),
                      "--max-edges must be 1..64 (positions are 64-bit edge masks), got 65");
    CHECK_THROWS_WITH(jobs::hackenbush_colour::families({9, 64, {"BRG"}}),
                      "--vertices 9 --max-edges 64: 9 vertices with colours BRG and 1..64 edges give more than "
                      "2^64 - 1 multisets of 165 edge kinds");
}
