#include "hex/solver/split.hpp"

#include "hex/analysis/analysis.hpp"
#include "hex/analysis/misere_analysis.hpp"
#include "hex/search/vc_search.hpp"

#include <stdexcept>
#include <variant>

namespace cgt::hex {

namespace {

template <class Bits> bool joins(const Geometry<Bits>& g, Colour c, Bits own) {
    return (g.flood(g.edge(c, 0) & own, own) & g.edge(c, 1)) != 0;
}

// Builds the tree below nodes[index] down to `plies`, pre-order.
template <class Bits> class SplitBuilder {
public:
    SplitBuilder(Shape shape, Variant variant, RuleSet rules, int plies)
        : m_geo(shape), m_variant(variant), m_rules(rules), m_plies(plies) {
        if (rules.rules == Rules::vc) m_analyser = std::make_unique<Analyser<Bits>>(m_geo, rules);
        if (rules.rules == Rules::rex)
            m_misere = std::make_unique<MisereAnalyser<Bits>>(m_geo, rules);
    }

    void expand(SplitTree& tree, int index) {
        SplitNode& node = tree.nodes[static_cast<std::size_t>(index)];
        const SplitPosition pos = node.position;
        Bits stones[2] = {convert_cells<Bits>(pos.stones[0]), convert_cells<Bits>(pos.stones[1])};
        const Colour mover = pos.mover, other = opponent(mover);
        // The move into this node may have connected (a root given connected, too).
        for (Colour c : {Colour::red, Colour::blue})
            if (joins(m_geo, c, stones[colour_index(c)])) {
                const bool mover_won = (c == mover) == (m_variant == Variant::normal);
                node.decided = mover_won ? Outcome::win : Outcome::loss;
                return;
            }
        std::vector<int> moves;
        if (m_analyser || m_misere) {
            Analysis<Bits> a;
            const SearchStats before = tree.stats;
            if (m_analyser)
                m_analyser->analyse(stones, mover, a, tree.stats);
            else
                m_misere->analyse(stones, mover, a, tree.stats);
            if (a.outcome != Outcome::unknown) {
                node.decided = a.outcome;
                node.analysed = true;
                ++tree.analysed;
                return;
            }
            // A leaf's task analyses it again and counts that analysis.
            if (node.depth >= m_plies) {
                tree.stats = before;
                return;
            }
            node.analysed = true;
            ++tree.analysed;
            for (int i = 0; i < a.count; ++i) moves.push_back(a.moves[i]);
            // No move worth trying: the search's bounds {1, 0} say lost.
            if (moves.empty()) {
                node.decided = Outcome::loss;
                return;
            }
        } else {
            const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
            for (int i = 0; i < m_geo.cells(); ++i)
                if (empty & cell_bit<Bits>(i)) moves.push_back(i);
            if (moves.empty()) throw std::logic_error("split_position: a full board with no connection");
        }
        if (node.depth >= m_plies) return; // a leaf: searched as a task
        const std::vector<Cell> line = node.line;
        const int depth = node.depth;
        for (int m : moves) {
            SplitNode child;
            child.position.stones[0] = convert_cells<Wide>(stones[0]);
            child.position.stones[1] = convert_cells<Wide>(stones[1]);
            child.position.stones[colour_index(mover)] |= cell_bit<Wide>(m);
            child.position.mover = other;
            child.line = line;
            child.line.push_back({m / m_geo.cols(), m % m_geo.cols()});
            child.depth = depth + 1;
            tree.nodes.push_back(std::move(child));
            const int c = static_cast<int>(tree.nodes.size()) - 1;
            tree.nodes[static_cast<std::size_t>(index)].children.push_back(c);
            expand(tree, c);
        }
    }

private:
    Geometry<Bits> m_geo;
    Variant m_variant;
    RuleSet m_rules;
    int m_plies;
    std::unique_ptr<Analyser<Bits>> m_analyser;     // the vc rule sets
    std::unique_ptr<MisereAnalyser<Bits>> m_misere; // the rex ones
};

} // namespace

struct PositionSolver::Impl {
    std::variant<std::unique_ptr<VcSearch<Narrow>>, std::unique_ptr<VcSearch<Wide>>> search;
    bool used = false; // a new table is empty already
};

PositionSolver::PositionSolver(Shape shape, const SolverOptions& options) : m_shape(shape), m_options(options) {
    check_shape(shape);
    if (!((options.rules.rules == Rules::vc && options.variant == Variant::normal) ||
          (options.rules.rules == Rules::rex && options.variant == Variant::misere)))
        throw std::invalid_argument(
            "PositionSolver: a vc rule set for normal Hex or a rex one for misere, got " +
            options.rules.name() + " for " + variant_name(options.variant) + " Hex");
    m_impl = std::make_unique<Impl>();
    if (shape.cells() <= CELL_CAPACITY<Narrow>)
        m_impl->search = std::make_unique<VcSearch<Narrow>>(shape, options.rules, options.tt_size_mib);
    else
        m_impl->search = std::make_unique<VcSearch<Wide>>(shape, options.rules, options.tt_size_mib);
}

PositionSolver::~PositionSolver() = default;
PositionSolver::PositionSolver(PositionSolver&&) noexcept = default;
PositionSolver& PositionSolver::operator=(PositionSolver&&) noexcept = default;

SearchResult PositionSolver::solve(const SplitPosition& position,
                                   std::span<const std::vector<std::byte>> saved) {
    SearchResult r;
    std::visit(
        [&](auto& search) {
            // A cleared table: the result and node count of a fresh one (unless kept). A
            // saved search clears it and brings back the table it saved.
            m_saved_nodes = 0;
            if (!saved.empty())
                m_saved_nodes = search->load_state(saved);
            else if (m_impl->used && !m_keep_table)
                search->clear_table();
            m_impl->used = true;
            using Bits = std::decay_t<decltype(search->last_proof())>;
            search->load(convert_cells<Bits>(position.stones[0]), convert_cells<Bits>(position.stones[1]), position.mover);
            r.outcome = search->solve(m_options.node_limit, r.stats);
        },
        m_impl->search);
    return r;
}

void PositionSolver::set_pauses(std::uint64_t every_nodes, std::function<bool()> at_pause) {
    std::visit([&](auto& search) { search->set_pauses(every_nodes, std::move(at_pause)); },
               m_impl->search);
}

bool PositionSolver::stopped() const {
    return std::visit([](const auto& search) { return search->stopped(); }, m_impl->search);
}

Solver::Progress PositionSolver::pause_progress() const {
    return std::visit([](const auto& search) { return Solver::Progress::of(search->pause_info()); },
                      m_impl->search);
}

void PositionSolver::save_search(std::vector<std::byte>& out, bool changes_only) {
    std::visit([&](auto& search) { search->save_state(out, changes_only); }, m_impl->search);
}

void PositionSolver::set_store(std::shared_ptr<const PositionStore> store) {
    std::visit([&](auto& search) { search->set_store(store); }, m_impl->search);
}

std::uint64_t PositionSolver::store_hits() const {
    return std::visit([](const auto& search) { return search->store_hits(); }, m_impl->search);
}

SplitPosition SplitPosition::after(Shape shape, const std::vector<Cell>& moves) {
    check_shape(shape);
    SplitPosition p;
    for (const Cell c : moves) {
        if (c.row < 0 || c.row >= shape.rows || c.col < 0 || c.col >= shape.cols)
            throw std::invalid_argument("SplitPosition::after: a cell off the " + shape.name() + " board");
        const Wide bit = cell_bit<Wide>(c.row * shape.cols + c.col);
        if ((p.stones[0] | p.stones[1]) & bit)
            throw std::invalid_argument("SplitPosition::after: " + cell_name(c) + " is played twice");
        p.stones[colour_index(p.mover)] |= bit;
        p.mover = opponent(p.mover);
    }
    return p;
}

std::vector<int> SplitTree::leaves() const {
    std::vector<int> out;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].leaf()) out.push_back(static_cast<int>(i));
    return out;
}

