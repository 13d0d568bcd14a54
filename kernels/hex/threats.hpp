#pragma once
// What one colour's stones threaten: the parts joined to each edge (kept up to date move by
// move), the completing cells (a stone there connects the two edges) and the double threats
// (a stone there leaves two or more completing cells), each threat with its carrier. These
// are the article's pruning rules 1 and 2; a double threat is the smallest semi-connection
// between the two edges, the seed of H-search.
#include "hex/cell_set.hpp"
#include "hex/geometry.hpp"

namespace cgt::hex {

// One colour's stones and the parts of them joined to each of its edges.
template <class Bits> struct Side {
    Bits stones = 0;
    Bits reach[2] = {0, 0}; // stones joined to edge 0 / edge 1 of the colour

    // Adds a stone at `index` and extends reach[] by its group where the group touches an
    // edge or a part already joined to it. Cost: one flood fill of the stone's group, and
    // only when the stone touches an edge or a joined part.
    void add(const Geometry<Bits>& g, Colour colour, int index) {
        const Bits x = cell_bit<Bits>(index);
        stones |= x;
        const Bits around = g.neighbours(index);
        const bool to0 = ((x & g.edge(colour, 0)) | (around & reach[0])) != 0;
        const bool to1 = ((x & g.edge(colour, 1)) | (around & reach[1])) != 0;
        if (!to0 && !to1) return;
        const Bits group = g.flood(x, stones);
        if (to0) reach[0] |= group;
        if (to1) reach[1] |= group;
    }
    // Recomputes reach[] from the stones alone.
    void rebuild(const Geometry<Bits>& g, Colour colour) {
        reach[0] = g.flood(g.edge(colour, 0), stones);
        reach[1] = g.flood(g.edge(colour, 1), stones);
    }
    [[nodiscard]] bool connected() const { return (reach[0] & reach[1]) != 0; }
};

// The threats of one colour in one position: the empty cells next to (or on) each edge's
// joined part, from which follow the completing cells and the double threats.
template <class Bits> class Threats {
public:
    Threats(const Geometry<Bits>& g, Colour colour, const Side<Bits>& s, Bits empty)
        : m_geo(&g), m_side(&s),
          m_touch{(g.dilate(s.reach[0]) | g.edge(colour, 0)) & empty, (g.dilate(s.reach[1]) | g.edge(colour, 1)) & empty} {}

    // The empty cells a stone on which joins edge `side`'s part.
    [[nodiscard]] Bits touching(int side) const { return m_touch[side]; }
    // The completing cells: a stone on any of them connects the colour's edges.
    [[nodiscard]] Bits completing() const { return m_touch[0] & m_touch[1]; }

    // Calls f(x, y) for every empty cell x (as a one-cell set) after which the colour would
    // have two or more completing cells y, until f returns true; returns whether it did.
    // Requires completing() to be empty.
    //
    // Incremental form (the article's second version): a stone at x joins x to the free
    // groups next to it. If x touches edge 0's part (and so not edge 1's), the new completing
    // cells are the cells touching edge 1's part that are next to x or to one of those
    // groups; the old completing set is empty, so nothing else can appear. Symmetrically for
    // edge 1, and a stone touching neither part creates none.
    template <class F> bool for_each_double_threat(F&& f) const {
        const Geometry<Bits>& g = *m_geo;
        const bool from[2] = {at_least_two(m_touch[1]), at_least_two(m_touch[0])};
        if (!from[0] && !from[1]) return false; // fewer than two cells can complete at all
        constexpr int MAX_GROUPS = MAX_CELLS / 2 + 1;
        Bits group_touch[MAX_GROUPS]; // each free group next to a candidate, with its neighbours
        int groups = 0;
        const Bits near = (from[0] ? m_touch[0] : 0) | (from[1] ? m_touch[1] : 0);
        Bits free = m_side->stones & ~(m_side->reach[0] | m_side->reach[1]) & g.dilate(near);
        while (free) {
            const Bits group = g.flood(lowest_cell(free), m_side->stones);
            free &= ~group;
            group_touch[groups++] = g.dilate(group);
        }
        for (int side = 0; side < 2; ++side) {
            if (!from[side]) continue;
            const Bits other = m_touch[1 - side];
            for (Bits rest = m_touch[side]; rest; rest &= rest - 1) {
                const Bits x = lowest_cell(rest);
                Bits around = g.neighbours(first_cell(x));
                for (int k = 0; k < groups; ++k)
                    if (group_touch[k] & x) around |= group_touch[k];
                const Bits y = around & other;
                if (at_least_two(y) && f(x, y)) return true;
            }
        }
        return false;
    }

    // Rule 2: a stone on a double threat wins (the opponent can stop one completing cell).
    [[nodiscard]] bool has_double_threat() const {
        return for_each_double_threat([](Bits, Bits) { return true; });
    }

    // The cells the opponent must play in to stop every double threat: the intersection of
    // the carriers, where a threat at x with completing cells Y carries {x} + Y when |Y| = 2
    // and only {x} when |Y| >= 3 (any two of Y still complete). All cells when there is no
    // threat; empty when the threats cannot all be stopped.
    [[nodiscard]] Bits must_play() const {
        Bits must = m_geo->all();
        for_each_double_threat([&](Bits x, Bits y) {
            must &= exactly_two(y) ? (x | y) : x;
            return must == 0;
        });
        return must;
    }

private:
    const Geometry<Bits>* m_geo;
    const Side<Bits>* m_side;
    Bits m_touch[2];
};

} // namespace cgt::hex
