#include "impartial/mex.hpp"

namespace cgt::impartial {

Grundy mex(std::span<const Grundy> values) {
    // A set of k values has its mex in 0..k, so a k+1 bitmap is enough.
    std::vector<std::uint8_t> seen(values.size() + 1, 0);
    for (Grundy v : values)
        if (v < seen.size()) seen[v] = 1;
    Grundy m = 0;
    while (seen[m]) ++m;
    return m;
}

void MexSet::mark(Grundy value) {
    if (value >= m_seen.size()) m_seen.resize(std::size_t{value} * 2 + 16, 0);
    if (!m_seen[value]) {
        m_seen[value] = 1;
        m_marked.push_back(value);
    }
}

Grundy MexSet::mex() const {
    Grundy m = 0;
    while (m < m_seen.size() && m_seen[m]) ++m;
    return m;
}

void MexSet::clear() {
    for (Grundy v : m_marked) m_seen[v] = 0;
    m_marked.clear();
}

} // namespace cgt::impartial
