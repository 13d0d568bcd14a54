// Misere Hex past the exhaustive reference's boards: the rex rules against a brute-force
// judge on sampled 5x5 and 4x5 positions with few empty cells, and the table of every 5x5
// opening's winning replies against what the literature proves (misere_theorems.hpp).
#include "hex/analysis/misere_analysis.hpp"
#include "hex/search/vc_search.hpp"
#include "hex/solver/misere_theorems.hpp"
#include "hex/solver/openings.hpp"
#include "hex/solver/replies.hpp"
#include "misere_reference.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

using namespace cgt::hex;
using cgt::hex::test::SparseMisereReference;

namespace {

const char* const ALL_REX = "dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation";

// Each rex rule alone and all together (the analysis is the same with or without dfpn).
std::vector<RuleSet> single_rules() {
    std::vector<RuleSet> out;
    for (const char* name : {"rex+dead", "rex+captured", "rex+pairing", "rex+pairing+keys",
                             "rex+killers", "rex+blockers", "rex+mirror", "rex+rotation",
                             "rex+dead+captured+pairing+keys+killers+mirror+rotation+resistance",
                             "rex+dead+captured+pairing+keys+killers+blockers+mirror+rotation"})
        out.push_back(RuleSet::parse(name));
    return out;
}

struct Position {
    std::uint64_t red = 0, blue = 0;
    Colour mover = Colour::red;
};

// A position of a game played at random (either colour may be one stone ahead, as after
// fill-in) to `empties` empty cells in which nobody has connected.
Position random_position(const SparseMisereReference& judge, int empties, std::mt19937_64& rng) {
    for (;;) {
        std::vector<int> cells(static_cast<std::size_t>(judge.cells()));
        for (int i = 0; i < judge.cells(); ++i)
            cells[static_cast<std::size_t>(i)] = i;
        std::shuffle(cells.begin(), cells.end(), rng);
        Position p;
        const int stones = judge.cells() - empties;
        for (int i = 0; i < stones; ++i)
            (i % 2 == 0 ? p.red : p.blue) |= std::uint64_t{1} << cells[static_cast<std::size_t>(i)];
        if (rng() % 4 == 0) std::swap(p.red, p.blue);
        p.mover = rng() & 1 ? Colour::red : Colour::blue;
        if (!judge.connected(p.red, Colour::red) && !judge.connected(p.blue, Colour::blue))
            return p;
    }
}

// The analysis of `p` is sound against the judge: a verdict is the judge's, the fill-in keeps
// the value, and a won position keeps a winning move among those to try.
void check_analysis(SparseMisereReference& judge, MisereAnalyser<Narrow>& analyser,
                    const Position& p) {
    const bool expect = judge.wins(p.red, p.blue, p.mover);
    Narrow stones[2] = {p.red, p.blue};
    Analysis<Narrow> out;
    SearchStats stats;
    analyser.analyse(stones, p.mover, out, stats);
    if (out.outcome != Outcome::unknown) {
        CHECK(out.outcome == (expect ? Outcome::win : Outcome::loss));
        return;
    }
    REQUIRE(!judge.connected(stones[0], Colour::red));
    REQUIRE(!judge.connected(stones[1], Colour::blue));
    CHECK(judge.wins(stones[0], stones[1], p.mover) == expect);
    REQUIRE(out.count >= 1);
    bool winning_kept = false;
    const int mine = p.mover == Colour::red ? 0 : 1;
    for (int j = 0; j < out.count && !winning_kept; ++j) {
        Narrow after[2] = {stones[0], stones[1]};
        after[mine] |= Narrow{1} << out.moves[static_cast<std::size_t>(j)];
        if (judge.connected(after[mine], p.mover)) continue;
        winning_kept = !judge.wins(after[0], after[1], opponent(p.mover));
    }
    CHECK(winning_kept == expect);
}

} // namespace

TEST_CASE("MisereAnalyser: every rex rule is sound on sampled 5x5 and 4x5 positions", "[hex]") {
    std::mt19937_64 rng(3005);
    for (const Shape shape : {Shape::square(5), Shape(4, 5), Shape(5, 4)}) {
        SparseMisereReference judge(shape.rows, shape.cols);
        const Geometry<Narrow> g(shape);
        std::vector<Position> positions;
        for (int i = 0; i < 150; ++i)
            positions.push_back(random_position(judge, 6 + static_cast<int>(rng() % 7), rng));
        for (const RuleSet& rules : single_rules()) {
            MisereAnalyser<Narrow> analyser(g, rules);
            for (const Position& p : positions) {
                INFO(shape.name() << " " << rules.name() << " red " << p.red << " blue " << p.blue
                                  << " mover " << colour_name(p.mover));
                check_analysis(judge, analyser, p);
            }
        }
    }
}

