// The openings job's split openings: leaves solved in any order, on a table of their own or
// kept, combined into the unsplit rows' results; the queue's skips; --split's cell names.
#include "hex-openings/openings_schema.hpp"
#include "hex-openings/openings_tasks.hpp"
#include "hex/solver/openings.hpp"
#include "openings_test_rows.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

using namespace cgt;
using namespace cgt::jobs::hex_openings;

namespace schema = cgt::jobs::hex_openings::schema;
using cgt::jobs::hex_openings::test::Row;
using cgt::jobs::hex_openings::test::rows_by_key;

namespace {

// Every task of `work` computed in `order` (the queue's order, or backwards), then the split
// openings' rows appended as finish() does on one rank; the openings table by block key.
// With `skip`, as the queue of one rank: a task the verdicts so far make useless is not run
// (`ran` counts the tasks run).
std::map<std::uint64_t, Row> run_all(OpeningTasks& work, bool backwards, common::LocalTable& splits,
                                     common::LocalTable* counts_out = nullptr, bool skip = false,
                                     std::uint64_t* ran = nullptr) {
    common::LocalTable table, counts, timings;
    OpeningTasks::declare_columns(table);
    OpeningTasks::declare_count_columns(counts);
    OpeningTasks::declare_timing_columns(timings);
    OpeningTasks::declare_split_columns(splits);
    std::vector<std::uint64_t> order = work.dispatch_order();
    if (backwards) std::reverse(order.begin(), order.end());
    common::TaskVerdicts verdicts(work.parts().size());
    for (std::uint64_t t : order) {
        if (skip && !work.task_needed(t, verdicts)) continue;
        std::optional<std::uint64_t> verdict;
        SearchHooks hooks{.saved = {},
                          .stop_requested = [] { return false; },
                          .state_due = [] { return false; },
                          .save = [](std::span<const std::byte>, bool) {},
                          .set_verdict = [&](std::uint64_t v) { verdict = v; },
                          .note = {}};
        REQUIRE(work.run_task(t, table, counts, timings, splits, &hooks));
        CHECK(verdict.has_value() == (work.parts()[t].node >= 0));
        if (verdict) verdicts.set(t, *verdict);
        if (ran) ++*ran;
    }
    const std::vector<std::uint64_t> leaves = work.encode_leaves(counts, timings, splits);
    splits = schema::splits::table.make(); // finish(): rank 0 writes every splits row
    work.append_split_rows(leaves, table, counts, timings, splits);
    common::LocalTable stripped = work.strip_leaf_blocks(schema::rule_counts::table, counts);
    if (counts_out) *counts_out = std::move(stripped);
    return rows_by_key(table);
}

} // namespace

TEST_CASE("HexOpenings: split openings give the unsplit rows' results on 4x4..6x6, whatever the "
          "task order",
          "[hex]") {
    Params p;
    p.sizes = parse_sizes("4-6");
    p.rules = parse_rule_specs("dfpn+vc+inferior+proof+resistance rule1+2+distance@4");
    p.copy_from = 5;
    p.tt_size_mib = 4;
    // f5 is on 6x6 only, a copy of a2 there.
    const auto is_split = [](const Row& r) {
        const std::string name = hex::cell_name({static_cast<int>(r.row), static_cast<int>(r.col)});
        return !r.copied && (name == "a1" || name == "b2" || name == "c3" || name == "e2" ||
                             (r.size == 6 && name == "a2"));
    };
    for (int plies : {1, 2}) {
        p.split_plies = plies;
        // Two plies on 4x4 and 5x5 only (the split does not cancel: every answer is solved).
        p.sizes = parse_sizes(plies == 1 ? "4-6" : "4-5");
        p.split =
            parse_cell_names(plies == 1 ? "a1 B2,c3 f5 e2" : "a1 B2,c3 e2", "--split", "none");
        common::LocalTable unused;
        Params plain = p;
        plain.split.clear();
        OpeningTasks unsplit(plain);
        const auto expect = run_all(unsplit, false, unused);
        OpeningTasks forward(p), backward(p);
        common::LocalTable fs, bs, counts;
        const auto a = run_all(forward, false, fs, &counts), b = run_all(backward, true, bs);
        REQUIRE(a.size() == expect.size());
        CHECK(a == b);
        std::uint64_t split_rows = 0;
        for (const auto& [key, r] : a) {
            const Row& e = expect.at(key);
            INFO("plies " << plies << " " << r.rules << " " << r.size << " (" << r.row << ", "
                          << r.col << ")");
            CHECK(r.result == e.result);
            CHECK(r.copied == e.copied);
            const hex::SplitTree* t = forward.tree(key);
            CHECK((t != nullptr) == is_split(r));
            if (t) ++split_rows;
        }
        CHECK(split_rows > 8);
        // The splits table: a row per node but the root, each leaf solved as a task or not
        // needed (a sibling refuted its parent before it).
        fs.end_blocks();
        std::uint64_t tasks = 0, nodes = 0;
        for (std::uint64_t k = 0; k < forward.parts().size(); ++k)
            tasks += forward.parts()[k].node >= 0;
        for (std::uint64_t r = 0; r < forward.rows().size(); ++r)
            if (const hex::SplitTree* t = forward.tree(r)) nodes += t->nodes.size() - 1;
        CHECK(fs.rows() == nodes);
        const auto& how = fs.column(schema::splits::how);
        const auto solved =
            static_cast<std::uint64_t>(std::count(how.begin(), how.end(), std::string("task")));
        CHECK(solved + static_cast<std::uint64_t>(
                           std::count(how.begin(), how.end(), std::string("unneeded"))) ==
              tasks);
        CHECK(solved > 20);
        // Backwards, every leaf solved first: the same splits table.
        bs.end_blocks();
        CHECK(bs.column(schema::splits::how) == how);
        CHECK(bs.column(schema::splits::nodes) == fs.column(schema::splits::nodes));
        CHECK(bs.column(schema::splits::result) == fs.column(schema::splits::result));
        // Rule counts: one block per opening solved, no leaf blocks left.
        for (const auto& block : counts.blocks())
            CHECK(block.key < forward.rows().size());
    }
}

