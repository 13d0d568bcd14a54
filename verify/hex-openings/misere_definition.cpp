#include "verify/hex-openings/misere_definition.hpp"

#include <stdexcept>
#include <string>

namespace cgt::verify::hex_openings {

MisereDefinition::MisereDefinition(int n) : m_n(n) {
    if (n < 1 || n > MAX_SIZE)
        throw std::invalid_argument("MisereDefinition: n must be 1.." + std::to_string(MAX_SIZE) +
                                    ", got " + std::to_string(n));
    const int cells = n * n;
    m_neighbours.assign(static_cast<std::size_t>(cells), 0);
    const int dr[] = {0, 0, -1, -1, 1, 1}, dc[] = {-1, 1, 0, 1, 0, -1};
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            for (int k = 0; k < 6; ++k) {
                const int rr = r + dr[k], cc = c + dc[k];
                if (rr >= 0 && rr < n && cc >= 0 && cc < n)
                    m_neighbours[static_cast<std::size_t>(r * n + c)] |= std::uint32_t{1}
                                                                         << (rr * n + cc);
            }
    std::uint32_t p = 1;
    for (int i = 0; i <= cells; ++i, p *= 3)
        m_power3.push_back(p);
    m_known.assign(m_power3.back(), 0);
}

// Red joins row 0 to row n-1, blue column 0 to column n-1: a flood from the first side.
bool MisereDefinition::connects(std::uint32_t stones, bool red) const {
    std::uint32_t start = 0, goal = 0;
    for (int i = 0; i < m_n; ++i) {
        start |= std::uint32_t{1} << (red ? i : i * m_n);
        goal |= std::uint32_t{1} << (red ? (m_n - 1) * m_n + i : i * m_n + m_n - 1);
    }
    std::uint32_t reached = stones & start, frontier = reached;
    while (frontier) {
        std::uint32_t next = 0;
        for (int i = 0; i < m_n * m_n; ++i)
            if (frontier >> i & 1) next |= m_neighbours[static_cast<std::size_t>(i)];
        frontier = next & stones & ~reached;
        reached |= frontier;
    }
    return (reached & goal) != 0;
}

std::uint32_t MisereDefinition::key(std::uint32_t red, std::uint32_t blue) const {
    std::uint32_t k = 0;
    for (int i = 0; i < m_n * m_n; ++i)
        k += m_power3[static_cast<std::size_t>(i)] * ((red >> i & 1) + 2 * (blue >> i & 1));
    return k;
}

// The mover loses a move that connects their own sides; a position where the player who has
// just moved connected is won by the mover. Recursion depth at most n*n.
bool MisereDefinition::mover_wins(std::uint32_t red, std::uint32_t blue) {
    const bool red_moves = __builtin_popcount(red) == __builtin_popcount(blue);
    if (connects(red_moves ? blue : red, !red_moves)) return true;
    std::uint8_t& known = m_known[key(red, blue)];
    if (known) return known == 1;
    bool wins = false;
    const std::uint32_t empty = ((std::uint32_t{1} << (m_n * m_n)) - 1) & ~(red | blue);
    for (int i = 0; i < m_n * m_n && !wins; ++i) {
        if (!(empty >> i & 1)) continue;
        const std::uint32_t bit = std::uint32_t{1} << i;
        wins = red_moves ? !mover_wins(red | bit, blue) : !mover_wins(red, blue | bit);
    }
    known = wins ? 1 : 2;
    return wins;
}

} // namespace cgt::verify::hex_openings
