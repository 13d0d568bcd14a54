#pragma once
// The tests' exhaustive judge of misere Hex (the player who connects loses) on boards of up
// to 16 cells (4x4, 2x8, ...): every position, any stone counts, either player to move,
// decided by plain negamax over every empty cell with a memo of 2 bits per position and
// mover (3^cells positions: 21.5 MB on 4x4), and its own connection table by breadth-first
// search over (row, col) neighbours. No code shared with the kernel's solvers.
// SparseMisereReference judges positions of larger boards (up to 64 cells) with few empty
// cells the same way, its memo a hash map of the positions reached.
#include "hex/board/geometry.hpp"

#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace cgt::hex::test {

class MisereReference {
  public:
    MisereReference(int rows, int cols) : m_rows(rows), m_cols(cols), m_cells(rows * cols) {
        if (m_cells > 16) throw std::invalid_argument("MisereReference: at most 16 cells");
        std::uint32_t p = 1;
        for (int i = 0; i < m_cells; ++i, p *= 3)
            m_pow3[i] = p;
        m_positions = p;
        m_memo.assign((static_cast<std::size_t>(p) * 2 + 3) / 4, 0);
        for (int c = 0; c < 2; ++c) {
            m_joined[c].assign(std::size_t{1} << m_cells, 0);
            for (std::uint32_t own = 0; own < (1u << m_cells); ++own)
                m_joined[c][own] = joins(own, c == 0);
        }
    }
    explicit MisereReference(int size) : MisereReference(size, size) {}

    [[nodiscard]] int cells() const { return m_cells; }
    [[nodiscard]] std::uint32_t positions() const { return m_positions; }
    // Whether colour's stones (bit r*cols + c) join its edges (red: top to bottom).
    [[nodiscard]] bool connected(std::uint32_t own, Colour colour) const {
        return m_joined[colour == Colour::red ? 0 : 1][own] != 0;
    }
    // The position with base-3 index i (cell k: 0 empty, 1 red, 2 blue).
    void decode(std::uint32_t i, std::uint32_t& red, std::uint32_t& blue) const {
        red = blue = 0;
        for (int k = 0; k < m_cells; ++k, i /= 3) {
            if (i % 3 == 1) red |= 1u << k;
            if (i % 3 == 2) blue |= 1u << k;
        }
    }

    // Whether the mover wins misere Hex; nobody may have connected.
    bool wins(std::uint32_t red, std::uint32_t blue, Colour mover) {
        if (connected(red, Colour::red) || connected(blue, Colour::blue))
            throw std::invalid_argument("MisereReference::wins: a colour has connected");
        return solve(red, blue, index(red, blue), mover);
    }

  private:
    [[nodiscard]] std::uint32_t index(std::uint32_t red, std::uint32_t blue) const {
        std::uint32_t i = 0;
        for (int k = 0; k < m_cells; ++k)
            i += m_pow3[k] * (((red >> k) & 1) + 2 * ((blue >> k) & 1));
        return i;
    }
    bool solve(std::uint32_t red, std::uint32_t blue, std::uint32_t at, Colour mover) {
        const std::size_t slot = static_cast<std::size_t>(at) * 2 + (mover == Colour::blue ? 1 : 0);
        const int known = (m_memo[slot / 4] >> (2 * (slot % 4))) & 3;
        if (known) return known == 1;
        const bool is_red = mover == Colour::red;
        bool win = false;
        for (int k = 0; k < m_cells && !win; ++k) {
            const std::uint32_t b = 1u << k;
            if ((red | blue) & b) continue;
            const std::uint32_t own = (is_red ? red : blue) | b;
            if (connected(own, mover)) continue; // connecting loses
            win = is_red ? !solve(own, blue, at + m_pow3[k], Colour::blue)
                         : !solve(red, own, at + 2 * m_pow3[k], Colour::red);
        }
        m_memo[slot / 4] =
            static_cast<std::uint8_t>(m_memo[slot / 4] | ((win ? 1 : 2) << (2 * (slot % 4))));
        return win;
    }
    [[nodiscard]] bool joins(std::uint32_t own, bool red) const {
        std::vector<int> queue;
        std::uint32_t seen = 0;
        for (int k = 0; k < (red ? m_cols : m_rows); ++k) {
            const int start = red ? k : k * m_cols;
            if ((own >> start) & 1) {
                seen |= 1u << start;
                queue.push_back(start);
            }
        }
        static constexpr int DR[6] = {0, 0, -1, -1, 1, 1};
        static constexpr int DC[6] = {-1, 1, 0, 1, 0, -1};
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const int r = queue[head] / m_cols, c = queue[head] % m_cols;
            if (red ? r == m_rows - 1 : c == m_cols - 1) return true;
            for (int d = 0; d < 6; ++d) {
                const int rr = r + DR[d], cc = c + DC[d];
                if (rr < 0 || rr >= m_rows || cc < 0 || cc >= m_cols) continue;
                const int i = rr * m_cols + cc;
                if (!((own >> i) & 1) || ((seen >> i) & 1)) continue;
                seen |= 1u << i;
                queue.push_back(i);
            }
        }
        return false;
    }

    int m_rows, m_cols, m_cells;
    std::uint32_t m_pow3[16] = {};
    std::uint32_t m_positions = 1;
    std::vector<std::uint8_t> m_memo;      // 2 bits per (position, mover): 0 unknown, 1 win, 2 loss
    std::vector<std::uint8_t> m_joined[2]; // per colour, per stone set: joined
};

