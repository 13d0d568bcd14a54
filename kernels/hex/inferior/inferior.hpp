#pragma once
// Inferior cells (Hayward, Björnsson et al. 2003; Henderson's thesis 2010; Benzene's ICE),
// from the stones around each cell.
//
// A stone of colour X on an empty cell c is useless to X when every chain of X between its
// edges through c can avoid c: for any two cells around c that a chain of X may use (X's
// stones, X's edge or empty cells) and that are not neighbours of each other, one of the two
// arcs of the ring of six between them consists of X's stones or X's edge only; or c is not
// reachable from both of X's edges through cells X may use. Then the colour of c never
// decides who connects, whatever the other cells hold, so (a strategy argument) the
// position keeps its value when c is filled with the opponent's colour:
//   - dead: useless to both: filled (with `dead_colour`, either would do);
//   - captured by X: useless to the opponent O: filled with X;
//   - a captured pair {a, b} of X: a and b neighbours, a useless to O once X holds b and b
//     useless to O once X holds a (X answers O in one with the other): both filled with X.
// Each test only grows true when stones of any colour are added elsewhere, so a fill stays
// sound in every position with more stones (the solver's proof sets rely on that), and
// fills may be applied one after another.
//
// Dominated moves: for the player X to move, a move v is dominated by k (a neighbour of v)
// when X's stone on k makes v useless to O, or makes v part of a captured pair of X: X at k,
// then v filled with X, is at least X at v. Such moves need not be tried while k is
// (sequentially: a dominated move is dropped only in favour of one that is kept, so a cycle
// keeps one member). Induced domination extends this to every cell that X's fill alone
// (fill_for) takes after X's stone on k.
//
// Vulnerable moves: X's move v is vulnerable when O has a reply k (a neighbour of v) after
// which v is dead. If X wins, some winning move is not vulnerable: X at v answered by O at
// k is O at v and k, so a winning v leaves a winning move m outside {v, k} that also wins
// with O on both; deadness only grows true with more stones, so a vulnerable m stays
// vulnerable there, and repeating this ends, stones being finite, at a winning move that is
// not vulnerable. So every vulnerable move may be dropped at once, and dominated moves may
// then be dropped in favour of the moves kept (or of cells that lose), never in favour of a
// vulnerable move.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"

#include <array>
#include <cstdint>

