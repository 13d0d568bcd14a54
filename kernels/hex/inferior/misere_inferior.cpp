#include "hex/inferior/misere_inferior.hpp"

namespace cgt::hex {

template <class Bits>
Bits MisereInferior<Bits>::unreachable(Colour colour, const Bits* stones) const {
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    const Bits usable = empty | stones[colour_index(colour)];
    const Bits from0 = m_geo.flood(m_geo.edge(colour, 0) & usable, usable);
    const Bits from1 = m_geo.flood(m_geo.edge(colour, 1) & usable, usable);
    return empty & ~(from0 & from1);
}

template <class Bits> Bits MisereInferior<Bits>::dead(const Bits* stones) const {
    if (m_geo.rows() < 2 || m_geo.cols() < 2) return 0; // a 1-wide board's cells touch both edges
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    Bits out = unreachable(Colour::red, stones) | unreachable(Colour::blue, stones);
    for_each_cell(empty & ~out, [&](int c) {
        if (m_ring.useless_by_ring(c, stones) != 0) out |= cell_bit<Bits>(c);
    });
    return out;
}

template <class Bits>
bool MisereInferior<Bits>::dead_given(int a, Colour y, int b, const Bits* stones) const {
    Bits after[2] = {stones[0], stones[1]};
    after[colour_index(y)] |= cell_bit<Bits>(b);
    return m_ring.useless_by_ring(a, after) != 0;
}

template <class Bits>
typename MisereInferior<Bits>::Filled MisereInferior<Bits>::fill(Bits* stones, bool dead_on,
                                                                 bool captured_on,
                                                                 MisereFillStats& stats) const {
    Filled out;
    if (m_geo.rows() < 2 || m_geo.cols() < 2) return out;
    const auto put = [&](int cell, Colour c) {
        stones[colour_index(c)] |= cell_bit<Bits>(cell);
        out.cells[colour_index(c)] |= cell_bit<Bits>(cell);
    };
    for (bool changed = true; changed;) {
        changed = false;
        if (dead_on) {
            // Every dead cell but the lowest when their number is odd, in pairs (red, blue).
            Bits d = dead(stones);
            if (count_cells(d) % 2 == 1) d &= d - 1;
            bool red = true;
            for_each_cell(d, [&](int c) {
                put(c, red ? Colour::red : Colour::blue);
                red = !red;
                ++stats.dead;
                changed = true;
            });
        }
        if (!captured_on) continue;
        const auto is_empty = [&](int c) { return !((stones[0] | stones[1]) & cell_bit<Bits>(c)); };
        for (int a = 0; a < m_geo.cells(); ++a) {
            if (!is_empty(a)) continue;
            for_each_cell(m_geo.neighbours(a) & ~((cell_bit<Bits>(a) << 1) - 1), [&](int b) {
                if (!is_empty(a) || !is_empty(b)) return;
                for (Colour y : {Colour::red, Colour::blue}) {
                    if (!dead_given(a, y, b, stones) || !dead_given(b, y, a, stones)) continue;
                    put(a, y);
                    put(b, y);
                    stats.captured += 2;
                    changed = true;
                    return;
                }
            });
        }
    }
    if (dead_on) {
        const Bits d = dead(stones);
        if (d) out.forced = first_cell(d);
    }
    return out;
}

template <class Bits>
Bits MisereInferior<Bits>::killers(Colour mover, const Bits* stones, Bits moves) const {
    if (m_geo.rows() < 2 || m_geo.cols() < 2) return 0;
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    const Colour other = opponent(mover);
    const Bits cut_off = unreachable(other, stones);
    Bits dropped = 0;
    for_each_cell(moves, [&](int k) {
        Bits after[2] = {stones[0], stones[1]};
        after[colour_index(mover)] |= cell_bit<Bits>(k);
        // The cells the stone on k cuts off from one of the other colour's edges, then its
        // neighbours that the ring makes useless.
        Bits victims = unreachable(other, after) & ~cut_off & ~dropped;
        if (!victims) {
            for_each_cell(m_geo.neighbours(k) & empty & ~dropped, [&](int v) {
                if (m_ring.useless_by_ring(v, after) != 0) victims |= cell_bit<Bits>(v);
            });
        }
        if (victims) dropped |= cell_bit<Bits>(k);
    });
    return dropped;
}

template class MisereInferior<Narrow>;
template class MisereInferior<Wide>;

} // namespace cgt::hex