// The judge of misere Hex on boards of up to 64 cells (5x5, 6x6, 4x7, ...): plain negamax
// over every empty cell with a hash-map memo of the positions below the ones asked. Meant for
// positions with at most about 14 empty cells (each asks at most 3^empty positions).
class SparseMisereReference {
  public:
    SparseMisereReference(int rows, int cols) : m_rows(rows), m_cols(cols), m_cells(rows * cols) {
        if (m_cells > 64) throw std::invalid_argument("SparseMisereReference: at most 64 cells");
    }
    [[nodiscard]] int cells() const { return m_cells; }
    [[nodiscard]] std::uint64_t all() const {
        return m_cells == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << m_cells) - 1;
    }

    // Whether colour's stones (bit r*cols + c) join its edges (red: top to bottom).
    [[nodiscard]] bool connected(std::uint64_t own, Colour colour) const {
        const bool red = colour == Colour::red;
        std::uint64_t seen = 0;
        std::vector<int> queue;
        for (int k = 0; k < (red ? m_cols : m_rows); ++k) {
            const int start = red ? k : k * m_cols;
            if ((own >> start) & 1) {
                seen |= std::uint64_t{1} << start;
                queue.push_back(start);
            }
        }
        static constexpr int DR[6] = {0, 0, -1, -1, 1, 1};
        static constexpr int DC[6] = {-1, 1, 0, 1, 0, -1};
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const int r = queue[head] / m_cols, c = queue[head] % m_cols;
            if (red ? r == m_rows - 1 : c == m_cols - 1) return true;
            for (int d = 0; d < 6; ++d) {
                const int rr = r + DR[d], cc = c + DC[d];
                if (rr < 0 || rr >= m_rows || cc < 0 || cc >= m_cols) continue;
                const int i = rr * m_cols + cc;
                if (!((own >> i) & 1) || ((seen >> i) & 1)) continue;
                seen |= std::uint64_t{1} << i;
                queue.push_back(i);
            }
        }
        return false;
    }

    // Whether the mover wins misere Hex; nobody may have connected.
    bool wins(std::uint64_t red, std::uint64_t blue, Colour mover) {
        if (connected(red, Colour::red) || connected(blue, Colour::blue))
            throw std::invalid_argument("SparseMisereReference::wins: a colour has connected");
        return solve(red, blue, mover == Colour::red);
    }

  private:
    struct Key {
        std::uint64_t red, blue;
        bool red_moves;
        bool operator==(const Key&) const = default;
    };
    struct Hash {
        std::size_t operator()(const Key& k) const {
            return std::hash<std::uint64_t>()(k.red * 0x9E3779B97F4A7C15ull ^ k.blue) ^ k.red_moves;
        }
    };
    bool solve(std::uint64_t red, std::uint64_t blue, bool red_moves) {
        const Key key{red, blue, red_moves};
        if (const auto it = m_memo.find(key); it != m_memo.end()) return it->second;
        bool win = false;
        for (int k = 0; k < m_cells && !win; ++k) {
            const std::uint64_t b = std::uint64_t{1} << k;
            if ((red | blue) & b) continue;
            const std::uint64_t own = (red_moves ? red : blue) | b;
            if (connected(own, red_moves ? Colour::red : Colour::blue))
                continue; // connecting loses
            win = red_moves ? !solve(own, blue, false) : !solve(red, own, true);
        }
        m_memo.emplace(key, win);
        return win;
    }

    int m_rows, m_cols, m_cells;
    std::unordered_map<Key, bool, Hash> m_memo;
};

} // namespace cgt::hex::test