TEST_CASE("HexOpenings: split leaves sharing a table (--split-keep-table) give the same results "
          "in fewer nodes",
          "[hex]") {
    // 6x6 a1 (a loss for the first player) and b2, c3 (wins), one ply: every leaf solved, in
    // order and backwards, with a fresh table each and with one table for all.
    Params p;
    p.sizes = parse_sizes("6");
    p.rules = parse_rule_specs("dfpn+vc+inferior+proof+resistance");
    p.tt_size_mib = 4;
    p.split = parse_cell_names("a1 b2 c3", "--split", "none");
    p.cells = p.split;
    const auto leaf_nodes = [](common::LocalTable& splits) {
        splits.end_blocks();
        std::uint64_t sum = 0;
        for (const std::uint64_t n : splits.column(schema::splits::nodes))
            sum += n;
        return sum;
    };
    OpeningTasks fresh(p);
    common::LocalTable fresh_splits;
    const auto expect = run_all(fresh, false, fresh_splits);
    const std::uint64_t fresh_nodes = leaf_nodes(fresh_splits);
    p.split_keep_table = true;
    for (const bool backwards : {false, true}) {
        INFO("backwards " << backwards);
        OpeningTasks kept(p);
        common::LocalTable kept_splits;
        const auto got = run_all(kept, backwards, kept_splits);
        REQUIRE(got.size() == expect.size());
        for (const auto& [key, r] : got)
            CHECK(r.result == expect.at(key).result);
        const std::uint64_t kept_nodes = leaf_nodes(kept_splits);
        CHECK(kept_splits.column(schema::splits::result) ==
              fresh_splits.column(schema::splits::result));
        CHECK(kept_splits.column(schema::splits::how) == fresh_splits.column(schema::splits::how));
        // What the leaves before proved is read, not searched again.
        CHECK(kept_nodes < fresh_nodes);
    }
}

