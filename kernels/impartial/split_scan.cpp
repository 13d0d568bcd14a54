#include "impartial/split_scan.hpp"

#include <algorithm>
#include <array>

namespace cgt::impartial {

namespace {
// The longest copy made for a run the layout gives backwards.
constexpr std::uint64_t COPY = 4096;
constexpr std::uint64_t FIRST_CHUNK = 64;
constexpr std::uint64_t LAST_CHUNK = 4096;
constexpr unsigned MAX_SEEN = 257;

void erase(WantedSet& w, unsigned v) {
    w.words[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
    --w.remaining;
}

// One length, splits [a, end).
ScanEnd scan_one(ScanKernel kernel, SplitRuns& runs, std::uint64_t length, std::uint64_t a,
                 std::uint64_t end, WantedSet& w, FirstSeen* seen, unsigned& n,
                 unsigned* exact_from = nullptr) {
    while (a < end) {
        const std::uint16_t *lo = nullptr, *hi = nullptr;
        const std::uint64_t count = runs.at(length, a, end - a, lo, hi);
        if (!count) return {a, false, true, length, a};
        const std::uint64_t looked =
            exact_from ? scan_last(kernel, lo, hi, count, a, w, seen, n, *exact_from)
                       : scan_first(kernel, lo, hi, count, a, w, seen, n);
        if (w.remaining == 0) return {a + looked, false, false, length};
        a += count;
    }
    return {a, false, false, length};
}
} // namespace

std::uint64_t SplitRuns::at(std::uint64_t length, std::uint64_t a, std::uint64_t want,
                            const std::uint16_t*& lo, const std::uint16_t*& hi) {
    const std::uint64_t m = length - a;
    if (!m_values.holds(a) || !m_values.holds(m)) return 0;
    std::uint64_t count = want;
    if (m >= m_values.window_start()) {
        hi = m_values.ring() + m_values.slot(m);
        count = std::min({count, m_values.run_down_from(m), m - m_values.window_start() + 1});
    } else { // in the prefix only: copied in the order of the scan
        count = std::min({count, COPY, m + 1});
        m_hi.resize(count);
        for (std::uint64_t i = 0; i < count; ++i)
            m_hi[i] = m_values[m - i];
        hi = m_hi.data();
    }
    const auto prefix = m_values.prefix();
    if (a < prefix.size()) {
        lo = prefix.data() + a;
        count = std::min<std::uint64_t>(count, prefix.size() - a);
    } else { // in the ring only, which runs backwards
        count = std::min({count, COPY, m_values.size() - a});
        m_lo.resize(count);
        for (std::uint64_t i = 0; i < count; ++i)
            m_lo[i] = m_values[a + i];
        lo = m_lo.data();
    }
    return count;
}

ScanEnd scan_from(ScanKernel kernel, SplitRuns& runs, const SplitLengths& lengths,
                  std::uint64_t from, std::uint64_t limit, WantedSet& w, FirstSeen* seen,
                  unsigned& n, unsigned* exact_from) {
    std::uint64_t longest = 0;
    for (unsigned i = 0; i < lengths.count; ++i)
        longest = std::max(longest, lengths.last(lengths.lengths[i]));
    longest = std::min(longest, limit);
    if (w.remaining == 0 || from > longest)
        return {std::max(from, longest + 1), w.remaining > 0, false, 0};
    if (lengths.count == 1) {
        ScanEnd e =
            scan_one(kernel, runs, lengths.lengths[0], from, longest + 1, w, seen, n, exact_from);
        e.exhausted = !e.unavailable && w.remaining > 0;
        return e;
    }
    // Several lengths: each scans a chunk with the values wanted at its start; a value's
    // first sighting is the least over the lengths.
    std::array<FirstSeen, MAX_SEEN> local;
    thread_local std::vector<FirstSeen> merged;
    merged.resize(std::size_t{MAX_SEEN} * lengths.count);
    std::uint64_t chunk = FIRST_CHUNK;
    for (std::uint64_t a = from; a <= longest;
         a += chunk, chunk = std::min(2 * chunk, LAST_CHUNK)) {
        const std::uint64_t end = std::min(a + chunk, longest + 1);
        std::size_t found = 0;
        for (unsigned i = 0; i < lengths.count; ++i) {
            const std::uint64_t length = lengths.lengths[i];
            WantedSet wi = w;
            unsigned ni = 0;
            const ScanEnd e =
                scan_one(kernel, runs, length, a, std::min(end, lengths.last(length) + 1), wi,
                         local.data(), ni);
            // The chunk is not counted (end = a), but the split that was not held is named.
            if (e.unavailable) return {a, false, true, length, e.end};
            for (unsigned k = 0; k < ni; ++k)
                merged[found++] = local[k];
        }
        std::sort(merged.begin(), merged.begin() + static_cast<std::ptrdiff_t>(found),
                  [](const FirstSeen& x, const FirstSeen& y) { return x.split < y.split; });
        for (std::size_t k = 0; k < found; ++k) {
            const unsigned v = merged[k].value;
            if (!((w.words[v >> 6] >> (v & 63)) & 1)) continue; // seen earlier in this chunk
            erase(w, v);
            seen[n++] = merged[k];
            if (w.remaining == 0) return {merged[k].split + 1, false, false, 0};
        }
    }
    return {longest + 1, true, false, 0};
}

} // namespace cgt::impartial
