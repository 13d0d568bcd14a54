#pragma once
// Virtual connections by H-search (Anshelevich 2002; the VC builder of Benzene): for one
// colour, the full connections (the colour joins the two ends even if the opponent moves
// first) and the semi connections (it joins them if it moves first) between its groups, the
// empty cells and its two edges, each with its carrier: the empty cells it needs.
//
// The ends (vertices) are the empty cells, the colour's free groups (named by their lowest
// cell, the captain) and its two edges (every stone joined to an edge belongs to that edge).
// Neighbours are joined by a full connection with an empty carrier, and
//   AND: full(x, z, A) and full(z, y, B) with A, B disjoint and x not in B, y not in A give
//        full(x, y, A + B) when z is a group and semi(x, y, A + B + {z}) when z is an empty
//        cell (z is the key: the move that turns the semi into a full connection); a full
//        and a semi through a group give a semi;
//   OR:  semis between x and y whose carriers have no common cell give a full connection
//        with the union of their carriers (combinations of up to `or_depth` semis).
// Every list keeps only minimal carriers (no carrier a superset of another; a semi whose
// carrier contains a full's is dropped) and at most `fulls` / `semis` of them, smallest
// first. The edges never serve as the middle of an AND (a connection through an edge joins
// nothing that edge-to-edge play needs).
//
// A carrier is sound whatever happens outside it: adding stones of either colour outside a
// carrier keeps the connection. That is what the solver's proof sets rely on.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"
#include "hex/connections/edge_ladders.hpp"
#include "hex/connections/edge_templates.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace cgt::hex {

struct VcLimits {
    int fulls = 12;   // carriers kept per pair of ends (at most FULL_CAPACITY)
    int semis = 24;   // (at most SEMI_CAPACITY)
    int or_depth = 4; // semis combined at most by one OR
};

struct VcStats {
    std::uint64_t builds = 0;
    std::uint64_t fulls = 0; // connections stored (kept at the time), over all builds
    std::uint64_t semis = 0;
};

// The base step of both builders (vc.hpp, vc_strong.hpp): floods the colour's two edge
// groups (returns true when they meet: connected), maps every cell to its end (an empty
// cell is its own, a stone joined to an edge is that edge, a free group's stones are its
// captain, the lowest), and gives every end its empty neighbours and every empty cell its
// empty neighbours as full connections with an empty carrier (add_full(u, v, 0)), then the
// ladder templates' connections to the edges; with EdgeTemplates::semis(), also the semi
// connections of the templates whose helper cell is empty (add_semi(u, v, carrier), the
// carrier with the helper, which is the key); with ladders, the ladder connections between
// two cells along an edge (edge_ladders.hpp) whose ends are different ends. `captains` gets
// the free groups' captains.
template <class Bits, class AddFull, class AddSemi>
bool vc_base_step(const Geometry<Bits>& g, const EdgeTemplates<Bits>* templates,
                  const CellLadders<Bits>* ladders, Colour colour, Bits own, Bits empty,
                  std::vector<int>& vertex_of, Bits& captains, AddFull&& add_full,
                  AddSemi&& add_semi) {
    const int edge[2] = {g.cells(), g.cells() + 1};
    const Bits part0 = g.flood(g.edge(colour, 0) & own, own), part1 = g.flood(g.edge(colour, 1) & own, own);
    if (part0 & part1) return true;
    for_each_cell(empty, [&](int i) { vertex_of[static_cast<std::size_t>(i)] = i; });
    for_each_cell(part0, [&](int i) { vertex_of[static_cast<std::size_t>(i)] = edge[0]; });
    for_each_cell(part1, [&](int i) { vertex_of[static_cast<std::size_t>(i)] = edge[1]; });
    // Every end with its empty neighbours. Free groups are contracted into their captain;
    // the group's stones other than the captain are not ends.
    const auto touch_all = [&](int end, Bits near) {
        for_each_cell(near & empty, [&](int c) { add_full(end, c, Bits{0}); });
    };
    touch_all(edge[0], g.edge(colour, 0) | g.dilate(part0));
    touch_all(edge[1], g.edge(colour, 1) | g.dilate(part1));
    Bits free = own & ~(part0 | part1);
    captains = 0;
    while (free) {
        const Bits group = g.flood(lowest_cell(free), free);
        free &= ~group;
        const int captain = first_cell(group);
        captains |= cell_bit<Bits>(captain);
        for_each_cell(group, [&](int i) { vertex_of[static_cast<std::size_t>(i)] = captain; });
        touch_all(captain, g.dilate(group));
    }
    for_each_cell(empty, [&](int c) {
        for_each_cell(g.neighbours(c) & empty & ~((cell_bit<Bits>(c) << 1) - 1), [&](int d) { add_full(c, d, Bits{0}); });
    });
    if (templates)
        templates->for_each_match(colour, own, empty, [&](int anchor, int side, Bits carrier) {
            const int v = vertex_of[static_cast<std::size_t>(anchor)];
            if (v != edge[side]) add_full(v, edge[side], carrier);
        });
    if (templates && templates->semis())
        templates->for_each_semi(colour, own, empty, [&](int anchor, int side, Bits carrier) {
            const int v = vertex_of[static_cast<std::size_t>(anchor)];
            if (v != edge[side]) add_semi(v, edge[side], carrier);
        });
    if (ladders)
        ladders->for_each_match(colour, own, empty, [&](int x, int y, Bits carrier) {
            const int u = vertex_of[static_cast<std::size_t>(x)],
                      v = vertex_of[static_cast<std::size_t>(y)];
            if (u != v) add_full(u, v, carrier);
        });
    return false;
}

