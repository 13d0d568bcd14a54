#include "hex/solver/openings.hpp"
#include "hex/solver/solver.hpp"
#include "hex/solver/split.hpp"
#include "reference_solver.hpp"

#include <catch2/catch.hpp>

#include <cstddef>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

using namespace cgt::hex;
using cgt::hex::test::random_stones;
using cgt::hex::test::ReferenceSolver;

namespace {

// Solves every leaf of the tree and combines: every node's result for its mover.
std::vector<Outcome> solve_split(Shape shape, const SolverOptions& options, const SplitTree& tree) {
    std::vector<Outcome> leaf(tree.nodes.size(), Outcome::unknown);
    for (int i : tree.leaves())
        leaf[static_cast<std::size_t>(i)] = solve_position(shape, options, tree.nodes[static_cast<std::size_t>(i)].position).outcome;
    return combine_split(tree, leaf);
}

// The first player's result of the opening, split `plies` deep.
Outcome split_opening(Shape shape, const SolverOptions& options, Cell cell, int plies, int* leaves = nullptr) {
    const SplitTree tree = split_position(shape, options.variant, options.rules, SplitPosition::after(shape, {cell}), plies);
    if (leaves) *leaves += static_cast<int>(tree.leaves().size());
    return negate(solve_split(shape, options, tree)[0]); // the root: blue to move
}

} // namespace

TEST_CASE("Split: every node of a split tree has the reference's result, on random 4x4 positions", "[hex]") {
    // The article's rule sets expand every empty cell: each node, decided by a connecting
    // move or combined from its children, judged by exhaustive search.
    std::mt19937_64 rng(717);
    int nodes = 0, decided = 0, leaves = 0;
    for (const char* name : {"rule1+2+distance", "plain"}) {
        const RuleSet rules = RuleSet::parse(name);
        for (int trial = 0; trial < 6; ++trial) {
            std::vector<Cell> moves;
            std::vector<int> cells(16);
            for (int i = 0; i < 16; ++i) cells[static_cast<std::size_t>(i)] = i;
            std::shuffle(cells.begin(), cells.end(), rng);
            for (int i = 0; i < 4 + 2 * (trial % 2); ++i) moves.push_back({cells[static_cast<std::size_t>(i)] / 4, cells[static_cast<std::size_t>(i)] % 4});
            const SplitPosition root = SplitPosition::after(Shape::square(4), moves);
            for (int plies : {1, 2}) {
                const SplitTree tree = split_position(Shape::square(4), Variant::normal, rules, root, plies);
                const std::vector<Outcome> got = solve_split(Shape::square(4), {Variant::normal, rules, 0, 1}, tree);
                ReferenceSolver judge(4);
                for (std::size_t k = 0; k < tree.nodes.size(); ++k) {
                    const SplitNode& n = tree.nodes[k];
                    const Narrow r = static_cast<Narrow>(n.position.stones[0]), b = static_cast<Narrow>(n.position.stones[1]);
                    // A move that connected: the mover of the child lost.
                    const bool over = judge.connected(r, Colour::red) || judge.connected(b, Colour::blue);
                    const bool wins = !over && judge.wins(r, b, n.position.mover);
                    INFO(name << " plies " << plies << " root " << line_name(moves) << " node " << k << " line "
                              << line_name(n.line));
                    CHECK(got[k] == (wins ? Outcome::win : Outcome::loss));
                    ++nodes;
                    decided += n.decided != Outcome::unknown;
                    leaves += n.leaf();
                }
            }
        }
    }
    CHECK(nodes > 1000);
    CHECK(decided > 0); // moves that connect
    CHECK(leaves > 1000);
}