TEST_CASE("HexOpenings: a split opening the first player loses solves only the leaves a search in "
          "leaf order needs",
          "[hex]") {
    // 5x5 a2 two plies deep, 6x6 a1 and b1 one ply deep: the first player loses, so one reply
    // of the second player's wins and the leaves after the line that proves it (and, two
    // plies deep, after a first player's move that wins against an earlier reply) are not
    // needed.
    struct Case {
        const char* sizes;
        std::vector<std::string> cells;
        int plies;
    };
    for (const Case& c : {Case{"5", {"a2"}, 2}, Case{"6", {"a1", "b1"}, 1}}) {
        Params p;
        p.sizes = parse_sizes(c.sizes);
        p.rules = parse_rule_specs("dfpn+vc+inferior+proof+resistance");
        p.tt_size_mib = 4;
        p.cells = c.cells;
        p.split = c.cells;
        p.split_plies = c.plies;
        Params plain = p;
        plain.split.clear();
        OpeningTasks unsplit(plain), work(p);
        common::LocalTable unused, splits;
        const auto expect = run_all(unsplit, false, unused);
        std::uint64_t ran = 0;
        const auto got = run_all(work, false, splits, nullptr, true, &ran);
        splits.end_blocks();
        REQUIRE(got.size() == c.cells.size());
        std::size_t at =
            0; // splits rows: openings ascending, each tree's nodes but the root in pre-order
        std::uint64_t leaves = 0;
        for (const auto& [row, r] : got) {
            const hex::SplitTree* t = work.tree(row);
            REQUIRE(t != nullptr);
            INFO(r.size << "x" << r.size << " "
                        << hex::cell_name({static_cast<int>(r.row), static_cast<int>(r.col)})
                        << " plies " << c.plies);
            CHECK(r.result == "loss");
            CHECK(r.result == expect.at(row).result);
            // The sequential semantics, computed apart: every leaf solved with a fresh table,
            // then the leaves needed in order.
            const hex::Shape shape{static_cast<int>(r.size), static_cast<int>(r.cols)};
            const hex::SolverOptions options{hex::Variant::normal, p.rules[0].rules, 0, 4};
            std::vector<hex::Outcome> solved(t->nodes.size(), hex::Outcome::unknown);
            std::uint64_t all_nodes = 0, needed_nodes = 0, needed_count = 0;
            std::vector<std::uint64_t> leaf_nodes(t->nodes.size(), 0);
            for (int k : t->leaves()) {
                const hex::SearchResult sr = hex::solve_position(
                    shape, options, t->nodes[static_cast<std::size_t>(k)].position);
                solved[static_cast<std::size_t>(k)] = sr.outcome;
                leaf_nodes[static_cast<std::size_t>(k)] = sr.stats.nodes;
                all_nodes += sr.stats.nodes;
            }
            const std::vector<bool> needed = hex::needed_leaves(*t, solved);
            for (std::size_t k = 1; k < t->nodes.size(); ++k, ++at) {
                const hex::SplitNode& node = t->nodes[k];
                if (!node.leaf()) continue;
                INFO("line " << hex::line_name(node.line));
                CHECK(splits.column(schema::splits::line).at(at) == hex::line_name(node.line));
                CHECK(splits.column(schema::splits::how).at(at) ==
                      (needed[k] ? "task" : "unneeded"));
                CHECK(splits.column(schema::splits::nodes).at(at) ==
                      (needed[k] ? leaf_nodes[k] : 0));
                if (!needed[k]) CHECK(splits.column(schema::splits::result).at(at) == "unknown");
                needed_nodes += needed[k] ? leaf_nodes[k] : 0;
                needed_count += needed[k];
            }
            leaves += t->leaves().size();
            // Far fewer leaves, and nodes, than every reply's.
            CHECK(needed_count > 0);
            CHECK(needed_count * 4 < t->leaves().size());
            CHECK(needed_nodes * 2 < all_nodes);
            CHECK(r.nodes == needed_nodes + t->analysed);
        }
        CHECK(at == splits.rows());
        // One rank in leaf order runs exactly the needed leaves.
        std::uint64_t needed_rows = 0;
        for (const std::string& how : splits.column(schema::splits::how))
            needed_rows += how == "task";
        CHECK(ran == needed_rows);
        CHECK(ran * 4 < leaves);
    }
}

TEST_CASE("HexOpenings: --split and --cells name cells, bad names refused with a reason", "[hex]") {
    CHECK(parse_cell_names("G2, e4 g2", "--split", "none") == std::vector<std::string>{"g2", "e4"});
    CHECK(parse_cell_names("none", "--split", "none").empty());
    CHECK(parse_cell_names("all", "--cells", "all").empty());
    for (const char* bad : {"z9", "a0", "a12", "g", "2g", "a1x"}) {
        INFO(bad);
        CHECK_THROWS_WITH(parse_cell_names(bad, "--split", "none"),
                          Catch::StartsWith("--split: '") && Catch::Contains("is not a cell name"));
    }
    Params p;
    p.sizes = parse_sizes("2-3");
    p.rules = parse_rule_specs("rule1+2");
    p.split = {"c3"};
    CHECK(OpeningTasks(p).tree(4 + 8) != nullptr); // row 12: the 3x3 c3
    p.split = {"d4"};
    CHECK_THROWS_WITH(OpeningTasks(p), "--split: 'd4' is not a cell of the boards of this run");
    p.split = {};
    p.cells = {"b2", "a1"};
    const auto rows = enumerate(p);
    REQUIRE(rows.size() == 4); // a1 and b2 of 2x2 and 3x3, table order
    CHECK(rows[1].cell == hex::Cell{1, 1});
    CHECK(rows[3].source == 3);
    p.cells = {"c3"};
    CHECK(enumerate(p).size() == 1);
    p.cells = {"d1"};
    CHECK_THROWS_WITH(enumerate(p), "--cells: 'd1' is not a cell of the boards of this run");
}
