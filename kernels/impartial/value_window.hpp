#pragma once
// The values a windowed sweep keeps: a prefix G(0..P-1), kept for good, and a window of the
// last W values G(size-W..size-1), a ring buffer whose memory does not grow with the number of
// heaps. The sparse-space step reads little else: the first heaps (the small parts of the
// splits it scans) and the heaps just behind n (their complements, and n - r for every rare
// heap r, all within W of n once W exceeds the largest rare heap).
//
// The ring is stored backwards: G(m) is at ring[slot(m)], slot(m) = (W - 1 - m) mod W, so that
// G(n - a) for a = a0, a0 + 1, ... lies at ascending addresses until the ring wraps. Its first
// MIRROR slots are repeated after its end, so a load of up to MIRROR values starting at any
// slot stays valid. A scan pairs G(a) (prefix, ascending) with G(n - a) (ring, ascending in a)
// with two plain loads, no reversal.
//
// While no value has been dropped (size <= W) the ring can grow in place (grow_window); once
// values are dropped, what is gone is gone: a caller that needs it must start again.
//
// The ring grows in place: its storage is an anonymous mapping that mremap enlarges (the pages
// are moved, not copied), and since every held m lies below the old slot count S, G(m) moves
// from slot S - 1 - m to T - 1 - m = (T - S) + (S - 1 - m): the old slots, unchanged, become
// the new ring's top. So a ring growing to T slots never holds more than T slots (a vector
// would hold S + T while it copies: the peak of a run is its last doubling).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cgt::impartial {

// What a reader of a ValueWindow's values needs, copied out of it: a small value each thread
// holds for itself. The window's own members change with every push; threads that read them
// while another pushes would pull their cache line back and forth at every heap.
class ValueView {
  public:
    ValueView() = default;
    ValueView(const std::uint16_t* prefix, std::uint64_t prefix_size, std::uint64_t prefix_limit,
              const std::uint16_t* ring, std::uint64_t ring_slots, std::uint64_t size,
              std::uint64_t window_start)
        : m_prefix(prefix), m_prefix_size(prefix_size), m_prefix_limit(prefix_limit),
          m_ring(ring), m_ring_slots(ring_slots), m_size(size), m_start(window_start) {}
    // The same values, deemed held only below `size` (<= size()).
    [[nodiscard]] ValueView upto(std::uint64_t size) const {
        ValueView v = *this;
        v.m_size = size;
        return v;
    }

    // As ValueWindow's: see there.
    [[nodiscard]] std::uint64_t size() const { return m_size; }
    [[nodiscard]] std::uint64_t window_start() const { return m_start; }
    [[nodiscard]] bool holds(std::uint64_t m) const {
        return m < m_size && (m < m_prefix_limit || m >= window_start());
    }
    [[nodiscard]] std::uint16_t operator[](std::uint64_t m) const {
        return m < m_prefix_size ? m_prefix[m] : m_ring[slot(m)];
    }
    [[nodiscard]] std::span<const std::uint16_t> prefix() const {
        return {m_prefix, m_prefix_size};
    }
    [[nodiscard]] const std::uint16_t* ring() const { return m_ring; }
    [[nodiscard]] std::uint64_t slot(std::uint64_t m) const { return (~m) & (m_ring_slots - 1); }
    [[nodiscard]] std::uint64_t run_down_from(std::uint64_t m) const {
        return m_ring_slots - slot(m);
    }

  private:
    const std::uint16_t* m_prefix = nullptr;
    std::uint64_t m_prefix_size = 0;
    std::uint64_t m_prefix_limit = 0;
    const std::uint16_t* m_ring = nullptr;
    std::uint64_t m_ring_slots = 1;
    std::uint64_t m_size = 0;
    std::uint64_t m_start = 0;
};

class ValueWindow {
  public:
    static constexpr std::uint64_t MIRROR = 64;

    // prefix_heaps >= 1; window_heaps a power of two >= 64. Memory grows with the values held
    // up to 2 * (prefix_heaps + window_heaps + MIRROR) bytes and no further.
    ValueWindow(std::uint64_t prefix_heaps, std::uint64_t window_heaps);

    // Appends G(size()).
    void push(std::uint16_t value) {
        const std::uint64_t m = m_size;
        if (m < m_prefix_limit) m_prefix.push_back(value);
        if (m >= m_ring_slots && m_ring_slots < m_window) grow_ring(m + 1);
        ++m_size;
        const std::uint64_t s = slot(m);
        m_ring[s] = value;
        if (s < MIRROR) m_ring[m_ring_slots + s] = value;
    }

    [[nodiscard]] std::uint64_t size() const { return m_size; }
    [[nodiscard]] std::uint64_t prefix_heaps() const { return m_prefix_limit; }
    [[nodiscard]] std::uint64_t window_heaps() const { return m_window; }
    // The first heap the window holds (0 until values are dropped).
    // (The reads are view()'s, which says them once.)
    [[nodiscard]] std::uint64_t window_start() const { return view().window_start(); }
    [[nodiscard]] bool dropped_any() const { return m_size > m_window; }
    // Whether G(m) is held (in the prefix or the window), m < size().
    [[nodiscard]] bool holds(std::uint64_t m) const { return view().holds(m); }
    // G(m); requires holds(m).
    [[nodiscard]] std::uint16_t operator[](std::uint64_t m) const { return view()[m]; }