TEST_CASE("Split: every node of a vc split tree has the result of its own search, on 5x5 and 6x6 openings", "[hex]") {
    // The vc trees are pruned by the analysis (fill-in, connections, must-play, dominated
    // moves); every node's result, decided or combined, is its position's (the reference
    // cannot reach these sizes; the search is checked against it in test_vc_search).
    int nodes = 0, decided = 0, leaves = 0;
    for (const char* name : {"dfpn+vc+inferior+proof+resistance", "vc+inferior+induced+vulnerable+proof+transpose",
                             "dfpn+vc+stronger+templates+inferior+proof+resistance"}) {
        const RuleSet rules = RuleSet::parse(name);
        for (const auto& [size, cell, plies] : std::vector<std::tuple<int, Cell, int>>{{5, {1, 1}, 2}, {6, {1, 1}, 1}, {6, {0, 0}, 1}}) {
            const Shape s = Shape::square(size);
            const SolverOptions options{Variant::normal, rules, 0, 4};
            const SplitTree tree = split_position(s, Variant::normal, rules, SplitPosition::after(s, {cell}), plies);
            const std::vector<Outcome> got = solve_split(s, options, tree);
            for (std::size_t k = 0; k < tree.nodes.size(); ++k) {
                const SplitNode& n = tree.nodes[k];
                ++nodes;
                decided += n.decided != Outcome::unknown;
                leaves += n.leaf();
                if (n.leaf()) continue; // its result is its own search's

                INFO(name << " " << s.name() << " " << cell_name(cell) << " node " << k << " line " << line_name(n.line));
                // A move that connected has no position to search.
                Geometry<Wide> g(s);
                const Colour last = opponent(n.position.mover);
                const Wide own = n.position.stones[colour_index(last)];
                if (g.flood(g.edge(last, 0) & own, own) & g.edge(last, 1)) {
                    CHECK(got[k] == Outcome::loss);
                    continue;
                }
                CHECK(got[k] == solve_position(s, options, n.position).outcome);
            }
        }
    }
    CHECK(decided > 0);
    CHECK(leaves > 50);
    CHECK(nodes > leaves + decided);
}

TEST_CASE("Split: a split opening has the unsplit solver's result on 4x4..6x6", "[hex]") {
    struct Case {
        int size;
        const char* rules;
        std::vector<Cell> cells;
        std::vector<int> plies;
    };
    const std::vector<Case> cases = {
        {4, "dfpn+vc+inferior+proof+resistance", {{0, 0}, {1, 1}, {1, 2}, {3, 0}}, {1, 2}},
        {4, "rule1+2+distance", {{0, 0}, {1, 1}, {2, 1}}, {1, 2}},
        {5, "dfpn+vc+inferior+proof+resistance", {{0, 0}, {1, 1}, {1, 3}, {2, 2}, {4, 1}}, {1, 2}},
        {5, "vc+stronger+inferior+proof", {{0, 2}, {2, 0}, {3, 3}}, {1}},
        {6, "dfpn+vc+inferior+proof+resistance", {{0, 0}, {1, 1}, {2, 2}, {3, 0}}, {1}},
        {6, "dfpn+vc+stronger+templates+inferior+proof+resistance", {{1, 1}, {0, 5}}, {1}},
    };
    int leaves = 0;
    for (const Case& c : cases) {
        const SolverOptions options{Variant::normal, RuleSet::parse(c.rules), 0, 4};
        Solver whole(c.size, options);
        for (const Cell cell : c.cells) {
            const Outcome expect = solve_opening(whole, cell).outcome;
            REQUIRE(expect != Outcome::unknown);
            for (int plies : c.plies) {
                INFO(c.size << "x" << c.size << " " << c.rules << " " << cell_name(cell) << " plies " << plies);
                CHECK(split_opening(Shape::square(c.size), options, cell, plies, &leaves) == expect);
            }
        }
    }
    // Misere Hex (plain rules): every cell a child, a connecting move decides it.
    const SolverOptions misere{Variant::misere, RuleSet{Rules::plain, Order::centre}, 0, 4};
    Solver whole(3, misere);
    for (const Cell cell : all_cells(3)) {
        INFO("misere 3x3 " << cell_name(cell));
        CHECK(split_opening(Shape::square(3), misere, cell, 2, &leaves) == solve_opening(whole, cell).outcome);
    }
    CHECK(leaves > 200);
}

