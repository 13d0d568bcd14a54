#include "impartial/value_window.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

namespace cgt::impartial {

ValueWindow::ValueWindow(std::uint64_t prefix_heaps, std::uint64_t window_heaps)
    : m_prefix_limit(prefix_heaps), m_window(window_heaps) {
    if (prefix_heaps < 1) throw std::invalid_argument("the prefix must hold at least one heap");
    if (window_heaps < MIRROR || !std::has_single_bit(window_heaps))
        throw std::invalid_argument("the window must be a power of two of at least 64 heaps, got " +
                                    std::to_string(window_heaps));
}

ValueWindow::RingStorage& ValueWindow::RingStorage::operator=(RingStorage&& o) noexcept {
    if (this != &o) {
        if (m_data) ::munmap(m_data, m_size * sizeof(std::uint16_t));
        m_data = o.m_data;
        m_size = o.m_size;
        o.m_data = nullptr;
        o.m_size = 0;
    }
    return *this;
}

ValueWindow::RingStorage::~RingStorage() {
    if (m_data) ::munmap(m_data, m_size * sizeof(std::uint16_t));
}

void ValueWindow::RingStorage::resize(std::size_t values) {
    if (values == m_size) return;
    if (values == 0) {
        *this = RingStorage{};
        return;
    }
    const std::size_t bytes = values * sizeof(std::uint16_t);
    void* p = m_data ? ::mremap(m_data, m_size * sizeof(std::uint16_t), bytes, MREMAP_MAYMOVE)
                     : ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                              -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    // A new mapping, and the pages mremap adds, read as zeros.
    m_data = static_cast<std::uint16_t*>(p);
    m_size = values;
}

// Only while nothing is dropped (every held m below the old slot count S, slots >= S): G(m)
// moves from slot S - 1 - m to slots - 1 - m, i.e. the old slots [0, S) move up by slots - S
// unchanged, and the slots below them are cleared.
void ValueWindow::relayout(std::uint64_t slots) {
    const std::uint64_t old = m_ring_slots;
    if (dropped_any() || slots < old || m_size > old)
        throw std::logic_error("the ring grows in place only before it drops a value");
    m_ring.resize(slots + MIRROR);
    std::uint16_t* r = m_ring.data();
    if (old > 0) {
        std::memmove(r + (slots - old), r, old * sizeof(std::uint16_t));
        std::fill(r, r + (slots - old), std::uint16_t{0});
    }
    std::copy(r, r + MIRROR, r + slots);
    m_ring_slots = slots;
}

void ValueWindow::grow_ring(std::uint64_t needed) {
    relayout(std::min(m_window, std::max<std::uint64_t>(MIRROR, std::bit_ceil(needed))));
}

void ValueWindow::reserve_prefix(std::uint64_t heaps) {
    const std::uint64_t doubled = 2 * static_cast<std::uint64_t>(m_prefix.capacity());
    m_prefix.reserve(std::min(m_prefix_limit, std::max(heaps, doubled)));
}

void ValueWindow::grow_window(std::uint64_t window_heaps) {
    if (dropped_any()) throw std::logic_error("the window can grow only before it drops a value");
    if (!std::has_single_bit(window_heaps) || window_heaps < m_window)
        throw std::invalid_argument("a window grows to a larger power of two");
    m_window = window_heaps;
}

ValueWindow ValueWindow::from_parts(std::uint64_t prefix_heaps, std::uint64_t window_heaps,
                                    std::uint64_t size, std::span<const std::uint16_t> prefix,
                                    std::span<const std::uint16_t> window) {
    ValueWindow v(prefix_heaps, window_heaps);
    const std::uint64_t start = size > window_heaps ? size - window_heaps : 0;
    if (prefix.size() != std::min(size, prefix_heaps) || window.size() != size - start)
        throw std::invalid_argument("the saved values do not fit a prefix of " +
                                    std::to_string(prefix_heaps) + " and a window of " +
                                    std::to_string(window_heaps) + " heaps");
    v.m_prefix.assign(prefix.begin(), prefix.end());
    v.m_size = size;
    v.m_ring_slots =
        std::min(window_heaps,
                 std::max<std::uint64_t>(MIRROR, std::bit_ceil(std::max<std::uint64_t>(size, 1))));
    v.m_ring.resize(v.m_ring_slots + MIRROR);
    for (std::uint64_t m = start; m < size; ++m)
        v.m_ring[v.slot(m)] = window[m - start];
    std::copy(v.m_ring.data(), v.m_ring.data() + MIRROR, v.m_ring.data() + v.m_ring_slots);
    return v;
}

std::uint64_t ValueWindow::memory_bytes() const {
    return 2 * (m_prefix.capacity() + m_ring.size());
}

std::vector<std::uint16_t> ValueWindow::window_values() const {
    std::vector<std::uint16_t> out;
    out.reserve(m_size - window_start());
    for (std::uint64_t m = window_start(); m < m_size; ++m)
        out.push_back(m_ring[slot(m)]);
    return out;
}

} // namespace cgt::impartial
