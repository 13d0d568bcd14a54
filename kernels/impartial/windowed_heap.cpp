// One heap of the windowed sweep: the marks of a group, the parallel part (guess), the part in
// order (settle), and the two paths that need no block (by_definition, by_portable).
#include "impartial/split_scan.hpp"
#include "impartial/windowed_block.hpp"
#include "impartial/windowed_sweep.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace cgt::impartial {

namespace {
constexpr unsigned MAX_LENGTHS = 64;

std::size_t first_at_least(std::span<const SparsePart> rare, std::uint64_t heap) {
    // Most calls ask for all rare heaps or none (the first is 1, the last far behind n).
    if (rare.empty() || heap <= rare.front().heap) return 0;
    if (heap > rare.back().heap) return rare.size();
    const auto it =
        std::lower_bound(rare.begin(), rare.end(), heap,
                         [](const SparsePart& p, std::uint64_t h) { return p.heap < h; });
    return static_cast<std::size_t>(it - rare.begin());
}

std::array<std::uint64_t, 8> below(const std::array<std::uint64_t, 8>& words, Grundy c) {
    std::array<std::uint64_t, 8> out = words;
    for (unsigned w = 0; w < 8; ++w) {
        const unsigned lo = 64 * w;
        out[w] &= c >= lo + 64 ? ~std::uint64_t{0}
                  : c <= lo    ? 0
                               : (std::uint64_t{1} << (c - lo)) - 1;
    }
    return out;
}

unsigned count_of(const std::array<std::uint64_t, 8>& words) {
    // SWAR: without -mpopcnt std::popcount is a library call, and this runs per heap.
    unsigned n = 0;
    for (std::uint64_t w : words) {
        w = w - ((w >> 1) & 0x5555555555555555ull);
        w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
        w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0full;
        n += static_cast<unsigned>((w * 0x0101010101010101ull) >> 56);
    }
    return n;
}

void remove(std::array<std::uint64_t, 8>& words, Grundy v) {
    if (v < SIMD_BOUND) words[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
}

bool has(const std::array<std::uint64_t, 8>& words, unsigned v) {
    return (words[v >> 6] >> (v & 63)) & 1;
}

NeedRestart need_for(const ValueWindow& values, std::uint64_t n, std::uint64_t length,
                     std::uint64_t a) {
    // Generous: a restart costs a whole sweep, so the next one should not come soon.
    NeedRestart need;
    if (!values.holds(a)) {
        need.prefix_heaps = std::bit_ceil(8 * (a + 1));
        need.least_prefix = a + 1;
    }
    if (!values.holds(length - a)) {
        need.window_heaps = std::bit_ceil(8 * (n - (length - a) + 1));
        need.least_window = std::bit_ceil(2 * (n - (length - a) + 1));
    }
    if (!need.prefix_heaps && !need.window_heaps)
        throw std::logic_error(
            "the windowed sweep's scan stopped at a split whose values it holds");
    return need;
}
} // namespace

unsigned WindowedSweep::split_lengths(std::uint64_t n, std::uint64_t* lengths) const {
    unsigned count = 0;
    for (Heap k : m_rules.leave_two)
        if (n >= std::uint64_t{k} + 2) lengths[count++] = n - k;
    return count;
}

unsigned WindowedSweep::new_stamp() {
    if (m_stamp.size() < 2 * std::size_t{m_bound} + 2)
        m_stamp.resize(2 * std::size_t{m_bound} + 2, 0);
    if (++m_now == 0) {
        std::fill(m_stamp.begin(), m_stamp.end(), 0);
        m_now = 1;
    }
    return m_now;
}

void WindowedSweep::record_scan(std::uint64_t n, std::uint64_t stop) {
    if (stop == 0) return;
    ++m_scan.common_heaps;
    m_scan.total_length += stop;
    if (stop > m_scan.longest) {
        m_scan.longest = stop;
        m_scan.longest_heap = n;
    }
}

void WindowedSweep::mark_groups(Block& b, std::uint64_t q, std::uint64_t known,
                                std::span<const SparsePart> rare_view) {
    const std::uint64_t g0 = b.n0 + MARK_BLOCK * q;
    // m_rare may grow meanwhile (heaps are settled): only rare_view is read.
    const auto first_at_least_view = [&](std::uint64_t heap) {
        return static_cast<std::size_t>(
            std::lower_bound(rare_view.begin(), rare_view.end(), heap,
                             [](const SparsePart& p, std::uint64_t h) { return p.heap < h; }) -
            rare_view.begin());
    };
    const std::size_t lengths = std::max<std::size_t>(1, m_rules.leave_two.size());
    std::uint8_t* marks = b.marks.data() + std::size_t{MARK_BLOCK} * q * SIMD_BOUND;
    for (std::size_t i = 0; i < m_rules.leave_two.size(); ++i) {
        const Heap k = m_rules.leave_two[i];
        auto& r = b.ranges[q * lengths + i];
        r = {0, 0, 0, 0};
        // Parts 32 <= p < g0 - k give a split of every heap of the group (L - p >= 1) and,
        // from p > g0 + 31 - k - known on, read only values before `known`.
        if (g0 < std::uint64_t{k} + MARK_BLOCK + 1) continue;
        const std::uint64_t lo = std::max<std::uint64_t>(
            MARK_BLOCK, g0 + MARK_BLOCK > k + known ? g0 + MARK_BLOCK - k - known : 0);
        const std::uint64_t hi = std::min<std::uint64_t>(g0 - k, known); // exclusive
        if (lo >= hi) continue;
        r = {first_at_least_view(lo), first_at_least_view(hi), 0, 0};
        if (!m_rules.equal_splits) {
            // A part equal to its complement is no move: those are marked heap by heap.
            const std::uint64_t half_lo = (g0 - k + 1) / 2,
                                half_hi = (g0 + MARK_BLOCK - 1 - k) / 2 + 1;
            const std::size_t cut_lo = std::clamp(first_at_least_view(half_lo), r[0], r[1]);
            const std::size_t cut_hi = std::clamp(first_at_least_view(half_hi), r[0], r[1]);
            r = {r[0], cut_lo, cut_hi, r[1]};
        }
        const std::uint64_t top = g0 + MARK_BLOCK - 1 - k;
        for (unsigned s = 0; s < 4; s += 2)
            if (r[s] < r[s + 1])
                mark_group(m_config.kernel, b.view, top,
                           rare_view.subspan(r[s], r[s + 1] - r[s]), marks, b.stamp);
    }
}

void WindowedSweep::guess(Block& b, std::uint64_t n, HeapSpec& spec,
                          std::span<const SparsePart> rare_heaps) const {
    const std::uint64_t known = spec.known, j = n - b.n0;
    const std::size_t q = j / MARK_BLOCK,
                      n_removals = std::max<std::size_t>(1, m_rules.leave_two.size());
    std::uint8_t* row = b.marks.data() + j * SIMD_BOUND;
    const std::uint8_t stamp = b.stamp;
    for (Heap k : m_rules.leave_none)
        if (k == n) row[0] = stamp;
    for (Heap k : m_rules.leave_one)
        if (k < n && n - k < known) row[b.view[n - k]] = stamp;
    for (std::size_t i = 0; i < m_rules.leave_two.size(); ++i) {
        const Heap k = m_rules.leave_two[i];
        if (n < std::uint64_t{k} + 2) continue;
        const std::uint64_t length = n - k;
        // Parts p with length - p < known and p < known, less the group's.
        const std::size_t from =
            first_at_least(rare_heaps, length > known ? length - known + 1 : 1);
        const std::size_t to = first_at_least(rare_heaps, std::min(length, known));
        // The group's ranges lie inside [from, to), in order: mark what lies between them.
        const auto& r = b.ranges[q * n_removals + i];
        std::size_t x = from;
        const ValueView values = b.view; // in registers: a byte store may alias anything
        const SparsePart* rare = rare_heaps.data();
        const bool equal_splits = m_rules.equal_splits;
        const auto mark_to = [&](std::size_t end) {
            for (; x < end; ++x) {
                const SparsePart& p = rare[x];
                if (!equal_splits && 2 * std::uint64_t{p.heap} == length) continue;
                row[values[length - p.heap] ^ p.value] = stamp;
            }
        };
        for (unsigned s = 0; s < 4; s += 2)
            if (r[s] < r[s + 1]) {
                mark_to(std::min(to, r[s]));
                x = std::max(x, r[s + 1]);
            }
        mark_to(to);
    }
    const unsigned common = common_class(n);
    spec.c = static_cast<Grundy>(
        first_unmarked(m_config.kernel, row, stamp, m_class_words[common].data(), 0));
    spec.simd = spec.c < SIMD_BOUND;
    if (!spec.simd) return;
    if (!b.fused) marked_set(m_config.kernel, row, stamp, spec.marked.data());
    std::uint64_t lengths[MAX_LENGTHS];
    const unsigned n_lengths = split_lengths(n, lengths);
    spec.wanted = below(m_class_words[common ^ 1], spec.c);
    for (Heap k : m_rules.leave_none)
        if (k == n) remove(spec.wanted, 0);
    for (Heap k : m_rules.leave_one)
        if (k < n && n - k < known) remove(spec.wanted, b.view[n - k]);
    if (m_rules.equal_splits)
        for (unsigned i = 0; i < n_lengths; ++i)
            if (lengths[i] % 2 == 0) remove(spec.wanted, 0);
    spec.h = n > known + m_k_min ? n - known - m_k_min : 0;
    WantedSet w;
    std::copy(spec.wanted.begin(), spec.wanted.end(), w.words);
    w.remaining = count_of(spec.wanted);
    spec.seen_count = 0;
    spec.exact_from = 0;
    SplitRuns runs(b.view.upto(known)); // what the guess knows, settled before it began
    const ScanEnd e = scan_from(m_config.kernel, runs, {lengths, n_lengths, m_rules.equal_splits},
                                spec.h + 1, ~std::uint64_t{0}, w, b.seen.data() + j * SEEN_PER_HEAP,
                                spec.seen_count, &spec.exact_from);
    for (unsigned i = 0; i < 8; ++i)
        spec.found[i] = spec.wanted[i] & ~w.words[i];
    spec.scanned_end = e.end;
    spec.exhausted = e.exhausted;
}

Grundy WindowedSweep::settle(Block& b, std::uint64_t n, const HeapSpec& spec) {
    if (!spec.simd || m_bound > SIMD_BOUND) {
        ++m_counters.by_portable;
        return by_portable(n);
    }
    if (b.fused) return settle_fused(b, n, spec);
    const std::uint64_t known = spec.known;
    std::array<std::uint64_t, 8> marked = spec.marked;
    const auto mark_value = [&](unsigned v) { marked[v >> 6] |= std::uint64_t{1} << (v & 63); };
    for (Heap k : m_rules.leave_one)
        if (k < n && n - k >= known) mark_value(m_values[n - k]);
    std::uint64_t lengths[MAX_LENGTHS];
    const unsigned n_lengths = split_lengths(n, lengths);
    for (unsigned i = 0; i < n_lengths; ++i) {
        const std::uint64_t length = lengths[i];
        // Parts p <= length - known (their complement is in the block) and p >= known.
        const ValueView values = m_values.view();
        const SparsePart* rare = m_rare.data();
        const std::size_t rare_count = m_rare.size();
        const bool equal_splits = m_rules.equal_splits;
        const auto mark = [&](const SparsePart& p) {
            if (!equal_splits && 2 * std::uint64_t{p.heap} == length) return;
            mark_value(values[length - p.heap] ^ p.value);
        };
        for (std::size_t x = 0;
             x < rare_count && rare[x].heap + known <= length && rare[x].heap < length; ++x)
            mark(rare[x]);
        for (std::size_t x = b.rare_from_block; x < rare_count && rare[x].heap < length; ++x)
            if (rare[x].heap + known > length) mark(rare[x]);
    }
    const unsigned common = common_class(n);
    // The guess's marks are a subset of these: c is at or after its guess.
    Grundy c = SIMD_BOUND;
    for (unsigned w = spec.c / 64; w < 8; ++w) {
        std::uint64_t free = m_class_words[common][w] & ~marked[w];
        if (w == spec.c / 64) free &= ~std::uint64_t{0} << (spec.c % 64);
        if (free) {
            c = static_cast<Grundy>(64 * w + static_cast<unsigned>(std::countr_zero(free)));
            break;
        }
    }
    if (c >= SIMD_BOUND) {
        ++m_counters.by_portable;
        return by_portable(n);
    }
    ++m_counters.by_split;
    std::array<std::uint64_t, 8> wanted = below(m_class_words[common ^ 1], c);
    for (Heap k : m_rules.leave_none)
        if (k == n) remove(wanted, 0);
    for (Heap k : m_rules.leave_one)
        if (k < n) remove(wanted, m_values[n - k]);
    if (m_rules.equal_splits)
        for (unsigned i = 0; i < n_lengths; ++i)
            if (lengths[i] % 2 == 0) remove(wanted, 0);
    WantedSet w;
    std::copy(wanted.begin(), wanted.end(), w.words);
    w.remaining = count_of(wanted);
    if (w.remaining == 0) return c;
    return settle_scan(b, n, spec, c, w);
}

// One heap at a time, the guess knew every value before the heap: it is exact.
Grundy WindowedSweep::settle_fused(Block& b, std::uint64_t n, const HeapSpec& spec) {
    ++m_counters.by_split;
    WantedSet w;
    for (unsigned i = 0; i < 8; ++i)
        w.words[i] = spec.wanted[i] & ~spec.found[i];
    w.remaining = count_of(spec.wanted) - spec.seen_count;
    const FirstSeen* seen = b.seen.data() + (n - b.n0) * SEEN_PER_HEAP;
    if (w.remaining == 0) {
        record_scan(n, spec.seen_count ? seen[spec.seen_count - 1].split : 0);
        return spec.c;
    }
    std::copy(spec.wanted.begin(), spec.wanted.end(), w.words);
    w.remaining = count_of(spec.wanted);
    return settle_scan(b, n, spec, spec.c, w);
}

// Removes from w the values the splits 1..h of every length give; false (w unchanged) if that
// leaves nothing wanted, or if a value the splits read is not held.
bool WindowedSweep::seen_by(const SplitLengths& split, std::uint64_t h, WantedSet& w) const {
    std::uint64_t given[8] = {};
    // In runs of pointers (as the scans read them): no window lookup per split.
    SplitRuns runs(m_values.view());
    for (unsigned i = 0; i < split.count; ++i) {
        const std::uint64_t length = split.lengths[i], last = std::min(h, split.last(length));
        if (last < 1) continue;
        if (!m_values.holds(last) || !m_values.holds(length - last)) return false;
        for (std::uint64_t a = 1; a <= last;) {
            const std::uint16_t *lo = nullptr, *hi = nullptr;
            const std::uint64_t count = runs.at(length, a, last - a + 1, lo, hi);
            if (!count) return false;
            for (std::uint64_t x = 0; x < count; ++x) {
                const unsigned v = lo[x] ^ hi[x];
                given[v >> 6] |= std::uint64_t{1} << (v & 63);
            }
            a += count;
        }
    }
    std::uint64_t left[8];
    bool any = false;
    for (unsigned i = 0; i < 8; ++i) {
        left[i] = w.words[i] & ~given[i];
        any = any || left[i] != 0;
    }
    if (!any) return false;
    std::copy(left, left + 8, w.words);
    w.remaining = count_of(std::to_array(left));
    return true;
}

// Step 2 in order: the splits a <= h, then what the parallel part saw past h, then, if the
// guess missed a wanted value, the splits past h again for it.
Grundy WindowedSweep::settle_scan(Block& b, std::uint64_t n, const HeapSpec& spec, Grundy c,
                                  const WantedSet& all) {
    std::uint64_t lengths[MAX_LENGTHS];
    const unsigned n_lengths = split_lengths(n, lengths);
    const SplitLengths split{lengths, n_lengths, m_rules.equal_splits};
    SplitRuns runs(m_values.view());
    WantedSet w = all;
    FirstSeen seen[SEEN_PER_HEAP];
    unsigned n_seen = 0;
    std::uint64_t stop = 0;
    // Which values the splits a <= h give, as a set: if a wanted value is not among them, the
    // scan's end lies past h and comes from the guess (or the scan after it), and where in
    // 1..h the others were first seen does not matter; only if all are among them is 1..h
    // scanned in order for the last first sighting.
    if (spec.h >= 1 && !seen_by(split, spec.h, w)) {
        const ScanEnd e = scan_from(m_config.kernel, runs, split, 1, spec.h, w, seen, n_seen);
        if (e.unavailable) throw need_for(m_values, n, e.length, e.missing);
        if (n_seen) stop = seen[n_seen - 1].split;
        if (w.remaining == 0) {
            record_scan(n, stop);
            return c;
        }
    }
    const std::array<std::uint64_t, 8> missing{w.words[0], w.words[1], w.words[2], w.words[3],
                                               w.words[4], w.words[5], w.words[6], w.words[7]};
    const FirstSeen* guessed = b.seen.data() + (n - b.n0) * SEEN_PER_HEAP;
    bool walked = false;
    for (unsigned i = spec.seen_count; i-- > spec.exact_from;)
        if (has(missing, guessed[i].value)) {
            stop = std::max(stop, guessed[i].split);
            walked = true;
            break;
        }
    if (!walked && spec.exact_from > 0) {
        // The last sighting lies among the values the guess counted without an entry: their
        // first sightings again, split by split (their values are held: the guess read them).
        WantedSet again;
        for (unsigned i = 0; i < 8; ++i)
            again.words[i] = missing[i] & spec.found[i];
        again.remaining = count_of(std::to_array(again.words));
        if (again.remaining) {
            FirstSeen first[SEEN_PER_HEAP];
            unsigned n_first = 0;
            const ScanEnd e = scan_from(m_config.kernel, runs, split, spec.h + 1, ~std::uint64_t{0},
                                        again, first, n_first);
            if (e.unavailable) throw need_for(m_values, n, e.length, e.missing);
            if (n_first) stop = std::max(stop, first[n_first - 1].split);
        }
    }
    std::array<std::uint64_t, 8> unseen{};
    bool inside = true;
    for (unsigned i = 0; i < 8; ++i) {
        unseen[i] = missing[i] & ~spec.found[i];
        inside = inside && (unseen[i] & ~spec.wanted[i]) == 0;
    }
    WantedSet u;
    std::copy(unseen.begin(), unseen.end(), u.words);
    u.remaining = count_of(unseen);
    if (u.remaining == 0) {
        record_scan(n, stop);
        return c;
    }
    if (!(inside && spec.exhausted)) {
        ++m_counters.guesses_missed;
        n_seen = 0;
        const ScanEnd e =
            scan_from(m_config.kernel, runs, split, inside ? spec.scanned_end : spec.h + 1,
                      ~std::uint64_t{0}, u, seen, n_seen);
        if (e.unavailable) throw need_for(m_values, n, e.length, e.missing);
        if (n_seen) stop = std::max(stop, seen[n_seen - 1].split);
        if (u.remaining == 0) {
            record_scan(n, stop);
            return c;
        }
    }
    ++m_counters.full_scans;
    for (unsigned i = 0; i < 8; ++i)
        if (u.words[i])
            return static_cast<Grundy>(64 * i +
                                       static_cast<unsigned>(std::countr_zero(u.words[i])));
    return c; // not reached: u is not empty
}

Grundy WindowedSweep::by_definition(std::uint64_t n) {
    const std::uint32_t now = new_stamp();
    std::uint32_t* stamp = m_stamp.data();
    for (Heap k : m_rules.leave_none)
        if (k == n) stamp[0] = now;
    for (Heap k : m_rules.leave_one)
        if (k < n) stamp[m_values[n - k]] = now;
    std::uint64_t lengths[MAX_LENGTHS];
    const unsigned n_lengths = split_lengths(n, lengths);
    SplitRuns runs(m_values.view());
    for (unsigned i = 0; i < n_lengths; ++i) {
        const std::uint64_t length = lengths[i], last = last_split(length);
        for (std::uint64_t a = 1; a <= last;) {
            const std::uint16_t *lo = nullptr, *hi = nullptr;
            const std::uint64_t count = runs.at(length, a, last - a + 1, lo, hi);
            if (!count)
                throw std::logic_error("the windowed sweep dropped a value the definition needs");
            for (std::uint64_t x = 0; x < count; ++x)
                stamp[lo[x] ^ hi[x]] = now;
            a += count;
        }
    }
    Grundy v = 0;
    while (stamp[v] == now)
        ++v;
    return v;
}

// Values of 512 or more: the split in scalar code, reading values one at a time.
Grundy WindowedSweep::by_portable(std::uint64_t n) {
    const std::uint32_t now = new_stamp();
    std::uint32_t* stamp = m_stamp.data();
    std::vector<Grundy> options;
    for (Heap k : m_rules.leave_none)
        if (k == n) options.push_back(0);
    for (Heap k : m_rules.leave_one)
        if (k < n) options.push_back(m_values[n - k]);
    for (Grundy v : options)
        stamp[v] = now;
    std::uint64_t lengths[MAX_LENGTHS];
    const unsigned n_lengths = split_lengths(n, lengths);
    for (unsigned i = 0; i < n_lengths; ++i)
        for (const SparsePart& p : m_rare) {
            if (p.heap >= lengths[i]) break;
            if (!m_rules.equal_splits && 2 * std::uint64_t{p.heap} == lengths[i]) continue;
            if (!m_values.holds(lengths[i] - p.heap))
                throw NeedRestart{0, std::bit_ceil(8 * (n - (lengths[i] - p.heap) + 1)), 0,
                                  std::bit_ceil(2 * (n - (lengths[i] - p.heap) + 1))};
            stamp[p.value ^ m_values[lengths[i] - p.heap]] = now;
        }
    const unsigned common = common_class(n);
    Grundy c = m_bound;
    while (static_cast<unsigned>(std::popcount(c & m_mask.mask) & 1) != common)
        ++c;
    for (std::uint16_t v : m_class[common])
        if (stamp[v] != now) {
            c = v;
            break;
        }
    std::vector<bool> wanted(c, false);
    std::uint64_t remaining = 0;
    for (Grundy v = 0; v < c; ++v)
        if (static_cast<unsigned>(std::popcount(v & m_mask.mask) & 1) != common) wanted[v] = true;
    for (Grundy v : options)
        if (v < c) wanted[v] = false;
    if (m_rules.equal_splits)
        for (unsigned i = 0; i < n_lengths; ++i)
            if (lengths[i] % 2 == 0 && c > 0) wanted[0] = false;
    for (Grundy v = 0; v < c; ++v)
        remaining += wanted[v];
    if (remaining == 0) return c;
    std::uint64_t longest = 0;
    for (unsigned i = 0; i < n_lengths; ++i)
        longest = std::max(longest, last_split(lengths[i]));
    for (std::uint64_t a = 1; a <= longest; ++a)
        for (unsigned i = 0; i < n_lengths; ++i) {
            if (a > last_split(lengths[i])) continue;
            if (!m_values.holds(a) || !m_values.holds(lengths[i] - a))
                throw need_for(m_values, n, lengths[i], a);
            const Grundy x = m_values[a] ^ m_values[lengths[i] - a];
            if (x < c && wanted[x]) {
                wanted[x] = false;
                if (--remaining == 0) {
                    record_scan(n, a);
                    return c;
                }
            }
        }
    ++m_counters.full_scans;
    for (Grundy v = 0; v < c; ++v)
        if (wanted[v]) return v;
    return c; // not reached: remaining > 0
}

} // namespace cgt::impartial