TEST_CASE("Split: negamax from the leaves, a leaf stopped by the node limit leaves its parent open", "[hex]") {
    SplitTree tree;
    tree.nodes.resize(3);
    tree.nodes[0].children = {1, 2};
    tree.nodes[1].depth = tree.nodes[2].depth = 1;
    const auto root = [&](Outcome a, Outcome b) { return combine_split(tree, {Outcome::unknown, a, b})[0]; };
    CHECK(root(Outcome::win, Outcome::loss) == Outcome::win); // one reply lost by its mover
    CHECK(root(Outcome::win, Outcome::win) == Outcome::loss);
    CHECK(root(Outcome::win, Outcome::unknown) == Outcome::unknown);
    CHECK(root(Outcome::unknown, Outcome::loss) == Outcome::win);
    tree.nodes[2].decided = Outcome::loss; // decided before any search: its leaf entry is ignored
    CHECK(root(Outcome::win, Outcome::win) == Outcome::win);
    CHECK_THROWS_AS(combine_split(tree, {Outcome::win}), std::invalid_argument);
    // A node limit stops a leaf's search: unknown.
    const Shape s = Shape::square(6);
    const SplitTree t = split_position(s, Variant::normal, RuleSet::parse("dfpn+vc+inferior+proof+resistance"),
                                       SplitPosition::after(s, {{1, 1}}), 1);
    REQUIRE(!t.leaves().empty());
    const SplitNode& leaf = t.nodes[static_cast<std::size_t>(t.leaves().front())];
    CHECK(solve_position(s, {Variant::normal, RuleSet::parse("dfpn+vc+inferior+proof+resistance"), 1, 1}, leaf.position)
              .outcome == Outcome::unknown);
}

TEST_CASE("Split: the tree is a function of the position, bad arguments refused", "[hex]") {
    const Shape s = Shape::square(6);
    const RuleSet rules = RuleSet::parse("dfpn+vc+inferior+proof+resistance");
    const SplitPosition root = SplitPosition::after(s, {{1, 1}});
    CHECK(root.mover == Colour::blue);
    const SplitTree a = split_position(s, Variant::normal, rules, root, 2), b = split_position(s, Variant::normal, rules, root, 2);
    REQUIRE(a.nodes.size() == b.nodes.size());
    for (std::size_t k = 0; k < a.nodes.size(); ++k) CHECK(line_name(a.nodes[k].line) == line_name(b.nodes[k].line));
    // The must-play region and dominated moves cut blue's replies: fewer children than cells.
    CHECK(a.nodes[0].children.size() < 35);
    CHECK(a.analysed > 0);
    CHECK(line_name({{0, 0}, {5, 3}}) == "a1 d6");
    // One PositionSolver for many positions: each the result and nodes of a fresh table.
    const SolverOptions options{Variant::normal, rules, 0, 2};
    PositionSolver reused(s, options);
    const std::vector<int> leaves = split_position(s, Variant::normal, rules, root, 1).leaves();
    REQUIRE(leaves.size() >= 4);
    const SplitTree one = split_position(s, Variant::normal, rules, root, 1);
    for (int k : leaves) {
        const SearchResult fresh = solve_position(s, options, one.nodes[static_cast<std::size_t>(k)].position);
        const SearchResult again = reused.solve(one.nodes[static_cast<std::size_t>(k)].position);
        CHECK(again.outcome == fresh.outcome);
        CHECK(again.stats.nodes == fresh.stats.nodes);
    }
    CHECK_THROWS_AS(PositionSolver(s, {Variant::normal, RuleSet{}, 0, 1}), std::invalid_argument);
    CHECK_THROWS_WITH(split_position(s, Variant::normal, rules, root, 0), "split_position: plies must be 1..4, got 0");
    CHECK_THROWS_AS(split_position(s, Variant::misere, rules, root, 1), std::invalid_argument);
    CHECK_THROWS_AS(SplitPosition::after(s, {{1, 1}, {1, 1}}), std::invalid_argument);
    // The article's rule sets search positions a game reaches.
    SplitPosition odd;
    odd.stones[1] = cell_bit<Wide>(0);
    odd.mover = Colour::red;
    CHECK_THROWS_AS(solve_position(s, {Variant::normal, RuleSet{}, 0, 1}, odd), std::invalid_argument);
}

