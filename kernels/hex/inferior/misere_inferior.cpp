#include "hex/inferior/misere_inferior.hpp"

#include <array>

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
Bits MisereInferior<Bits>::killed(Colour y, int b, const Bits* stones, Bits cut_off) const {
    Bits after[2] = {stones[0], stones[1]};
    after[colour_index(y)] |= cell_bit<Bits>(b);
    const Bits empty = m_geo.all() & ~(after[0] | after[1]);
    Bits out = unreachable(opponent(y), after) & ~cut_off;
    for_each_cell(m_geo.neighbours(b) & empty & ~out, [&](int a) {
        if (m_ring.useless_by_ring(a, after) != 0) out |= cell_bit<Bits>(a);
    });
    return out;
}

template <class Bits>
template <class Put>
bool MisereInferior<Bits>::fill_captured_pairs(Bits* stones, Put&& put,
                                               MisereFillStats& stats) const {
    // Every pair from one table of the cells each stone kills: deadness only grows true with
    // more stones, so a pair found stays captured when the pairs before it are filled.
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    std::array<Bits, MAX_CELLS> kills[2];
    for (Colour y : {Colour::red, Colour::blue}) {
        const Bits cut_off = unreachable(opponent(y), stones);
        for_each_cell(empty, [&](int b) {
            kills[colour_index(y)][static_cast<std::size_t>(b)] = killed(y, b, stones, cut_off);
        });
    }
    bool found = false;
    Bits taken = 0;
    for_each_cell(empty, [&](int a) {
        for (Colour y : {Colour::red, Colour::blue}) {
            if (taken & cell_bit<Bits>(a)) return;
            const auto& k = kills[colour_index(y)];
            const Bits later = empty & ~taken & ~((cell_bit<Bits>(a) << 1) - 1);
            for_each_cell(k[static_cast<std::size_t>(a)] & later, [&](int b) {
                if ((taken & cell_bit<Bits>(a)) ||
                    !(k[static_cast<std::size_t>(b)] & cell_bit<Bits>(a)))
                    return;
                put(a, y);
                put(b, y);
                taken |= cell_bit<Bits>(a) | cell_bit<Bits>(b);
                stats.captured += 2;
                found = true;
            });
        }
    });
    return found;
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
        if (captured_on && fill_captured_pairs(stones, put, stats)) changed = true;
    }
    if (dead_on) {
        const Bits d = dead(stones);
        if (d) out.forced = first_cell(d);
    }
    return out;
}

template <class Bits>
Bits MisereInferior<Bits>::killers(Colour mover, const Bits* stones, Bits moves, bool killers_on,
                                   bool blockers_on) const {
    if (m_geo.rows() < 2 || m_geo.cols() < 2) return 0;
    const Colour other = opponent(mover);
    const Bits cut_off[2] = {killers_on ? unreachable(other, stones) : 0,
                             blockers_on ? unreachable(mover, stones) : 0};
    Bits dropped = 0;
    for_each_cell(moves, [&](int k) {
        if ((killers_on && (killed(mover, k, stones, cut_off[0]) & ~dropped)) ||
            (blockers_on && (killed(other, k, stones, cut_off[1]) & ~dropped)))
            dropped |= cell_bit<Bits>(k);
    });
    return dropped;
}

template class MisereInferior<Narrow>;
template class MisereInferior<Wide>;

} // namespace cgt::hex
