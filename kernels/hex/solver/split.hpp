#pragma once
// One position solved as many independent problems: the tree of the positions its first
// plies reach, pruned as the vc solver prunes a position before it searches below it, whose
// undecided leaves are solved one by one (solve_position, on any rank, in any order), and
// the negamax that gives every node's result from the leaves' results (combine_split).
//
//   SplitPosition root = SplitPosition::after(shape, {opening}); // blue to move
//   SplitTree tree = split_position(shape, options.variant, options.rules, root, 1);
//   std::vector<Outcome> leaf(tree.nodes.size(), Outcome::unknown);
//   for (int i : tree.leaves()) leaf[i] = solve_position(shape, options, tree.nodes[i].position).outcome;
//   Outcome blue = combine_split(tree, leaf)[0]; // for the root's mover
//
// Pruning (vc rule sets, and rex for misere Hex): each node of the tree is analysed once
// (analysis.hpp, misere_analysis.hpp) with the fill-in of its ancestors on the board, as the
// search without RuleSet::transpose plays it: a node that the analysis decides (fill-in,
// connections, an empty must-play region, symmetry) has no children and no task; otherwise
// its children are the moves the analysis keeps, each played on the filled position. The
// same holds for a position and its fill-in, so every node's result is the position's. The
// other rule sets have no analysis: every empty cell is a child, and a move that connects
// decides its child at once (normal: the mover won; misere: lost).
//
// The tree is a function of the position, the variant, the rule set and the plies only, so
// every rank builds the same one and the leaves can be dealt as tasks.
#include "hex/board/board.hpp"
#include "hex/solver/solver.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace cgt::hex {

// A position as the split has it: both colours' stones (cell (r, c) at bit r*cols + c, the
// fill-in above included, so the counts may be any) and the player to move.
struct SplitPosition {
    Wide stones[2] = {0, 0}; // red, blue
    Colour mover = Colour::red;
    // The position reached by playing `moves` alternately from the empty board, red first
    // (std::invalid_argument for a cell off the board or played twice).
    static SplitPosition after(Shape shape, const std::vector<Cell>& moves);
};

struct SplitNode {
    SplitPosition position;
    std::vector<Cell> line;             // the moves from the root to here
    int depth = 0;                      // line.size()
    Outcome decided = Outcome::unknown; // for the mover, known without a search (see above)
    bool analysed = false;              // counted in SplitTree::stats (a leaf's analysis is its task's)
    std::vector<int> children;          // indices into SplitTree::nodes
    // A sub-problem: undecided and not expanded (at the split's depth).
    [[nodiscard]] bool leaf() const { return decided == Outcome::unknown && children.empty(); }
};

struct SplitTree {
    std::vector<SplitNode> nodes; // pre-order (a node before its children, children in move order); [0] the root
    SearchStats stats;            // the analyses of the nodes that are not leaves (one expansion each)
    std::uint64_t analysed = 0;   // those nodes (vc and rex rule sets; 0 for the others)
    // The leaves, in pre-order.
    [[nodiscard]] std::vector<int> leaves() const;
};

// Expands `root` `plies` (1..4) plies deep (see above). Throws std::invalid_argument for a bad
// shape, misere with a rule set other than plain or rex, normal Hex with rex, or plies out of
// range.
SplitTree split_position(Shape shape, Variant variant, RuleSet rules, const SplitPosition& root, int plies);

