#include "hex/connections/vc.hpp"

#include <stdexcept>
#include <string>

namespace cgt::hex {

namespace {

// Cells in a carrier, by bit tricks (no population-count instruction is assumed).
template <class Bits> int size_of(Bits x) {
    int n = 0;
    for (; x; x &= x - 1) ++n;
    return n;
}

// A carrier list (smallest first) with its "new" flags, n entries in use.
// True if some carrier in the list lies inside `carrier` (the new one adds nothing).
template <class Bits> bool has_subset_of(const Bits* list, int n, Bits carrier) {
    for (int i = 0; i < n; ++i)
        if ((list[i] & carrier) == list[i]) return true;
    return false;
}
// Drops the carriers that contain `carrier` (it makes them redundant).
template <class Bits> void drop_supersets_of(Bits* list, std::uint8_t* fresh, std::uint8_t& n, Bits carrier) {
    int kept = 0;
    for (int i = 0; i < n; ++i) {
        if ((list[i] & carrier) == carrier) continue;
        list[kept] = list[i];
        fresh[kept++] = fresh[i];
    }
    n = static_cast<std::uint8_t>(kept);
}
// Inserts `carrier` (flagged new) in size order; a list at `limit` drops its largest carrier
// for a smaller one. False if the list is full of carriers no larger than it.
template <class Bits> bool insert_by_size(Bits* list, std::uint8_t* fresh, std::uint8_t& n, int limit, Bits carrier) {
    const int size = size_of(carrier);
    int at = n;
    while (at > 0 && size_of(list[at - 1]) > size) --at;
    if (n == limit) {
        if (at == n) return false;
        --n;
    }
    for (int i = n; i > at; --i) {
        list[i] = list[i - 1];
        fresh[i] = fresh[i - 1];
    }
    list[at] = carrier;
    fresh[at] = 1;
    ++n;
    return true;
}
} // namespace

template <class Bits>
VcBuilder<Bits>::VcBuilder(const Geometry<Bits>& g, VcLimits limits)
    : m_geo(g), m_limits(limits), m_cells(g.cells()), m_ends(g.cells() + 2) {
    if (limits.fulls < 1 || limits.fulls > FULL_CAPACITY)
        throw std::invalid_argument("VC limit: full connections per pair must be 1.." + std::to_string(FULL_CAPACITY) +
                                    ", got " + std::to_string(limits.fulls));
    if (limits.semis < 1 || limits.semis > SEMI_CAPACITY)
        throw std::invalid_argument("VC limit: semi connections per pair must be 1.." + std::to_string(SEMI_CAPACITY) +
                                    ", got " + std::to_string(limits.semis));
    if (limits.or_depth < 2 || limits.or_depth > 8)
        throw std::invalid_argument("VC limit: the OR rule combines 2..8 semis, got " + std::to_string(limits.or_depth));
    m_pairs.resize(static_cast<std::size_t>(m_ends * m_ends));
    // Every pair of ends may need a block; allocated once, so references stay valid.
    m_blocks.resize(static_cast<std::size_t>(m_ends * (m_ends - 1) / 2));
    m_full_ends.resize(static_cast<std::size_t>(m_ends));
    m_vertex_of.resize(static_cast<std::size_t>(m_cells));
}

template <class Bits> typename VcBuilder<Bits>::Block& VcBuilder<Bits>::block_of(int u, int v) {
    Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
    if (p.block < 0) {
        p.block = m_blocks_used++;
        m_touched.push_back(index(u, v));
    }
    return m_blocks[static_cast<std::size_t>(p.block)];
}

template <class Bits> int VcBuilder<Bits>::full_count(int u, int v) const {
    return m_pairs[static_cast<std::size_t>(index(u, v))].nfull;
}
template <class Bits> const Bits* VcBuilder<Bits>::fulls(int u, int v) const {
    const Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
    return p.block < 0 ? nullptr : m_blocks[static_cast<std::size_t>(p.block)].full;
}
template <class Bits> int VcBuilder<Bits>::semi_count(int u, int v) const {
    return m_pairs[static_cast<std::size_t>(index(u, v))].nsemi;
}
template <class Bits> const Bits* VcBuilder<Bits>::semis(int u, int v) const {
    const Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
    return p.block < 0 ? nullptr : m_blocks[static_cast<std::size_t>(p.block)].semi;
}

template <class Bits> void VcBuilder<Bits>::enqueue(int u, int v) {
    Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
    if (p.queued) return;
    p.queued = 1;
    m_queue.push_back(index(u, v));
}

template <class Bits> void VcBuilder<Bits>::add_full(int u, int v, Bits carrier) {
    Block& b = block_of(u, v);
    Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
    if (has_subset_of(b.full, p.nfull, carrier)) return;
    // Drop the carriers the new one makes redundant: fulls and semis containing it.
    drop_supersets_of(b.full, b.full_new, p.nfull, carrier);
    drop_supersets_of(b.semi, b.semi_new, p.nsemi, carrier);
    if (!insert_by_size(b.full, b.full_new, p.nfull, m_limits.fulls, carrier)) return;
    ++m_stats.fulls;
    m_full_ends[static_cast<std::size_t>(u)].set(v);
    m_full_ends[static_cast<std::size_t>(v)].set(u);
    if (m_stop != Stop::never && index(u, v) == index(edge(0), edge(1))) m_done = true;
    enqueue(u, v);
}

template <class Bits> void VcBuilder<Bits>::add_semi(int u, int v, Bits carrier) {
    Block& b = block_of(u, v);
    Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
    if (has_subset_of(b.full, p.nfull, carrier) || has_subset_of(b.semi, p.nsemi, carrier)) return;
    drop_supersets_of(b.semi, b.semi_new, p.nsemi, carrier);
    if (!insert_by_size(b.semi, b.semi_new, p.nsemi, m_limits.semis, carrier)) return;
    ++m_stats.semis;
    if (m_stop == Stop::edge_any && index(u, v) == index(edge(0), edge(1))) m_done = true;
    enqueue(u, v);
}

template <class Bits> bool VcBuilder<Bits>::build(Colour colour, Bits own, Bits empty, Stop stop) {
    for (int p : m_touched) m_pairs[static_cast<std::size_t>(p)] = Pair{};
    m_touched.clear();
    m_blocks_used = 0;
    m_queue.clear();
    m_head = 0;
    for (Ends& e : m_full_ends) e = Ends{};
    m_own = own;
    m_empty = empty;
    m_stop = stop;
    m_done = false;
    ++m_stats.builds;

    Bits captains = 0;
    if (vc_base_step(
            m_geo, m_templates.get(), m_ladders.get(), colour, own, empty, m_vertex_of, captains,
            [&](int u, int v, Bits carrier) { add_full(u, v, carrier); },
            [&](int u, int v, Bits carrier) { add_semi(u, v, carrier); }))
        return true;
    // Only the captains are groups for the AND rule: the other stones are marked not own.
    m_own = captains;

    while (m_head < m_queue.size() && !m_done) {
        const int p = m_queue[m_head++];
        m_pairs[static_cast<std::size_t>(p)].queued = 0;
        process(p / m_ends, p % m_ends);
    }
    const Pair& e = m_pairs[static_cast<std::size_t>(index(edge(0), edge(1)))];
    return e.nfull > 0 || (stop == Stop::edge_any && e.nsemi > 0);
}

template <class Bits> void VcBuilder<Bits>::process(int u, int v) {
    while (!m_done) {
        const Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
        if (p.block < 0) return;
        Block& b = m_blocks[static_cast<std::size_t>(p.block)];
        int i = 0;
        while (i < p.nfull && !b.full_new[i]) ++i;
        if (i < p.nfull) {
            b.full_new[i] = 0;
            const Bits a = b.full[i];
            if (u < m_cells) and_full(u, v, a);
            if (v < m_cells && !m_done) and_full(v, u, a);
            continue;
        }
        i = 0;
        while (i < p.nsemi && !b.semi_new[i]) ++i;
        if (i == p.nsemi) return;
        b.semi_new[i] = 0;
        const Bits s = b.semi[i];
        or_rule(u, v, s);
        if (is_group(u) && !m_done) and_semi_through_group(u, v, s);
        if (is_group(v) && !m_done) and_semi_through_group(v, u, s);
    }
}

template <class Bits> void VcBuilder<Bits>::and_full(int mid, int other, Bits a) {
    const Ends ends = m_full_ends[static_cast<std::size_t>(mid)];
    const bool group = is_group(mid);
    const Bits key = group ? Bits{0} : cell_bit<Bits>(mid);
    for (int w = 0; w < 2; ++w) {
        for (std::uint64_t rest = ends.w[w]; rest; rest &= rest - 1) {
            const int z = w * 64 + std::countr_zero(rest);
            if (z == other || in(a, z)) continue;
            // Every result contains `a`: nothing to add if (other, z) has a full carrier
            // inside it already (the smallest is the likeliest).
            const Pair& target = m_pairs[static_cast<std::size_t>(index(other, z))];
            if (target.nfull > 0) {
                const Bits smallest = m_blocks[static_cast<std::size_t>(target.block)].full[0];
                if ((smallest & a) == smallest) continue;
            }
            const Pair& q = m_pairs[static_cast<std::size_t>(index(mid, z))];
            const Block& bq = m_blocks[static_cast<std::size_t>(q.block)];
            // (mid, z) is not changed below: results go to (other, z).
            for (int j = 0; j < q.nfull; ++j) {
                const Bits b = bq.full[j];
                if ((a & b) || in(b, other)) continue;
                if (group)
                    add_full(other, z, a | b);
                else
                    add_semi(other, z, a | b | key);
                if (m_done) return;
            }
            if (!group) continue;
            for (int j = 0; j < q.nsemi; ++j) {
                const Bits s = bq.semi[j];
                if ((a & s) || in(s, other)) continue;
                add_semi(other, z, a | s);
                if (m_done) return;
            }
        }
    }
}

template <class Bits> void VcBuilder<Bits>::and_semi_through_group(int mid, int other, Bits s) {
    const Ends ends = m_full_ends[static_cast<std::size_t>(mid)];
    for (int w = 0; w < 2; ++w) {
        for (std::uint64_t rest = ends.w[w]; rest; rest &= rest - 1) {
            const int z = w * 64 + std::countr_zero(rest);
            if (z == other || in(s, z)) continue;
            const Pair& target = m_pairs[static_cast<std::size_t>(index(other, z))];
            if (target.nfull > 0) {
                const Bits smallest = m_blocks[static_cast<std::size_t>(target.block)].full[0];
                if ((smallest & s) == smallest) continue;
            }
            const Pair& q = m_pairs[static_cast<std::size_t>(index(mid, z))];
            const Block& bq = m_blocks[static_cast<std::size_t>(q.block)];
            for (int j = 0; j < q.nfull; ++j) {
                const Bits b = bq.full[j];
                if ((s & b) || in(b, other)) continue;
                add_semi(other, z, s | b);
                if (m_done) return;
            }
        }
    }
}

template <class Bits> void VcBuilder<Bits>::or_rule(int u, int v, Bits fresh) {
    const Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
    const Block& b = m_blocks[static_cast<std::size_t>(p.block)];
    // A copy: the fulls found below remove the semis that contain them. Only the cells of
    // the new semi can be in the common intersection, so a semi covering all of them is
    // of no use, and suffix[j] (the intersection of semis j..) bounds what is reachable.
    Bits others[SEMI_CAPACITY + 1];
    int count = 0;
    for (int i = 0; i < p.nsemi; ++i)
        if (b.semi[i] != fresh && (b.semi[i] & fresh) != fresh) others[count++] = b.semi[i];
    Bits suffix[SEMI_CAPACITY + 1];
    suffix[count] = ~Bits{0};
    for (int i = count - 1; i >= 0; --i) suffix[i] = suffix[i + 1] & others[i];
    if (fresh & suffix[0]) return;
    or_search(u, v, others, suffix, count, 0, fresh, fresh, 1);
}

template <class Bits>
void VcBuilder<Bits>::or_search(int u, int v, const Bits* semis, const Bits* suffix, int count, int start, Bits meet,
                                Bits join, int depth) {
    for (int j = start; j < count && !m_done; ++j) {
        if (meet & suffix[j]) return; // the rest cannot empty the intersection
        const Bits m = meet & semis[j];
        if (m == meet) continue;
        const Bits u2 = join | semis[j];
        if (m == 0)
            add_full(u, v, u2);
        else if (depth + 1 < m_limits.or_depth)
            or_search(u, v, semis, suffix, count, j + 1, m, u2, depth + 1);
    }
}

template class VcBuilder<Narrow>;
template class VcBuilder<Wide>;

} // namespace cgt::hex
