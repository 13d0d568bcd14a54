#include "hex/analysis/analysis.hpp"
#include "hex/board/board.hpp"
#include "hex/connections/vc_strong.hpp"
#include "hex/inferior/captured_regions.hpp"
#include "hex/solver/openings.hpp"
#include "hex/solver/solver.hpp"
#include "reference_solver.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

using namespace cgt::hex;
using cgt::hex::test::cells_of;
using cgt::hex::test::random_stones;
using cgt::hex::test::ReferenceSolver;

namespace {

// The winner of a position whose stones may already join an edge pair.
Colour winner(ReferenceSolver& judge, Narrow red, Narrow blue, Colour mover) {
    if (judge.connected(red, Colour::red)) return Colour::red;
    if (judge.connected(blue, Colour::blue)) return Colour::blue;
    return judge.wins(red, blue, mover) ? mover : opponent(mover);
}

// Regions to ask about: the carriers of both colours' full connections between a free group
// and an edge (what the solver asks), and connected sets of two to six empty cells grown from
// random seeds.
std::vector<std::pair<Colour, Narrow>> candidates(const Geometry<Narrow>& g, const Narrow* stones,
                                                  std::mt19937_64& rng) {
    std::vector<std::pair<Colour, Narrow>> out;
    const Narrow empty = g.all() & ~(stones[0] | stones[1]);
    for (Colour c : {Colour::red, Colour::blue}) {
        StrongVcBuilder<Narrow> vc(g);
        vc.build(c, stones[colour_index(c)], empty);
        for_each_cell(stones[colour_index(c)], [&](int cell) {
            if (vc.vertex(cell) != cell) return;
            for (int e : {vc.edge(0), vc.edge(1)})
                for (int j = 0; j < vc.full_count(cell, e); ++j)
                    out.emplace_back(c, vc.fulls(cell, e)[j]);
        });
        for (int k = 0; k < 4 && empty; ++k) {
            int seed = static_cast<int>(rng() % static_cast<unsigned>(g.cells()));
            while (!(empty & cell_bit<Narrow>(seed)))
                seed = (seed + 1) % g.cells();
            Narrow region = cell_bit<Narrow>(seed);
            const int size = 2 + static_cast<int>(rng() % 5);
            for (int grow = 1; grow < size; ++grow) {
                const Narrow border = g.dilate(region) & empty & ~region;
                if (!border) break;
                Narrow pick = border;
                for (int skip =
                         static_cast<int>(rng() % static_cast<unsigned>(count_cells(border)));
                     skip > 0; --skip)
                    pick &= pick - 1;
                region |= lowest_cell(pick);
            }
            out.emplace_back(c, region);
        }
    }
    return out;
}

} // namespace

TEST_CASE("CapturedRegions: the third-row carrier behind a stone is captured, without its far cell "
          "it is not",
          "[hex]") {
    // 7x7, red b4, blue c2: blue's c2 joins the left edge through the eight cells behind it
    // (a full connection), and blue answering every red move inside them keeps that and lets
    // red join nothing through them. Without c1 red cuts c2 off at a3.
    const Board b = Board::from_moves(7, "b4 c2");
    const Geometry<Narrow> g(7);
    const CapturedRegions<Narrow> regions(g);
    const Narrow stones[2] = {convert_cells<Narrow>(b.stones(Colour::red)),
                              convert_cells<Narrow>(b.stones(Colour::blue))};
    CHECK(regions.captures(Colour::blue, stones,
                           cells_of(7, {"a1", "b1", "c1", "a2", "b2", "a3", "b3", "a4"})));
    CHECK_FALSE(regions.captures(Colour::blue, stones,
                                 cells_of(7, {"a1", "b1", "a2", "b2", "a3", "b3", "a4"})));
    CHECK_FALSE(regions.captures(Colour::red, stones,
                                 cells_of(7, {"a1", "b1", "c1", "a2", "b2", "a3", "b3", "a4"})));
    // The bridge to the edge: the two cells between a second-row stone and its edge.
    const Board bridge = Board::from_moves(5, "c3 b2");
    const Narrow two[2] = {convert_cells<Narrow>(bridge.stones(Colour::red)),
                           convert_cells<Narrow>(bridge.stones(Colour::blue))};
    CHECK(CapturedRegions<Narrow>(Geometry<Narrow>(5))
              .captures(Colour::blue, two, cells_of(5, {"a2", "a3"})));
    // Too large or empty regions are not tested.
    CHECK_FALSE(regions.captures(Colour::blue, stones, 0));
    CHECK_FALSE(regions.captures(
        Colour::blue, stones, cells_of(7, {"d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"})));
}

