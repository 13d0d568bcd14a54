#include "hex/parallel/proven_window.hpp"

#include <algorithm>

namespace cgt::hex {

void ProvenWindow::receive(std::span<const StoredPosition> positions) {
    m_kept.insert(m_kept.end(), positions.begin(), positions.end());
    if (m_kept.size() <= m_capacity) return;
    const std::size_t drop = m_kept.size() - m_capacity;
    m_kept.erase(m_kept.begin(), m_kept.begin() + static_cast<std::ptrdiff_t>(drop));
    m_dropped += drop;
}

std::vector<StoredPosition> ProvenWindow::take_new(int worker) {
    const auto w = static_cast<std::size_t>(worker);
    if (m_sent.size() <= w) m_sent.resize(w + 1, 0);
    // Its cursor may lie before the window's start.
    const std::uint64_t from = std::max(m_sent[w], m_dropped);
    m_sent[w] = received();
    return {m_kept.begin() + static_cast<std::ptrdiff_t>(from - m_dropped), m_kept.end()};
}

void ProvenWindow::reset(std::span<const StoredPosition> positions) {
    m_kept.clear();
    m_dropped = 0;
    m_sent.clear();
    receive(positions);
}

} // namespace cgt::hex
