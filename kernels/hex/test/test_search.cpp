#include "hex/search/minimax.hpp"
#include "hex/solver/hints.hpp"
#include "hex/solver/openings.hpp"
#include "hex/solver/solver.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace cgt::hex;

namespace {

// A position after `stones` random alternate moves in which nobody has connected.
Board random_position(int n, int stones, std::mt19937_64& rng) {
    for (;;) {
        Board b(n);
        std::vector<Cell> cells = b.empty_cells();
        std::shuffle(cells.begin(), cells.end(), rng);
        for (int i = 0; i < stones; ++i) b.place(cells[static_cast<std::size_t>(i)], b.to_move());
        if (!b.winner()) return b;
    }
}

const std::vector<RuleSet> ALL_RULE_SETS = {
    {Rules::plain, Order::centre},   {Rules::rule1, Order::centre},   {Rules::rule12, Order::centre},
    {Rules::plain, Order::history},  {Rules::rule1, Order::history},  {Rules::rule12, Order::history},
    {Rules::plain, Order::distance}, {Rules::rule1, Order::distance}, {Rules::rule12, Order::distance},
};

struct Totals {
    std::uint64_t nodes = 0;
    int wins = 0;
    std::vector<Outcome> map; // row-major
};

Totals all_openings(int n, SolverOptions options) {
    Solver solver(n, options);
    Totals t;
    for (Cell c : all_cells(n)) {
        const OpeningResult r = solve_opening(solver, c);
        t.nodes += r.nodes;
        t.wins += r.outcome == Outcome::win;
        t.map.push_back(r.outcome);
    }
    return t;
}

} // namespace

TEST_CASE("Search: every rule set agrees with plain minimax on random 3x3 and 4x4 positions", "[hex]") {
    std::mt19937_64 rng(21);
    int wins = 0, checked = 0;
    for (int n : {3, 4}) {
        const int fewest = n == 3 ? 0 : 7; // minimax has no table: keep 4x4 to <= 9 empty cells
        for (int trial = 0; trial < 60; ++trial) {
            const Board b = random_position(n, fewest + static_cast<int>(rng() % static_cast<unsigned>(n * n - 1 - fewest)), rng);
            const bool expect = minimax_wins(b);
            for (const RuleSet& rules : ALL_RULE_SETS) {
                Solver solver(n, {Variant::normal, rules, 0, 1});
                solver.set_position(b);
                INFO(b.to_text() << "\n" << rules.name());
                CHECK(solver.solve().outcome == (expect ? Outcome::win : Outcome::loss));
                // The same game turned by 180 degrees, in the same table.
                solver.set_position(b.rotated());
                CHECK(solver.solve().outcome == (expect ? Outcome::win : Outcome::loss));
                ++checked;
            }
            wins += expect;
        }
    }
    CHECK(checked == 1080);
    CHECK(wins > 20);   // both outcomes are exercised
    CHECK(wins < 100);
}

TEST_CASE("Search: misere Hex agrees with minimax on random 3x3 and 4x4 positions", "[hex]") {
    std::mt19937_64 rng(22);
    int wins = 0;
    for (int n : {3, 4}) {
        const int fewest = n == 3 ? 0 : 7;
        for (int trial = 0; trial < 60; ++trial) {
            const Board b = random_position(n, fewest + static_cast<int>(rng() % static_cast<unsigned>(n * n - 1 - fewest)), rng);
            const bool expect = minimax_wins(b, Variant::misere);
            for (Order order : {Order::centre, Order::history, Order::distance}) {
                Solver solver(n, {Variant::misere, {Rules::plain, order}, 0, 1});
                solver.set_position(b);
                INFO(b.to_text());
                CHECK(solver.solve().outcome == (expect ? Outcome::win : Outcome::loss));
            }
            wins += expect;
        }
    }
    CHECK(wins > 10);
    CHECK(wins < 110);
}