SplitTree split_position(Shape shape, Variant variant, RuleSet rules, const SplitPosition& root, int plies) {
    check_shape(shape);
    if (plies < 1 || plies > 4) throw std::invalid_argument("split_position: plies must be 1..4, got " + std::to_string(plies));
    if (variant == Variant::misere && rules.rules != Rules::plain && rules.rules != Rules::rex)
        throw std::invalid_argument(
            "split_position: misere Hex is searched with the plain rule set only or a rex "
            "rule set");
    if (variant == Variant::normal && rules.rules == Rules::rex)
        throw std::invalid_argument("split_position: the rex rule sets search misere Hex only");
    SplitTree tree;
    tree.nodes.push_back({root, {}, 0, Outcome::unknown, false, {}});
    if (shape.cells() <= CELL_CAPACITY<Narrow>)
        SplitBuilder<Narrow>(shape, variant, rules, plies).expand(tree, 0);
    else
        SplitBuilder<Wide>(shape, variant, rules, plies).expand(tree, 0);
    return tree;
}

SearchResult solve_position(Shape shape, const SolverOptions& options, const SplitPosition& position,
                            std::shared_ptr<TranspositionTable> table) {
    check_shape(shape);
    if (options.rules.analysed()) {
        if ((options.variant == Variant::misere) != (options.rules.rules == Rules::rex))
            throw std::invalid_argument(
                "solve_position: misere Hex is searched with the plain rule set only or a rex "
                "rule set, normal Hex not with a rex one");
        return PositionSolver(shape, options).solve(position);
    }
    Board board(shape);
    for (int i = 0; i < shape.cells(); ++i)
        for (Colour c : {Colour::red, Colour::blue})
            if (position.stones[colour_index(c)] & cell_bit<Wide>(i)) board.place({i / shape.cols, i % shape.cols}, c);
    const int red = board.stone_count(Colour::red), blue = board.stone_count(Colour::blue);
    if ((red != blue && red != blue + 1) || board.to_move() != position.mover)
        throw std::invalid_argument("solve_position: the " + options.rules.name() +
                                    " rule set searches positions a game reaches (the mover as the counts say)");
    Solver solver(shape, options, std::move(table));
    solver.clear_table();
    solver.set_position(board);
    return solver.solve();
}

