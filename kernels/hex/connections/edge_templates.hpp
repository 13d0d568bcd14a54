#pragma once
// Ladder connections to an edge (RuleSet::templates), as Benzene's VC builder adds its
// precomputed patterns (vc-patterns.txt) before H-search: connections that the AND and OR
// rules do not derive, each a cell (the anchor) joined to the edge when the player holds a
// helper stone farther along and the carrier cells are not the opponent's.
//
// The patterns are ladders: an anchor on row 2, 3 or 4 (row 1 touches the edge) that
// escapes, through a ladder of length 0..7 (0..5 on row 3, 0..3 on row 4), to a helper stone
// on a lower row ahead of it. Each carrier was found minimal by our own solver (dfpn+vc+stronger+inferior,
// the anchor's column filled up to the far edge, the opponent on every cell outside the
// carrier, removing carrier cells while the player still connected with the opponent to
// move); the test proves each placement again with the solver without templates.
//
// A pattern is written for red's bottom edge in offsets (dr, dc) from the anchor: dr rows
// towards the edge, dc columns along it. It is placed on every edge of either player, in
// both its mirror images (the reflection (dr, dc) -> (dr, -dc - dr) keeps the rows), at
// every anchor where it fits on the board.
//
// Sound as every carrier: if the anchor is the player's (or is played) and the helper is
// the player's, the player connects the anchor to the edge whatever the opponent does
// outside the carrier, and more stones of the player inside it only help.
//
// Semi connections (RuleSet::semis): where the helper's cell is empty, the anchor is joined
// to the edge by a semi connection with the helper's cell as key and the carrier with that
// cell as carrier: the player who plays the key holds the template above. As base
// connections they narrow the opponent's must-play region and feed the AND and OR rules.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"

#include <cstdint>
#include <vector>

namespace cgt::hex {

struct EdgePattern {
    struct Offset {
        std::int8_t dr, dc;
    };
    int height;                  // the anchor's row counted from the edge (1: on the edge)
    Offset helper;               // the player's stone the ladder runs to
    std::vector<Offset> carrier; // cells that must not be the opponent's
};

// The ladder patterns, red's bottom edge (see above).
const std::vector<EdgePattern>& ladder_patterns();

// Two stones on row 4 (RuleSet::row4): an anchor on row 4 and the player's stone beside it
// on the same row (offset (0, 1)) or one cell beyond ((0, 2)), joined to the edge through a
// carrier of 10 or 16 cells that neither builder derives (the lone row-4 stone, template
// IV-1a of the literature, H-search finds itself). Benzene's VC engine has templates of
// this kind among its precomputed patterns; these were found by our own solver as the
// ladders (the helper given, cells handed to the opponent farthest from the anchor first
// while the player still connected with the opponent to move), and the test proves each
// placement again, its minimality and that it needs its helper.
const std::vector<EdgePattern>& row4_patterns();

template <class Bits> class EdgeTemplates {
public:
    struct Placement {
        Bits carrier = 0; // the pattern's carrier cells
        Bits helper = 0;  // the helper's cell
        int anchor = 0;
        int side = 0; // which of the colour's edges (0 or 1, as Geometry::edge)
    };
    // With `semis` the builders also take the templates' semi connections (for_each_semi).
    explicit EdgeTemplates(const Geometry<Bits>& g, const std::vector<EdgePattern>& patterns = ladder_patterns(),
                           bool semis = false);

    [[nodiscard]] const std::vector<Placement>& placements(Colour c) const { return m_placements[colour_index(c)]; }
    [[nodiscard]] bool semis() const { return m_semis; }

    // Calls f(anchor, side, carrier & empty) for every placement of the colour whose helper
    // is the colour's, whose anchor and carrier cells are not the opponent's.
    template <class F> void for_each_match(Colour c, Bits own, Bits empty, F&& f) const {
        const Bits usable = own | empty;
        for (const Placement& p : m_placements[colour_index(c)]) {
            if ((p.helper & ~own) || (p.carrier & ~usable) || !(usable & cell_bit<Bits>(p.anchor))) continue;
            f(p.anchor, p.side, p.carrier & empty);
        }
    }

    // Calls f(anchor, side, (carrier | helper) & empty) for every placement of the colour
    // whose helper cell is empty and whose anchor and carrier cells are not the opponent's:
    // a semi connection of the anchor to the edge whose key is the helper's cell (the player
    // who plays it holds the template). RuleSet::semis.
    template <class F> void for_each_semi(Colour c, Bits own, Bits empty, F&& f) const {
        const Bits usable = own | empty;
        for (const Placement& p : m_placements[colour_index(c)]) {
            if ((p.helper & ~empty) || (p.carrier & ~usable) || !(usable & cell_bit<Bits>(p.anchor))) continue;
            f(p.anchor, p.side, (p.carrier | p.helper) & empty);
        }
    }

private:
    std::vector<Placement> m_placements[2];
    bool m_semis = false;
};

extern template class EdgeTemplates<Narrow>;
extern template class EdgeTemplates<Wide>;

} // namespace cgt::hex
