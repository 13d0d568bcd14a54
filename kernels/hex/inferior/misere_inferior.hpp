#pragma once
// Inferior cells of misere Hex (Rex: the player who connects loses), after Young and Hayward's
// Solrex ("A Reverse Hex Solver", CG 2016), each rule proved below from two facts.
//
// (F) The full board. Played on until the board is full, the game has the same winner: a
// chain never breaks, both colours cannot be joined at once, and on a full board exactly one
// is. So the outcome is a function of the final colouring, and turning a stone of X into one
// of O's never hurts the player X (it can only break X's chains).
// (D) Dead cells. A cell is dead when its colour never decides who connects, in the position
// or any with more stones. By (F) a cell useless to one colour is dead: inferior.hpp's ring
// test (every chain of that colour through it can avoid it), or a cell that colour cannot
// reach from both of its edges.
//
// Dead move. A move to a dead cell d is at least as good as any move c. The mover X copies a
// strategy S that wins after X's move c, with c and d swapped: S's position has X on c and d
// empty where the real one has X on d and c empty. When O plays c, X reads it as O playing d;
// when S plays d, X plays c. The two positions then differ at most by c (O's in reality, X's
// in S's) and d (dead), so by (F) the final colouring that S's X wins with is won in reality.
// Hence: two dead cells may be filled (one red, one blue) without changing the value or the
// mover (each is the best move in turn); a last single dead cell is the only move needed.
//
// Captured pair. Empty cells a, b are captured by colour Y when a is dead once Y holds b and
// b is dead once Y holds a (by the ring, or cut off from the other colour's edges): the colourings
// YY, YZ and ZY of the pair are then the same game, and filling both with Y keeps the value and the
// mover (either player copies the filled position's strategy, answering a move on a or b with the
// other cell; both cells left to the end are filled one by each player).
//
// Killer. If the mover's stone on k makes the empty cell v dead (by the ring, or by cutting
// v off from the other colour's edges), the move v is at least as good as the move k (the
// copy argument again: S has X on k and v empty, the real position X on v and k empty; O's
// move on k is read as O's move on v; at the end S's colouring has X on k, which kills v,
// and the real one O on k, better for X by (F)). So k need not be tried while v is: killers
// are dropped sequentially, each only in favour of a cell not dropped (a cycle keeps one
// member).
//
// Blocker. If the other player's stone on k kills the empty cell v, the move v is at least as
// good as the move k too (after Solrex, which backs up the opponent's dead cells as dominated
// moves). The same copy: at the end the real colouring and S's differ only when O took k in
// reality (S's O on v): the real one has X on v and O on k, which kills v, so it is the same as
// O on both, and S's has X on k and O on v; the real one has O where S's has X, better for X
// by (F). Blockers are dropped with the killers, sequentially, in favour of cells not dropped.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"
#include "hex/inferior/inferior.hpp"

#include <cstdint>

namespace cgt::hex {

struct MisereFillStats {
    std::uint64_t dead = 0;     // dead cells filled (in pairs)
    std::uint64_t captured = 0; // cells of captured pairs filled
};

template <class Bits> class MisereInferior {
  public:
    explicit MisereInferior(const Geometry<Bits>& g) : m_geo(g), m_ring(g) {}

    // The dead cells of the position (stones[0] red, stones[1] blue) by (D).
    [[nodiscard]] Bits dead(const Bits* stones) const;

    // Fills dead cells in pairs (with `dead`) and captured pairs (with `captured`) until
    // none is left; stones are updated in place. `forced` is the single dead cell left
    // empty (the only move the mover needs), or -1. Boards with a side of one cell are left
    // alone.
    struct Filled {
        Bits cells[2] = {0, 0};
        int forced = -1;
    };
    Filled fill(Bits* stones, bool dead, bool captured, MisereFillStats& stats) const;

    // The killers among `moves` for the mover: moves k dropped in favour of an empty cell v
    // that the mover's stone on k kills (with `killers`) or the other player's stone on k
    // kills (with `blockers`). Every empty cell must be in `moves` or lose.
    [[nodiscard]] Bits killers(Colour mover, const Bits* stones, Bits moves, bool killers = true,
                               bool blockers = false) const;

  private:
    [[nodiscard]] Bits unreachable(Colour colour, const Bits* stones) const;
    // The empty cells dead once colour y holds the empty cell b: its neighbours by the ring,
    // and the cells it cuts off from the other colour's edges (cut_off: those cut off already).
    [[nodiscard]] Bits killed(Colour y, int b, const Bits* stones, Bits cut_off) const;
    // Fills the captured pairs of one table of killed(); whether it found any.
    template <class Put>
    bool fill_captured_pairs(Bits* stones, Put&& put, MisereFillStats& stats) const;

    Geometry<Bits> m_geo;
    InferiorCells<Bits> m_ring;
};

extern template class MisereInferior<Narrow>;
extern template class MisereInferior<Wide>;

} // namespace cgt::hex
