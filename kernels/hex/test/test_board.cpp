#include "hex/board/board.hpp"
#include "hex/board/geometry.hpp"
#include "hex/board/zobrist.hpp"
#include "hex/search/minimax.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace cgt::hex;

namespace {

// A full board filled in a random order, red and blue alternating from red.
Board random_full_board(int n, std::mt19937_64& rng) {
    Board b(n);
    std::vector<Cell> cells;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) cells.push_back({r, c});
    std::shuffle(cells.begin(), cells.end(), rng);
    for (std::size_t i = 0; i < cells.size(); ++i) b.place(cells[i], i % 2 == 0 ? Colour::red : Colour::blue);
    return b;
}

} // namespace

TEST_CASE("Geometry: corners have 2 and 3 neighbours, edges 4, inner cells 6", "[hex]") {
    for (int n = 2; n <= MAX_BOARD_SIZE; ++n) {
        const Geometry<Wide> g(n);
        INFO("n = " << n);
        const auto count = [&](int r, int c) { return count_cells(g.neighbours(g.index(r, c))); };
        CHECK(count(0, 0) == 2);             // acute corners
        CHECK(count(n - 1, n - 1) == 2);
        CHECK(count(0, n - 1) == 3);         // obtuse corners
        CHECK(count(n - 1, 0) == 3);
        if (n >= 3) {
            CHECK(count(0, 1) == 4);
            CHECK(count(1, 0) == 4);
            CHECK(count(n - 1, 1) == 4);
            CHECK(count(1, n - 1) == 4);
            CHECK(count(1, 1) == 6);
            CHECK(count(n - 2, n - 2) == 6);
        }
    }
    CHECK(count_cells(Geometry<Narrow>(1).neighbours(0)) == 0);
}

TEST_CASE("Geometry: dilation by shifts equals the six neighbour offsets, both word types, any shape", "[hex]") {
    static constexpr int DR[6] = {0, 0, -1, -1, 1, 1};
    static constexpr int DC[6] = {-1, 1, 0, 1, 0, -1};
    for (int rows = 1; rows <= MAX_BOARD_SIZE; ++rows)
        for (int n = 1; n <= MAX_BOARD_SIZE; ++n) {
            const Shape shape(rows, n);
            const Geometry<Wide> wide(shape);
            for (int r = 0; r < rows; ++r)
                for (int c = 0; c < n; ++c) {
                    Wide expect = 0;
                    for (int d = 0; d < 6; ++d) {
                        const int rr = r + DR[d], cc = c + DC[d];
                        if (rr >= 0 && rr < rows && cc >= 0 && cc < n) expect |= cell_bit<Wide>(rr * n + cc);
                    }
                    INFO(shape.name() << " cell (" << r << ", " << c << ")");
                    CHECK(wide.neighbours(r * n + c) == expect);
                    CHECK(wide.rotate(cell_bit<Wide>(r * n + c)) == cell_bit<Wide>((rows - 1 - r) * n + n - 1 - c));
                    if (shape.cells() <= CELL_CAPACITY<Narrow>)
                        CHECK(Geometry<Narrow>(shape).neighbours(r * n + c) == static_cast<Narrow>(expect));
                }
        }
}

TEST_CASE("Geometry: centre order starts in the centre, visits every cell once", "[hex]") {
    const Geometry<Narrow> g5(5);
    CHECK(g5.centre_order()[0] == g5.index(2, 2));
    // The six neighbours of the centre come next, in index order.
    const std::vector<int> ring1 = {g5.index(1, 2), g5.index(1, 3), g5.index(2, 1), g5.index(2, 3),
                                    g5.index(3, 1), g5.index(3, 2)};
    for (int k = 0; k < 6; ++k) CHECK(g5.centre_order()[static_cast<std::size_t>(k + 1)] == ring1[static_cast<std::size_t>(k)]);
    for (int n = 1; n <= 8; ++n) {
        const Geometry<Narrow> g(n);
        Narrow seen = 0;
        for (int k = 0; k < n * n; ++k) seen |= cell_bit<Narrow>(g.centre_order()[static_cast<std::size_t>(k)]);
        CHECK(seen == g.all());
    }
    // 4x4: the two middle cells of the short diagonal are nearest, then those of the long one.
    const Geometry<Narrow> g4(4);
    CHECK(g4.centre_order()[0] == g4.index(1, 2));
    CHECK(g4.centre_order()[1] == g4.index(2, 1));
    CHECK(g4.centre_order()[2] == g4.index(1, 1));
    CHECK(g4.centre_order()[3] == g4.index(2, 2));
}

TEST_CASE("Board: no draws on 300 random full boards of each size 2..7", "[hex]") {
    std::mt19937_64 rng(20240601);
    for (int n = 2; n <= 7; ++n) {
        int red_wins = 0;
        for (int trial = 0; trial < 300; ++trial) {
            const Board b = random_full_board(n, rng);
            const bool red = b.connected(Colour::red), blue = b.connected(Colour::blue);
            INFO("n = " << n << "\n" << b.to_text());
            REQUIRE(red != blue);
            CHECK(connected_by_search(b, Colour::red) == red);
            CHECK(connected_by_search(b, Colour::blue) == blue);
            red_wins += red;
        }
        // Both colours win some of the boards (a test that could not see one side would fail).
        CHECK(red_wins > 0);
        CHECK(red_wins < 300);
    }
}