// Solves positions one after another with one table, cleared before each (so each result and
// node count is the one a fresh table gives: solve_position), for the vc and rex rule sets; a
// program that solves many sub-problems keeps one and saves allocating the table each time.
// With keep_table(true) the table is not cleared: a position reads what the searches before it
// left (proven positions, bounds), so its outcome is the same (with no node limit) and its
// node count depends on the positions solved before it on this solver.
class PositionSolver {
public:
    // std::invalid_argument unless options.rules is a vc rule set for normal Hex or a rex one
    // for misere Hex.
    PositionSolver(Shape shape, const SolverOptions& options);
    ~PositionSolver();
    PositionSolver(PositionSolver&&) noexcept;
    PositionSolver& operator=(PositionSolver&&) noexcept;
    [[nodiscard]] Shape shape() const { return m_shape; }
    [[nodiscard]] const SolverOptions& options() const { return m_options; }
    // With `saved` (states saved at the pauses of this position's search, save_search), the
    // search continues from them (the table cleared first, kept or not), to the result, node
    // count and counters of one never stopped; std::invalid_argument on a bad state.
    SearchResult solve(const SplitPosition& position,
                       std::span<const std::vector<std::byte>> saved = {});
    void keep_table(bool keep) { m_keep_table = keep; }
    // Pauses, saves and stops as Solver's (solver.hpp): every every_nodes nodes (0: none)
    // at_pause is called, may save_search(), and returning false stops the search (solve()
    // then returns unknown and stopped() is true).
    void set_pauses(std::uint64_t every_nodes, std::function<bool()> at_pause);
    [[nodiscard]] bool stopped() const;
    [[nodiscard]] Solver::Progress pause_progress() const;
    void save_search(std::vector<std::byte>& out, bool changes_only);
    // Of the nodes of the last solve(), those of the saved search it continued (0: none).
    [[nodiscard]] std::uint64_t saved_nodes() const { return m_saved_nodes; }
    // The store of proven positions later solve() calls read (vc_search.hpp), and how many
    // positions the last one took from it.
    void set_store(std::shared_ptr<const PositionStore> store);
    [[nodiscard]] std::uint64_t store_hits() const;

private:
    struct Impl;
    Shape m_shape;
    SolverOptions m_options;
    bool m_keep_table = false;
    std::uint64_t m_saved_nodes = 0;
    std::unique_ptr<Impl> m_impl;
};

// Solves a position (stones placed, player to move) with a fresh table, within
// options.node_limit nodes: the outcome for its mover and the search's counters. Any stone
// counts for the vc and rex rule sets; the others search boards a game reaches (red = blue or
// red = blue + 1, the mover the one the counts say: std::invalid_argument otherwise). With
// `table`, the article's rule sets use (and first clear) that table.
SearchResult solve_position(Shape shape, const SolverOptions& options, const SplitPosition& position,
                            std::shared_ptr<TranspositionTable> table = nullptr);

// Every node's result for its mover, by negamax from the leaves' results (`leaf_outcomes`
// indexed like tree.nodes; entries of other nodes are ignored): a node is won when one
// child is lost, lost when every child is won, unknown otherwise (a leaf stopped by a node
// limit).
std::vector<Outcome> combine_split(const SplitTree& tree, const std::vector<Outcome>& leaf_outcomes);

// Which leaves a split needs (sequential semantics). Leaves are in a fixed order, the tree's
// pre-order; leaf i is NEEDED iff no ancestor of i is decided (combine_split) by the nodes
// the analysis decided and the results of the needed leaves before i: what one searcher
// solving the leaves in order, and skipping those whose result can no longer matter,
// would solve. The needed set and every node's result from it are a function of the
// position alone.
//
// leaf_needed(tree, known, i) is the test a dispatcher of leaves makes before handing out
// leaf i: false when the results in `known` of leaves BEFORE i (any of them, needed or
// not; entries at i and after are ignored, unknown where not solved yet) decide an
// ancestor of i. It never says false for a needed leaf. Proof: let N be the needed leaves
// before i, K the known leaves before i, and A an ancestor of i decided by K. combine_split
// with unknowns is monotone (a known result only turns nodes from unknown to decided, and a
// decided node keeps the position's true result), so A is decided, with the same result, by
// K u N. Each unneeded leaf j of K has an ancestor B_j decided by the needed leaves before
// j, a subset of N, so B_j has the same (decided) result from N as from K u N, and the
// leaves below B_j reach the nodes above it only through B_j's result: every node not
// strictly below some B_j has the same result from N as from K u N. If A is strictly below
// some B_j, B_j is an ancestor of i decided by N; otherwise A itself is decided by N.
// Either way i is not needed.
//
// `known` is indexed like tree.nodes; leaf must be one of tree.leaves().
bool leaf_needed(const SplitTree& tree, const std::vector<Outcome>& known, int leaf);
// The needed leaves (indexed like tree.nodes: true for a needed leaf, false elsewhere), by
// the definition above, from every leaf's result as solved (unknown for a leaf not solved:
// the set is then the one those results give, and the caller checks that every needed
// leaf was solved).
std::vector<bool> needed_leaves(const SplitTree& tree, const std::vector<Outcome>& leaf_outcomes);

// "d5 c6": the line's cells by name.
std::string line_name(const std::vector<Cell>& line);

} // namespace cgt::hex
