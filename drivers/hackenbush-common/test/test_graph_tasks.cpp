#include "hackenbush-common/graph_tasks.hpp"

#include <catch2/catch.hpp>

using cgt::hackenbush::GraphFamily;
using cgt::jobs::hackenbush_common::GraphTasks;
using cgt::jobs::hackenbush_common::list_items;

TEST_CASE(
    "GraphTasks: runs of consecutive multisets in enumeration order, covering each family once",
    "[hackenbush]") {
    // Blue-red on 3 vertices (20 kinds) with 1..4 edges: 20, 210, 1,540 and 8,855 multisets,
    // so 1 + 1 + 1 + 5 tasks; then green on 2 vertices (6 kinds), 1..3 edges: 1 + 1 + 1.
    const GraphTasks tasks({GraphFamily(3, "BR", 4), GraphFamily(2, "G", 3)});
    REQUIRE(tasks.count() == 11);
    std::vector<std::uint64_t> covered(tasks.families().size() * 5, 0);
    std::size_t last_family = 0;
    unsigned last_edges = 0;
    std::uint64_t last_end = 0;
    for (std::uint64_t id = 0; id < tasks.count(); ++id) {
        const auto t = tasks.task(id);
        INFO("task " << id);
        CHECK(t.first < t.end);
        CHECK(t.end - t.first <= GraphTasks::CHUNK);
        // In order: the same (family, edges) continues where the last task ended.
        if (t.family == last_family && t.edges == last_edges)
            CHECK(t.first == last_end);
        else
            CHECK(t.first == 0);
        covered[t.family * 5 + t.edges] += t.end - t.first;
        last_family = t.family;
        last_edges = t.edges;
        last_end = t.end;
    }
    CHECK(covered == std::vector<std::uint64_t>{0, 20, 210, 1540, 8855, 0, 6, 21, 56, 0});
    const auto fifth = tasks.task(7);
    CHECK(fifth.family == 0);
    CHECK(fifth.edges == 4);
    CHECK(fifth.first == 4 * GraphTasks::CHUNK);
    CHECK(fifth.end == 8855);
    CHECK_THROWS_WITH(tasks.task(11), "GraphTasks: no task 11");
}

TEST_CASE(
    "GraphTasks: slots by family and edge count, a task's grounded multisets in enumeration order",
    "[hackenbush]") {
    const GraphTasks tasks({GraphFamily(3, "BR", 4), GraphFamily(2, "G", 3)});
    // E = 4, the larger max_edges: five slots a family, edge count 0 included.
    CHECK(tasks.max_edges() == 4);
    CHECK(tasks.slots() == 10);
    CHECK(tasks.slot(0, 0) == 0);
    CHECK(tasks.slot(0, 4) == 4);
    CHECK(tasks.slot(1, 3) == 8);
    // A task visits the grounded ones of the multisets its numbers unrank to, in that order.
    std::uint64_t visited = 0;
    for (std::uint64_t id = 0; id < tasks.count(); ++id) {
        const auto t = tasks.task(id);
        const GraphFamily& family = tasks.families()[t.family];
        std::vector<std::vector<cgt::hackenbush::EdgeKind>> expected, seen;
        for (std::uint64_t r = t.first; r < t.end; ++r)
            if (auto m = family.unrank(t.edges, r); family.grounded(m)) expected.push_back(m);
        tasks.for_each_grounded(t, [&](const GraphFamily& f, const auto& multiset) {
            CHECK(&f == &family);
            seen.push_back(multiset);
        });
        INFO("task " << id);
        CHECK(seen == expected);
        visited += seen.size();
    }
    // Most multisets are not grounded, but some of every size are.
    CHECK(visited > 0);
    CHECK(visited < 20 + 210 + 1540 + 8855 + 6 + 21 + 56);
}

TEST_CASE("list_items: the words of a list option, blanks and commas both separating",
          "[hackenbush]") {
    CHECK(list_items("3:9 4:8") == std::vector<std::string>{"3:9", "4:8"});
    CHECK(list_items(" BR,BRG ,, G\t") == std::vector<std::string>{"BR", "BRG", "G"});
    CHECK(list_items(",").empty());
    CHECK(list_items("").empty());
}