std::vector<Outcome> combine_split(const SplitTree& tree, const std::vector<Outcome>& leaf_outcomes) {
    if (leaf_outcomes.size() != tree.nodes.size())
        throw std::invalid_argument("combine_split: " + std::to_string(leaf_outcomes.size()) + " outcomes for " +
                                    std::to_string(tree.nodes.size()) + " nodes");
    std::vector<Outcome> out(tree.nodes.size(), Outcome::unknown);
    // Pre-order: every child comes after its parent, so backwards sees children first.
    for (std::size_t k = tree.nodes.size(); k-- > 0;) {
        const SplitNode& n = tree.nodes[k];
        if (n.decided != Outcome::unknown) {
            out[k] = n.decided;
        } else if (n.children.empty()) {
            out[k] = leaf_outcomes[k];
        } else {
            bool all_won = true, one_lost = false;
            for (int c : n.children) {
                one_lost |= out[static_cast<std::size_t>(c)] == Outcome::loss;
                all_won &= out[static_cast<std::size_t>(c)] == Outcome::win;
            }
            out[k] = one_lost ? Outcome::win : all_won ? Outcome::loss : Outcome::unknown;
        }
    }
    return out;
}

namespace {
std::vector<int> parents(const SplitTree& tree) {
    std::vector<int> parent(tree.nodes.size(), -1);
    for (std::size_t k = 0; k < tree.nodes.size(); ++k)
        for (int c : tree.nodes[k].children) parent[static_cast<std::size_t>(c)] = static_cast<int>(k);
    return parent;
}

bool needed_given(const SplitTree& tree, const std::vector<int>& parent, std::vector<Outcome> known, int leaf) {
    const auto at = static_cast<std::size_t>(leaf);
    if (at >= tree.nodes.size() || !tree.nodes[at].leaf())
        throw std::invalid_argument("leaf_needed: node " + std::to_string(leaf) + " is not a leaf of the tree");
    // Only the leaves before this one count (pre-order: smaller indices).
    for (std::size_t k = at; k < known.size(); ++k) known[k] = Outcome::unknown;
    const std::vector<Outcome> result = combine_split(tree, known);
    for (int a = parent[at]; a >= 0; a = parent[static_cast<std::size_t>(a)])
        if (result[static_cast<std::size_t>(a)] != Outcome::unknown) return false;
    return true;
}
} // namespace

bool leaf_needed(const SplitTree& tree, const std::vector<Outcome>& known, int leaf) {
    if (known.size() != tree.nodes.size())
        throw std::invalid_argument("leaf_needed: " + std::to_string(known.size()) + " outcomes for " +
                                    std::to_string(tree.nodes.size()) + " nodes");
    return needed_given(tree, parents(tree), known, leaf);
}

std::vector<bool> needed_leaves(const SplitTree& tree, const std::vector<Outcome>& leaf_outcomes) {
    if (leaf_outcomes.size() != tree.nodes.size())
        throw std::invalid_argument("needed_leaves: " + std::to_string(leaf_outcomes.size()) + " outcomes for " +
                                    std::to_string(tree.nodes.size()) + " nodes");
    const std::vector<int> parent = parents(tree);
    std::vector<bool> needed(tree.nodes.size(), false);
    std::vector<Outcome> known(tree.nodes.size(), Outcome::unknown); // of the needed leaves so far
    for (int leaf : tree.leaves()) {
        const auto at = static_cast<std::size_t>(leaf);
        if (!needed_given(tree, parent, known, leaf)) continue;
        needed[at] = true;
        known[at] = leaf_outcomes[at];
    }
    return needed;
}

std::string line_name(const std::vector<Cell>& line) {
    std::string out;
    for (const Cell c : line) {
        if (!out.empty()) out += ' ';
        out += cell_name(c);
    }
    return out;
}

} // namespace cgt::hex