TEST_CASE("Search: a search stopped by its node limit leaves the position unchanged", "[hex]") {
    for (Variant variant : {Variant::normal, Variant::misere}) {
        for (Rules rules : {Rules::plain, Rules::rule1, Rules::rule12}) {
            if (variant == Variant::misere && rules != Rules::plain) continue;
            // 4x4 after red b2, blue c1: every rule set needs more than 20 nodes.
            Solver solver(4, {variant, {rules, Order::centre}, 20, 1});
            const Board start = Board::from_moves(4, "b2");
            solver.set_position(start);
            solver.play({0, 2});
            const Board before = solver.position();
            const SearchResult r = solver.solve();
            INFO(variant_name(variant) << " " << (RuleSet{rules, Order::centre}.name()));
            CHECK(r.outcome == Outcome::unknown);
            CHECK(r.stats.nodes == 21); // the node that went past the limit stopped it
            CHECK(solver.position() == before);
            CHECK(solver.position().to_move() == before.to_move());
            // The solver is still usable: undo takes back the one play, and without the
            // limit the same position gets the result a fresh solver finds.
            solver.undo();
            CHECK(solver.position() == start);
            solver.play({0, 2});
            solver.set_node_limit(0);
            Solver fresh(4, {variant, {rules, Order::centre}, 0, 1});
            fresh.set_position(before);
            const Outcome expect = fresh.solve().outcome;
            CHECK(expect != Outcome::unknown);
            CHECK(solver.solve().outcome == expect);
        }
    }
}

TEST_CASE("Search: node totals for 2x2..4x4 equal the article's, centre-first order", "[hex]") {
    // shared/seeds/hex.txt, tables "枝刈りの効き目" and misere; each opening with a fresh table.
    struct Row { int n; Variant variant; RuleSet rules; std::uint64_t nodes; int wins; };
    const std::vector<Row> rows = {
        {1, Variant::normal, {Rules::rule12, Order::centre}, 0, 1},
        {2, Variant::normal, {Rules::rule12, Order::centre}, 6, 2},
        {3, Variant::normal, {Rules::plain, Order::centre}, 2535, 5},
        {3, Variant::normal, {Rules::rule1, Order::centre}, 601, 5},
        {3, Variant::normal, {Rules::rule12, Order::centre}, 54, 5},
        {3, Variant::normal, {Rules::rule12, Order::history}, 63, 5},
        {4, Variant::normal, {Rules::plain, Order::centre}, 1613807, 4},
        {4, Variant::normal, {Rules::rule1, Order::centre}, 209118, 4},
        {4, Variant::normal, {Rules::rule12, Order::centre}, 6077, 4},
        {2, Variant::misere, {Rules::plain, Order::centre}, 24, 2},
        {3, Variant::misere, {Rules::plain, Order::centre}, 2279, 0},
    };
    for (const auto& row : rows) {
        INFO(row.n << "x" << row.n << " " << variant_name(row.variant) << " " << row.rules.name());
        // A table large enough to keep every proof: the article's table kept them all.
        const Totals t = all_openings(row.n, {row.variant, row.rules, 0, 64});
        CHECK(t.nodes == row.nodes);
        CHECK(t.wins == row.wins);
    }
}

TEST_CASE("Search: the rule counters of the article's 2x2 example", "[hex]") {
    // After red a1 (an acute corner) red has one completing cell, a2: blue's only move
    // (rule 1). Then red to move faces blue's two completing cells b1 and b2: lost (rule 1).
    // Two nodes, as in the article's count of 6 for all 2x2 openings.
    Solver solver(2, {Variant::normal, {Rules::rule12, Order::centre}, 0, 1});
    solver.set_position(Board::from_moves(2, "a1"));
    const SearchResult r = solver.solve();
    CHECK(r.outcome == Outcome::win);
    CHECK(r.stats.nodes == 2);
    CHECK(r.stats.forced_moves == 1);
    CHECK(r.stats.rule1_losses == 1);
    CHECK(r.stats.rule2_wins == 0);
    // After red b1 (an obtuse corner) red has two completing cells: blue loses at once.
    solver.set_position(Board::from_moves(2, "b1"));
    const SearchResult s = solver.solve();
    CHECK(s.outcome == Outcome::loss);
    CHECK(s.stats.nodes == 1);
    CHECK(s.stats.rule1_losses == 1);
    CHECK(s.stats.forced_moves == 0);
    // 3x3 after red b2 (the centre): red's double threats (a stone on b1 or c1 leaves two
    // completing cells in row 3, and so on) have carriers with no common cell, so blue
    // cannot stop them all: lost at the root by rule 2.
    Solver three(3, {Variant::normal, {Rules::rule12, Order::centre}, 0, 1});
    three.set_position(Board::from_moves(3, "b2"));
    const SearchResult t = three.solve();
    CHECK(t.outcome == Outcome::loss);
    CHECK(t.stats.nodes == 1);
    CHECK(t.stats.rule2_losses == 1);
    // Rule 1 alone needs a search there; its counters see no rule-2 decisions.
    Solver rule1(3, {Variant::normal, {Rules::rule1, Order::centre}, 0, 1});
    rule1.set_position(Board::from_moves(3, "b2"));
    const SearchResult u = rule1.solve();
    CHECK(u.outcome == Outcome::loss);
    CHECK(u.stats.nodes > 1);
    CHECK(u.stats.rule2_losses + u.stats.rule2_wins == 0);
    CHECK(u.stats.rule1_losses > 0);
}

