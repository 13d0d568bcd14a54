#include "hex/analysis/analysis.hpp"

#include "hex/analysis/move_order.hpp"
#include "hex/board/side.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

namespace cgt::hex {

template <class Bits>
Analyser<Bits>::Analyser(const Geometry<Bits>& g, RuleSet rules, VcLimits limits)
    : m_geo(g), m_rules(rules), m_inferior(g), m_regions(g), m_vc{VcBuilder<Bits>(g, limits), VcBuilder<Bits>(g, limits)},
      m_strong{StrongVcBuilder<Bits>(g), StrongVcBuilder<Bits>(g)}, m_resistance(g) {
    if (rules.rules != Rules::vc) throw std::invalid_argument("Analyser: rule set " + rules.name() + " is not a vc rule set");
    if (rules.templates || rules.row4) {
        std::vector<EdgePattern> patterns;
        if (rules.templates) patterns = ladder_patterns();
        if (rules.row4) patterns.insert(patterns.end(), row4_patterns().begin(), row4_patterns().end());
        const auto templates = std::make_shared<const EdgeTemplates<Bits>>(g, patterns, rules.semis);
        for (int i = 0; i < 2; ++i) {
            m_vc[i].use_templates(templates);
            m_strong[i].use_templates(templates);
        }
    }
    if (rules.ladders) {
        const auto ladders = std::make_shared<const CellLadders<Bits>>(g);
        for (int i = 0; i < 2; ++i) {
            m_vc[i].use_ladders(ladders);
            m_strong[i].use_ladders(ladders);
        }
    }
    for (int i = 0; i < 2; ++i)
        m_strong[i].use_key_pairs(rules.keypair);
}

template <class Bits>
void Analyser<Bits>::analyse(Bits* stones, Colour mover, Analysis<Bits>& out, SearchStats& stats) {
    ++stats.expansions;
    const Colour other = opponent(mover);
    const int me = colour_index(mover), op = colour_index(other);
    out = Analysis<Bits>{};
    // With RuleSet::regions the connections may find a captured region: it is filled, the
    // fill-in goes on from there, and the position is analysed again.
    for (;;) {
        if (m_rules.inferior) {
            InferiorStats fill_stats;
            const auto filled = m_inferior.fill(stones, other, fill_stats);
            out.filled[0] |= filled.cells[0];
            out.filled[1] |= filled.cells[1];
            stats.filled_dead += fill_stats.dead;
            stats.filled_captured += fill_stats.captured;
            stats.filled_pairs += fill_stats.pairs;
            // Fill-in may connect a player: nothing left to prove (an empty proof).
            if (connected(mover, stones[me]) || connected(other, stones[op])) {
                ++stats.fill_decided;
                out.outcome = connected(mover, stones[me]) ? Outcome::win : Outcome::loss;
                return;
            }
        }
        const bool again = m_rules.stronger ? analyse_with(m_strong, stones, mover, out, stats)
                                            : analyse_with(m_vc, stones, mover, out, stats);
        if (!again) return;
    }
}

namespace {
// The smallest of n >= 1 carriers.
template <class Bits> Bits smallest(const Bits* list, int n) {
    Bits best = list[0];
    int best_size = count_cells(best);
    for (int i = 1; i < n; ++i)
        if (const int s = count_cells(list[i]); s < best_size) {
            best = list[i];
            best_size = s;
        }
    return best;
}
} // namespace

template <class Bits>
template <class Builder>
bool Analyser<Bits>::fill_captured_region(const Builder* vc, Bits* stones, Analysis<Bits>& out, SearchStats& stats) {
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    for (Colour c : {Colour::red, Colour::blue}) {
        const int ci = colour_index(c);
        const Builder& b = vc[ci];
        Bits region = 0;
        for_each_cell(stones[ci], [&](int cell) {
            if (region || b.vertex(cell) != cell) return; // a free group's captain
            for (const int e : {b.edge(0), b.edge(1)})
                for (int j = 0; j < b.full_count(cell, e) && !region; ++j) {
                    const Bits k = b.fulls(cell, e)[j];
                    if (count_cells(k) <= CapturedRegions<Bits>::MAX_REGION && !(k & ~empty) &&
                        m_regions.captures(c, stones, k))
                        region = k;
                }
        });
        if (!region) continue;
        stones[ci] |= region;
        out.filled[ci] |= region;
        stats.filled_captured += static_cast<std::uint64_t>(count_cells(region));
        return true;
    }
    return false;
}

template <class Bits>
template <class Builder>
bool Analyser<Bits>::analyse_with(Builder* vc, Bits* stones, Colour mover, Analysis<Bits>& out, SearchStats& stats) {
    const Colour other = opponent(mover);
    const int me = colour_index(mover), op = colour_index(other);
    const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
    using Stop = typename VcBuilder<Bits>::Stop;
    Builder& mine = vc[me];
    Builder& theirs = vc[op];
    const int e0 = mine.edge(0), e1 = mine.edge(1);
    // The opponent's connections first: when they join the edges the mover's are not needed
    // (a loss ends the analysis), and the mover's build stops early when it wins. The two
    // verdicts exclude each other (a mover's semi and an opponent's full connection between
    // the edges cannot both hold), so the order changes no outcome and no proof.
    if (theirs.build(other, stones[op], empty, Stop::edge_full)) {
        ++stats.vc_losses;
        out.outcome = Outcome::loss;
        out.proof = smallest(theirs.fulls(e0, e1), theirs.full_count(e0, e1));
        return false;
    }
    if (mine.build(mover, stones[me], empty, Stop::edge_any)) {
        ++stats.vc_wins;
        out.outcome = Outcome::win;
        out.proof = mine.full_count(e0, e1) > 0 ? smallest(mine.fulls(e0, e1), mine.full_count(e0, e1))
                                                : smallest(mine.semis(e0, e1), mine.semi_count(e0, e1));
        return false;
    }
    if (m_rules.regions && fill_captured_region(vc, stones, out, stats)) return true;
    // The must-play region: every semi connection of the opponent must be broken. Only the
    // semis that shrink it count as support (smallest first).
    Bits must = empty;
    const int semi_count = theirs.semi_count(e0, e1);
    std::vector<Bits>& by_size = m_semis_by_size;
    by_size.assign(theirs.semis(e0, e1), theirs.semis(e0, e1) + semi_count);
    std::stable_sort(by_size.begin(), by_size.end(),
                     [](Bits a, Bits b) { return count_cells(a) < count_cells(b); });
    for (int i = 0; i < semi_count && must; ++i) {
        const Bits carrier = by_size[static_cast<std::size_t>(i)];
        if ((must & carrier) == must) continue;
        must &= carrier;
        out.support |= carrier;
    }
    if (!must) {
        ++stats.mustplay_losses;
        out.outcome = Outcome::loss;
        out.proof = out.support;
        return false;
    }
    stats.mustplay_cut += static_cast<std::uint64_t>(count_cells(empty & ~must));
    Bits moves = must;
    if (m_rules.inferior) {
        InferiorStats dom_stats;
        // Vulnerable moves first: dominated ones are then dropped only in favour of the
        // moves kept or of cells outside the region (inferior.hpp).
        const Bits vulnerable = m_rules.vulnerable ? m_inferior.vulnerable(mover, stones, moves, dom_stats) : Bits{0};
        moves &= ~vulnerable;
        moves &= ~m_inferior.dominated(mover, stones, moves, dom_stats, vulnerable);
        if (m_rules.induced) moves &= ~m_inferior.induced_dominated(mover, stones, moves, dom_stats);
        stats.dominated_cut += dom_stats.dominated;
        stats.vulnerable_cut += dom_stats.vulnerable;
        if (!moves) {
            // Every candidate is dominated by a move outside the region, which loses, or
            // vulnerable, and some winning move would not be.
            ++stats.mustplay_losses;
            out.outcome = Outcome::loss;
            out.proof = out.support;
            return false;
        }
    }
    order(vc, stones, mover, moves, out);
    return false;
}

template <class Bits>
template <class Builder>
void Analyser<Bits>::order(const Builder* vc, const Bits* stones, Colour mover, Bits moves, Analysis<Bits>& out) {
    const std::uint8_t* rank = m_geo.centre_rank();
    std::uint32_t key[MAX_CELLS];
    if (count_cells(moves) <= 1) {
        // One move or none: nothing to order (no circuit solved).
        for_each_cell(moves, [&](int i) { key[i] = 0; });
    } else if (m_rules.order == Order::resistance) {
        double energy[MAX_CELLS] = {};
        const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
        for (Colour c : {Colour::red, Colour::blue})
            m_resistance.add_energy(stones[colour_index(c)], empty, vc[colour_index(c)], energy);
        for_each_cell(moves, [&](int i) { key[i] = resistance_key(energy[i], rank[i]); });
    } else if (m_rules.order == Order::distance) {
        const Bits empty = m_geo.all() & ~(stones[0] | stones[1]);
        std::uint8_t dist[2][2][MAX_CELLS];
        for (Colour c : {Colour::red, Colour::blue}) {
            Side<Bits> side;
            side.stones = stones[colour_index(c)];
            side.rebuild(m_geo, c);
            for (int e = 0; e < 2; ++e) edge_distances(m_geo, c, side, e, empty, dist[colour_index(c)][e]);
        }
        const int me = colour_index(mover);
        for_each_cell(moves, [&](int i) {
            const std::uint32_t mine = std::uint32_t{dist[me][0][i]} + dist[me][1][i];
            const std::uint32_t theirs = std::uint32_t{dist[1 - me][0][i]} + dist[1 - me][1][i];
            key[i] = ((mine + theirs) << 8) | rank[i];
        });
    } else {
        for_each_cell(moves, [&](int i) { key[i] = rank[i]; });
    }
    out.count = sort_moves(moves, key, out.moves);
}

template class Analyser<Narrow>;
template class Analyser<Wide>;

} // namespace cgt::hex