    // The values now, as a view.
    [[nodiscard]] ValueView view() const { return view_until(m_size); }
    // A view for readers while values are pushed up to heap `size` (>= size()), reserve(size)
    // called first so that nothing moves: it holds G(m) for every m < size() it deems held,
    // and G(m) for size() <= m < `size` once pushed (a reader's to wait for, and to say with
    // upto()). Its window starts where the window will start at `size`, so it never deems
    // held a value that a push before then overwrites.
    [[nodiscard]] ValueView view_until(std::uint64_t size) const {
        return {m_prefix.data(), m_prefix.size(), m_prefix_limit,
                m_ring.data(),   m_ring_slots,    size,
                size > m_window ? size - m_window : 0};
    }

    // G(0..min(size, P) - 1), ascending.
    [[nodiscard]] std::span<const std::uint16_t> prefix() const { return m_prefix; }
    // The prefix's values, moved out (no copy); the window is left holding no values.
    [[nodiscard]] std::vector<std::uint16_t> release_prefix() && {
        m_ring = RingStorage{};
        m_ring_slots = 0;
        m_size = 0;
        return std::move(m_prefix);
    }
    // The ring: G(m) at ring()[slot(m)] for held m >= window_start(), valid to slot + MIRROR.
    [[nodiscard]] const std::uint16_t* ring() const { return m_ring.data(); }
    [[nodiscard]] std::uint64_t slot(std::uint64_t m) const { return view().slot(m); }
    // Slots allocated now: pushes below this heap never move the ring.
    [[nodiscard]] std::uint64_t ring_slots() const { return m_ring_slots; }
    // How many of G(m), G(m - 1), ... lie at ascending addresses from slot(m) (before the wrap).
    [[nodiscard]] std::uint64_t run_down_from(std::uint64_t m) const {
        return view().run_down_from(m);
    }

    // The window as window_values() and prefix() left it: G(0..min(size, P) - 1) and
    // G(max(0, size - W)..size - 1). std::invalid_argument if the lengths do not fit.
    static ValueWindow from_parts(std::uint64_t prefix_heaps, std::uint64_t window_heaps,
                                  std::uint64_t size, std::span<const std::uint16_t> prefix,
                                  std::span<const std::uint16_t> window);
    // Allocates the ring for heaps up to `heaps` (at most the window) at once, so that it is
    // not moved (and briefly held twice) while it grows.
    // The prefix's storage grows (at least doubling) to hold min(heaps, P) values and never
    // past P values.
    void reserve(std::uint64_t heaps) {
        if (m_ring_slots < m_window && heaps > m_ring_slots) grow_ring(heaps);
        if (m_prefix.capacity() < heaps && m_prefix.capacity() < m_prefix_limit)
            reserve_prefix(heaps);
    }
    // A bigger window (a power of two), before any value is dropped. std::logic_error after.
    void grow_window(std::uint64_t window_heaps);
    // Bytes held now.
    [[nodiscard]] std::uint64_t memory_bytes() const;
    // The values of the window in heap order, G(window_start()..size()-1).
    [[nodiscard]] std::vector<std::uint16_t> window_values() const;

  private:
    void grow_ring(std::uint64_t needed);
    void reserve_prefix(std::uint64_t heaps);
    void relayout(std::uint64_t slots);

    std::uint64_t m_prefix_limit;
    std::uint64_t m_window;
    std::uint64_t m_size = 0;
    std::vector<std::uint16_t> m_prefix;
    // Storage of 16-bit values in an anonymous mapping that grows with mremap (in place or
    // moved by the kernel, never copied), zero-filled when it grows; move-only.
    class RingStorage {
      public:
        RingStorage() = default;
        RingStorage(const RingStorage&) = delete;
        RingStorage& operator=(const RingStorage&) = delete;
        RingStorage(RingStorage&& o) noexcept : m_data(o.m_data), m_size(o.m_size) {
            o.m_data = nullptr;
            o.m_size = 0;
        }
        RingStorage& operator=(RingStorage&& o) noexcept;
        ~RingStorage();
        // size() becomes `values`, the first min(old, values) kept; std::bad_alloc if the
        // system refuses.
        void resize(std::size_t values);
        std::uint16_t& operator[](std::size_t i) { return m_data[i]; }
        const std::uint16_t& operator[](std::size_t i) const { return m_data[i]; }
        [[nodiscard]] std::uint16_t* data() { return m_data; }
        [[nodiscard]] const std::uint16_t* data() const { return m_data; }
        [[nodiscard]] std::size_t size() const { return m_size; }

      private:
        std::uint16_t* m_data = nullptr;
        std::size_t m_size = 0;
    };

    // Allocated slots (a power of two <= m_window, grown by doubling while the values fit) +
    // MIRROR.
    std::uint64_t m_ring_slots = 0;
    RingStorage m_ring;
};

} // namespace cgt::impartial