TEST_CASE("Openings: the maps of 1x1..4x4 equal the literature's, by every rule set", "[hex]") {
    // Hayward et al. 2004, Figure 2, as the article transcribed it (openings.json).
    const std::vector<std::vector<std::string>> maps = {
        {"W"}, {"LW", "WL"}, {}, {"LLLW", "LLWL", "LWLL", "WLLL"}};
    for (int n = 1; n <= 4; ++n) {
        for (const RuleSet& rules : ALL_RULE_SETS) {
            if (n == 4 && rules.rules == Rules::plain) continue; // 1.6 million nodes: once is enough
            const Totals t = all_openings(n, {Variant::normal, rules, 0, 4});
            INFO(n << "x" << n << " " << rules.name());
            if (n != 3) CHECK(outcome_map(n, t.map) == maps[static_cast<std::size_t>(n - 1)]);
            CHECK(t.wins == std::vector<int>{1, 2, 5, 4}[static_cast<std::size_t>(n - 1)]);
        }
    }
    const Totals misere2 = all_openings(2, {Variant::misere, {Rules::plain, Order::centre}, 0, 4});
    CHECK(outcome_map(2, misere2.map) == std::vector<std::string>{"WL", "LW"}); // the acute corners win
}

TEST_CASE("Solver: normal and misere solvers sharing one table keep their results apart", "[hex]") {
    auto table = std::make_shared<TranspositionTable>(1);
    Solver normal(3, {Variant::normal, {Rules::plain, Order::centre}, 0, 1}, table);
    Solver misere(3, {Variant::misere, {Rules::plain, Order::centre}, 0, 1}, table);
    std::mt19937_64 rng(24);
    int differ = 0;
    for (int trial = 0; trial < 40; ++trial) {
        const Board b = random_position(3, static_cast<int>(rng() % 6), rng);
        normal.set_position(b);
        misere.set_position(b);
        const bool n = normal.solve().outcome == Outcome::win, m = misere.solve().outcome == Outcome::win;
        INFO(b.to_text());
        CHECK(n == minimax_wins(b, Variant::normal));
        CHECK(m == minimax_wins(b, Variant::misere));
        differ += n != m;
    }
    CHECK(differ > 5); // the two games do disagree on many of these positions
}

TEST_CASE("Search: 64-bit and 128-bit boards search the same tree", "[hex]") {
    std::mt19937_64 rng(23);
    for (int trial = 0; trial < 20; ++trial) {
        const Board b = random_position(5, 4 + static_cast<int>(rng() % 6), rng);
        TranspositionTable t1(1), t2(1);
        Engine<Narrow> narrow(5, t1);
        Engine<Wide> wide(5, t2);
        narrow.load(b);
        wide.load(b);
        SearchStats s1, s2;
        const Outcome o1 = narrow.solve(Variant::normal, {}, 0, s1);
        const Outcome o2 = wide.solve(Variant::normal, {}, 0, s2);
        INFO(b.to_text());
        CHECK(o1 == o2);
        CHECK(s1.nodes == s2.nodes);
        CHECK(s1.tt_hits == s2.tt_hits);
    }
}

TEST_CASE("Hints: the article's screenshot position has exactly 3 winning moves for red", "[hex]") {
    // Red the centre, blue (1, 3), red (3, 1), blue (2, 1): 21 empty cells, 3 of them win.
    Solver solver(5);
    solver.set_position(Board::from_moves(5, "c3 d2 b4 b3"));
    const auto hints = hint_map(solver);
    REQUIRE(hints.size() == 21);
    std::vector<std::string> wins;
    for (const auto& h : hints) {
        CHECK(h.outcome != Outcome::unknown);
        if (h.outcome == Outcome::win) wins.push_back(cell_name(h.cell));
    }
    CHECK(wins.size() == 3);
    CHECK(solver.position() == Board::from_moves(5, "c3 d2 b4 b3"));
    // Each winning cell really wins: after it, blue to move loses (checked in a fresh solver).
    for (const auto& name : wins) {
        Solver check(5);
        check.set_position(Board::from_moves(5, "c3 d2 b4 b3 " + name));
        CHECK(check.solve().outcome == Outcome::loss);
    }
}

