#include "hex/inferior/inferior.hpp"

namespace cgt::hex {

namespace {
// The ring of six around (r, c), in cyclic order: consecutive positions are neighbours.
constexpr int RING_DR[6] = {0, -1, -1, 0, 1, 1};
constexpr int RING_DC[6] = {1, 1, 0, -1, -1, 0};
constexpr int colour_state(Colour c) { return c == Colour::red ? 1 : 2; }
constexpr int useless_bit(Colour c) { return c == Colour::red ? 1 : 2; }
} // namespace

template <class Bits> InferiorCells<Bits>::InferiorCells(const Geometry<Bits>& g) : m_geo(g) {
    const int rows = g.rows(), cols = g.cols();
    for (int i = 0; i < g.cells(); ++i)
        for (int k = 0; k < 6; ++k) {
            const int r = i / cols + RING_DR[k], c = i % cols + RING_DC[k];
            const bool row_in = r >= 0 && r < rows, col_in = c >= 0 && c < cols;
            m_ring[i][k] = row_in && col_in ? static_cast<std::int8_t>(r * cols + c)
                           : col_in         ? RED_EDGE
                           : row_in         ? BLUE_EDGE
                                            : CORNER;
        }
}

template <class Bits> Bits InferiorCells<Bits>::unreachable(Colour colour, const Bits* stones) const {
    const Geometry<Bits>& g = m_geo;
    const Bits empty = g.all() & ~(stones[0] | stones[1]);
    const Bits usable = empty | stones[colour_index(colour)];
    const Bits from0 = g.flood(g.edge(colour, 0) & usable, usable);
    const Bits from1 = g.flood(g.edge(colour, 1) & usable, usable);
    return empty & ~(from0 & from1);
}

template <class Bits>
typename InferiorCells<Bits>::Filled InferiorCells<Bits>::fill(Bits* stones, Colour dead_colour,
                                                              InferiorStats& stats) const {
    Filled out;
    if ((m_geo.rows() < 2 || m_geo.cols() < 2)) return out; // a 1x1 cell touches both edges of each colour
    const auto put = [&](int cell, Colour c) {
        stones[colour_index(c)] |= cell_bit<Bits>(cell);
        out.cells[colour_index(c)] |= cell_bit<Bits>(cell);
    };
    for (bool changed = true; changed;) {
        changed = false;
        // Single cells. Filling only removes cells a chain may use, so what was unreachable
        // at the start of the pass stays unreachable.
        const Bits unreach_red = unreachable(Colour::red, stones), unreach_blue = unreachable(Colour::blue, stones);
        for_each_cell(m_geo.all() & ~(stones[0] | stones[1]), [&](int c) {
            const Bits b = cell_bit<Bits>(c);
            const int u = useless_by_ring(c, stones) | ((unreach_red & b) ? 1 : 0) | ((unreach_blue & b) ? 2 : 0);
            if (u == 0) return;
            if (u == 3) {
                put(c, dead_colour);
                ++stats.dead;
            } else {
                put(c, u == 1 ? Colour::blue : Colour::red); // useless to red: blue's
                ++stats.captured;
            }
            changed = true;
        });
        // Captured pairs.
        for_each_empty_pair(stones, true, [&](int a, int k, int b, int code_a, int code_b) {
            for (Colour x : {Colour::red, Colour::blue}) {
                if (!captured_pair(code_a, k, code_b, colour_state(x), useless_bit(opponent(x)))) continue;
                put(a, x);
                put(b, x);
                stats.pairs += 2;
                changed = true;
                return true;
            }
            return false;
        });
    }
    return out;
}

template <class Bits>
Bits InferiorCells<Bits>::dominated(Colour mover, const Bits* stones, Bits moves, InferiorStats& stats,
                                    Bits not_killers) const {
    if ((m_geo.rows() < 2 || m_geo.cols() < 2)) return 0;
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    const int o = useless_bit(opponent(mover));
    Bits dropped = not_killers;
    const int mi = colour_index(mover), x = colour_state(mover);
    for_each_cell(moves, [&](int v) {
        for (int k = 0; k < 6; ++k) {
            const int killer = m_ring[v][k];
            if (killer < 0 || !(empty & cell_bit<Bits>(killer)) || (dropped & cell_bit<Bits>(killer))) continue;
            Bits after[2] = {stones[0], stones[1]};
            after[mi] |= cell_bit<Bits>(killer);
            const int code = ring_code(v, after);
            bool inferior = (detail::USELESS_BY_RING[static_cast<std::size_t>(code)] & o) != 0;
            // Or v forms a captured pair with a neighbour w once the mover holds the killer.
            for (int j = 0; j < 6 && !inferior; ++j) {
                const int w = m_ring[v][j];
                if (w < 0 || w == killer || !(empty & cell_bit<Bits>(w))) continue;
                inferior = captured_pair(code, j, ring_code(w, after), x, o);
            }
            if (inferior) {
                dropped |= cell_bit<Bits>(v);
                ++stats.dominated;
                return;
            }
        }
    });
    return dropped & ~not_killers;
}

template <class Bits>
Bits InferiorCells<Bits>::vulnerable(Colour mover, const Bits* stones, Bits moves, InferiorStats& stats) const {
    if ((m_geo.rows() < 2 || m_geo.cols() < 2)) return 0;
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    const int oi = colour_index(opponent(mover));
    Bits out = 0;
    for_each_cell(moves, [&](int v) {
        for (int k = 0; k < 6; ++k) {
            const int killer = m_ring[v][k];
            if (killer < 0 || !(empty & cell_bit<Bits>(killer))) continue;
            Bits after[2] = {stones[0], stones[1]};
            after[oi] |= cell_bit<Bits>(killer);
            if (useless_by_ring(v, after) == 3) {
                out |= cell_bit<Bits>(v);
                ++stats.vulnerable;
                return;
            }
        }
    });
    return out;
}

template <class Bits> Bits InferiorCells<Bits>::fill_for(Colour x, Bits* stones) const {
    if ((m_geo.rows() < 2 || m_geo.cols() < 2)) return 0;
    const Colour o = opponent(x);
    const int xi = colour_index(x), xs = colour_state(x), ob = useless_bit(o);
    Bits out = 0;
    const auto put = [&](int cell) {
        stones[xi] |= cell_bit<Bits>(cell);
        out |= cell_bit<Bits>(cell);
    };
    for (bool changed = true; changed;) {
        changed = false;
        const Bits unreach = unreachable(o, stones);
        for_each_cell(m_geo.all() & ~(stones[0] | stones[1]), [&](int c) {
            if ((unreach & cell_bit<Bits>(c)) || (useless_by_ring(c, stones) & ob)) {
                put(c);
                changed = true;
            }
        });
        for_each_empty_pair(stones, false, [&](int a, int k, int b, int code_a, int code_b) {
            if (!captured_pair(code_a, k, code_b, xs, ob)) return false;
            put(a);
            put(b);
            changed = true;
            return true;
        });
    }
    return out;
}

template <class Bits>
Bits InferiorCells<Bits>::fill_for_after(Colour x, Bits* stones, Bits placed) const {
    if ((m_geo.rows() < 2 || m_geo.cols() < 2)) return 0;
    const Colour o = opponent(x);
    const int xi = colour_index(x), xs = colour_state(x), ob = useless_bit(o);
    Bits out = 0, fresh = placed;
    const auto put = [&](int cell) {
        stones[xi] |= cell_bit<Bits>(cell);
        out |= cell_bit<Bits>(cell);
        fresh |= cell_bit<Bits>(cell);
    };
    const auto is_empty = [&](int cell) {
        return !((stones[0] | stones[1]) & cell_bit<Bits>(cell));
    };
    while (fresh) {
        // The empty cells whose ring holds a cell filled since the last round (dilate stays
        // on the board, and the cells filled are stones now).
        const Bits near = m_geo.dilate(fresh) & ~(stones[0] | stones[1]);
        fresh = 0;
        const Bits unreach = unreachable(o, stones);
        for_each_cell(near | unreach, [&](int c) {
            if (is_empty(c) && ((unreach & cell_bit<Bits>(c)) || (useless_by_ring(c, stones) & ob)))
                put(c);
        });
        // The pairs with a cell whose ring changed (the test is symmetric in its two cells).
        for_each_cell(near, [&](int a) {
            if (!is_empty(a)) return;
            const int code_a = ring_code(a, stones);
            for (int k = 0; k < 6; ++k) {
                const int b = m_ring[a][k];
                if (b < 0 || !is_empty(b) ||
                    !captured_pair(code_a, k, ring_code(b, stones), xs, ob))
                    continue;
                put(a);
                put(b);
                return;
            }
        });
    }
    return out;
}

template <class Bits>
Bits InferiorCells<Bits>::induced_dominated(Colour mover, const Bits* stones, Bits moves, InferiorStats& stats) const {
    if ((m_geo.rows() < 2 || m_geo.cols() < 2)) return 0;
    const int mi = colour_index(mover);
    Bits dropped = 0;
    for_each_cell(moves, [&](int k) {
        if (dropped & cell_bit<Bits>(k)) return;
        Bits after[2] = {stones[0], stones[1]};
        after[mi] |= cell_bit<Bits>(k);
        // The position is filled (fill: nothing left for either colour), so only the new
        // stone's effects are looked at.
        const Bits taken = fill_for_after(mover, after, cell_bit<Bits>(k)) & moves & ~dropped;
        dropped |= taken;
        stats.dominated += static_cast<std::uint64_t>(count_cells(taken));
    });
    return dropped;
}

template class InferiorCells<Narrow>;
template class InferiorCells<Wide>;

} // namespace cgt::hex
