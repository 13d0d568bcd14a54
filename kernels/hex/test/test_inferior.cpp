#include "hex/board/board.hpp"
#include "hex/inferior/inferior.hpp"
#include "reference_solver.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

using namespace cgt::hex;
using cgt::hex::test::random_stones;
using cgt::hex::test::ReferenceSolver;

namespace {

struct Position {
    Narrow stones[2] = {0, 0};
};

Position from_picture(const std::string& picture) {
    const Board b = Board::parse(picture);
    Position p;
    p.stones[0] = static_cast<Narrow>(b.stones(Colour::red));
    p.stones[1] = static_cast<Narrow>(b.stones(Colour::blue));
    return p;
}

int cell(int n, int r, int c) { return r * n + c; }

// The mover's value after `move` (a win if it connects).
bool move_wins(ReferenceSolver& judge, const Narrow* stones, Colour mover, int move) {
    Narrow s[2] = {stones[0], stones[1]};
    s[colour_index(mover)] |= cell_bit<Narrow>(move);
    if (judge.connected(s[colour_index(mover)], mover)) return true;
    return !judge.wins(s[0], s[1], opponent(mover));
}

} // namespace

TEST_CASE("InferiorCells: the ring patterns of dead, captured and live cells", "[hex]") {
    // Each row: a 5x5 picture (red to move: red has as many stones as blue or one more),
    // the cell judged, and whether it is useless to red / to blue.
    struct Row { std::string what, picture; int r, c; bool red_useless, blue_useless; };
    const std::vector<Row> rows = {
        {"empty board centre", "...../...../...../...../.....", 2, 2, false, false},
        {"four red neighbours in a row: dead", "...../..RR./.R.R./..BB./..B..", 2, 2, true, true},
        {"three red and the blue opposite: dead", "...../..RR./...R./.B.../B...B", 2, 2, true, true},
        {"three red, blue beside them: alive", "...../..RR./...R./..B../B.B..", 2, 2, false, false},
        {"two red, two blue opposite: dead", "...../..RR./...../.BB../.....", 2, 2, true, true},
        {"red on two opposite sides: alive", "...../...../.R.R./...../.B..B", 2, 2, false, false},
        {"top edge beside a red stone, blue below: dead", "R..../.B.../...../...../.....", 0, 1, true, true},
        {"top edge beside a red stone, blue below left: alive", "R..../B..../...../...../.....", 0, 1, false, false},
        {"empty acute corner: alive", "...../...../...../...../.....", 4, 4, false, false},
        {"acute corner, a blue stone above: dead", "R..../...../...../....B/.....", 4, 4, true, true},
        {"obtuse corner, red below left, blue below: alive", "...../...R./...../...../...B.", 0, 4, false, false},
    };
    Geometry<Narrow> g(5);
    InferiorCells<Narrow> inferior(g);
    for (const Row& row : rows) {
        INFO(row.what);
        const Position p = from_picture(row.picture);
        const int u = inferior.useless_by_ring(cell(5, row.r, row.c), p.stones);
        CHECK(((u & 1) != 0) == row.red_useless);
        CHECK(((u & 2) != 0) == row.blue_useless);
    }
}

TEST_CASE("InferiorCells: captured pairs in front of stones on the second row", "[hex]") {
    // Red b2 and blue d4 on 5x5. Each stone captures for its colour the two cells in front
    // of it on its own edge (b1 c1 for red, e3 e4 for blue: the bridge to the edge), and for
    // the opponent's edge the two cells that it makes useless to the opponent once one of
    // them is taken (a1 a2 beside red b2 for blue, d5 e5 below blue d4 for red).
    Geometry<Narrow> g(5);
    InferiorCells<Narrow> inferior(g);
    Position p = from_picture("...../.R.../...../...B./.....");
    const auto at = [](int r, int c) { return cell_bit<Narrow>(cell(5, r, c)); };
    InferiorStats stats;
    const auto filled = inferior.fill(p.stones, Colour::red, stats);
    CHECK(filled.cells[0] == (at(0, 1) | at(0, 2) | at(4, 3) | at(4, 4)));
    CHECK(filled.cells[1] == (at(0, 0) | at(1, 0) | at(2, 4) | at(3, 4)));
    CHECK(stats.pairs == 8);
    CHECK(stats.dead + stats.captured == 0);
    // A pair needs both cells: with blue on c1, b1 is no longer captured by red.
    Position q = from_picture("...../.R.../...../...B./.....");
    q.stones[1] |= at(0, 2);
    q.stones[0] |= at(2, 2);
    InferiorStats stats_q;
    const auto filled_q = inferior.fill(q.stones, Colour::red, stats_q);
    CHECK((filled_q.cells[0] & at(0, 1)) == 0);
}

