#pragma once
// What one colour's stones threaten: the completing cells (a stone there connects the two
// edges), the threat cells (a stone there makes a completing cell) and the double threats (a
// stone there leaves two or more completing cells), each double threat with its carrier.
// These are the article's pruning rules 1 and 2; a double threat is the smallest
// semi-connection between the two edges, the seed of H-search.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"
#include "hex/board/side.hpp"

namespace cgt::hex {

// The threats of one colour in one position: the empty cells next to (or on) each edge's
// joined part, from which follow the completing cells and the double threats. Refers to the
// geometry and the side it was made from, which must outlive it.
template <class Bits> class Threats {
public:
    Threats(const Geometry<Bits>& g, const Side<Bits>& s, Bits empty)
        : m_geo(&g), m_side(&s), m_touch{s.touch[0] & empty, s.touch[1] & empty} {}

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
        // A stone next to edge 0's part can complete only if two cells touch edge 1's part.
        const bool from[2] = {at_least_two(m_touch[1]), at_least_two(m_touch[0])};
        for (int side = 0; side < 2; ++side) {
            if (!from[side]) continue;
            const Bits here = m_touch[side], other = m_touch[1 - side];
            // The free groups between this side's cells and the other's, and the cells of
            // this side that can see the other side at all: next to it, or next to such a
            // group. Only those are tried one by one.
            Bits group_touch[Side<Bits>::MAX_GROUPS];
            int groups = 0;
            Bits seen = g.dilate(other);
            for (int k = 0; k < m_side->groups; ++k) {
                const Bits t = m_side->group_touch[k];
                if ((t & here) && (t & other)) {
                    group_touch[groups++] = t;
                    seen |= t;
                }
            }
            for (Bits rest = here & seen; rest; rest &= rest - 1) {
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

    // The empty cells after which the colour has a completing cell (exact when completing()
    // is empty; otherwise the completing cells are among them). The distance order tries
    // them first: each forces the opponent's reply.
    [[nodiscard]] Bits threat_cells() const {
        const Geometry<Bits>& g = *m_geo;
        Bits out = 0;
        for (int side = 0; side < 2; ++side) {
            const Bits here = m_touch[side], other = m_touch[1 - side];
            Bits seen = g.dilate(other);
            for (int k = 0; k < m_side->groups; ++k)
                if (m_side->group_touch[k] & other) seen |= m_side->group_touch[k];
            out |= here & seen;
        }
        return out;
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