TEST_CASE("Board: row masks, pictures and move lists round-trip", "[hex]") {
    const Board b = Board::from_moves(4, "c3 b2 a4");
    CHECK(b.at({2, 2}) == Stone::red);
    CHECK(b.at({1, 1}) == Stone::blue);
    CHECK(b.at({3, 0}) == Stone::red);
    CHECK(b.to_move() == Colour::blue);
    CHECK(b.row_mask(Colour::red, 2) == 0b0100);
    CHECK(b.row_mask(Colour::red, 3) == 0b0001);
    CHECK(b.row_mask(Colour::blue, 1) == 0b0010);
    CHECK(b.to_text() == ". . . .\n . B . .\n  . . R .\n   R . . .");
    CHECK(Board::parse(b.to_text()) == b);
    CHECK(Board::parse("..../.b../..r./r...") == b);
    CHECK(b.rotated().at({0, 3}) == Stone::red);
    CHECK(b.rotated().at({2, 2}) == Stone::blue);
    CHECK(b.rotated().rotated() == b);
    CHECK(cell_name({10, 10}) == "k11");
    CHECK(Board::from_moves(11, "k11 a1").at({10, 10}) == Stone::red);
}

TEST_CASE("Board: malformed positions and sizes are refused with a reason", "[hex]") {
    struct Row {
        std::string what;
        std::function<void()> make;
        std::string message;
    };
    const std::vector<Row> rows = {
        {"size 0", [] { Board b(0); }, "board size must be 1..11, got 0"},
        {"size 12", [] { Board b(12); }, "board size must be 1..11, got 12"},
        {"empty picture", [] { Board::parse(" \n "); }, "a board picture has 1..11 rows, got 0"},
        {"short row", [] { Board::parse("...\n..\n..."); }, "row 2 has 2 cells, expected 3"},
        {"bad letter", [] { Board::parse("..z\n...\n..."); }, "unexpected character 'z' in row 1"},
        {"counts", [] { Board::parse("RR.\n...\n..."); }, "red must have as many stones as blue or one more"},
        {"blue first", [] { Board::parse("B..\n...\n..."); }, "got red 0, blue 1"},
        {"12 rows", [] { Board::parse("../../../../../../../../../../../.."); }, "a board picture has 1..11 rows, got 12"},
        {"off board", [] { Board::from_moves(3, "d1"); }, "move 1 'd1' is off the 3x3 board (columns a-c, rows 1-3)"},
        {"row 0", [] { Board::from_moves(3, "a0"); }, "move 1 'a0' is off the 3x3 board"},
        {"twice", [] { Board::from_moves(3, "a1 b2 a1"); }, "move 3 'a1' plays a1 again"},
        {"not a cell", [] { Board::from_moves(3, "b2 2b"); }, "move 2 '2b' is not a cell name"},
        {"after the end", [] { Board::from_moves(2, "a1 b1 a2 b2"); }, "move 4 'b2' comes after red has connected"},
        {"occupied", [] { Board b(3); b.place({1, 1}, Colour::red); b.place({1, 1}, Colour::blue); }, "cell b2 (1, 1) is not empty"},
        {"outside", [] { Board b(3); b.place({3, 0}, Colour::red); }, "cell a4 (3, 0) is off the board"},
    };
    for (const auto& row : rows) {
        INFO(row.what);
        CHECK_THROWS_WITH(row.make(), Catch::Contains(row.message));
    }
}

TEST_CASE("Zobrist: a board and its 180-degree rotation share one key, the side to move does not", "[hex]") {
    const ZobristKeys keys(5);
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 50; ++trial) {
        std::uint64_t board = 0, rotated = 0, board_of_rotation = 0, rotated_of_rotation = 0;
        for (int i = 0; i < 25; ++i) {
            const int what = static_cast<int>(rng() % 3);
            if (what == 2) continue;
            const auto c = static_cast<Colour>(what);
            board ^= keys.stone(c, i);
            rotated ^= keys.rotated(c, i);
            board_of_rotation ^= keys.stone(c, 24 - i);
            rotated_of_rotation ^= keys.rotated(c, 24 - i);
        }
        CHECK(rotated == board_of_rotation);
        for (Colour side : {Colour::red, Colour::blue})
            CHECK(ZobristKeys::position_key(board, rotated, side) ==
                  ZobristKeys::position_key(board_of_rotation, rotated_of_rotation, side));
        CHECK(ZobristKeys::position_key(board, rotated, Colour::red) !=
              ZobristKeys::position_key(board, rotated, Colour::blue));
    }
    // Every key of the table differs from every other (colours, cells, side to move).
    std::vector<std::uint64_t> all(detail::ZOBRIST_TABLE.begin(), detail::ZOBRIST_TABLE.end());
    std::sort(all.begin(), all.end());
    CHECK(std::adjacent_find(all.begin(), all.end()) == all.end());
}
