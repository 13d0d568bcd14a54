#include "hex/connections/vc_strong.hpp"

#include <algorithm>
#include <type_traits>

namespace cgt::hex {

namespace {
// The number of cells, inline: without -mpopcnt (not in the default build) std::popcount is
// a library call.
constexpr int size_of(std::uint64_t x) {
#if defined(__POPCNT__)
    return std::popcount(x);
#else
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}
int size_of(Wide x) {
    return size_of(static_cast<std::uint64_t>(x)) + size_of(static_cast<std::uint64_t>(x >> 64));
}

// The intersection of a list of carriers (all cells when it is empty).
template <class Bits> Bits meet_of(const std::vector<Bits>& list) {
    Bits m = ~Bits{0};
    for (const Bits c : list)
        m &= c;
    return m;
}

// Whether `carrier` holds `least`, a stored carrier or NONE (none stored: false).
template <class Bits> bool holds(Bits carrier, Bits least) {
    return (least & carrier) == least && least != ~Bits{0};
}

// Word w (bits 64w..64w+63) of a cell set.
template <class Bits> std::uint64_t word_of(Bits x, int w) {
    if constexpr (std::is_same_v<Bits, Wide>)
        return static_cast<std::uint64_t>(w == 0 ? x : x >> 64);
    else
        return w == 0 ? static_cast<std::uint64_t>(x) : 0;
}

// Drops the carriers of `list` that contain `carrier`, keeping the others in their order, and
// counts in `done` those dropped among the first `done`; whether it dropped any.
template <class Bits> bool drop_supersets(std::vector<Bits>& list, int& done, Bits carrier) {
    std::size_t i = 0;
    while (i < list.size() && (carrier & list[i]) != carrier)
        ++i;
    if (i == list.size()) return false;
    const std::size_t first_done = static_cast<std::size_t>(done);
    std::size_t kept = i, kept_done = std::min(i, first_done);
    for (++i; i < list.size(); ++i) {
        if ((carrier & list[i]) == carrier) continue;
        kept_done += i < first_done;
        list[kept++] = list[i];
    }
    list.resize(kept);
    done = static_cast<int>(kept_done);
    return true;
}
} // namespace

template <class Bits>
StrongVcBuilder<Bits>::StrongVcBuilder(const Geometry<Bits>& g)
    : m_geo(g), m_cells(g.cells()), m_ends(g.cells() + 2), m_all(g.all()) {
    m_pairs.resize(static_cast<std::size_t>(m_ends * m_ends));
    for (Pair& p : m_pairs)
        p.full_meet = p.semi_meet = ~Bits{0};
    m_done_meet.assign(m_pairs.size(), ~Bits{0});
    m_least_full.assign(m_pairs.size(), NONE);
    m_least_semi.assign(m_pairs.size(), NONE);
    m_full_ends.resize(static_cast<std::size_t>(m_ends));
    m_done_ends.resize(static_cast<std::size_t>(m_ends));
    m_vertex_of.resize(static_cast<std::size_t>(m_cells));
    m_pair_of.resize(static_cast<std::size_t>(m_cells));
}

template <class Bits>
typename StrongVcBuilder<Bits>::Pair& StrongVcBuilder<Bits>::use(int u, int v) {
    Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
    if (!p.used) {
        p.used = true;
        m_touched.push_back(index(u, v));
    }
    return p;
}

template <class Bits>
void StrongVcBuilder<Bits>::keep_least(std::vector<Bits>& least, int u, int v, Bits carrier) {
    Bits& uv = least[static_cast<std::size_t>(u * m_ends + v)];
    if (uv == NONE || size_of(carrier) < size_of(uv))
        uv = least[static_cast<std::size_t>(v * m_ends + u)] = carrier;
}

template <class Bits> bool StrongVcBuilder<Bits>::add_full(int u, int v, Bits carrier) {
    // A carrier holding the least stored one holds a kept one (see m_least_full).
    if (holds(carrier, m_least_full[static_cast<std::size_t>(u * m_ends + v)])) return false;
    Pair& p = use(u, v);
    // One pass: a kept carrier inside the new one refuses it; one containing it is dropped
    // below (the list is minimal, so both cannot happen).
    bool supersets = false;
    for (const Bits d : p.full) {
        if ((d & carrier) == d) return false;
        supersets |= (carrier & d) == carrier;
    }
    if (supersets) {
        drop_supersets(p.full, p.full_done, carrier);
        p.full_meet = meet_of(p.full);
        Bits done_meet = ~Bits{0};
        for (int i = 0; i < p.full_done; ++i)
            done_meet &= p.full[static_cast<std::size_t>(i)];
        done_meet_of(u, v) = done_meet_of(v, u) = done_meet;
    } else if ((p.full_meet & ~carrier) == 0) {
        return false; // shrinks nothing the solver looks at
    }
    p.full.push_back(carrier);
    p.full_meet &= carrier;
    keep_least(m_least_full, u, v, carrier);
    m_full_ends[static_cast<std::size_t>(u)].set(v);
    m_full_ends[static_cast<std::size_t>(v)].set(u);
    // Semis that contain the new full carrier add nothing.
    if (drop_supersets(p.semi, p.semi_done, carrier)) p.semi_meet = meet_of(p.semi);
    m_full_queue.push_back({u, v, carrier});
    ++m_stats.fulls;
    if (m_stop != Stop::never && is_edge_pair(u, v)) m_done = true;
    return true;
}

template <class Bits> void StrongVcBuilder<Bits>::add_semi(int u, int v, Bits carrier) {
    const auto uv = static_cast<std::size_t>(u * m_ends + v);
    if (holds(carrier, m_least_full[uv]) || holds(carrier, m_least_semi[uv])) return;
    Pair& p = use(u, v);
    for (const Bits d : p.full)
        if ((d & carrier) == d) return;
    // One pass over the semis, as in add_full.
    bool supersets = false;
    for (const Bits d : p.semi) {
        if ((d & carrier) == d) return;
        supersets |= (carrier & d) == carrier;
    }
    if (supersets) {
        drop_supersets(p.semi, p.semi_done, carrier);
        p.semi_meet = meet_of(p.semi);
    }
    p.semi.push_back(carrier);
    p.semi_meet &= carrier;
    keep_least(m_least_semi, u, v, carrier);
    ++m_stats.semis;
    if (m_stop == Stop::edge_any && is_edge_pair(u, v)) m_done = true;
    if (p.semi_meet == 0 && !p.queued) {
        p.queued = true;
        m_or_queue.push_back(index(u, v));
    }
}

template <class Bits>
bool StrongVcBuilder<Bits>::build(Colour colour, Bits own, Bits empty, Stop stop) {
    for (const int t : m_touched) {
        Pair& p = m_pairs[static_cast<std::size_t>(t)];
        p.full.clear();
        p.semi.clear();
        p.full_done = p.semi_done = 0;
        p.full_meet = p.semi_meet = ~Bits{0};
        const int u = t / m_ends, v = t % m_ends;
        done_meet_of(u, v) = done_meet_of(v, u) = ~Bits{0};
        for (std::vector<Bits>* least : {&m_least_full, &m_least_semi})
            (*least)[static_cast<std::size_t>(u * m_ends + v)] =
                (*least)[static_cast<std::size_t>(v * m_ends + u)] = NONE;
        p.queued = p.used = false;
    }
    m_touched.clear();
    m_full_queue.clear();
    m_or_queue.clear();
    for (Ends& e : m_done_ends)
        e = Ends{};
    for (Ends& e : m_full_ends)
        e = Ends{};
    m_stop = stop;
    m_done = false;
    ++m_stats.builds;

    if (m_key_pairs)
        for_each_cell(empty, [&](int z) {
            Bits key_pair = 0;
            for (int side = 0; side < 2; ++side) {
                const Bits row = m_geo.edge(colour, side);
                const Bits low = m_geo.neighbours(z) & row;
                if (!(row & cell_bit<Bits>(z)) && count_cells(low) == 2 && (low & empty) == low)
                    key_pair = low;
            }
            m_pair_of[static_cast<std::size_t>(z)] = key_pair;
        });
    if (vc_base_step(
            m_geo, m_templates.get(), m_ladders.get(), colour, own, empty, m_vertex_of, m_captains,
            [&](int u, int v, Bits carrier) { add_full(u, v, carrier); },
            [&](int u, int v, Bits carrier) { add_semi(u, v, carrier); }))
        return true;

    std::size_t full_head = 0, or_head = 0;
    while (!m_done) {
        if (full_head < m_full_queue.size()) {
            const FullTask t = m_full_queue[full_head++];
            process_full(t);
        } else if (or_head < m_or_queue.size()) {
            const int p = m_or_queue[or_head++];
            or_rule(p / m_ends, p % m_ends);
        } else {
            break;
        }
    }
    const Pair& e = pair(edge(0), edge(1));
    return !e.full.empty() || (stop == Stop::edge_any && !e.semi.empty());
}

template <class Bits> void StrongVcBuilder<Bits>::process_full(const FullTask& t) {
    Pair& p = m_pairs[static_cast<std::size_t>(index(t.u, t.v))];
    // The first carrier not processed yet is this one unless it was made redundant meanwhile.
    const auto i = static_cast<std::size_t>(p.full_done);
    if (i == p.full.size() || p.full[i] != t.carrier) return;
    ++p.full_done;
    done_meet_of(t.u, t.v) &= t.carrier;
    done_meet_of(t.v, t.u) &= t.carrier;
    m_done_ends[static_cast<std::size_t>(t.u)].set(t.v);
    m_done_ends[static_cast<std::size_t>(t.v)].set(t.u);
    and_through(t.u, t.v, t.carrier);
    if (!m_done) and_through(t.v, t.u, t.carrier);
}

template <class Bits> void StrongVcBuilder<Bits>::and_through(int x, int z, Bits carrier) {
    if (!is_cell(z)) return; // never through an edge
    const bool through_cell = !(m_captains & cell_bit<Bits>(z));
    const Bits cz = through_cell ? carrier | cell_bit<Bits>(z) : carrier;
    // Through an empty cell the carriers may meet inside its key pair (use_key_pairs).
    const Bits key_pair =
        through_cell && m_key_pairs ? m_pair_of[static_cast<std::size_t>(z)] : Bits{0};
    const Ends ends = m_done_ends[static_cast<std::size_t>(z)];
    const Bits* done_meet = &done_meet_of(z, 0);
    // Every result holds cz: a pair (x, y) with a stored carrier inside cz takes none of them.
    const Bits* least_full = &m_least_full[static_cast<std::size_t>(x * m_ends)];
    const Bits* least_semi =
        through_cell ? &m_least_semi[static_cast<std::size_t>(x * m_ends)] : least_full;
    for (int w = 0; w < 2; ++w) {
        // Ends y != x and not inside cz (an end's index is its cell's, the edges' past them).
        std::uint64_t rest = ends.w[w] & ~word_of(cz, w);
        if (x >> 6 == w) rest &= ~(std::uint64_t{1} << (x & 63));
        for (; rest; rest &= rest - 1) {
            const int y = w * 64 + std::countr_zero(rest);
            if (done_meet[y] & cz & ~key_pair)
                continue; // every processed carrier there meets this one
            if (holds(cz, least_full[y]) || holds(cz, least_semi[y])) continue;
            const Pair& zy = pair(z, y);
            // (z, y) is not changed below: the results go to (x, y).
            for (int j = 0; j < zy.full_done; ++j) {
                const Bits d = zy.full[static_cast<std::size_t>(j)];
                const Bits meet = d & cz;
                if ((meet & ~key_pair) || in(d, x)) continue;
                const Bits joined = meet ? cz | d | key_pair : cz | d;
                if (through_cell)
                    add_semi(x, y, joined);
                else
                    add_full(x, y, joined);
                if (m_done) return;
            }
        }
    }
}

template <class Bits> void StrongVcBuilder<Bits>::or_rule(int u, int v) {
    Pair& p = m_pairs[static_cast<std::size_t>(index(u, v))];
    p.queued = false;
    // The semis, smallest first (so that the joined carriers stay small; equal sizes in the
    // list's order), new ones marked.
    std::vector<Semi>& semis = m_or_semis;
    semis.clear();
    const auto done = static_cast<std::size_t>(p.semi_done);
    for (std::size_t i = 0; i < p.semi.size(); ++i)
        semis.push_back({p.semi[i], size_of(p.semi[i]), static_cast<int>(i), i < done});
    // Insertion sort, stable: the lists are short and come in their order already.
    for (std::size_t i = 1; i < semis.size(); ++i) {
        const Semi s = semis[i];
        std::size_t j = i;
        for (; j > 0 && semis[j - 1].size > s.size; --j)
            semis[j] = semis[j - 1];
        semis[j] = s;
    }
    p.semi_done = static_cast<int>(p.semi.size());
    Bits candidates = p.full.empty() ? m_all : p.full_meet;
    m_scratch.clear();
    while (candidates) {
        // A semi containing every candidate cannot help remove one.
        semis.erase(
            std::remove_if(semis.begin(), semis.end(),
                           [&](const Semi& s) { return (s.carrier & candidates) == candidates; }),
            semis.end());
        Bits fresh_meet = ~Bits{0}, all_meet = ~Bits{0};
        for (const Semi& s : semis) {
            all_meet &= s.carrier;
            if (!s.done) fresh_meet &= s.carrier;
        }
        candidates &= ~fresh_meet; // a new full uses a new semi, so it holds their common cells
        if (!candidates || all_meet) break;
        const Bits a = lowest_cell(candidates);
        Bits avoid_meet = ~Bits{0};
        for (const Semi& s : semis)
            if (!(s.carrier & a)) avoid_meet &= s.carrier;
        if (avoid_meet) {
            candidates &= ~a; // no full connection avoids a
            continue;
        }
        Bits joined = 0, meet = ~Bits{0};
        for (const Semi& s : semis) {
            if ((s.carrier & a) || (meet & s.carrier) == meet) continue;
            meet &= s.carrier;
            joined |= s.carrier;
            if (!meet) break;
        }
        m_scratch.push_back(joined);
        candidates &= joined;
    }
    // add_full may change p's lists: the results were gathered first.
    const std::vector<Bits> results = m_scratch;
    for (const Bits c : results) {
        add_full(u, v, c);
        if (m_done) return;
    }
}

template class StrongVcBuilder<Narrow>;
template class StrongVcBuilder<Wide>;

} // namespace cgt::hex
