#include "impartial/windowed_sweep.hpp"

#include "impartial/windowed_block.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

namespace cgt::impartial {

namespace {
// As FrontierSweep: the split is first considered at 256 heaps, and used while at most a
// quarter of the heaps are rare (1/32 once values reach 512).
constexpr std::uint64_t MIN_SPLIT_HEAPS = 256;
constexpr std::uint64_t RARE_SHARE = 4;
constexpr std::uint64_t RARE_SHARE_PORTABLE = 32;
// Grundy's sparse classes: parity of every bit but bit 0.
constexpr Grundy SPARSE_MASK = 0xFFFE;
// Rare heaps are numbered in 32 bits (SparsePart); the window never exceeds this.
constexpr std::uint64_t MAX_WINDOW = std::uint64_t{1} << 32;

bool parity(Grundy v) {
    return (std::popcount(v) & 1) != 0;
}

unsigned block_heaps_for(const WindowConfig& c) {
    if (c.block_heaps) return c.block_heaps;
    // One thread: 32, one heap at a time. More: the largest block (run_frontier's threads
    // meet once a block).
    return c.threads == 1 ? MARK_BLOCK : MAX_BLOCK;
}

void check_config(const WindowConfig& c) {
    if (c.threads < 1) throw std::invalid_argument("a sweep needs at least one thread");
    if (c.block_heaps % MARK_BLOCK != 0 || c.block_heaps > MAX_BLOCK)
        throw std::invalid_argument("the block must be a multiple of 32 heaps up to 512, got " +
                                    std::to_string(c.block_heaps));
    if (!std::has_single_bit(c.window_heaps) || c.window_heaps > MAX_WINDOW)
        throw std::invalid_argument("the window must be a power of two up to 2^32 heaps, got " +
                                    std::to_string(c.window_heaps));
    if (c.prefix_heaps < 1) throw std::invalid_argument("the prefix must hold at least one heap");
    if (!scan_kernel_available(c.kernel))
        throw std::invalid_argument(std::string("scan kernel ") + scan_kernel_name(c.kernel) +
                                    " is not available on this processor");
}
} // namespace

std::string growth_text(const WindowGrowth& g) {
    return std::string(g.restart ? "starting again from heap 0" : "growing in place") +
           " at heap " + std::to_string(g.heaps_done) + ": the sweep's prefix " +
           std::to_string(g.prefix_heaps) + " -> " + std::to_string(g.new_prefix_heaps) +
           " heaps, window " + std::to_string(g.window_heaps) + " -> " +
           std::to_string(g.new_window_heaps) + " heaps, " +
           (g.value_bytes() < (1u << 20) ? std::to_string(g.value_bytes() >> 10) + " KiB"
                                         : std::to_string(g.value_bytes() >> 20) + " MiB") +
           " of values";
}

WindowedSweep::WindowedSweep(HeapRules rules, WindowConfig config)
    : m_rules(std::move(rules)), m_config(config), m_phase(m_rules.split_phase()),
      m_values(1, 64), m_block(std::make_unique<Block>()) {
    check_config(m_config);
    m_config.block_heaps = block_heaps_for(m_config);
    if (!m_rules.leave_two.empty()) {
        m_k_min = m_rules.leave_two.front();
        m_k_max = m_rules.leave_two.back();
    }
    // The block's reads stay inside the prefix and window (windowed_heap.cpp relies on it).
    m_config.prefix_heaps = std::max<std::uint64_t>(m_config.prefix_heaps, 2 * MAX_BLOCK);
    m_config.window_heaps = std::max<std::uint64_t>(
        m_config.window_heaps, std::bit_ceil(4 * (MAX_BLOCK + std::uint64_t{m_k_max})));
    if (m_config.threads > 1) m_pool = std::make_unique<SweepPool>(m_config.threads);
    set_growth_base(m_config);
    reset(m_config.prefix_heaps, m_config.window_heaps);
}

void WindowedSweep::set_growth_base(const WindowConfig& asked) {
    m_base_prefix = std::max<std::uint64_t>(asked.prefix_heaps, 2 * MAX_BLOCK);
    m_base_window = std::max<std::uint64_t>(
        asked.window_heaps, std::bit_ceil(4 * (MAX_BLOCK + std::uint64_t{m_k_max})));
}

// Without max_growth, no cap: max_memory_heaps and 2^32 heaps of window bound the growth.
std::uint64_t WindowedSweep::prefix_cap() const {
    if (!m_config.max_growth) return std::numeric_limits<std::uint64_t>::max();
    return m_config.max_growth * m_base_prefix;
}

std::uint64_t WindowedSweep::window_cap() const {
    if (!m_config.max_growth) return std::numeric_limits<std::uint64_t>::max();
    return std::bit_floor(m_config.max_growth * m_base_window);
}

void WindowedSweep::report_growth(bool restart, std::uint64_t prefix_heaps,
                                  std::uint64_t window_heaps) const {
    if (!m_config.on_growth) return;
    m_config.on_growth(WindowGrowth{.restart = restart,
                                    .heaps_done = size(),
                                    .prefix_heaps = m_config.prefix_heaps,
                                    .window_heaps = m_config.window_heaps,
                                    .new_prefix_heaps = prefix_heaps,
                                    .new_window_heaps = window_heaps});
}

WindowedSweep::~WindowedSweep() = default;
WindowedSweep::WindowedSweep(WindowedSweep&&) noexcept = default;
WindowedSweep& WindowedSweep::operator=(WindowedSweep&&) noexcept = default;

void WindowedSweep::reset(std::uint64_t prefix_heaps, std::uint64_t window_heaps) {
    m_config.prefix_heaps = prefix_heaps;
    m_config.window_heaps = window_heaps;
    m_values = ValueWindow(prefix_heaps, window_heaps);
    m_frozen = false;
    m_bound = 2;
    m_counts.assign(2 * std::size_t{m_bound}, 0);
    m_last.assign(2 * std::size_t{m_bound}, 0);
    m_largest = 0;
    m_largest_at = 0;
    m_stats.clear();
    m_records.clear();
    m_scan = {};
    const std::uint64_t restarts = m_counters.restarts;
    m_counters = {};
    m_counters.restarts = restarts;
    m_split = false;
    m_rare.clear();
    m_mask = {};
    if (m_config.fixed_sparse_classes) {
        RareMask sparse;
        sparse.mask = SPARSE_MASK;
        use_mask(sparse);
        m_split = true;
    } else {
        use_mask(RareMask{});
    }
}

std::uint64_t WindowedSweep::value_count(Grundy v) const {
    if (2 * std::size_t{v} + 1 >= m_counts.size()) return 0;
    return m_counts[2 * std::size_t{v}] + m_counts[2 * std::size_t{v} + 1];
}

std::int64_t WindowedSweep::value_last(Grundy v) const {
    std::int64_t last = -1;
    for (std::size_t b = 0; b < 2; ++b) {
        const std::size_t i = 2 * std::size_t{v} + b;
        if (i < m_counts.size() && m_counts[i])
            last = std::max(last, static_cast<std::int64_t>(m_last[i]));
    }
    return last;
}

std::uint64_t WindowedSweep::memory_bytes() const {
    const Block& b = *m_block;
    return m_values.memory_bytes() + sizeof(SparsePart) * m_rare.capacity() +
           sizeof(std::uint64_t) * (m_counts.capacity() + m_last.capacity()) + b.marks.capacity() +
           sizeof(FirstSeen) * b.seen.capacity() + sizeof(HeapSpec) * b.specs.capacity();
}

unsigned WindowedSweep::common_class(std::uint64_t n) const {
    return 1u ^ (m_mask.position_parity ? static_cast<unsigned>((n + m_mask.phase) & 1) : 0u);
}

bool WindowedSweep::is_rare(std::uint64_t n, Grundy value) const {
    return static_cast<unsigned>(parity(value & m_mask.mask)) != common_class(n);
}

void WindowedSweep::grow_bound(Grundy value) {
    if (value >= VALUE_LIMIT)
        throw std::overflow_error("G(" + std::to_string(size()) + ") = " + std::to_string(value) +
                                  " does not fit the windowed sweep's 16-bit values");
    while (m_bound <= value)
        m_bound *= 2;
    m_counts.resize(2 * std::size_t{m_bound}, 0);
    m_last.resize(2 * std::size_t{m_bound}, 0);
    use_mask(m_mask);
}

void WindowedSweep::use_mask(const RareMask& mask) {
    const bool same = m_split && mask.mask == m_mask.mask &&
                      mask.position_parity == m_mask.position_parity && mask.phase == m_mask.phase;
    // Assigned only if it changes: grow_bound passes the mask in use while run_frontier's
    // guesses read it (a store of the same value is still a data race).
    if (!(mask == m_mask)) m_mask = mask;
    for (auto& c : m_class)
        c.clear();
    for (Grundy v = 0; v < m_bound; ++v)
        m_class[parity(v & m_mask.mask)].push_back(static_cast<std::uint16_t>(v));
    // The words depend on the mask alone and are written only if they change: run_frontier's
    // guesses read them while a heap whose value raises the bound (same mask) is settled.
    std::array<std::uint64_t, 8> words[2]{};
    for (Grundy v = 0; v < SIMD_BOUND; ++v)
        words[parity(v & m_mask.mask)][v >> 6] |= std::uint64_t{1} << (v & 63);
    for (unsigned c = 0; c < 2; ++c)
        if (words[c] != m_class_words[c]) m_class_words[c] = words[c];
    if (same) return;
    if (m_values.dropped_any())
        throw std::logic_error("the windowed sweep changed its mask after dropping values");
    m_rare.clear();
    for (std::uint64_t h = 1; h < size(); ++h)
        if (is_rare(h, m_values[h])) m_rare.push_back({static_cast<std::uint32_t>(h), m_values[h]});
}

PowerStats WindowedSweep::stats_now() const {
    PowerStats s;
    s.heaps = size();
    s.largest = m_largest;
    s.largest_at = m_largest_at;
    s.frequency.resize(std::size_t{m_largest} + 1);
    for (Grundy v = 0; v <= m_largest; ++v)
        s.frequency[v] = m_counts[2 * v] + m_counts[2 * v + 1];
    s.mask = best_mask_of_counts(m_counts, s.heaps, m_phase.has_value(), m_phase.value_or(0));
    // Entry (v, b) holds the heaps h with value v and (h + phase) & 1 = b; under a +pos mask
    // a heap is rare when parity(v & mask) equals that bit.
    for (std::size_t i = 0; i < m_counts.size(); ++i) {
        if (!m_counts[i]) continue;
        const bool pos = s.mask.position_parity && (i & 1);
        if (parity(static_cast<Grundy>(i >> 1) & s.mask.mask) == pos)
            s.last_rare = std::max(s.last_rare, static_cast<std::int64_t>(m_last[i]));
    }
    return s;
}

void WindowedSweep::at_power_of_two() {
    m_stats.push_back(stats_now());
    if (m_config.fixed_sparse_classes || m_frozen) return;
    const std::uint64_t heaps = size();
    const RareMask& best = m_stats.back().mask;
    const std::uint64_t share = m_bound <= SIMD_BOUND ? RARE_SHARE : RARE_SHARE_PORTABLE;
    if (m_rules.leave_two.empty() || heaps < MIN_SPLIT_HEAPS || best.rare_heaps * share > heaps) {
        m_split = false;
        return;
    }
    use_mask(best);
    m_split = true;
}

void WindowedSweep::push(std::uint64_t n, Grundy value) {
    if (value >= m_bound) grow_bound(value);
    m_values.push(static_cast<std::uint16_t>(value));
    const std::size_t i = (std::size_t{value} << 1) | ((n + m_phase.value_or(0)) & 1);
    ++m_counts[i];
    m_last[i] = n;
    if (n == 0 || value > m_largest) {
        m_largest = value;
        m_largest_at = n;
        m_records.push_back({n, value});
    }
    if (m_split && n > 0 && is_rare(n, value)) {
        if (n >= MAX_WINDOW)
            throw std::runtime_error("rare heap " + std::to_string(n) + " beyond 2^32");
        m_rare.push_back({static_cast<std::uint32_t>(n), value});
        // Step 1 of every later heap reads G(L - n): it must stay in the window.
        const std::uint64_t margin = m_config.block_heaps + m_k_max + MARK_BLOCK;
        if (m_values.dropped_any() && n + margin > m_config.window_heaps)
            throw NeedRestart{0, std::bit_ceil(2 * (n + margin)), 0, std::bit_ceil(n + margin)};
    }
    if (std::has_single_bit(n + 1)) at_power_of_two();
}

void WindowedSweep::before_dropping(std::uint64_t next) {
    if (m_values.dropped_any() || next <= m_config.window_heaps) return;
    // About to drop G(0..): the largest rare heap must stay within the window, and a game
    // valued by the definition keeps everything.
    std::uint64_t window = m_config.window_heaps;
    const std::uint64_t margin = m_config.block_heaps + m_k_max + MARK_BLOCK;
    const std::uint64_t largest_rare = m_rare.empty() ? 0 : m_rare.back().heap;
    if (!m_split) window *= 2;
    while (largest_rare + margin > window)
        window *= 2;
    if (window > MAX_WINDOW)
        throw std::runtime_error("the windowed sweep would need a window beyond 2^32 heaps");
    if (window > window_cap())
        throw GrowthLimit("the windowed sweep would need a window of " + std::to_string(window) +
                          " heaps, more than " + std::to_string(m_config.max_growth) +
                          " times the " + std::to_string(m_base_window) +
                          " configured: configure a larger window");
    if (window > m_config.window_heaps) {
        report_growth(false, m_config.prefix_heaps, window);
        m_values.grow_window(window);
        m_config.window_heaps = window;
        return;
    }
    m_frozen = true;
}

void WindowedSweep::run_to(std::uint64_t heaps) {
    if (heaps > MAX_HEAPS)
        throw std::invalid_argument("the windowed sweep goes to 2^40 heaps, not " +
                                    std::to_string(heaps));
    bool restarted = false;
    for (;;) {
        try {
            m_values.reserve(heaps);
            if (!restarted || !m_config.keep_going) {
                run_blocks(heaps);
                return;
            }
            while (size() < heaps) {
                run_blocks(std::min(heaps, size() + RECOMPUTE_STEP));
                if (size() < heaps && !m_config.keep_going()) return;
            }
            return;
        } catch (const NeedRestart& need) {
            // As generous as need asks, within max_growth times the configured sizes, if
            // that still holds the value that was missing.
            const std::uint64_t prefix = std::max(
                m_config.prefix_heaps, std::min(std::bit_ceil(need.prefix_heaps), prefix_cap()));
            const std::uint64_t window = std::max(
                m_config.window_heaps, std::min(std::bit_ceil(need.window_heaps), window_cap()));
            const auto beyond = [&](const char* what, std::uint64_t least, std::uint64_t base) {
                throw GrowthLimit(std::string("the windowed sweep needs a ") + what + " of " +
                                  std::to_string(least) + " heaps at heap " +
                                  std::to_string(size()) + ", more than " +
                                  std::to_string(m_config.max_growth) + " times the " +
                                  std::to_string(base) + " configured: configure a larger " + what);
            };
            if (need.least_prefix > prefix) beyond("prefix", need.least_prefix, m_base_prefix);
            if (need.least_window > window) beyond("window", need.least_window, m_base_window);
            if (prefix == m_config.prefix_heaps && window == m_config.window_heaps)
                throw std::logic_error(
                    "the windowed sweep would start again with the same prefix and window");
            if (prefix + window > m_config.max_memory_heaps || window > MAX_WINDOW)
                throw std::runtime_error("the windowed sweep needs a prefix of " +
                                         std::to_string(prefix) + " and a window of " +
                                         std::to_string(window) + " heaps, beyond its limit of " +
                                         std::to_string(m_config.max_memory_heaps));
            ++m_counters.restarts;
            report_growth(true, prefix, window);
            reset(prefix, window);
            restarted = true;
        }
    }
}

std::optional<Period> WindowedSweep::proven_period(bool* before_window) const {
    // proven_period_guy_smith's walk, reading the window where it lies.
    const ValueWindow& g = m_values;
    const std::uint64_t n = size(), t = m_rules.largest_removal, low = g.window_start();
    if (before_window) *before_window = false;
    bool skipped = false;
    for (std::uint64_t p = 1; 2 * p + t <= n; ++p) {
        std::uint64_t start = n - p;
        while (start > low && g[start - 1] == g[start - 1 + p])
            --start;
        const bool proves = 2 * start + 2 * p + t <= n;
        if (start == low && low > 0) { // the run goes on before the window: n0 unknown
            if (before_window && n - start >= 2 * p) *before_window = true;
        } else if (proves) {
            return Period{static_cast<Heap>(start), static_cast<Heap>(p)};
        }
        if (skipped || n - start < 2 * p) continue;
        skipped = true;
        const std::uint64_t reach = std::min(n / 2, n - start);
        if (reach > 2 * p) p = reach - p;
    }
    return std::nullopt;
}

} // namespace cgt::impartial
