#pragma once
// One colour's stones as groups: the parts joined to each of its two edges and the free
// groups (joined to neither), each with its neighbourhood, kept up to date stone by stone
// without flood fills. These are the objects the threat rules (threats.hpp) and, later,
// virtual connections are built from: a group with its neighbours is a one-cell carrier.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"

namespace cgt::hex {

template <class Bits> struct Side {
    // A colour has at most (cells + 1) / 2 stones, so at most that many groups.
    static constexpr int MAX_GROUPS = (MAX_CELLS + 1) / 2;

    Bits stones = 0;
    Bits reach[2] = {0, 0}; // stones joined to edge 0 / edge 1 of the colour
    Bits touch[2] = {0, 0}; // reach[i], its neighbours and edge i's cells (occupied or not)
    int groups = 0;         // free groups, in no particular order
    Bits group[MAX_GROUPS];
    Bits group_touch[MAX_GROUPS]; // group[k] and its neighbours

    // Recomputes everything from the stones (flood fills; for loading a position).
    void rebuild(const Geometry<Bits>& g, Colour colour) {
        for (int i = 0; i < 2; ++i) {
            reach[i] = g.flood(g.edge(colour, i), stones);
            touch[i] = g.dilate(reach[i]) | g.edge(colour, i);
        }
        groups = 0;
        for (Bits free = stones & ~(reach[0] | reach[1]); free;) {
            const Bits grp = g.flood(lowest_cell(free), free);
            free &= ~grp;
            group[groups] = grp;
            group_touch[groups++] = g.dilate(grp);
        }
    }

    // Adds a stone on the empty cell `index`: the free groups next to it merge with it, and
    // the merged group joins an edge's part when the stone touches that part or edge.
    // Dilation distributes over union, so the merged neighbourhood is the union of the
    // parts' neighbourhoods: no flood fill, no dilation.
    void add(const Geometry<Bits>& g, int index) {
        const Bits x = cell_bit<Bits>(index);
        stones |= x;
        Bits merged = x, merged_touch = x | g.neighbours(index);
        int kept = 0;
        for (int k = 0; k < groups; ++k) {
            if (group_touch[k] & x) {
                merged |= group[k];
                merged_touch |= group_touch[k];
            } else {
                group[kept] = group[k];
                group_touch[kept++] = group_touch[k];
            }
        }
        groups = kept;
        const bool to0 = (touch[0] & x) != 0;
        const bool to1 = (touch[1] & x) != 0;
        if (to0) {
            reach[0] |= merged;
            touch[0] |= merged_touch;
        }
        if (to1) {
            reach[1] |= merged;
            touch[1] |= merged_touch;
        }
        if (!to0 && !to1) {
            group[groups] = merged;
            group_touch[groups++] = merged_touch;
        }
    }

    // Copies another side, only the groups in use (a Side is large; its used part is small).
    void copy_from(const Side& other) {
        stones = other.stones;
        reach[0] = other.reach[0];
        reach[1] = other.reach[1];
        touch[0] = other.touch[0];
        touch[1] = other.touch[1];
        groups = other.groups;
        for (int k = 0; k < groups; ++k) {
            group[k] = other.group[k];
            group_touch[k] = other.group_touch[k];
        }
    }

    // The two edges are joined (reach[0] and reach[1] share the stone that joined them).
    [[nodiscard]] bool connected() const { return (reach[0] & reach[1]) != 0; }
};

} // namespace cgt::hex
