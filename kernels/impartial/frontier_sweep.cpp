#include "impartial/frontier_sweep.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace cgt::impartial {

namespace {
// The split is first considered at this many heaps (before, every heap is cheap).
constexpr std::uint64_t MIN_SPLIT_HEAPS = 256;
// The split is used while at most 1 heap in RARE_SHARE is rare (as OctalValues does), or
// in RARE_SHARE_PORTABLE once values reach 512: the portable scan looks for hundreds of
// values one split at a time, slower than the definition's plain marking unless it stops
// early (.146 to 2^16: 21.6 s by the split at 8.7% rare heaps, ~1 s by the definition).
constexpr std::uint64_t RARE_SHARE = 4;
constexpr std::uint64_t RARE_SHARE_PORTABLE = 32;
// The SIMD path holds values below this (one 512-bit set, the rows of the block marks).
constexpr Grundy SIMD_BOUND = SWEEP_VALUE_LIMIT;
// A heap has at most this many split lengths and one-heap options (digits d0..d31).
constexpr unsigned MAX_MOVES = 64;

bool parity(Grundy v) { return (std::popcount(v) & 1) != 0; }
bool is_power_of_two(std::uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }
} // namespace

HeapRules HeapRules::octal(const OctalGame& game) {
    if (game.play() != Play::normal) throw std::invalid_argument("the frontier sweep is for normal play only");
    HeapRules rules;
    rules.name = game.code();
    rules.leave_none = game.leave_none();
    rules.leave_one = game.leave_one();
    rules.leave_two = game.leave_two();
    rules.largest_removal = game.largest_removal();
    if (rules.leave_none.size() + rules.leave_one.size() + rules.leave_two.size() > MAX_MOVES)
        throw std::invalid_argument("the frontier sweep takes games of at most " + std::to_string(MAX_MOVES) +
                                    " moves per heap, not " + rules.name);
    return rules;
}

HeapRules HeapRules::grundys_game() {
    HeapRules rules;
    rules.name = "grundy";
    rules.leave_two = {0};
    rules.equal_splits = false;
    return rules;
}

HeapRules HeapRules::parse(const std::string& text) {
    if (text == "grundy") return grundys_game();
    return octal(OctalGame::parse(text));
}

std::optional<unsigned> HeapRules::split_phase() const {
    if (leave_two.empty()) return std::nullopt;
    const unsigned phase = leave_two.front() & 1;
    for (Heap k : leave_two)
        if ((k & 1) != phase) return std::nullopt;
    return phase;
}

RareMask best_mask_of_counts(std::span<const std::uint64_t> counts, std::uint64_t heaps, bool allow_pos,
                             unsigned phase) {
    if (!is_power_of_two(counts.size()) || counts.size() < 2)
        throw std::invalid_argument("best_mask_of_counts: the histogram must have 2^b entries, b >= 1");
    std::vector<std::int64_t> w(counts.begin(), counts.end());
    for (std::size_t len = 1; len < w.size(); len <<= 1)
        for (std::size_t i = 0; i < w.size(); i += 2 * len)
            for (std::size_t j = i; j < i + len; ++j) {
                const std::int64_t x = w[j], y = w[j + len];
                w[j] = x + y;
                w[j + len] = x - y;
            }
    // W[i] = sum over heaps of (-1)^popcount(index & i): (heaps + W[i]) / 2 are rare under i.
    const auto total = static_cast<std::int64_t>(heaps);
    std::size_t best = 0;
    std::int64_t best_rare = (total + w[0]) / 2;
    for (std::size_t i = 1; i < w.size(); ++i) {
        if ((i & 1) && !allow_pos) continue;
        const std::int64_t rare = (total + w[i]) / 2;
        if (rare < best_rare) {
            best = i;
            best_rare = rare;
        }
    }
    RareMask mask;
    mask.mask = static_cast<Grundy>(best >> 1);
    mask.position_parity = (best & 1) != 0;
    mask.phase = mask.position_parity ? phase : 0;
    mask.rare_heaps = static_cast<std::uint64_t>(best_rare);
    return mask;
}