TEST_CASE("Solver: bad sizes, rule sets and positions are refused with a reason", "[hex]") {
    struct Row { std::string what; std::function<void()> run; std::string message; };
    const std::vector<Row> rows = {
        {"size", [] { Solver s(12); }, "board size must be 1..11, got 12"},
        {"misere rules", [] { Solver s(3, {Variant::misere, {Rules::rule1, Order::centre}, 0, 1}); },
         "misere Hex is searched with the plain rule set only"},
        {"table size", [] { Solver s(3, {Variant::normal, {}, 0, 0}); }, "transposition table size must be 1..65536 MiB, got 0"},
        {"other size", [] { Solver s(3, {Variant::normal, {}, 0, 1}); s.set_position(Board(4)); },
         "a 4x4 position given to a solver for 3x3"},
        {"game over", [] { Solver s(2, {Variant::normal, {}, 0, 1}); s.set_position(Board::from_moves(2, "a1 b1 a2")); s.solve(); },
         "the game is over: red has connected"},
        {"taken", [] { Solver s(3, {Variant::normal, {}, 0, 1}); s.play({1, 1}); s.play({1, 1}); }, "cell b2 is not empty"},
        {"off board", [] { Solver s(3, {Variant::normal, {}, 0, 1}); s.play({3, 1}); }, "cell (3, 1) is off the 3x3 board"},
        {"rule name", [] { RuleSet::parse("rule3"); }, "unknown rule set 'rule3' (use plain, rule1, rule1+2 or vc"},
        {"variant name", [] { parse_variant("reverse"); }, "unknown variant 'reverse' (use normal or misere)"},
    };
    for (const auto& row : rows) {
        INFO(row.what);
        CHECK_THROWS_WITH(row.run(), Catch::Contains(row.message));
    }
    struct Name { std::string text; RuleSet rules; std::string name; };
    const std::vector<Name> names = {
        {"plain", {Rules::plain, Order::centre}, "plain"},          {"1", {Rules::rule1, Order::centre}, "rule1"},
        {"rule1+2", {Rules::rule12, Order::centre}, "rule1+2"},     {"1+2+h", {Rules::rule12, Order::history}, "rule1+2+history"},
        {"plain+history", {Rules::plain, Order::history}, "plain+history"},
        {"1+2+d", {Rules::rule12, Order::distance}, "rule1+2+distance"},
        {"rule1+distance", {Rules::rule1, Order::distance}, "rule1+distance"},
    };
    for (const auto& n : names) {
        CHECK(RuleSet::parse(n.text) == n.rules);
        CHECK(n.rules.name() == n.name);
        CHECK(RuleSet::parse(n.name) == n.rules);
    }
}

TEST_CASE("TranspositionTable: results come back, a full bucket loses its least-worked entry", "[hex]") {
    TranspositionTable t(1);
    CHECK(t.capacity() == (1u << 20) / 8);
    const std::uint64_t key = 0x1234'5678'9abc'def0ULL;
    t.store(key, true, 100);
    CHECK(t.probe(key) == 1);
    CHECK(t.probe(key ^ (std::uint64_t{1} << 63)) == TranspositionTable::NONE); // same bucket, other key
    t.store(key, false, 3);
    CHECK(t.probe(key) == 0);
    CHECK(t.used() == 1);
    // Five keys in bucket 7: the fifth replaces the one with the least work.
    const std::uint64_t works[4] = {1000, 10, 100000, 50};
    for (std::uint64_t i = 0; i < 4; ++i) t.store(((i + 1) << 40) | 7, i % 2 == 0, works[i]);
    t.store((std::uint64_t{9} << 40) | 7, true, 20);
    CHECK(t.probe((std::uint64_t{2} << 40) | 7) == TranspositionTable::NONE); // work 10 went
    CHECK(t.probe((std::uint64_t{1} << 40) | 7) == 1);
    CHECK(t.probe((std::uint64_t{3} << 40) | 7) == 1);
    CHECK(t.probe((std::uint64_t{4} << 40) | 7) == 0);
    CHECK(t.probe((std::uint64_t{9} << 40) | 7) == 1);
    t.clear();
    CHECK(t.used() == 0);
    CHECK_THROWS_WITH(TranspositionTable(0), "transposition table size must be 1..65536 MiB, got 0");
}