namespace cgt::hex {

namespace detail {
// Whether an empty cell is useless to colour x (1 red, 2 blue) given the states of its ring
// (code: two bits per position, position k at bits 2k; see InferiorCells::state).
constexpr bool useless_for(int code, int x) {
    bool own[6] = {}, usable[6] = {};
    for (int k = 0; k < 6; ++k) {
        const int s = (code >> (2 * k)) & 3;
        own[k] = s == x || s == 3;
        usable[k] = s == 0 || own[k];
    }
    for (int i = 0; i < 6; ++i)
        for (int j = i + 2; j < 6; ++j) {
            if (j - i == 5 || !usable[i] || !usable[j]) continue; // neighbours need no detour
            bool inside = true, outside = true;
            for (int k = i + 1; k < j; ++k) inside = inside && own[k];
            for (int k = j + 1; k < i + 6; ++k) outside = outside && own[k % 6];
            if (!inside && !outside) return false;
        }
    return true;
}
constexpr std::array<std::uint8_t, 4096> make_useless_table() {
    std::array<std::uint8_t, 4096> t{};
    for (int code = 0; code < 4096; ++code)
        t[static_cast<std::size_t>(code)] =
            static_cast<std::uint8_t>((useless_for(code, 1) ? 1 : 0) | (useless_for(code, 2) ? 2 : 0));
    return t;
}
// Bit 0: useless to red, bit 1: useless to blue, for every ring code.
inline constexpr std::array<std::uint8_t, 4096> USELESS_BY_RING = make_useless_table();
} // namespace detail

struct InferiorStats {
    std::uint64_t dead = 0;      // cells filled as dead
    std::uint64_t captured = 0;  // cells filled as captured by one colour (single cells)
    std::uint64_t pairs = 0;     // cells filled as captured pairs
    std::uint64_t dominated = 0; // moves dropped as dominated
    std::uint64_t vulnerable = 0; // moves dropped as vulnerable
};

template <class Bits> class InferiorCells {
public:
    explicit InferiorCells(const Geometry<Bits>& g);

    // Bit 0 set: an empty cell is useless to red; bit 1: to blue, judged by the ring of six
    // around it alone (stones[0] red, stones[1] blue).
    [[nodiscard]] int useless_by_ring(int cell, const Bits* stones) const {
        return detail::USELESS_BY_RING[static_cast<std::size_t>(ring_code(cell, stones))];
    }

    // Fills dead, captured cells and captured pairs until none is left; stones are updated
    // in place. Returns the cells filled, per colour (red, blue). Boards with a side of one
    // cell are left alone.
    struct Filled {
        Bits cells[2] = {0, 0};
    };
    Filled fill(Bits* stones, Colour dead_colour, InferiorStats& stats) const;

    // The moves among `moves` that the mover need not try (see above); `moves` must be
    // empty cells of a filled position.
    [[nodiscard]] Bits dominated(Colour mover, const Bits* stones, Bits moves, InferiorStats& stats,
                                 Bits not_killers = 0) const;
    // The vulnerable moves among `moves` (empty cells of a filled position).
    [[nodiscard]] Bits vulnerable(Colour mover, const Bits* stones, Bits moves, InferiorStats& stats) const;

    // Fills for colour x alone, until none is left: cells useless to the opponent by their
    // ring, cells the opponent cannot reach, and x's captured pairs; stones are updated in
    // place; returns the cells filled. Every test only grows true when x gets more stones,
    // so the fill of a position with more stones of x contains this one's. The search uses
    // fill_for_after below; this whole-board fill is its reference (test_inferior.cpp).
    Bits fill_for(Colour x, Bits* stones) const;
    // The same fill, for a position that `fill` had left with nothing to fill, to which only
    // the stones of x on `placed` were added since (induced domination: one stone): the same
    // cells, found by looking only where a test can have changed. A cell's test reads its ring
    // and the cells the opponent can reach; a pair's, the rings of its two cells. So after a
    // round of fills only the empty neighbours of the cells just filled (with the pairs they
    // are in) and the cells the opponent can no longer reach are looked at again, until a
    // round fills nothing. Every test only grows true as x gets stones, so the fill is the
    // least one closed under the tests, whatever the order (fill_for's as well).
    Bits fill_for_after(Colour x, Bits* stones, Bits placed) const;
    // Induced domination: the moves among `moves` that the mover's stone on another move k
    // lets fill_for take (k, then the stone there, is at least as good for the mover as the
    // stone on the move). Dropped sequentially in favour of moves kept, as dominated().
    [[nodiscard]] Bits induced_dominated(Colour mover, const Bits* stones, Bits moves, InferiorStats& stats) const;

private:
    // A ring position: a cell index, or one of these edge codes.
    static constexpr std::int8_t RED_EDGE = -1, BLUE_EDGE = -2, CORNER = -3;
    // State of a ring position: 0 empty, 1 red, 2 blue, 3 an obtuse corner's outer point,
    // which counts as the edge of whichever colour is being judged.
    [[nodiscard]] int state(std::int8_t at, const Bits* stones) const {
        if (at >= 0) {
            const Bits b = cell_bit<Bits>(at);
            return (stones[0] & b) ? 1 : (stones[1] & b) ? 2 : 0;
        }
        return at == RED_EDGE ? 1 : at == BLUE_EDGE ? 2 : 3;
    }
    [[nodiscard]] int ring_code(int cell, const Bits* stones) const {
        int code = 0;
        for (int k = 5; k >= 0; --k) code = code * 4 + state(m_ring[cell][k], stones);
        return code;
    }
    // Whether empty neighbours a and b (b at position k of a's ring; ring codes code_a,
    // code_b) are a captured pair of the colour with state xs: a useless to the opponent
    // (useless bit ob) once the colour holds b, and b once it holds a.
    static bool captured_pair(int code_a, int k, int code_b, int xs, int ob) {
        const int a_given_b = code_a + (xs << (2 * k));
        const int b_given_a = code_b + (xs << (2 * ((k + 3) % 6)));
        return (detail::USELESS_BY_RING[static_cast<std::size_t>(a_given_b)] & ob) &&
               (detail::USELESS_BY_RING[static_cast<std::size_t>(b_given_a)] & ob);
    }
    // Calls visit(a, k, b, code_a, code_b) for every empty cell a and every empty neighbour b
    // (position k of a's ring; with each_pair_once only b > a), with their ring codes (the
    // position of a in the ring of b is the opposite one, k + 3 mod 6); the
    // empty cells are read again for each a, as visit may fill cells; visit returns true to
    // leave a's neighbours.
    template <class Visit> void for_each_empty_pair(const Bits* stones, bool each_pair_once, Visit&& visit) const {
        for_each_cell(m_geo.all() & ~(stones[0] | stones[1]), [&](int a) {
            const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
            if (!(empty & cell_bit<Bits>(a))) return;
            const int code_a = ring_code(a, stones);
            for (int k = 0; k < 6; ++k) {
                const int b = m_ring[a][k];
                if (b < 0 || (each_pair_once && b <= a) || !(empty & cell_bit<Bits>(b))) continue;
                if (visit(a, k, b, code_a, ring_code(b, stones))) return;
            }
        });
    }
    // Empty cells that a chain of the colour between its edges cannot reach.
    [[nodiscard]] Bits unreachable(Colour colour, const Bits* stones) const;

    Geometry<Bits> m_geo;
    std::array<std::array<std::int8_t, 6>, MAX_CELLS> m_ring{};
};

extern template class InferiorCells<Narrow>;
extern template class InferiorCells<Wide>;

} // namespace cgt::hex