TEST_CASE(
    "CapturedRegions: filling a captured region keeps the winner of random 4x4 and 5x5 positions",
    "[hex]") {
    std::mt19937_64 rng(29);
    int captured = 0, asked = 0;
    for (int n : {4, 5}) {
        const Geometry<Narrow> g(n);
        for (int trial = 0; trial < 80; ++trial) {
            Narrow stones[2] = {0, 0};
            random_stones(
                n, n == 4 ? 2 + static_cast<int>(rng() % 5) : 10 + static_cast<int>(rng() % 5), rng,
                stones[0], stones[1]);
            ReferenceSolver judge(n);
            if (judge.connected(stones[0], Colour::red) || judge.connected(stones[1], Colour::blue))
                continue;
            for (const auto& [x, region] : candidates(g, stones, rng)) {
                const CapturedRegions<Narrow> regions(g);
                ++asked;
                if (!regions.captures(x, stones, region)) continue;
                ++captured;
                Narrow filled[2] = {stones[0], stones[1]};
                filled[colour_index(x)] |= region;
                for (Colour mover : {Colour::red, Colour::blue}) {
                    INFO(n << "x" << n << " red " << stones[0] << " blue " << stones[1]
                           << " region " << region << " for " << colour_name(x) << ", "
                           << colour_name(mover) << " to move");
                    CHECK(winner(judge, filled[0], filled[1], mover) ==
                          winner(judge, stones[0], stones[1], mover));
                }
            }
        }
    }
    CHECK(asked > 1000);
    CHECK(captured > 100);
}

TEST_CASE("CapturedRegions: a captured region stays captured with more stones around it", "[hex]") {
    // What the solver's proof sets need: the loser's stones outside a proof never undo a fill.
    std::mt19937_64 rng(30);
    int checked = 0;
    for (int n : {5, 6}) {
        const Geometry<Narrow> g(n);
        const CapturedRegions<Narrow> regions(g);
        for (int trial = 0; trial < 150; ++trial) {
            Narrow stones[2] = {0, 0};
            random_stones(n, 4 + static_cast<int>(rng() % 8), rng, stones[0], stones[1]);
            for (const auto& [x, region] : candidates(g, stones, rng)) {
                if (!regions.captures(x, stones, region)) continue;
                Narrow more[2] = {stones[0], stones[1]};
                const Narrow free = g.all() & ~(stones[0] | stones[1] | region);
                for_each_cell(free, [&](int c) {
                    if (rng() % 3 == 0) more[rng() % 2] |= cell_bit<Narrow>(c);
                });
                INFO(n << "x" << n << " red " << stones[0] << " blue " << stones[1] << " region "
                       << region);
                CHECK(regions.captures(x, more, region));
                ++checked;
            }
        }
    }
    CHECK(checked > 50);
}

TEST_CASE("Analyser: with +regions the third-row carrier behind a stone is filled, and the fill-in "
          "goes on from it",
          "[hex]") {
    const Board b = Board::from_moves(7, "b4 c2");
    const Geometry<Narrow> g(7);
    for (const char* name :
         {"dfpn+vc+stronger+templates+inferior+regions+proof+resistance", "vc+inferior+regions"}) {
        Analyser<Narrow> analyser(g, RuleSet::parse(name));
        Narrow stones[2] = {convert_cells<Narrow>(b.stones(Colour::red)),
                            convert_cells<Narrow>(b.stones(Colour::blue))};
        Analysis<Narrow> out;
        SearchStats stats;
        analyser.analyse(stones, Colour::red, out, stats);
        INFO(name);
        CHECK(out.filled[1] == cells_of(7, {"a1", "b1", "c1", "a2", "b2", "a3", "b3", "a4"}));
        CHECK(out.filled[0] == 0);
        CHECK(stats.filled_captured == 8);
    }
    Analyser<Narrow> without(
        g, RuleSet::parse("dfpn+vc+stronger+templates+inferior+proof+resistance"));
    Narrow stones[2] = {convert_cells<Narrow>(b.stones(Colour::red)),
                        convert_cells<Narrow>(b.stones(Colour::blue))};
    Analysis<Narrow> out;
    SearchStats stats;
    without.analyse(stones, Colour::red, out, stats);
    CHECK(out.filled[1] == 0);
}

TEST_CASE("Openings: with +regions the 6x6 map is the one without, in fewer nodes", "[hex]") {
    const auto map = [](const char* name, std::uint64_t& nodes) {
        Solver solver(6, {Variant::normal, RuleSet::parse(name), 0, 16});
        std::vector<Outcome> out;
        for (Cell c : all_cells(6)) {
            const OpeningResult r = solve_opening(solver, c);
            out.push_back(r.outcome);
            nodes += r.nodes;
        }
        return out;
    };
    std::uint64_t before = 0, after = 0;
    const auto without = map("dfpn+vc+stronger+templates+inferior+proof+resistance", before);
    const auto with = map("dfpn+vc+stronger+templates+inferior+regions+proof+resistance", after);
    CHECK(with == without);
    CHECK(std::count(with.begin(), with.end(), Outcome::win) == 24); // the literature's 6x6 map
    CHECK(after < before);
}