FrontierSweep::FrontierSweep(HeapRules rules, ScanKernel kernel)
    : m_rules(std::move(rules)), m_kernel(kernel), m_phase(m_rules.split_phase()),
      m_marks(std::size_t{MARK_BLOCK} * SIMD_BOUND, 0), m_recent(m_rules.leave_two.size(), 0),
      m_scan(raw_scan(kernel)) {
    m_counts.assign(2 * std::size_t{m_bound}, 0);
    if (m_rules.leave_none.size() + m_rules.leave_one.size() + m_rules.leave_two.size() > MAX_MOVES)
        throw std::invalid_argument("too many moves per heap in " + m_rules.name);
    use_mask(RareMask{});
}

FrontierSweep::FrontierSweep(HeapRules rules, std::span<const std::uint16_t> values, ScanKernel kernel)
    : FrontierSweep(std::move(rules), kernel) {
    if (values.size() > MAX_HEAPS) throw std::invalid_argument("cannot resume: more than 2^32 values");
    m_values.reserve(values.size());
    for (std::uint64_t n = 0; n < values.size(); ++n) push(n, values[n]);
}

unsigned FrontierSweep::common_class(std::uint64_t n) const {
    return 1u ^ (m_mask.position_parity ? static_cast<unsigned>((n + m_mask.phase) & 1) : 0u);
}

bool FrontierSweep::is_rare(std::uint64_t n, Grundy value) const {
    return static_cast<unsigned>(parity(value & m_mask.mask)) != common_class(n);
}

unsigned FrontierSweep::split_lengths(std::uint64_t n, std::uint64_t* lengths) const {
    unsigned count = 0;
    for (Heap k : m_rules.leave_two)
        if (n >= std::uint64_t{k} + 2) lengths[count++] = n - k;
    return count;
}

void FrontierSweep::grow_bound(Grundy value) {
    if (value >= VALUE_LIMIT)
        throw std::overflow_error("G(" + std::to_string(m_values.size()) + ") = " + std::to_string(value) +
                                  " does not fit the frontier sweep's 16-bit values");
    while (m_bound <= value) m_bound *= 2;
    m_counts.resize(2 * std::size_t{m_bound}, 0);
    if (m_bound > SIMD_BOUND) m_block_valid = false;
    use_mask(m_mask);
}

void FrontierSweep::use_mask(const RareMask& mask) {
    const bool same = m_split && mask.mask == m_mask.mask && mask.position_parity == m_mask.position_parity &&
                      mask.phase == m_mask.phase;
    m_mask = mask;
    for (auto& c : m_class) c.clear();
    for (Grundy v = 0; v < m_bound; ++v) m_class[parity(v & m_mask.mask)].push_back(static_cast<std::uint16_t>(v));
    for (auto& words : m_class_words) words.fill(0);
    for (auto& below : m_class_below) below.fill(0);
    for (Grundy v = 0; v < SIMD_BOUND; ++v) {
        const unsigned cls = parity(v & m_mask.mask);
        m_class_words[cls][v >> 6] |= std::uint64_t{1} << (v & 63);
        m_class_below[cls][v + 1] = static_cast<std::uint16_t>(m_class_below[cls][v] + 1);
        m_class_below[cls ^ 1][v + 1] = m_class_below[cls ^ 1][v];
    }
    if (same) return;
    m_rare.clear();
    for (std::uint64_t h = 1; h < m_values.size(); ++h)
        if (is_rare(h, m_values[h])) m_rare.push_back({static_cast<std::uint32_t>(h), m_values[h]});
    m_block_valid = false;
}