TEST_CASE("Split: needed leaves in order, a leaf after a refuted parent is not needed", "[hex]") {
    // root -> {A, B}; A -> {a1, a2}; B a leaf. Outcomes for each node's mover.
    SplitTree tree;
    tree.nodes.resize(5);
    tree.nodes[0].children = {1, 4};
    tree.nodes[1].children = {2, 3};
    const Outcome W = Outcome::win, L = Outcome::loss, U = Outcome::unknown;
    // a1 lost by its mover: A won, so a2 is not needed; B still is (A won decides nothing above).
    CHECK(needed_leaves(tree, {U, U, L, W, W}) == std::vector<bool>{false, false, true, false, true});
    // a1 and a2 won: A lost, the root won; B is not needed.
    CHECK(needed_leaves(tree, {U, U, W, W, L}) == std::vector<bool>{false, false, true, true, false});
    // A node limit (unknown) decides nothing.
    CHECK(needed_leaves(tree, {U, U, U, W, W}) == std::vector<bool>{false, false, true, true, true});
    // The dispatcher's test reads only the leaves before the one asked about.
    CHECK_FALSE(leaf_needed(tree, {U, U, L, U, U}, 3));
    CHECK(leaf_needed(tree, {U, U, U, U, L}, 3)); // B's result comes after a2: ignored
    CHECK(leaf_needed(tree, {U, U, L, W, W}, 4));
    CHECK_FALSE(leaf_needed(tree, {U, U, W, W, U}, 4));
    CHECK_THROWS_AS(leaf_needed(tree, {U, U, U, U, U}, 1), std::invalid_argument); // not a leaf
    CHECK_THROWS_AS(needed_leaves(tree, {U}), std::invalid_argument);
}

TEST_CASE("Split: the dispatcher's test never skips a needed leaf, whatever results it knows, the needed leaves give the root's result", "[hex]") {
    std::mt19937_64 rng(2026);
    int skipped = 0, cut = 0, checked = 0;
    for (const auto& [size, cell, plies] : std::vector<std::tuple<int, Cell, int>>{
             {5, {1, 3}, 2}, {6, {0, 0}, 1}, {6, {1, 5}, 1}, {6, {1, 0}, 1}, {6, {0, 3}, 1}, {6, {2, 2}, 2}}) {
        const Shape s = Shape::square(size);
        const SolverOptions options{Variant::normal, RuleSet::parse("dfpn+vc+inferior+proof+resistance"), 0, 4};
        const SplitTree tree = split_position(s, Variant::normal, options.rules, SplitPosition::after(s, {cell}), plies);
        std::vector<Outcome> all(tree.nodes.size(), Outcome::unknown);
        for (int i : tree.leaves())
            all[static_cast<std::size_t>(i)] = solve_position(s, options, tree.nodes[static_cast<std::size_t>(i)].position).outcome;
        const std::vector<bool> needed = needed_leaves(tree, all);
        std::vector<Outcome> only(tree.nodes.size(), Outcome::unknown);
        for (int i : tree.leaves())
            if (needed[static_cast<std::size_t>(i)]) only[static_cast<std::size_t>(i)] = all[static_cast<std::size_t>(i)];
            else ++cut;
        INFO(s.name() << " " << cell_name(cell) << " plies " << plies);
        CHECK(combine_split(tree, only)[0] == combine_split(tree, all)[0]);
        // Results known of any leaves (the speculative ones too), as a parallel run may know them.
        for (int trial = 0; trial < 20; ++trial) {
            std::vector<Outcome> known(tree.nodes.size(), Outcome::unknown);
            for (int i : tree.leaves())
                if (rng() % 3 != 0) known[static_cast<std::size_t>(i)] = all[static_cast<std::size_t>(i)];
            for (int i : tree.leaves()) {
                ++checked;
                if (leaf_needed(tree, known, i)) continue;
                ++skipped;
                CHECK_FALSE(needed[static_cast<std::size_t>(i)]);
            }
        }
    }
    CHECK(cut > 0);
    CHECK(skipped > 0);
    CHECK(checked > 100);
}

