#pragma once
// What the vc solver learns about a position before searching below it (Benzene's
// HexBoard::ComputeAll): fill-in of inferior cells, a result from virtual connections, and
// otherwise the moves worth trying, best first.
//
// Proof sets. A decided position comes with `proof`: empty cells of the filled position
// such that the winner still wins when the loser has stones on any of the other empty
// cells. A connection's carrier is one; so is the union of the carriers of the opponent's
// semi connections when they have no common cell.
#include "hex/analysis/outcome.hpp"
#include "hex/analysis/rule_set.hpp"
#include "hex/connections/resistance.hpp"
#include "hex/connections/vc.hpp"
#include "hex/connections/vc_strong.hpp"
#include "hex/inferior/captured_regions.hpp"
#include "hex/inferior/inferior.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace cgt::hex {

template <class Bits> struct Analysis {
    Outcome outcome = Outcome::unknown; // for the mover; unknown: not decided, search it
    Bits filled[2] = {0, 0};            // cells the fill-in gave red and blue
    Bits proof = 0;                     // decided: see above
    // Not decided: the union of the opponent's semi carriers that cut the moves (they belong
    // to the proof if every move loses), and the moves in search order.
    Bits support = 0;
    int count = 0;
    std::array<std::uint8_t, MAX_CELLS> moves{};
};

template <class Bits> class Analyser {
public:
    // Throws std::invalid_argument unless rules.rules is Rules::vc, or for bad limits.
    Analyser(const Geometry<Bits>& g, RuleSet rules, VcLimits limits = {});

    // Analyses the position stones[0] (red), stones[1] (blue), in which nobody has
    // connected, for the mover; the fill-in is added to the stones.
    void analyse(Bits* stones, Colour mover, Analysis<Bits>& out, SearchStats& stats);

private:
    [[nodiscard]] bool connected(Colour c, Bits own) const {
        return (m_geo.flood(m_geo.edge(c, 0) & own, own) & m_geo.edge(c, 1)) != 0;
    }
    // After the fill-in: the verdict of the connections, else the moves; or (RuleSet::regions)
    // true when it filled a captured region instead, and the position is to be analysed again.
    template <class Builder> bool analyse_with(Builder* vc, Bits* stones, Colour mover, Analysis<Bits>& out,
                                               SearchStats& stats);
    // Fills the first region it finds captured (captured_regions.hpp) among the carriers of at
    // most CapturedRegions::MAX_REGION empty cells of the full connections between a free group
    // and an edge of its colour, red's first, into the stones and out.filled; whether it did.
    // Both colours' connections must be built completely.
    template <class Builder>
    bool fill_captured_region(const Builder* vc, Bits* stones, Analysis<Bits>& out, SearchStats& stats);
    // The moves in search order (RuleSet::order): centre first; by distance: the sum of
    // both players' shortest chains through the cell (the cells that matter to both
    // first); by resistance: the most energy in both circuits first; ties centre first.
    // Needs both players' connections built.
    template <class Builder>
    void order(const Builder* vc, const Bits* stones, Colour mover, Bits moves, Analysis<Bits>& out);

    Geometry<Bits> m_geo;
    RuleSet m_rules;
    InferiorCells<Bits> m_inferior;
    CapturedRegions<Bits> m_regions;
    VcBuilder<Bits> m_vc[2];           // red's and blue's connections (H-search)
    StrongVcBuilder<Bits> m_strong[2]; // or with RuleSet::stronger
    Resistance<Bits> m_resistance;
    std::vector<Bits> m_semis_by_size; // reused by analyse_with
};

extern template class Analyser<Narrow>;
extern template class Analyser<Wide>;

} // namespace cgt::hex