void FrontierSweep::push(std::uint64_t n, Grundy value) {
    if (value >= m_bound) grow_bound(value);
    m_values.push_back(static_cast<std::uint16_t>(value));
    ++m_counts[(std::size_t{value} << 1) | ((n + m_phase.value_or(0)) & 1)];
    if (n == 0 || value > m_largest) {
        m_largest = value;
        m_largest_at = n;
    }
    if (m_split && n > 0 && is_rare(n, value)) m_rare.push_back({static_cast<std::uint32_t>(n), value});
    if (is_power_of_two(n + 1)) at_power_of_two();
}

PowerStats FrontierSweep::stats_now() const {
    PowerStats s;
    s.heaps = m_values.size();
    s.largest = m_largest;
    s.largest_at = m_largest_at;
    s.frequency.resize(std::size_t{m_largest} + 1);
    for (Grundy v = 0; v <= m_largest; ++v) s.frequency[v] = m_counts[2 * v] + m_counts[2 * v + 1];
    s.mask = best_mask_of_counts(m_counts, s.heaps, m_phase.has_value(), m_phase.value_or(0));
    for (std::uint64_t h = s.heaps; h-- > 0;) {
        const bool pos = s.mask.position_parity && ((h + s.mask.phase) & 1);
        if (parity(m_values[h] & s.mask.mask) == pos) {
            s.last_rare = static_cast<std::int64_t>(h);
            break;
        }
    }
    return s;
}

void FrontierSweep::at_power_of_two() {
    m_stats.push_back(stats_now());
    const std::uint64_t heaps = m_values.size();
    const RareMask& best = m_stats.back().mask;
    const std::uint64_t share = m_bound <= SIMD_BOUND ? RARE_SHARE : RARE_SHARE_PORTABLE;
    if (m_rules.leave_two.empty() || heaps < MIN_SPLIT_HEAPS || best.rare_heaps * share > heaps) {
        m_split = false;
        m_block_valid = false;
        return;
    }
    use_mask(best);
    m_split = true;
    m_block_valid = false;
}

void FrontierSweep::run_to(std::uint64_t heaps) {
    if (heaps > MAX_HEAPS)
        throw std::invalid_argument("the frontier sweep goes to 2^32 heaps, not " + std::to_string(heaps));
    if (heaps > m_values.capacity())
        m_values.reserve(std::min<std::uint64_t>(MAX_HEAPS, std::max<std::uint64_t>(heaps, 2 * m_values.capacity())));
    while (m_values.size() < heaps) {
        const std::uint64_t n = m_values.size();
        Grundy g;
        if (!m_split) {
            g = by_definition(n);
            ++m_counters.by_definition;
        } else {
            if (n % MARK_BLOCK == 0 && m_bound <= SIMD_BOUND) start_block(n);
            g = m_block_valid && n - m_block_start < MARK_BLOCK
                    ? by_split_simd(n, static_cast<unsigned>(n - m_block_start))
                    : by_split_portable(n);
        }
        push(n, g);
    }
}

unsigned FrontierSweep::mark_one_heap_options(std::uint64_t n, Grundy* options) {
    if (m_stamp.size() < 2 * std::size_t{m_bound} + 2) m_stamp.resize(2 * std::size_t{m_bound} + 2, 0);
    if (++m_now == 0) {
        std::fill(m_stamp.begin(), m_stamp.end(), 0);
        m_now = 1;
    }
    const std::uint16_t* g = m_values.data();
    unsigned count = 0;
    for (Heap k : m_rules.leave_none)
        if (k == n) m_stamp[options[count++] = g[0]] = m_now;
    for (Heap k : m_rules.leave_one)
        if (k < n) m_stamp[options[count++] = g[n - k]] = m_now;
    return count;
}

Grundy FrontierSweep::by_definition(std::uint64_t n) {
    const std::uint16_t* g = m_values.data();
    Grundy options[MAX_MOVES];
    (void)mark_one_heap_options(n, options);
    std::uint32_t* stamp = m_stamp.data();
    const std::uint32_t now = m_now;
    for (Heap k : m_rules.leave_two) {
        if (n < std::uint64_t{k} + 2) continue;
        const std::uint64_t length = n - k, last = last_split(length);
        for (std::uint64_t a = 1; a <= last; ++a) stamp[g[a] ^ g[length - a]] = now;
    }
    Grundy v = 0;
    while (stamp[v] == now) ++v;
    return v;
}