template <class Bits> class VcBuilder {
public:
    static constexpr int FULL_CAPACITY = 16;
    static constexpr int SEMI_CAPACITY = 32;

    // Throws std::invalid_argument if a limit is outside 1..capacity (or_depth 2..8).
    explicit VcBuilder(const Geometry<Bits>& g, VcLimits limits = {});

    // When build() may stop early: when the edges get a full connection, or any connection.
    enum class Stop : std::uint8_t { never, edge_full, edge_any };

    // Builds the connections of `colour` with stones `own` and empty cells `empty`.
    // With a stop condition the build ends as soon as it holds (the lists are then partial).
    // Returns whether the edges are joined by a full connection (or, with edge_any, by any).
    bool build(Colour colour, Bits own, Bits empty, Stop stop = Stop::never);

    // The ends: EDGE0/EDGE1 (the colour's first and second edge), or a cell: an empty cell
    // or the captain of the group of a stone (vertex(cell) maps a stone to its group's end).
    [[nodiscard]] int edge(int side) const { return m_cells + side; }
    [[nodiscard]] int vertex(int cell) const { return m_vertex_of[cell]; }

    // The carriers between two ends (in either order), smallest first.
    [[nodiscard]] int full_count(int u, int v) const;
    [[nodiscard]] const Bits* fulls(int u, int v) const;
    [[nodiscard]] int semi_count(int u, int v) const;
    [[nodiscard]] const Bits* semis(int u, int v) const;
    // Whether some full connection joins the two ends (full_count(u, v) > 0).
    [[nodiscard]] bool has_full(int u, int v) const { return full_count(u, v) > 0; }

    [[nodiscard]] const VcStats& stats() const { return m_stats; }

    // Ladder patterns (edge_templates.hpp) added as base connections by every build from now
    // on (nullptr: none).
    void use_templates(std::shared_ptr<const EdgeTemplates<Bits>> templates) { m_templates = std::move(templates); }
    // Ladder connections between cells (edge_ladders.hpp) added as base connections by every
    // build from now on (nullptr: none).
    void use_ladders(std::shared_ptr<const CellLadders<Bits>> ladders) { m_ladders = std::move(ladders); }

private:
    struct Block {
        Bits full[FULL_CAPACITY];
        Bits semi[SEMI_CAPACITY];
        std::uint8_t full_new[FULL_CAPACITY];
        std::uint8_t semi_new[SEMI_CAPACITY];
    };
    struct Pair {
        std::uint8_t nfull = 0, nsemi = 0, queued = 0, pad = 0;
        std::int32_t block = -1;
    };
    // A set of ends (up to 2 * 64).
    struct Ends {
        std::uint64_t w[2] = {0, 0};
        void set(int v) { w[v >> 6] |= std::uint64_t{1} << (v & 63); }
        [[nodiscard]] bool has(int v) const { return (w[v >> 6] >> (v & 63)) & 1; }
    };

    [[nodiscard]] int index(int u, int v) const { return u < v ? u * m_ends + v : v * m_ends + u; }
    Block& block_of(int u, int v);
    [[nodiscard]] bool is_group(int v) const { return v < m_cells && (m_own & cell_bit<Bits>(v)); }
    [[nodiscard]] bool in(Bits carrier, int v) const { return v < m_cells && (carrier & cell_bit<Bits>(v)); }

    void add_full(int u, int v, Bits carrier);
    void add_semi(int u, int v, Bits carrier);
    void enqueue(int u, int v);
    void process(int u, int v);
    void and_full(int mid, int other, Bits carrier);
    void and_semi_through_group(int mid, int other, Bits carrier);
    void or_rule(int u, int v, Bits fresh);
    void or_search(int u, int v, const Bits* semis, const Bits* suffix, int count, int start, Bits meet, Bits join,
                   int depth);

    Geometry<Bits> m_geo;
    VcLimits m_limits;
    int m_cells;
    int m_ends;
    Bits m_own = 0;
    Bits m_empty = 0;
    Stop m_stop = Stop::never;
    bool m_done = false;
    std::vector<Pair> m_pairs;
    std::vector<Block> m_blocks;
    int m_blocks_used = 0;
    std::vector<Ends> m_full_ends; // per end: the ends it has a full connection with
    std::vector<int> m_touched;    // pairs with a block, to reset
    std::vector<int> m_queue;      // pair indices
    std::size_t m_head = 0;
    std::vector<int> m_vertex_of;
    std::shared_ptr<const EdgeTemplates<Bits>> m_templates;
    std::shared_ptr<const CellLadders<Bits>> m_ladders;
    VcStats m_stats;
};

extern template class VcBuilder<Narrow>;
extern template class VcBuilder<Wide>;

} // namespace cgt::hex