TEST_CASE("VcSearch: the rex searches agree with the brute-force judge on sampled 5x5 positions",
          "[hex]") {
    SparseMisereReference judge(5, 5);
    std::mt19937_64 rng(3006);
    int wins = 0, checked = 0;
    for (int i = 0; i < 80; ++i) {
        const Position p = random_position(judge, 8 + static_cast<int>(rng() % 6), rng);
        const bool expect = judge.wins(p.red, p.blue, p.mover);
        for (const char* name :
             {ALL_REX, "dfpn+rex+dead+pairing+keys+transpose", "rex+killers", "rex+blockers",
              "dfpn+rex+dead+captured+pairing+keys+killers+blockers+mirror+rotation"}) {
            VcSearch<Narrow> search(Shape::square(5), RuleSet::parse(name), 1);
            search.load(p.red, p.blue, p.mover);
            SearchStats stats;
            INFO(name << " red " << p.red << " blue " << p.blue << " mover "
                      << colour_name(p.mover));
            CHECK(search.solve(0, stats) == (expect ? Outcome::win : Outcome::loss));
            ++checked;
        }
        wins += expect;
    }
    // Both results are met often enough for the check to mean something.
    CHECK(wins > 15);
    CHECK(wins < 65);
    CHECK(checked == 400);
}

TEST_CASE(
    "continue_replies: a stop inside a reply's search, continued, gives the replies of one run",
    "[hex]") {
    const SolverOptions options{Variant::misere, RuleSet::parse(ALL_REX), 0, 4};
    const Cell c1{0, 2};
    Solver whole(5, options);
    whole.set_pauses(50,
                     [] { return true; }); // the pauses count in the nodes: as the stopped run's
    const OpeningReplies expected = solve_replies(whole, c1);
    REQUIRE(expected.replies.size() == 24);

    // Stopped at its 20th pause, which falls inside some reply's search: that search saved.
    Solver first(5, options);
    std::vector<std::vector<std::byte>> saved;
    int pauses = 0;
    first.set_pauses(50, [&] {
        if (++pauses < 20) return true;
        saved.assign(1, {});
        first.save_search(saved.front(), false);
        return false;
    });
    const RepliesRun stopped = continue_replies(first, c1, {}, {}, {});
    REQUIRE(stopped.stopped);
    const std::size_t done = stopped.replies.replies.size();
    CHECK(done < 24);
    CHECK(stopped.replies.outcome == Outcome::unknown);

    Solver second(5, options);
    second.set_pauses(50, [] { return true; });
    std::size_t told = 0;
    const RepliesRun rest =
        continue_replies(second, c1, stopped.replies.replies, saved,
                         [&](const OpeningReplies& so_far) { told = so_far.replies.size(); });
    CHECK_FALSE(rest.stopped);
    CHECK(told == 24);
    CHECK(rest.replies.outcome == expected.outcome);
    CHECK(rest.replies.nodes == expected.nodes);
    REQUIRE(rest.replies.replies.size() == 24);
    for (std::size_t i = 0; i < 24; ++i) {
        INFO(cell_name(expected.replies[i].cell));
        CHECK(rest.replies.replies[i].cell == expected.replies[i].cell);
        CHECK(rest.replies.replies[i].outcome == expected.replies[i].outcome);
        CHECK(rest.replies.replies[i].nodes == expected.replies[i].nodes);
    }
    // Replies done that are not the opening's first ones are refused.
    const std::vector<CellOutcome> not_first{{{4, 4}, Outcome::win, 1}};
    CHECK_THROWS_AS(continue_replies(second, c1, not_first, {}, {}), std::invalid_argument);
}

TEST_CASE("solve_replies: every 5x5 misere opening loses, with the theorems' facts", "[hex]") {
    // Hayward, Toft and Henderson (2012): on odd boards the second player has a winning reply
    // to every opening; the table is checked by every statement of misere_theorems.hpp,
    // rotation included (all 25 openings are solved, not one of each pair).
    Solver solver(5, {Variant::misere, RuleSet::parse(ALL_REX), 0, 4});
    std::vector<OpeningReplies> rows;
    for (Cell c : all_cells(5))
        rows.push_back(solve_replies(solver, c));
    CHECK(misere_theorem_violations(5, rows).empty());
    std::size_t winning = 0;
    for (const OpeningReplies& row : rows) {
        INFO(cell_name(row.opening));
        CHECK(row.outcome == Outcome::loss);
        CHECK(row.replies.size() == 24);
        CHECK(!row.winning().empty());
        winning += row.winning().size();
        for (const CellOutcome& r : row.replies)
            CHECK(r.outcome != Outcome::unknown);
    }
    // Opening c1's losing replies and three winning ones, by a search with fewer rules.
    Solver fewer(5, {Variant::misere, RuleSet::parse("dfpn+rex+dead+pairing"), 0, 4});
    fewer.play({0, 2});
    int asked = 0, winning_asked = 0;
    for (const CellOutcome& r : rows[2].replies) {
        if (r.outcome == Outcome::win && ++winning_asked > 3) continue;
        INFO("c1 " << cell_name(r.cell));
        fewer.clear_table();
        CHECK(fewer.solve_move(r.cell).outcome == r.outcome);
        ++asked;
    }
    CHECK(asked > 3);
}

