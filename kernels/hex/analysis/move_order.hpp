#pragma once
// Move orders for the search. The article's order is centre first (cells by hex distance from
// the centre, ties by index), optionally with the history heuristic. The distance order adds
// what a Hex player looks at: first the cells that give the mover a completing cell (a
// threat the opponent must answer), then the cells on the mover's shortest chains between
// its edges, where a chain costs one per empty cell and nothing per own stone (the
// "one-distance" of Hex evaluation functions); ties centre first.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"
#include "hex/board/side.hpp"

#include <array>
#include <cstdint>

namespace cgt::hex {

inline constexpr std::uint8_t UNREACHABLE = 255;

// `moves` into list sorted by key[cell], smallest first, cells of equal key in index order;
// returns their number. The one sort of every order (the analysers' and the distance order).
template <class Bits>
int sort_moves(Bits moves, const std::uint32_t* key, std::array<std::uint8_t, MAX_CELLS>& list) {
    int count = 0;
    for_each_cell(moves, [&](int i) {
        int j = count++;
        for (; j > 0 && key[list[j - 1]] > key[i]; --j)
            list[j] = list[j - 1];
        list[j] = static_cast<std::uint8_t>(i);
    });
    return count;
}

// The resistance order's key of a cell: larger energy first (energies lie in 0..4, the key
// falls as the energy grows), ties centre first by `rank`.
inline std::uint32_t resistance_key(double energy, std::uint8_t rank) {
    const double e = energy < 0 ? 0 : energy > 4 ? 4 : energy;
    return (static_cast<std::uint32_t>((4.0 - e) * 1e6) << 7) | rank;
}

// For every empty cell i, dist[i] = the fewest empty cells on a chain of the colour from its
// edge `edge` to i, i included (own stones cost nothing); UNREACHABLE when the opponent's
// stones cut i off. Entries of occupied cells are left alone. Layer by layer: each layer is
// the empty cells next to what is reached, and the own groups next to a layer join it
// (free groups from the side's list; parts joined to the other edge by a flood fill, since
// that edge does not join them for this purpose).
template <class Bits>
void edge_distances(const Geometry<Bits>& g, Colour colour, const Side<Bits>& s, int edge, Bits empty,
                    std::uint8_t* dist) {
    const Bits other_part = s.reach[1 - edge] & ~s.reach[edge];
    Bits reached = s.reach[edge];
    Bits around = g.dilate(reached) | g.edge(colour, edge);
    Bits left = empty;
    Bits groups_left = 0; // free groups not yet joined, by index
    for (int k = 0; k < s.groups; ++k) groups_left |= Bits{1} << k;
    for (int d = 1; left; ++d) {
        const Bits layer = around & left;
        if (!layer) break;
        left &= ~layer;
        for_each_cell(layer, [&](int i) { dist[i] = static_cast<std::uint8_t>(d); });
        const Bits layer_around = g.dilate(layer);
        Bits joined = layer;
        Bits joined_around = layer_around;
        for (Bits rest = groups_left; rest; rest &= rest - 1) {
            const int k = first_cell(rest);
            if (s.group[k] & layer_around) {
                joined |= s.group[k];
                joined_around |= s.group_touch[k];
                groups_left &= ~(Bits{1} << k);
            }
        }
        if (other_part & layer_around & ~reached) {
            const Bits part = g.flood(other_part & layer_around, other_part) & ~reached;
            joined |= part;
            joined_around |= g.dilate(part);
        }
        reached |= joined;
        around = joined_around;
    }
    for_each_cell(left, [&](int i) { dist[i] = UNREACHABLE; });
}

// The distance order of `moves` into list; returns their number. `first` are the cells tried
// before all others (the threat cells), `rank` the centre-first position of each cell.
template <class Bits>
int order_by_distance(const Geometry<Bits>& g, Colour colour, const Side<Bits>& s, Bits empty, Bits moves,
                      Bits first, const std::uint8_t* rank, std::array<std::uint8_t, MAX_CELLS>& list) {
    std::uint8_t from[2][MAX_CELLS];
    edge_distances(g, colour, s, 0, empty, from[0]);
    edge_distances(g, colour, s, 1, empty, from[1]);
    std::uint32_t key[MAX_CELLS];
    for_each_cell(moves, [&](int i) {
        const std::uint32_t through = std::uint32_t{from[0][i]} + from[1][i]; // chain length via i, +1
        const std::uint32_t tier = (first & cell_bit<Bits>(i)) ? 0 : 1;
        key[i] = (tier << 16) | (through << 7) | rank[i];
    });
    return sort_moves(moves, key, list);
}

} // namespace cgt::hex
