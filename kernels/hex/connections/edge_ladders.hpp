#pragma once
// Ladder connections between two cells along an edge (RuleSet::ladders), as Benzene's VC
// builder adds its precomputed patterns between two non-edge cells: a full connection
// between a cell x and a cell y on the second row ahead of it, whose carrier is the
// second-row ladder between them and the cells that join each to the edge. The connection
// means what every connection of the builders means, x and y in one component of the
// player's stones, cells and edges: the player joins them directly, or joins both to the
// edge. Neither builder derives it (the ladder is no OR of semis between x and y), and its
// empty-cell ends make it a link between connections near an edge that H-search keeps apart.
//
// Written for red's bottom edge in offsets (dr, dc) from x, as edge_templates.hpp (dr rows
// towards the edge, dc columns along it), and placed the same way (every edge of either
// player, both mirror images, every x where it fits):
//   - from the second row: x on row 2, y = (0, k) for k = 2..7; carrier (1, 0), the cells
//     (0, j) and (1, j) for 0 < j < k, and (1, k): 2k cells.
//   - from the third row: x on row 3, y = (1, k) for k = 1..6; carrier (1, -1), (1, 0),
//     (2, -2), (2, -1), (2, 0), the cells (1, j) and (2, j) for 0 < j < k, and (2, k).
// Why it holds (second row; the third is the same after x's first step down): the player's
// chain from x runs along row 2 towards y; while the opponent blocks it on row 1 the chain
// grows by one cell of row 2 and reaches y's neighbour; when the opponent plays anywhere
// else the chain steps down to row 1 (the edge), and y keeps its two cells on row 1, which
// the player answers when the opponent takes one. The test proves every placement on the
// boards it covers by an exhaustive local game, and that every carrier cell is needed.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"
#include "hex/connections/edge_templates.hpp"

#include <vector>

namespace cgt::hex {

// The ladder patterns between cells, red's bottom edge (see above): EdgePattern::helper is
// the far end y, not a stone the player must hold.
const std::vector<EdgePattern>& cell_ladder_patterns();

template <class Bits> class CellLadders {
public:
    explicit CellLadders(const Geometry<Bits>& g) : m_places(g, cell_ladder_patterns()) {}

    // Calls f(x, y, carrier & empty) for every placement of the colour whose ends and carrier
    // cells are not the opponent's (own = the colour's stones).
    template <class F> void for_each_match(Colour c, Bits own, Bits empty, F&& f) const {
        const Bits usable = own | empty;
        for (const auto& p : m_places.placements(c)) {
            if ((p.helper & ~usable) || (p.carrier & ~usable) ||
                !(usable & cell_bit<Bits>(p.anchor)))
                continue;
            f(p.anchor, first_cell(p.helper), p.carrier & empty);
        }
    }
    // Every placement: anchor x, helper the far end y (as a one-cell set), carrier.
    [[nodiscard]] const std::vector<typename EdgeTemplates<Bits>::Placement>&
    placements(Colour c) const {
        return m_places.placements(c);
    }

private:
    EdgeTemplates<Bits> m_places;
};

extern template class CellLadders<Narrow>;
extern template class CellLadders<Wide>;

} // namespace cgt::hex
