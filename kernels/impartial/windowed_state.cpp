// The windowed sweep's saved state: little-endian 64-bit words (values as 16-bit words), in
// the order written below, after a magic word and the game's moves (so that a state is not
// restored into another game).
#include "impartial/windowed_block.hpp"
#include "impartial/windowed_sweep.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

namespace cgt::impartial {

namespace {
constexpr std::uint64_t MAGIC = 0x3157'5357'5447'4343ull; // "CCGTWSW1"

class Writer {
  public:
    void word(std::uint64_t v) { append(&v, sizeof v); }
    void words(const std::vector<std::uint64_t>& v) {
        word(v.size());
        append(v.data(), 8 * v.size());
    }
    void values(std::span<const std::uint16_t> v) {
        word(v.size());
        append(v.data(), 2 * v.size());
    }
    // The window's values in heap order, written in place (no copy of the window first).
    void window(const ValueWindow& v) {
        const std::uint64_t first = v.window_start(), count = v.size() - first;
        word(count);
        const std::size_t at = m_out.size();
        m_out.resize(at + 2 * count);
        auto* out = m_out.data() + at;
        for (std::uint64_t m = first; m < v.size(); ++m, out += 2) {
            const std::uint16_t g = v[m];
            std::memcpy(out, &g, 2);
        }
    }
    void reserve(std::size_t bytes) { m_out.reserve(bytes); }
    std::vector<std::byte> take() { return std::move(m_out); }

  private:
    void append(const void* p, std::size_t n) {
        const auto* b = static_cast<const std::byte*>(p);
        m_out.insert(m_out.end(), b, b + n);
    }
    std::vector<std::byte> m_out;
};

class Reader {
  public:
    explicit Reader(std::span<const std::byte> in) : m_in(in) {}
    std::uint64_t word() {
        std::uint64_t v;
        take(&v, sizeof v);
        return v;
    }
    std::vector<std::uint64_t> words() {
        std::vector<std::uint64_t> v(count(8));
        take(v.data(), 8 * v.size());
        return v;
    }
    std::vector<std::uint16_t> values() {
        std::vector<std::uint16_t> v(count(2));
        take(v.data(), 2 * v.size());
        return v;
    }
    void expect(std::uint64_t v, const char* what) {
        if (word() != v)
            throw std::invalid_argument(std::string("the saved sweep state is for another ") +
                                        what);
    }
    [[nodiscard]] bool done() const { return m_at == m_in.size(); }