TEST_CASE("misere_theorem_violations: the exhaustive 4x4 table agrees, and altered tables are "
          "caught by the statement they break",
          "[hex]") {
    // Every 4x4 opening's replies from the exhaustive judge (no code shared with the solver),
    // then from the rex solver: the same table, with no violation.
    cgt::hex::test::MisereReference judge(4);
    Solver solver(4, {Variant::misere, RuleSet::parse(ALL_REX), 0, 4});
    std::vector<OpeningReplies> rows;
    for (Cell c : all_cells(4)) {
        OpeningReplies row;
        row.opening = c;
        const std::uint32_t red = 1u << (c.row * 4 + c.col);
        bool some_win = false;
        for (Cell r : all_cells(4)) {
            const std::uint32_t blue = 1u << (r.row * 4 + r.col);
            if (blue == red) continue;
            const bool win =
                judge.connected(blue, Colour::blue) ? false : !judge.wins(red, blue, Colour::red);
            row.replies.push_back({r, win ? Outcome::win : Outcome::loss, 0});
            some_win = some_win || win;
        }
        row.outcome = some_win ? Outcome::loss : Outcome::win;
        const OpeningReplies searched = solve_replies(solver, c);
        INFO(cell_name(c));
        CHECK(searched.outcome == row.outcome);
        CHECK(searched.winning() == row.winning());
        rows.push_back(row);
    }
    CHECK(misere_theorem_violations(4, rows).empty());

    const auto first_violation = [](int size, const std::vector<OpeningReplies>& table) {
        const std::vector<std::string> v = misere_theorem_violations(size, table);
        return v.empty() ? std::string() : v.front();
    };
    std::vector<OpeningReplies> bad = rows;
    bad[0].outcome = Outcome::loss; // a1, with its replies unchanged
    CHECK(first_violation(4, bad) ==
          "replies: 4x4 opening a1 has every reply losing, but is not a win");
    for (CellOutcome& r : bad[0].replies)
        if (r.cell.row == 3 && r.cell.col == 3) r.outcome = Outcome::win; // d4
    const std::vector<std::string> v = misere_theorem_violations(4, bad);
    CHECK(std::find(v.begin(), v.end(),
                    "acute: 4x4 opening a1 loses, but the acute corner wins on even boards") !=
          v.end());
    CHECK(std::find(v.begin(), v.end(), "rotation: 4x4 opening a1 and d4 have different results") !=
          v.end());
    CHECK(std::find(v.begin(), v.end(),
                    "rotation: 4x4 opening a1 and d4: reply d4 and its rotation a1 have different "
                    "results") != v.end()); // d4 after a1 is a1 after d4 rotated
    bad = rows;
    for (OpeningReplies& row : bad)
        if (row.opening.row == 0 && row.opening.col == 1) {
            row.outcome = Outcome::loss;
            row.replies[5].outcome = Outcome::win;
        }
    CHECK(first_violation(4, bad) ==
          "beside: 4x4 opening b1 loses, but the cell beside the acute corner wins on even boards "
          ">= 4");
    // On an odd board a winning opening breaks parity.
    OpeningReplies odd;
    odd.opening = {1, 1};
    odd.outcome = Outcome::win;
    CHECK(first_violation(3, {odd}) ==
          "parity: 3x3 opening b2 wins, but the first player loses on odd boards");
    CHECK_THROWS_WITH(misere_theorem_violations(3, {odd, odd}), Catch::Contains("given twice"));
    odd.opening = {3, 0};
    CHECK_THROWS_WITH(misere_theorem_violations(3, {odd}), Catch::Contains("off the 3x3 board"));
}

TEST_CASE("Solver: a rex search stopped at a pause and continued from its saved search ends as one "
          "never stopped",
          "[hex]") {
    // 5x5 a1 d1, red to move (about 1,200 nodes): the saved table and path of a misere
    // search give back the result, nodes and counters of the search never stopped.
    constexpr std::uint64_t PAUSE = 100;
    const SolverOptions options{Variant::misere, RuleSet::parse(ALL_REX), 0, 4};
    const Board position = Board::from_moves(5, "a1 d1");
    Solver whole(5, options);
    whole.set_position(position);
    whole.set_pauses(PAUSE, [] { return true; });
    const SearchResult expect = whole.solve();
    REQUIRE(expect.outcome != Outcome::unknown);
    REQUIRE(expect.stats.nodes > 4 * PAUSE);
    Solver first(5, options);
    first.set_position(position);
    std::vector<std::vector<std::byte>> saved;
    int pauses = 0;
    first.set_pauses(PAUSE, [&] {
        saved.emplace_back();
        first.save_search(saved.back(), saved.size() > 1);
        return ++pauses < 3;
    });
    CHECK(first.solve().outcome == Outcome::unknown);
    CHECK(first.stopped());
    Solver second(5, options);
    second.set_position(position);
    second.set_pauses(PAUSE, [] { return true; });
    CHECK(second.load_search(saved) >= 3 * PAUSE);
    const SearchResult resumed = second.solve();
    CHECK(resumed.outcome == expect.outcome);
    CHECK(resumed.stats.nodes == expect.stats.nodes);
    CHECK(resumed.stats.expansions == expect.stats.expansions);
    CHECK(resumed.stats.vc_wins == expect.stats.vc_wins);
}