Grundy FrontierSweep::by_split_portable(std::uint64_t n) {
    ++m_counters.by_split_portable;
    const std::uint16_t* g = m_values.data();
    Grundy options[MAX_MOVES];
    const unsigned n_options = mark_one_heap_options(n, options);
    std::uint32_t* stamp = m_stamp.data();
    const std::uint32_t now = m_now;
    std::uint64_t lengths[MAX_MOVES];
    const unsigned n_lengths = split_lengths(n, lengths);
    for (unsigned i = 0; i < n_lengths; ++i)
        for (const SparsePart& r : m_rare) {
            if (r.heap >= lengths[i]) break;
            stamp[r.value ^ g[lengths[i] - r.heap]] = now;
        }
    const unsigned common = common_class(n);
    Grundy c = m_bound + m_class[common].front();
    for (std::uint16_t v : m_class[common])
        if (stamp[v] != now) {
            c = v;
            break;
        }
    // Wanted: the values of the other class below c that no one-heap option gives.
    m_wanted.assign(std::size_t{c} / 64 + 1, 0);
    std::uint64_t remaining = 0;
    for (Grundy v = 0; v < c; ++v)
        if (static_cast<unsigned>(parity(v & m_mask.mask)) != common) {
            m_wanted[v >> 6] |= std::uint64_t{1} << (v & 63);
            ++remaining;
        }
    for (unsigned i = 0; i < n_options; ++i) {
        const Grundy v = options[i];
        if (v < c && (m_wanted[v >> 6] >> (v & 63) & 1)) {
            m_wanted[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
            --remaining;
        }
    }
    if (remaining == 0) return c;
    std::uint64_t longest = 0;
    for (unsigned i = 0; i < n_lengths; ++i) longest = std::max(longest, last_split(lengths[i]));
    for (std::uint64_t a = 1; a <= longest; ++a)
        for (unsigned i = 0; i < n_lengths; ++i) {
            if (a > last_split(lengths[i])) continue;
            const Grundy x = g[a] ^ g[lengths[i] - a];
            if (x < c && (m_wanted[x >> 6] >> (x & 63) & 1)) {
                m_wanted[x >> 6] &= ~(std::uint64_t{1} << (x & 63));
                if (--remaining == 0) return c;
            }
        }
    ++m_counters.full_scans;
    for (std::size_t w = 0; w < m_wanted.size(); ++w)
        if (m_wanted[w]) return static_cast<Grundy>(64 * w + static_cast<unsigned>(std::countr_zero(m_wanted[w])));
    return c; // not reached: remaining > 0
}

void FrontierSweep::start_block(std::uint64_t n0) {
    m_block_start = n0;
    m_block_valid = true;
    if (++m_block_stamp == 0) {
        std::fill(m_marks.begin(), m_marks.end(), std::uint8_t{0});
        m_block_stamp = 1;
    }
    // Rare parts 32 <= r < n0 - k for every split removal k: for all 32 heaps at once.
    const auto first = std::lower_bound(m_rare.begin(), m_rare.end(), 32u,
                                        [](const SparsePart& p, std::uint32_t h) { return p.heap < h; });
    for (std::size_t i = 0; i < m_rules.leave_two.size(); ++i) {
        const Heap k = m_rules.leave_two[i];
        const std::uint64_t length0 = n0 >= k ? n0 - k : 0;
        const auto end = std::lower_bound(first, m_rare.end(), std::max<std::uint64_t>(32, length0),
                                          [](const SparsePart& p, std::uint64_t h) { return p.heap < h; });
        m_recent[i] = static_cast<std::size_t>(end - m_rare.begin());
        if (n0 < std::uint64_t{k} + 33) continue;
        if (first < end)
            mark_sparse_parts(m_kernel, m_values.data(), length0,
                              std::span<const SparsePart>(&*first, static_cast<std::size_t>(end - first)),
                              m_marks.data(), m_block_stamp);
    }
}

Grundy FrontierSweep::by_split_simd(std::uint64_t n, unsigned row_index) {
    const std::uint16_t* g = m_values.data();
    std::uint8_t* const row = m_marks.data() + std::size_t{row_index} * SIMD_BOUND;
    const std::uint8_t stamp = m_block_stamp;
    Grundy options[MAX_MOVES];
    unsigned n_options = 0;
    for (Heap k : m_rules.leave_none)
        if (k == n) row[options[n_options++] = g[0]] = stamp;
    for (Heap k : m_rules.leave_one)
        if (k < n) row[options[n_options++] = g[n - k]] = stamp;
    // The rare parts the block did not mark: below 32, and from n0 - k on (found since).
    std::uint64_t lengths[MAX_MOVES];
    unsigned n_lengths = 0;
    const SparsePart* rare = m_rare.data();
    const std::size_t rare_count = m_rare.size();
    for (std::size_t i = 0; i < m_rules.leave_two.size(); ++i) {
        const Heap k = m_rules.leave_two[i];
        if (n < std::uint64_t{k} + 2) continue;
        const std::uint64_t length = lengths[n_lengths++] = n - k;
        for (std::size_t j = 0; j < rare_count && rare[j].heap < 32 && rare[j].heap < length; ++j)
            row[rare[j].value ^ g[length - rare[j].heap]] = stamp;
        for (std::size_t j = m_recent[i]; j < rare_count && rare[j].heap < length; ++j)
            row[rare[j].value ^ g[length - rare[j].heap]] = stamp;
    }
    const unsigned common = common_class(n);
    Grundy c = m_bound + m_class[common].front();
    for (std::uint16_t v : m_class[common])
        if (row[v] != stamp) {
            c = v;
            break;
        }
    if (c > SIMD_BOUND) return by_split_portable(n);
    ++m_counters.by_split_simd;
    // Wanted: the values of the other class below c that no one-heap option gives.
    std::array<std::uint64_t, 8> words = m_class_words[common ^ 1];
    for (unsigned w = 0; w < 8; ++w) {
        const unsigned lo = 64 * w;
        words[w] &= c >= lo + 64 ? ~std::uint64_t{0} : c <= lo ? 0 : (std::uint64_t{1} << (c - lo)) - 1;
    }
    unsigned remaining = m_class_below[common ^ 1][c];
    const auto take = [&](Grundy v) {
        const std::uint64_t bit = std::uint64_t{1} << (v & 63);
        remaining -= (words[v >> 6] & bit) != 0;
        words[v >> 6] &= ~bit;
    };
    for (unsigned i = 0; i < n_options; ++i)
        if (options[i] < SIMD_BOUND) take(options[i]);
    // A split into two equal heaps has value 0.
    if (m_rules.equal_splits)
        for (unsigned i = 0; i < n_lengths; ++i)
            if (lengths[i] % 2 == 0) take(0);
    if (remaining == 0) return c;
    if (n_lengths == 1) {
        const std::uint64_t last = (lengths[0] - 1) / 2;
        if (last >= 1 && m_scan(g, lengths[0], 1, last, words.data(), remaining)) return c;
    } else {
        std::uint64_t longest = 0;
        for (unsigned i = 0; i < n_lengths; ++i) longest = std::max(longest, (lengths[i] - 1) / 2);
        std::uint64_t chunk = 64;
        for (std::uint64_t a = 1; a <= longest; a += chunk, chunk = std::min<std::uint64_t>(2 * chunk, 4096))
            for (unsigned i = 0; i < n_lengths; ++i) {
                const std::uint64_t last = std::min((lengths[i] - 1) / 2, a + chunk - 1);
                if (a <= last && m_scan(g, lengths[i], a, last, words.data(), remaining)) return c;
            }
    }
    ++m_counters.full_scans;
    return ValueSet(words).smallest();
}

} // namespace cgt::impartial