  private:
    std::size_t count(std::size_t unit) {
        const std::uint64_t n = word();
        if (n > (m_in.size() - m_at) / unit)
            throw std::invalid_argument("the saved sweep state ends too soon");
        return static_cast<std::size_t>(n);
    }
    void take(void* p, std::size_t n) {
        if (n > m_in.size() - m_at)
            throw std::invalid_argument("the saved sweep state ends too soon");
        std::memcpy(p, m_in.data() + m_at, n);
        m_at += n;
    }
    std::span<const std::byte> m_in;
    std::size_t m_at = 0;
};

std::vector<std::uint64_t> as_words(const std::vector<Heap>& v) {
    return {v.begin(), v.end()};
}

void write_rules(Writer& w, const HeapRules& r) {
    w.words(as_words(r.leave_none));
    w.words(as_words(r.leave_one));
    w.words(as_words(r.leave_two));
    w.word(r.equal_splits);
}

void check_rules(Reader& in, const HeapRules& r) {
    if (in.words() != as_words(r.leave_none) || in.words() != as_words(r.leave_one) ||
        in.words() != as_words(r.leave_two) || in.word() != std::uint64_t{r.equal_splits})
        throw std::invalid_argument("the saved sweep state is for another game than " + r.name);
}

void write_mask(Writer& w, const RareMask& m) {
    for (std::uint64_t v : {std::uint64_t{m.mask}, std::uint64_t{m.position_parity},
                            std::uint64_t{m.phase}, m.rare_heaps})
        w.word(v);
}

RareMask read_mask(Reader& in) {
    RareMask m;
    m.mask = static_cast<Grundy>(in.word());
    m.position_parity = in.word() != 0;
    m.phase = static_cast<unsigned>(in.word());
    m.rare_heaps = in.word();
    return m;
}
} // namespace

std::vector<std::byte> WindowedSweep::save_state() const {
    Writer w;
    // The values dominate: the buffer is allocated once (the tables' words are a few KiB
    // besides, the statistics of every power of two a few more).
    std::size_t table_words =
        64 + m_counts.size() + m_last.size() + 2 * m_records.size() + m_rare.size();
    for (const PowerStats& p : m_stats)
        table_words += 9 + p.frequency.size();
    w.reserve(8 * table_words +
              2 * (m_values.prefix().size() + m_values.size() - m_values.window_start()) + 64);
    w.word(MAGIC);
    write_rules(w, m_rules);
    w.word(m_config.fixed_sparse_classes);
    for (std::uint64_t v :
         {m_config.prefix_heaps, m_config.window_heaps, size(), std::uint64_t{m_frozen},
          std::uint64_t{m_bound}, std::uint64_t{m_largest}, m_largest_at, std::uint64_t{m_split}})
        w.word(v);
    write_mask(w, m_mask);
    w.words(m_counts);
    w.words(m_last);
    w.word(m_stats.size());
    for (const PowerStats& s : m_stats) {
        for (std::uint64_t v : {s.heaps, std::uint64_t{s.largest}, s.largest_at,
                                static_cast<std::uint64_t>(s.last_rare)})
            w.word(v);
        write_mask(w, s.mask);
        w.words(s.frequency);
    }
    w.word(m_records.size());
    for (const HeapValue& r : m_records) {
        w.word(r.heap);
        w.word(r.value);
    }
    for (std::uint64_t v :
         {m_scan.common_heaps, m_scan.total_length, m_scan.longest, m_scan.longest_heap})
        w.word(v);
    const Counters& c = m_counters;
    for (std::uint64_t v :
         {c.by_definition, c.by_split, c.by_portable, c.full_scans, c.guesses_missed, c.restarts})
        w.word(v);
    w.word(m_rare.size());
    for (const SparsePart& p : m_rare)
        w.word((std::uint64_t{p.heap} << 32) | p.value);
    w.values(m_values.prefix());
    w.window(m_values);
    return w.take();
}

WindowedSweep WindowedSweep::restore(HeapRules rules, WindowConfig config,
                                     std::span<const std::byte> state) {
    Reader in(state);
    in.expect(MAGIC, "program (no windowed sweep state)");
    check_rules(in, rules);
    if (in.word() != std::uint64_t{config.fixed_sparse_classes})
        throw std::invalid_argument("the saved sweep state used other rare classes");
    const WindowConfig asked = config;
    config.prefix_heaps = in.word();
    config.window_heaps = in.word();
    WindowedSweep s(std::move(rules), config);
    s.set_growth_base(asked);
    const std::uint64_t size = in.word();
    s.m_frozen = in.word() != 0;
    s.m_bound = static_cast<Grundy>(in.word());
    s.m_largest = static_cast<Grundy>(in.word());
    s.m_largest_at = in.word();
    s.m_split = in.word() != 0;
    s.m_mask = read_mask(in);
    s.m_counts = in.words();
    s.m_last = in.words();
    if (s.m_bound < 2 || !std::has_single_bit(s.m_bound) || s.m_bound > VALUE_LIMIT ||
        s.m_counts.size() != 2 * std::size_t{s.m_bound} || s.m_last.size() != s.m_counts.size())
        throw std::invalid_argument("the saved sweep state is damaged (value bound)");
    s.m_stats.resize(in.word());
    for (PowerStats& p : s.m_stats) {
        p.heaps = in.word();
        p.largest = static_cast<Grundy>(in.word());
        p.largest_at = in.word();
        p.last_rare = static_cast<std::int64_t>(in.word());
        p.mask = read_mask(in);
        p.frequency = in.words();
    }
    s.m_records.resize(in.word());
    for (HeapValue& r : s.m_records) {
        r.heap = in.word();
        r.value = static_cast<Grundy>(in.word());
    }
    for (std::uint64_t* v : {&s.m_scan.common_heaps, &s.m_scan.total_length, &s.m_scan.longest,
                             &s.m_scan.longest_heap})
        *v = in.word();
    Counters& c = s.m_counters;
    for (std::uint64_t* v : {&c.by_definition, &c.by_split, &c.by_portable, &c.full_scans,
                             &c.guesses_missed, &c.restarts})
        *v = in.word();
    s.m_rare.resize(in.word());
    for (SparsePart& p : s.m_rare) {
        const std::uint64_t v = in.word();
        p = {static_cast<std::uint32_t>(v >> 32), static_cast<std::uint32_t>(v & 0xFFFF'FFFFu)};
    }
    const auto prefix = in.values();
    const auto window = in.values();
    if (!in.done()) throw std::invalid_argument("the saved sweep state has bytes past its end");
    s.m_values = ValueWindow::from_parts(s.m_config.prefix_heaps, s.m_config.window_heaps, size,
                                         prefix, window);
    // The class tables follow from the mask and the bound.
    const std::vector<SparsePart> rare = std::move(s.m_rare);
    const bool split = s.m_split;
    s.m_split = true; // use_mask with the same mask keeps the rare heaps
    s.use_mask(s.m_mask);
    s.m_split = split;
    s.m_rare = rare;
    return s;
}

} // namespace cgt::impartial
