#include "hex/analysis/misere_analysis.hpp"

#include "hex/analysis/move_order.hpp"

#include <stdexcept>

namespace cgt::hex {

namespace {
// Carriers kept per pair of ends, and the OR of two semis only (which keeps every connection
// a pairing). 8 and 16 carriers searched 6x6 positions in fewer nodes than 12 and 24 or 4
// and 8, in about the same time per node.
constexpr VcLimits PAIRING_LIMITS{8, 16, 2};
} // namespace

template <class Bits>
MisereAnalyser<Bits>::MisereAnalyser(const Geometry<Bits>& g, RuleSet rules)
    : m_geo(g), m_rules(rules),
      m_inferior(g), m_vc{VcBuilder<Bits>(g, PAIRING_LIMITS), VcBuilder<Bits>(g, PAIRING_LIMITS)},
      m_resistance(g) {
    if (rules.rules != Rules::rex)
        throw std::invalid_argument("MisereAnalyser: rule set " + rules.name() +
                                    " is not a rex rule set");
    const int n = g.cols();
    for (int i = 0; i < g.cells(); ++i) {
        const int r = i / n, c = i % n;
        m_reflected[0][static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(c * n + r);
        m_reflected[1][static_cast<std::size_t>(i)] =
            static_cast<std::uint8_t>((n - 1 - c) * n + (n - 1 - r));
    }
}

template <class Bits> Bits MisereAnalyser<Bits>::reflect(Bits x, int which) const {
    Bits out = 0;
    for_each_cell(
        x, [&](int i) { out |= cell_bit<Bits>(m_reflected[which][static_cast<std::size_t>(i)]); });
    return out;
}

template <class Bits> bool MisereAnalyser<Bits>::symmetric(Bits red, Bits blue) const {
    if (!m_geo.shape().is_square()) return false;
    return reflect(red, 0) == blue || reflect(red, 1) == blue;
}

template <class Bits>
int MisereAnalyser<Bits>::symmetric_move(const Bits* stones, Colour mover) const {
    if (!m_geo.shape().is_square()) return -1;
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    for (int which = 0; which < 2; ++which) {
        const Bits r = reflect(stones[0], which);
        // Red to move needs blue = reflect(red + m); blue to move, reflect(red) = blue + m.
        const Bits extra = mover == Colour::red ? stones[1] & ~r : r & ~stones[1];
        const bool inside = mover == Colour::red ? (r & ~stones[1]) == 0 : (stones[1] & ~r) == 0;
        if (!inside || !exactly_one(extra)) continue;
        const int m = mover == Colour::red
                          ? m_reflected[which][static_cast<std::size_t>(first_cell(extra))]
                          : first_cell(extra);
        if (empty & cell_bit<Bits>(m)) return m;
    }
    return -1;
}

template <class Bits>
Outcome MisereAnalyser<Bits>::pairing_verdict(const Bits* stones, Colour mover, int empties,
                                              SearchStats& stats) {
    using Stop = typename VcBuilder<Bits>::Stop;
    const Colour other = opponent(mover);
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    const bool even = empties % 2 == 0;
    // O's full connection, or its semi with E even: O loses.
    if (m_vc[colour_index(other)].build(other, stones[colour_index(other)], empty,
                                        even ? Stop::edge_any : Stop::edge_full)) {
        ++stats.vc_wins;
        return Outcome::win;
    }
    // X's full connection, or its semi with E odd: X loses. With +keys the whole build, for
    // own_keys().
    VcBuilder<Bits>& mine = m_vc[colour_index(mover)];
    const bool joined = mine.build(mover, stones[colour_index(mover)], empty,
                                   m_rules.keys ? Stop::never
                                   : even       ? Stop::edge_full
                                                : Stop::edge_any);
    const int e0 = mine.edge(0), e1 = mine.edge(1);
    if (joined || mine.full_count(e0, e1) > 0 || (!even && mine.semi_count(e0, e1) > 0)) {
        ++stats.vc_losses;
        return Outcome::loss;
    }
    return Outcome::unknown;
}

template <class Bits>
Bits MisereAnalyser<Bits>::own_keys(const Bits* stones, Colour mover, int empties) const {
    const VcBuilder<Bits>& mine = m_vc[colour_index(mover)];
    const int e0 = mine.edge(0), e1 = mine.edge(1);
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    const bool even = empties % 2 == 0;
    // Whether some carrier of one list and some of the other are disjoint.
    const auto disjoint = [](const Bits* a, int na, const Bits* b, int nb) {
        for (int i = 0; i < na; ++i)
            for (int j = 0; j < nb; ++j)
                if (!(a[i] & b[j])) return true;
        return false;
    };
    Bits out = 0;
    for_each_cell(empty, [&](int m) {
        const int nf0 = mine.full_count(e0, m), nf1 = mine.full_count(m, e1);
        const Bits *f0 = mine.fulls(e0, m), *f1 = mine.fulls(m, e1);
        if (disjoint(f0, nf0, f1, nf1)) {
            out |= cell_bit<Bits>(m);
            return;
        }
        if (even) return;
        if (disjoint(f0, nf0, mine.semis(m, e1), mine.semi_count(m, e1)) ||
            disjoint(mine.semis(e0, m), mine.semi_count(e0, m), f1, nf1))
            out |= cell_bit<Bits>(m);
    });
    return out;
}

template <class Bits>
Outcome MisereAnalyser<Bits>::mirror_verdict(const Bits* stones, Colour mover,
                                             SearchStats& stats) const {
    const int empties = count_cells(m_geo.all() & ~(stones[0] | stones[1]));
    const bool even = empties % 2 == 0;
    if (symmetric(stones[0], stones[1]) || (even && symmetric_move(stones, mover) >= 0)) {
        ++(even ? stats.rule2_wins : stats.rule2_losses);
        return even ? Outcome::win : Outcome::loss;
    }
    return Outcome::unknown;
}

template <class Bits>
bool MisereAnalyser<Bits>::fill(Bits* stones, Colour mover, Analysis<Bits>& out,
                                SearchStats& stats) {
    MisereFillStats fill_stats;
    const auto filled = m_inferior.fill(stones, m_rules.dead, m_rules.captured, fill_stats);
    out.filled[0] = filled.cells[0];
    out.filled[1] = filled.cells[1];
    stats.filled_dead += fill_stats.dead;
    stats.filled_pairs += fill_stats.captured;
    // Fill-in may join a colour (a captured pair): that colour has lost.
    for (Colour c : {mover, opponent(mover)})
        if (connected(c, stones[colour_index(c)])) {
            ++stats.fill_decided;
            out.outcome = c == mover ? Outcome::loss : Outcome::win;
            return true;
        }
    if (filled.forced < 0) return false;
    ++stats.forced_moves;
    out.count = 1;
    out.moves[0] = static_cast<std::uint8_t>(filled.forced);
    return true;
}

template <class Bits>
void MisereAnalyser<Bits>::analyse(Bits* stones, Colour mover, Analysis<Bits>& out,
                                   SearchStats& stats) {
    ++stats.expansions;
    out = Analysis<Bits>{};
    const Colour other = opponent(mover);
    // The last move joined its player's edges: that player has lost.
    if (connected(other, stones[colour_index(other)])) {
        out.outcome = Outcome::win;
        return;
    }
    // Symmetry before the fill-in (which may break it) and after.
    if (m_rules.mirror && (out.outcome = mirror_verdict(stones, mover, stats)) != Outcome::unknown)
        return;
    if ((m_rules.dead || m_rules.captured) && fill(stones, mover, out, stats)) return;
    if (m_rules.mirror && (out.outcome = mirror_verdict(stones, mover, stats)) != Outcome::unknown)
        return;
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    const int empties = count_cells(empty);
    if (m_rules.pairing &&
        (out.outcome = pairing_verdict(stones, mover, empties, stats)) != Outcome::unknown)
        return;
    Bits moves = empty;
    if (m_rules.pairing && m_rules.keys) {
        const Bits keys = own_keys(stones, mover, empties);
        stats.vulnerable_cut += static_cast<std::uint64_t>(count_cells(keys));
        moves &= ~keys;
    }
    if (moves && (m_rules.killers || m_rules.blockers)) {
        const Bits dropped =
            m_inferior.killers(mover, stones, moves, m_rules.killers, m_rules.blockers);
        stats.dominated_cut += static_cast<std::uint64_t>(count_cells(dropped));
        moves &= ~dropped;
    }
    if (!moves) {
        // Every move is a key, or at most as good as one: each loses.
        ++stats.vc_losses;
        out.outcome = Outcome::loss;
        return;
    }
    if (m_rules.rotation && m_geo.rotate(stones[0]) == stones[0] &&
        m_geo.rotate(stones[1]) == stones[1]) {
        Bits twins = 0;
        for_each_cell(moves, [&](int m) {
            const int r = m_geo.rotate(m);
            if (r < m && (moves & cell_bit<Bits>(r))) twins |= cell_bit<Bits>(m);
        });
        stats.mustplay_cut += static_cast<std::uint64_t>(count_cells(twins));
        moves &= ~twins;
    }
    order(stones, mover, moves, out);
}

template <class Bits>
void MisereAnalyser<Bits>::order(const Bits* stones, Colour mover, Bits moves,
                                 Analysis<Bits>& out) {
    const std::uint8_t* rank = m_geo.centre_rank();
    std::uint32_t key[MAX_CELLS];
    if (count_cells(moves) <= 1) {
        // One move or none: nothing to order (no connections built, no circuit solved).
        for_each_cell(moves, [&](int i) { key[i] = 0; });
    } else if (m_rules.order == Order::resistance) {
        using Stop = typename VcBuilder<Bits>::Stop;
        const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
        double energy[MAX_CELLS] = {};
        for (Colour c : {Colour::red, Colour::blue}) {
            if (!m_rules.pairing)
                m_vc[colour_index(c)].build(c, stones[colour_index(c)], empty, Stop::never);
            m_resistance.add_energy(stones[colour_index(c)], empty, m_vc[colour_index(c)], energy);
        }
        for_each_cell(moves, [&](int i) { key[i] = resistance_key(energy[i], rank[i]); });
    } else {
        for_each_cell(moves, [&](int i) { key[i] = rank[i]; });
    }
    (void)mover;
    out.count = sort_moves(moves, key, out.moves);
}

template class MisereAnalyser<Narrow>;
template class MisereAnalyser<Wide>;

} // namespace cgt::hex
