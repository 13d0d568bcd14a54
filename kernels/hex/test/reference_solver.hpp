#pragma once
// The tests' independent judge for positions the new rules produce (fill-in gives stone
// counts no game reaches, so the player to move is explicit): exhaustive search with a memo
// of positions, its own breadth-first connection test over (row, col) neighbours, and no
// code shared with the kernel's solvers. For boards up to 5x5 (or rows x cols as small) with
// about 12 empty cells.
#include "hex/board/board.hpp"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <unordered_map>
#include <vector>

namespace cgt::hex::test {

class ReferenceSolver {
public:
    explicit ReferenceSolver(int size) : m_rows(size), m_n(size) {}
    ReferenceSolver(int rows, int cols) : m_rows(rows), m_n(cols) {}

    // Whether `colour`'s stones (bit r*n + c) join its edges.
    [[nodiscard]] bool connected(std::uint64_t own, Colour colour) const {
        const int n = m_n, rows = m_rows;
        std::vector<int> queue;
        std::uint64_t seen = 0;
        for (int k = 0; k < (colour == Colour::red ? n : rows); ++k) {
            const int start = colour == Colour::red ? k : k * n;
            if ((own >> start) & 1) {
                seen |= std::uint64_t{1} << start;
                queue.push_back(start);
            }
        }
        static constexpr int DR[6] = {0, 0, -1, -1, 1, 1};
        static constexpr int DC[6] = {-1, 1, 0, 1, 0, -1};
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const int r = queue[head] / n, c = queue[head] % n;
            if (colour == Colour::red ? r == rows - 1 : c == n - 1) return true;
            for (int d = 0; d < 6; ++d) {
                const int rr = r + DR[d], cc = c + DC[d];
                if (rr < 0 || rr >= rows || cc < 0 || cc >= n) continue;
                const int i = rr * n + cc;
                if (!((own >> i) & 1) || ((seen >> i) & 1)) continue;
                seen |= std::uint64_t{1} << i;
                queue.push_back(i);
            }
        }
        return false;
    }

    // Whether the mover wins; stones[0] red, stones[1] blue; nobody has connected.
    bool wins(std::uint64_t red, std::uint64_t blue, Colour mover) {
        const std::uint64_t all = m_rows * m_n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (m_rows * m_n)) - 1;
        const Key key{red, blue | (mover == Colour::blue ? std::uint64_t{1} << 63 : 0)};
        if (const auto it = m_memo.find(key); it != m_memo.end()) return it->second;
        bool win = false;
        for (std::uint64_t empty = all & ~(red | blue); empty && !win; empty &= empty - 1) {
            const std::uint64_t b = empty & (~empty + 1);
            if (mover == Colour::red)
                win = connected(red | b, Colour::red) || !wins(red | b, blue, Colour::blue);
            else
                win = connected(blue | b, Colour::blue) || !wins(red, blue | b, Colour::red);
        }
        m_memo.emplace(key, win);
        return win;
    }

private:
    struct Key {
        std::uint64_t a, b;
        friend bool operator==(const Key&, const Key&) = default;
    };
    struct Hash {
        std::size_t operator()(const Key& k) const { return k.a * 0x9e3779b97f4a7c15ULL ^ (k.b + (k.a >> 17)); }
    };
    int m_rows, m_n;
    std::unordered_map<Key, bool, Hash> m_memo;
};

// Random stones on a rows x cols board: `count` cells, each red or blue with equal chance (any
// counts: the positions fill-in makes), and nobody connected.
inline void random_stones(int rows, int cols, int count, std::mt19937_64& rng, std::uint64_t& red, std::uint64_t& blue) {
    ReferenceSolver judge(rows, cols);
    for (;;) {
        red = blue = 0;
        std::vector<int> cells(static_cast<std::size_t>(rows * cols));
        for (int i = 0; i < rows * cols; ++i) cells[static_cast<std::size_t>(i)] = i;
        std::shuffle(cells.begin(), cells.end(), rng);
        for (int i = 0; i < count; ++i) (rng() & 1 ? red : blue) |= std::uint64_t{1} << cells[static_cast<std::size_t>(i)];
        if (!judge.connected(red, Colour::red) && !judge.connected(blue, Colour::blue)) return;
    }
}

inline void random_stones(int n, int count, std::mt19937_64& rng, std::uint64_t& red, std::uint64_t& blue) {
    random_stones(n, n, count, rng, red, blue);
}

// The cells named ("a1": column a, row 1) on a size x size board, as a set (bit row*size + col);
// single-digit rows only.
inline Narrow cells_of(int size, std::initializer_list<const char*> names) {
    Narrow out = 0;
    for (const char* name : names)
        out |= cell_bit<Narrow>((name[1] - '1') * size + (name[0] - 'a'));
    return out;
}

} // namespace cgt::hex::test