TEST_CASE("InferiorCells: fill-in keeps the value of random 4x4 and 5x5 positions", "[hex]") {
    std::mt19937_64 rng(81);
    int changed = 0, positions = 0;
    for (int n : {4, 5}) {
        Geometry<Narrow> g(n);
        InferiorCells<Narrow> inferior(g);
        for (int trial = 0; trial < 150; ++trial) {
            const int stones = n == 4 ? 4 + static_cast<int>(rng() % 6) : 13 + static_cast<int>(rng() % 4);
            Narrow red = 0, blue = 0;
            random_stones(n, stones, rng, red, blue);
            ReferenceSolver judge(n);
            for (Colour mover : {Colour::red, Colour::blue}) {
                const bool expect = judge.wins(red, blue, mover);
                for (Colour dead : {Colour::red, Colour::blue}) {
                    Narrow s[2] = {red, blue};
                    InferiorStats stats;
                    const auto filled = inferior.fill(s, dead, stats);
                    INFO(n << "x" << n << " red " << red << " blue " << blue << " mover " << colour_name(mover));
                    REQUIRE((filled.cells[0] | filled.cells[1]) == ((s[0] | s[1]) & ~(red | blue)));
                    changed += (filled.cells[0] | filled.cells[1]) != 0;
                    ++positions;
                    bool got = false;
                    if (judge.connected(s[colour_index(mover)], mover))
                        got = true;
                    else if (judge.connected(s[colour_index(opponent(mover))], opponent(mover)))
                        got = false;
                    else
                        got = ReferenceSolver(n).wins(s[0], s[1], mover);
                    CHECK(got == expect);
                }
            }
        }
    }
    CHECK(positions == 1200);
    CHECK(changed > 300); // the rules do fire on most of these positions
}

TEST_CASE("InferiorCells: some undominated move wins whenever the mover wins", "[hex]") {
    std::mt19937_64 rng(82);
    int dropped = 0, wins = 0;
    for (int n : {4, 5}) {
        Geometry<Narrow> g(n);
        InferiorCells<Narrow> inferior(g);
        for (int trial = 0; trial < 150; ++trial) {
            const int stones = n == 4 ? 4 + static_cast<int>(rng() % 6) : 13 + static_cast<int>(rng() % 4);
            Narrow s[2] = {0, 0};
            random_stones(n, stones, rng, s[0], s[1]);
            InferiorStats fill_stats;
            inferior.fill(s, Colour::red, fill_stats);
            ReferenceSolver judge(n);
            if (judge.connected(s[0], Colour::red) || judge.connected(s[1], Colour::blue)) continue;
            for (Colour mover : {Colour::red, Colour::blue}) {
                const Narrow empty = g.all() & ~(s[0] | s[1]);
                InferiorStats stats;
                const Narrow dominated = inferior.dominated(mover, s, empty, stats);
                CHECK((dominated & ~empty) == 0);
                dropped += static_cast<int>(stats.dominated);
                if (!judge.wins(s[0], s[1], mover)) continue;
                ++wins;
                bool kept_wins = false;
                for_each_cell(empty & ~dominated, [&](int m) { kept_wins = kept_wins || move_wins(judge, s, mover, m); });
                INFO(n << "x" << n << " red " << s[0] << " blue " << s[1] << " mover " << colour_name(mover));
                CHECK(kept_wins);
            }
        }
    }
    CHECK(dropped > 100);
    CHECK(wins > 50);
}

namespace {
// fill_for_after against fill_for on random filled positions of one board size: the same
// cells for every colour and every empty cell the colour's new stone may take.
template <class Bits>
void check_fill_after(int n, std::mt19937_64& rng, int trials, long& compared, long& nonempty) {
    Geometry<Bits> g(n);
    InferiorCells<Bits> inferior(g);
    for (int trial = 0; trial < trials; ++trial) {
        Bits s[2] = {0, 0};
        const int stones = static_cast<int>(rng() % static_cast<std::uint64_t>(n * n / 2 + 1));
        for (int i = 0; i < stones; ++i) {
            const int c = static_cast<int>(rng() % static_cast<std::uint64_t>(n * n));
            if (!((s[0] | s[1]) & cell_bit<Bits>(c))) s[rng() & 1] |= cell_bit<Bits>(c);
        }
        InferiorStats stats;
        inferior.fill(s, rng() & 1 ? Colour::red : Colour::blue, stats);
        for (Colour x : {Colour::red, Colour::blue})
            for_each_cell(g.all() & ~(s[0] | s[1]), [&](int k) {
                Bits whole[2] = {s[0], s[1]};
                whole[colour_index(x)] |= cell_bit<Bits>(k);
                Bits local[2] = {whole[0], whole[1]};
                const Bits expect = inferior.fill_for(x, whole);
                const Bits got = inferior.fill_for_after(x, local, cell_bit<Bits>(k));
                INFO(n << "x" << n << " trial " << trial << " colour " << colour_name(x) << " cell "
                       << k);
                REQUIRE(got == expect);
                REQUIRE(local[0] == whole[0]);
                REQUIRE(local[1] == whole[1]);
                ++compared;
                nonempty += expect != 0;
            });
    }
}
} // namespace

TEST_CASE(
    "InferiorCells: the fill after one stone, looked for near it, is fill_for's (3x3 to 11x11)",
    "[hex]") {
    std::mt19937_64 rng(83);
    long compared = 0, nonempty = 0;
    for (int n = 3; n <= 8; ++n)
        check_fill_after<Narrow>(n, rng, 60, compared, nonempty);
    for (int n = 9; n <= 11; ++n)
        check_fill_after<Wide>(n, rng, 25, compared, nonempty);
    CHECK(compared > 20000);
    CHECK(nonempty > compared / 10); // the stone fills something in many of them
}
