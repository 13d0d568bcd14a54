#include "hackenbush-common/row_order.hpp"
#include "hackenbush-green/green_rows.hpp"
#include "hackenbush-green/green_schema.hpp"

#include <catch2/catch.hpp>

namespace common = cgt::common;
namespace jobs = cgt::jobs;
using cgt::jobs::hackenbush_common::column_in_key_order;
using cgt::jobs::hackenbush_common::GraphTasks;
using GameStore = cgt::core::GameStore;

namespace schema = cgt::jobs::hackenbush_green::schema;

TEST_CASE("GreenJob: mex = fusion + colon = engine on every graph, the article's counts", "[hackenbush]") {
    const GraphTasks tasks(jobs::hackenbush_green::families(jobs::hackenbush_green::parse_sizes("3:7 4:4")));
    GameStore store;
    jobs::hackenbush_green::GraphRows rows(tasks, store);
    common::LocalTable table;
    jobs::hackenbush_green::GraphRows::declare_columns(table);
    for (std::uint64_t id = 0; id < tasks.count(); ++id) rows.run(id, table);
    // The article's counts on 3 vertices: 4, 19, 83, 311, 998, 2,801, 7,037.
    const std::vector<std::uint64_t> article = {4, 19, 83, 311, 998, 2801, 7037};
    const auto& counts = rows.counts(); // stride 8: edges 0..7
    for (unsigned e = 1; e <= 7; ++e) CHECK(counts[e].graphs == article[e - 1]);
    std::uint64_t graphs = 0;
    for (const auto& c : counts) {
        CHECK(c.fusion_agrees == c.graphs);
        CHECK(c.engine_agrees == c.graphs);
        CHECK(c.parity_agrees == c.graphs);
        std::uint64_t by_nim = 0;
        for (std::uint64_t n : c.by_nim) by_nim += n;
        CHECK(by_nim == c.graphs);
        graphs += c.graphs;
    }
    table.end_blocks();
    const auto graph = column_in_key_order(table, schema::graphs::graph);
    const auto nim = column_in_key_order(table, schema::graphs::nim);
    REQUIRE(graph.size() == graphs);
    CHECK(graph[0] == "0-0G"); // a loop at the ground: *1
    CHECK(nim[0] == 1);
    CHECK(graph[4] == "0-0G 0-0G"); // two loops: *0
    CHECK(nim[4] == 0);
    // The 4-vertex rows follow the 3-vertex ones, in the same order.
    CHECK(column_in_key_order(table, schema::graphs::vertices).back() == 4);
}

TEST_CASE("GreenJob: the nim value counts of one edge count survive a reduction", "[hackenbush]") {
    std::vector<jobs::hackenbush_green::EdgeCounts> counts(3);
    counts[1].graphs = 5;
    counts[1].by_nim[3] = 2;
    counts[2].parity_agrees = 7;
    counts[2].by_nim[127] = 1;
    const auto back = jobs::hackenbush_green::unflatten(jobs::hackenbush_green::flatten(counts));
    REQUIRE(back.size() == 3);
    CHECK(back[1].graphs == 5);
    CHECK(back[1].by_nim[3] == 2);
    CHECK(back[2].parity_agrees == 7);
    CHECK(back[2].by_nim[127] == 1);
}

TEST_CASE("GreenJob: bad --graphs are refused with a reason", "[hackenbush]") {
    struct Row { std::string text; std::string message; };
    const std::vector<Row> rows = {
        {"", "--graphs is empty: name at least one V:E, e.g. 3:9"},
        {"3", "--graphs: '3' is not V:E (vertices above the ground : most edges)"},
        {"3:x", "--graphs: '3:x' is not V:E (vertices above the ground : most edges)"},
        {"3:9:1", "--graphs: '3:9:1' is not V:E (vertices above the ground : most edges)"},
        {"0:4", "--graphs: '0:4': V must be 1..63 (vertex sets are 64-bit masks with the ground)"},
        {"64:4", "--graphs: '64:4': V must be 1..63 (vertex sets are 64-bit masks with the ground)"},
        {"3:65", "--graphs: '3:65': E must be 1..64 (positions are 64-bit edge masks)"},
        {"3:0", "--graphs: '3:0': E must be 1..64 (positions are 64-bit edge masks)"},
        {"3:9 3:5", "--graphs: V = 3 is listed twice"},
        {"12:64", "--graphs: 12:64: 12 vertices with colours G and 1..64 edges give more than 2^64 - 1 multisets of 91 "
                  "edge kinds"},
    };
    for (const Row& row : rows) {
        INFO(row.text);
        CHECK_THROWS_WITH(jobs::hackenbush_green::parse_sizes(row.text), row.message);
    }
    CHECK(jobs::hackenbush_green::parse_sizes("3:9,4:8") == std::vector<jobs::hackenbush_green::Size>{{3, 9}, {4, 8}});
}