TEST_CASE("PositionSolver: a position stopped at a pause and continued from its saved states, on a "
          "solver that solved another, ends as one never stopped",
          "[hex]") {
    // 6x6 a3 (blue to move; red wins, about 4,000 nodes), pausing every 300 nodes.
    const Shape shape = Shape::square(6);
    const SolverOptions options{Variant::normal,
                                RuleSet::parse("dfpn+vc+inferior+proof+resistance"), 0, 4};
    const SplitPosition a3 = SplitPosition::after(shape, {Cell{2, 0}});
    constexpr std::uint64_t PAUSE = 300;
    using States = std::vector<std::vector<std::byte>>;
    // Solves `position` on `solver`, continuing `saved`; saves at every pause (a whole state
    // first, then changes) and stops at the pause numbered stop_at (0: never).
    const auto run = [&](PositionSolver& solver, const SplitPosition& position, int stop_at,
                         const States& saved, States& states) {
        int pauses = 0;
        solver.set_pauses(PAUSE, [&] {
            std::vector<std::byte> state;
            solver.save_search(state, !states.empty() || !saved.empty());
            states.push_back(std::move(state));
            return ++pauses != stop_at;
        });
        const SearchResult r = solver.solve(position, saved);
        solver.set_pauses(0, nullptr);
        return r;
    };
    PositionSolver fresh(shape, options);
    States none;
    const SearchResult whole = run(fresh, a3, 0, {}, none);
    REQUIRE(whole.outcome == Outcome::loss);
    REQUIRE(whole.stats.nodes > 4 * PAUSE);
    CHECK_FALSE(fresh.stopped());
    CHECK(fresh.saved_nodes() == 0);

    PositionSolver first(shape, options);
    States states;
    const SearchResult stopped = run(first, a3, 3, {}, states);
    REQUIRE(first.stopped());
    CHECK(stopped.outcome == Outcome::unknown);
    const std::uint64_t at_stop = stopped.stats.nodes;
    CHECK(at_stop >= 3 * PAUSE);

    // Another solver, its table used by another position first (f4 after a3: a leaf of a3).
    PositionSolver second(shape, options);
    States other;
    const SplitPosition a3f4 = SplitPosition::after(shape, {Cell{2, 0}, Cell{3, 5}});
    REQUIRE(run(second, a3f4, 0, {}, other).outcome != Outcome::unknown);
    States more;
    const SearchResult continued = run(second, a3, 0, states, more);
    CHECK_FALSE(second.stopped());
    CHECK(continued.outcome == whole.outcome);
    CHECK(continued.stats.nodes == whole.stats.nodes);
    CHECK(continued.stats.expansions == whole.stats.expansions);
    CHECK(second.saved_nodes() == at_stop);

    // The saved states of a3 are refused for another position, and the next solve starts
    // afresh (the table cleared).
    PositionSolver third(shape, options);
    CHECK_THROWS_AS(third.solve(a3f4, states), std::invalid_argument);
    CHECK(third.solve(a3).stats.nodes == fresh.solve(a3).stats.nodes);
}
