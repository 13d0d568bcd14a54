#include "hex/board/board.hpp"
#include "hex/board/side.hpp"
#include "hex/connections/threats.hpp"
#include "hex/search/minimax.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

using namespace cgt::hex;

namespace {

// A position reached by `stones` random alternate moves from the empty board in which
// nobody has connected, with the moves in the order played.
struct Game {
    Board board;
    std::vector<Cell> moves;
};

Game random_game(int n, int stones, std::mt19937_64& rng) {
    for (;;) {
        Game g{Board(n), {}};
        std::vector<Cell> cells = Board(n).empty_cells();
        std::shuffle(cells.begin(), cells.end(), rng);
        bool over = false;
        for (int i = 0; i < stones && !over; ++i) {
            g.board.place(cells[static_cast<std::size_t>(i)], g.board.to_move());
            g.moves.push_back(cells[static_cast<std::size_t>(i)]);
            over = g.board.winner().has_value();
        }
        if (!over) return g;
    }
}

Side<Wide> side_of(const Board& b, Colour c) {
    Side<Wide> s;
    s.stones = b.stones(c);
    s.rebuild(Geometry<Wide>(b.size()), c);
    return s;
}

Wide empty_of(const Board& b) {
    return Geometry<Wide>(b.size()).all() & ~(b.stones(Colour::red) | b.stones(Colour::blue));
}

// The completing cells found one cell at a time with the breadth-first connection test.
Wide completing_by_search(const Board& b, Colour c) {
    Wide out = 0;
    Board work = b;
    for (Cell cell : b.empty_cells()) {
        work.place(cell, c);
        if (connected_by_search(work, c)) out |= cell_bit<Wide>(cell.row * b.size() + cell.col);
        work.remove(cell);
    }
    return out;
}

} // namespace

TEST_CASE("Threats: completing cells from row masks equal a cell-by-cell check, 3x3..6x6", "[hex]") {
    std::mt19937_64 rng(11);
    int with_cells = 0;
    for (int n = 3; n <= 6; ++n) {
        const Geometry<Wide> g(n);
        for (int trial = 0; trial < 150; ++trial) {
            const Game game = random_game(n, static_cast<int>(rng() % static_cast<unsigned>(n * n - 1)), rng);
            for (Colour c : {Colour::red, Colour::blue}) {
                const Side<Wide> s = side_of(game.board, c);
                const Wide fast = Threats<Wide>(g, s, empty_of(game.board)).completing();
                INFO(game.board.to_text() << "\n" << colour_name(c));
                CHECK(fast == completing_by_search(game.board, c));
                with_cells += fast != 0;
            }
        }
    }
    CHECK(with_cells > 100); // the positions do exercise the non-empty case
}

TEST_CASE("Threats: double threats, threat cells and their completing cells equal a cell-by-cell check", "[hex]") {
    std::mt19937_64 rng(12);
    int threats_seen = 0;
    for (int n = 3; n <= 6; ++n) {
        const Geometry<Wide> g(n);
        for (int trial = 0; trial < 150; ++trial) {
            const Game game = random_game(n, static_cast<int>(rng() % static_cast<unsigned>(n * n - 2)), rng);
            for (Colour c : {Colour::red, Colour::blue}) {
                const Board& b = game.board;
                if (completing_by_search(b, c)) continue; // the rule's precondition
                std::vector<std::pair<Wide, Wide>> fast;
                const Side<Wide> side = side_of(b, c);
                const Threats<Wide> threats(g, side, empty_of(b));
                threats.for_each_double_threat([&](Wide x, Wide y) {
                    fast.emplace_back(x, y);
                    return false;
                });
                std::vector<std::pair<Wide, Wide>> slow;
                Wide single = 0;
                Board work = b;
                for (Cell cell : b.empty_cells()) {
                    work.place(cell, c);
                    const Wide y = completing_by_search(work, c);
                    if (count_cells(y) >= 2) slow.emplace_back(cell_bit<Wide>(cell.row * n + cell.col), y);
                    if (y) single |= cell_bit<Wide>(cell.row * n + cell.col);
                    work.remove(cell);
                }
                const auto by_cell = [](const auto& a, const auto& b2) { return a.first < b2.first; };
                std::sort(fast.begin(), fast.end(), by_cell);
                INFO(b.to_text() << "\n" << colour_name(c));
                CHECK(fast == slow);
                CHECK(threats.threat_cells() == single);
                threats_seen += static_cast<int>(slow.size());
            }
        }
    }
    CHECK(threats_seen > 100);
}

TEST_CASE("Side: groups kept stone by stone equal groups recomputed by flood fill", "[hex]") {
    std::mt19937_64 rng(13);
    for (int n : {4, 6, 8, 11}) {
        const Geometry<Wide> g(n);
        for (int trial = 0; trial < 40; ++trial) {
            const Game game = random_game(n, n * n / 2, rng);
            Side<Wide> inc[2];
            for (Colour c : {Colour::red, Colour::blue}) inc[colour_index(c)].rebuild(g, c);
            Board replay(n);
            for (Cell m : game.moves) {
                const Colour c = replay.to_move();
                replay.place(m, c);
                inc[colour_index(c)].add(g, m.row * n + m.col);
            }
            for (Colour c : {Colour::red, Colour::blue}) {
                const Side<Wide>& a = inc[colour_index(c)];
                const Side<Wide> b = side_of(game.board, c);
                INFO(game.board.to_text() << "\n" << colour_name(c));
                CHECK(a.stones == b.stones);
                CHECK(a.reach[0] == b.reach[0]);
                CHECK(a.reach[1] == b.reach[1]);
                CHECK(a.touch[0] == b.touch[0]);
                CHECK(a.touch[1] == b.touch[1]);
                std::vector<Wide> ga(a.group, a.group + a.groups), gb(b.group, b.group + b.groups);
                std::sort(ga.begin(), ga.end());
                std::sort(gb.begin(), gb.end());
                CHECK(ga == gb);
                for (int k = 0; k < a.groups; ++k) CHECK(a.group_touch[k] == g.dilate(a.group[k]));
            }
        }
    }
}
