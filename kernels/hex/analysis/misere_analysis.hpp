#pragma once
// What the search learns about a misere Hex position (the rex rule sets) before searching
// below it: the fill-in and verdicts of misere_inferior.hpp, of pairing connections and of
// colour symmetry, and otherwise the moves worth trying, in order. The same Analysis as the
// vc rules' (analysis.hpp), so that vc_search.hpp searches both; its proof and support are
// not used (proof sets assume that extra stones never hurt their owner, untrue here).
// E is the number of empty cells of the position after the fill-in; X the mover, O the other.
//
// Pairing connections (+pairing). A pairing connection of colour Y between its edges is a
// set of disjoint pairs of empty cells such that Y joins its edges whenever it holds a cell
// of every pair (full), or that and one more cell, the key (semi). H-search (vc.hpp) with
// the AND rule and the OR of two semis with disjoint carriers builds only such connections
// (the OR's two keys form a pair). The player Y loses against a full one whoever moves: the
// other player answers Y's move in a pair with its mate, plays outside the pairs otherwise,
// and when forced into a pair leaves its mate to Y, who must take it last (at most one pair
// is so opened at a time). Against a semi, Y loses if Y is to move with E odd (Y's key makes
// a full one; in a pair the mate answers it; outside, the other case follows) or the other
// player is to move with E even (it takes an outside cell, there being an odd number, pairs
// the rest of the outside and mirrors; Y must take the key at last). So X loses with its own
// full connection or with its semi and E odd; X wins with O's full one or O's semi and E
// even.
//
// Colour symmetry (+mirror, square boards). The reflections (r, c) -> (c, r) and
// (r, c) -> (n-1-c, n-1-r) map red's edges to blue's: a position equal to its reflection with
// the colours swapped has the same outcome for whichever player moves. Stealing (Lagarias and
// Sleator): with E even, a player who wins moving second wins moving first (it pretends the
// other player opened on some empty cell, moves that cell when it is really played, and the
// other player, making the last move, must fill it at last). So a symmetric position with E
// even is a mover's win; with E odd a mover's loss (O mirrors moves off the axis; after X's
// move on the axis, O wins: if not, X wins the reflected position with O's stone on the axis
// moving second, so moving first, and O's stone there is worse for X than X's by (F) of
// misere_inferior.hpp). With E even, a move that makes the position symmetric wins.
//
// Rotation (+rotation). In a position equal to its 180-degree rotation the moves m and its
// rotation lead to rotations of each other: the one with the larger index is dropped.
//
// Dead cells (+dead: filled in pairs, a single one the only move), captured pairs
// (+captured), killers (+killers) and blockers (+blockers): misere_inferior.hpp.
#include "hex/analysis/analysis.hpp"
#include "hex/analysis/outcome.hpp"
#include "hex/analysis/rule_set.hpp"
#include "hex/connections/resistance.hpp"
#include "hex/connections/vc.hpp"
#include "hex/inferior/misere_inferior.hpp"

#include <array>
#include <cstdint>

namespace cgt::hex {

template <class Bits> class MisereAnalyser {
  public:
    // Throws std::invalid_argument unless rules.rules is Rules::rex.
    MisereAnalyser(const Geometry<Bits>& g, RuleSet rules);

    // Analyses the position stones[0] (red), stones[1] (blue), in which nobody has
    // connected, for the mover; the fill-in is added to the stones. The counters: filled_dead
    // and filled_pairs (cells filled), forced_moves (a single dead cell the only move),
    // fill_decided (fill-in joined a colour), vc_wins and vc_losses (pairing connections),
    // rule2_wins and rule2_losses (colour symmetry, the symmetric move's wins among them),
    // dominated_cut (killers and blockers), mustplay_cut (rotations).
    void analyse(Bits* stones, Colour mover, Analysis<Bits>& out, SearchStats& stats);

  private:
    [[nodiscard]] bool connected(Colour c, Bits own) const {
        return (m_geo.flood(m_geo.edge(c, 0) & own, own) & m_geo.edge(c, 1)) != 0;
    }
    // Whether blue's stones are red's reflected by one of the two reflections.
    [[nodiscard]] bool symmetric(Bits red, Bits blue) const;
    // A move of the mover that makes the position symmetric, or -1.
    [[nodiscard]] int symmetric_move(const Bits* stones, Colour mover) const;
    [[nodiscard]] Bits reflect(Bits x, int which) const;
    // The verdict of colour symmetry; unknown when it decides nothing.
    Outcome mirror_verdict(const Bits* stones, Colour mover, SearchStats& stats) const;
    // The fill-in (+dead, +captured) added to the stones and to out.filled; true when it
    // decided the position (out.outcome) or left a single dead cell (out's only move).
    bool fill(Bits* stones, Colour mover, Analysis<Bits>& out, SearchStats& stats);
    // The verdict of the pairing connections, with both builders built far enough to order
    // the moves; unknown when they decide nothing.
    Outcome pairing_verdict(const Bits* stones, Colour mover, int empties, SearchStats& stats);
    // With the mover's connections built whole: the moves after which the mover has a full
    // connection (AND of two fulls through the move), or with E odd a semi (AND of a full
    // and a semi): each loses.
    [[nodiscard]] Bits own_keys(const Bits* stones, Colour mover, int empties) const;
    void order(const Bits* stones, Colour mover, Bits moves, Analysis<Bits>& out);

    Geometry<Bits> m_geo;
    RuleSet m_rules;
    MisereInferior<Bits> m_inferior;
    VcBuilder<Bits> m_vc[2]; // red's and blue's pairing connections
    Resistance<Bits> m_resistance;
    std::array<std::uint8_t, MAX_CELLS> m_reflected[2]{}; // the two reflections, cell by cell
};

extern template class MisereAnalyser<Narrow>;
extern template class MisereAnalyser<Wide>;

} // namespace cgt::hex
