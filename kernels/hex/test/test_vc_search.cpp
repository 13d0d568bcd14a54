#include "hex/search/vc_search.hpp"
#include "hex/solver/openings.hpp"
#include "hex/solver/solver.hpp"
#include "reference_solver.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

using namespace cgt::hex;
using cgt::hex::test::random_stones;
using cgt::hex::test::ReferenceSolver;

namespace {

// Every switch of the vc rules, each alone and all together, in both searches and orders.
std::vector<RuleSet> vc_rule_sets() {
    std::vector<RuleSet> out;
    for (const char* name : {"vc", "vc+inferior", "vc+proof", "vc+inferior+proof", "vc+inferior+proof+distance",
                             "vc+resistance", "dfpn+vc", "dfpn+vc+inferior", "dfpn+vc+proof", "dfpn+vc+inferior+proof",
                             "dfpn+vc+inferior+proof+distance", "dfpn+vc+inferior+proof+resistance",
                             "vc+inferior+induced", "vc+inferior+vulnerable", "dfpn+vc+inferior+induced+vulnerable+proof",
                             "dfpn+vc+inferior+induced+vulnerable+proof+resistance", "vc+inferior+proof+transpose",
                             "dfpn+vc+inferior+proof+transpose+resistance", "dfpn+vc+transpose", "vc+stronger",
                             "dfpn+vc+stronger+inferior+proof+resistance",
                             "dfpn+vc+stronger+inferior+induced+proof+transpose+resistance", "vc+templates+proof",
                             "dfpn+vc+stronger+templates+inferior+proof+resistance",
                             "dfpn+vc+stronger+templates+row4+inferior+proof+resistance", "vc+row4+proof",
                             "dfpn+vc+stronger+templates+row4+semis+inferior+proof+resistance", "vc+templates+row4+semis+proof",
                             "vc+inferior+regions+proof",
                             "dfpn+vc+stronger+templates+inferior+induced+vulnerable+regions+proof+resistance",
                             "vc+ladders+proof", "vc+stronger+keypair",
                             "dfpn+vc+stronger+templates+row4+ladders+keypair+inferior+induced+vulnerable+regions+proof+resistance"})
        out.push_back(RuleSet::parse(name));
    return out;
}

std::vector<Outcome> opening_map(int n, const RuleSet& rules, std::uint64_t* nodes = nullptr) {
    Solver solver(n, {Variant::normal, rules, 0, 4});
    std::vector<Outcome> map;
    for (Cell c : all_cells(n)) {
        const OpeningResult r = solve_opening(solver, c);
        map.push_back(r.outcome);
        if (nodes) *nodes += r.nodes;
    }
    return map;
}

} // namespace

TEST_CASE("VcSearch: every vc rule set agrees with the reference on random 4x4 and 5x5 positions", "[hex]") {
    // Any stone counts and either player to move: the positions fill-in produces.
    std::mt19937_64 rng(101);
    const auto rule_sets = vc_rule_sets();
    int wins = 0, checked = 0;
    for (int n : {4, 5}) {
        for (int trial = 0; trial < 80; ++trial) {
            Narrow red = 0, blue = 0;
            random_stones(n, n == 4 ? 3 + static_cast<int>(rng() % 6) : 13 + static_cast<int>(rng() % 4), rng, red, blue);
            const Colour mover = rng() & 1 ? Colour::red : Colour::blue;
            ReferenceSolver judge(n);
            const bool expect = judge.wins(red, blue, mover);
            wins += expect;
            for (const RuleSet& rules : rule_sets) {
                VcSearch<Narrow> search(n, rules, 1);
                search.load(red, blue, mover);
                SearchStats stats;
                INFO(n << "x" << n << " red " << red << " blue " << blue << " mover " << colour_name(mover) << " "
                       << rules.name());
                CHECK(search.solve(0, stats) == (expect ? Outcome::win : Outcome::loss));
                ++checked;
            }
        }
    }
    CHECK(checked == 5280);
    CHECK(wins > 30);
    CHECK(wins < 130);
}

TEST_CASE("VcSearch: the loser's stones outside a proof set do not change the result", "[hex]") {
    // The definition the proof-set pruning relies on: a decided position (after its
    // fill-in) stays won by its winner when the loser gets any of the empty cells the proof
    // set leaves out; here all of them at once.
    std::mt19937_64 rng(102);
    int outside = 0;
    for (const char* name : {"dfpn+vc+inferior+proof+resistance", "vc+inferior+proof", "dfpn+vc",
                             "dfpn+vc+inferior+induced+vulnerable+proof+resistance", "vc+inferior+induced+vulnerable+proof",
                             "dfpn+vc+inferior+proof+transpose+resistance", "vc+inferior+proof+transpose",
                             "dfpn+vc+stronger+inferior+induced+proof+transpose+resistance", "vc+stronger+proof",
                             "dfpn+vc+stronger+templates+inferior+proof+resistance", "vc+templates+proof",
                             "dfpn+vc+stronger+templates+row4+inferior+proof+resistance", "vc+row4+proof",
                             "dfpn+vc+stronger+templates+row4+semis+inferior+proof+resistance", "vc+templates+row4+semis+proof",
                             "dfpn+vc+stronger+templates+inferior+regions+proof+resistance", "vc+inferior+regions+proof+transpose",
                             "dfpn+vc+stronger+templates+ladders+keypair+inferior+regions+proof+resistance",
                             "vc+ladders+proof", "vc+stronger+ladders+keypair+proof+transpose"}) {
        const RuleSet rules = RuleSet::parse(name);
        for (int trial = 0; trial < 40; ++trial) {
            const int n = trial % 2 ? 4 : 5;
            Narrow s[2] = {0, 0};
            random_stones(n, n == 4 ? 3 + static_cast<int>(rng() % 5) : 12 + static_cast<int>(rng() % 4), rng, s[0], s[1]);
            const Colour mover = rng() & 1 ? Colour::red : Colour::blue;
            VcSearch<Narrow> search(n, rules, 1);
            search.load(s[0], s[1], mover);
            SearchStats stats;
            const Outcome o = search.solve(0, stats);
            REQUIRE(o != Outcome::unknown);
            const Colour winner = o == Outcome::win ? mover : opponent(mover);
            const Colour loser = opponent(winner);
            const Narrow empty = Geometry<Narrow>(n).all() & ~(s[0] | s[1]);
            const Narrow proof = search.last_proof();
            CHECK((proof & ~empty) == 0);
            Narrow t[2] = {s[0], s[1]};
            t[colour_index(loser)] |= empty & ~proof;
            outside += static_cast<int>(count_cells(empty & ~proof));
            ReferenceSolver judge(n);
            INFO(n << "x" << n << " red " << s[0] << " blue " << s[1] << " mover " << colour_name(mover) << " " << name);
            REQUIRE_FALSE(judge.connected(t[colour_index(loser)], loser));
            if (judge.connected(t[colour_index(winner)], winner)) continue;
            CHECK(judge.wins(t[0], t[1], mover) == (winner == mover));
        }
    }
    CHECK(outside > 200); // the proofs do leave cells out
}

TEST_CASE("Openings: the vc rule sets give the literature's maps of 1x1..5x5", "[hex]") {
    const std::vector<std::vector<std::string>> maps = {{"W"},
                                                        {"LW", "WL"},
                                                        {},
                                                        {"LLLW", "LLWL", "LWLL", "WLLL"},
                                                        {"LLLLW", "LWWWW", "LWWWL", "WWWWL", "WLLLL"}};
    for (const RuleSet& rules : vc_rule_sets()) {
        for (int n = 1; n <= 5; ++n) {
            INFO(n << "x" << n << " " << rules.name());
            const auto map = opening_map(n, rules);
            int wins = 0;
            for (Outcome o : map) wins += o == Outcome::win;
            CHECK(wins == std::vector<int>{1, 2, 5, 4, 13}[static_cast<std::size_t>(n - 1)]);
            if (n != 3) CHECK(outcome_map(n, map) == maps[static_cast<std::size_t>(n - 1)]);
        }
    }
}

TEST_CASE("VcSearch: node counts are reproducible and the same on 64-bit and 128-bit boards", "[hex]") {
    for (const char* name : {"dfpn+vc+inferior+proof+resistance", "vc+inferior+proof+distance"}) {
        const RuleSet rules = RuleSet::parse(name);
        INFO(name);
        for (Cell c : {Cell{1, 2}, Cell{0, 3}, Cell{2, 2}}) {
            Board b(6);
            b.place(c, Colour::red);
            VcSearch<Narrow> narrow(6, rules, 4), again(6, rules, 4);
            VcSearch<Wide> wide(6, rules, 4);
            SearchStats s1, s2, s3;
            narrow.load(b);
            again.load(b);
            wide.load(b);
            const Outcome o1 = narrow.solve(0, s1), o2 = again.solve(0, s2), o3 = wide.solve(0, s3);
            CHECK(o1 == o2);
            CHECK(o1 == o3);
            CHECK(s1.nodes == s2.nodes);
            CHECK(s1.nodes == s3.nodes);
            CHECK(s1.expansions == s3.expansions);
            CHECK(s1.nodes > 1);
        }
    }
}

TEST_CASE("VcSearch: a node limit gives unknown and leaves the position as it was", "[hex]") {
    for (const char* name : {"dfpn+vc+inferior+proof+resistance", "vc+inferior"}) {
        Solver solver(6, {Variant::normal, RuleSet::parse(name), 5, 4});
        const Board start = Board::from_moves(6, "c3");
        solver.set_position(start);
        INFO(name);
        const SearchResult r = solver.solve();
        CHECK(r.outcome == Outcome::unknown);
        CHECK(r.stats.nodes == 6); // the node past the limit stopped it
        CHECK(solver.position() == start);
        solver.set_node_limit(0);
        const SearchResult full = solver.solve();
        CHECK(full.outcome != Outcome::unknown);
        CHECK(solver.position() == start);
        // The same result from a fresh solver searching depth-first without proof sets.
        Solver other(6, {Variant::normal, RuleSet::parse("vc+inferior"), 0, 4});
        other.set_position(start);
        CHECK(other.solve().outcome == full.outcome);
    }
}

TEST_CASE("RuleSet: the vc names, and the combinations refused", "[hex]") {
    struct Name { std::string text; std::string name; };
    const std::vector<Name> names = {
        {"vc", "vc"},
        {"vc+inferior", "vc+inferior"},
        {"dfpn+vc+inferior", "dfpn+vc+inferior"},
        {"vc+proof+inferior+dfpn+d", "dfpn+vc+inferior+proof+distance"},
        {"dfpn+vc+inferior+proof", "dfpn+vc+inferior+proof"},
        {"r+proof+dfpn+inferior+vc", "dfpn+vc+inferior+proof+resistance"},
        {"vulnerable+proof+dfpn+inferior+vc+r+induced", "dfpn+vc+inferior+induced+vulnerable+proof+resistance"},
        {"transpose+vc+proof+inferior", "vc+inferior+proof+transpose"},
        {"inferior+stronger+vc", "vc+stronger+inferior"},
        {"templates+r+proof+dfpn+inferior+vc+stronger", "dfpn+vc+stronger+templates+inferior+proof+resistance"},
        {"row4+templates+r+proof+dfpn+inferior+vc+stronger", "dfpn+vc+stronger+templates+row4+inferior+proof+resistance"},
        {"semis+row4+templates+r+proof+dfpn+inferior+vc+stronger",
         "dfpn+vc+stronger+templates+row4+semis+inferior+proof+resistance"},
        {"regions+vulnerable+proof+dfpn+inferior+vc+r+stronger",
         "dfpn+vc+stronger+inferior+vulnerable+regions+proof+resistance"},
        {"keypair+ladders+regions+row4+proof+dfpn+inferior+vc+r+stronger+templates",
         "dfpn+vc+stronger+templates+row4+ladders+keypair+inferior+regions+proof+resistance"},
        {"ladders+vc", "vc+ladders"},
    };
    for (const auto& n : names) {
        INFO(n.text);
        const RuleSet r = RuleSet::parse(n.text);
        CHECK(r.rules == Rules::vc);
        CHECK(r.name() == n.name);
        CHECK(RuleSet::parse(r.name()) == r);
    }
    struct Bad { std::string text; std::string message; };
    const std::vector<Bad> bad = {
        {"rule1+2+inferior", "rule set 'rule1+2+inferior': dfpn, stronger, templates, inferior, proof and transpose go with the vc rules only"},
        {"dfpn+plain", "rule set 'dfpn+plain': dfpn, stronger, templates, inferior, proof and transpose go with the vc rules only"},
        {"vc+history", "rule set 'vc+history': the vc rules take the centre, distance or resistance order, not history"},
        {"rule1+2+resistance", "rule set 'rule1+2+resistance': the resistance order goes with the vc rules only"},
        {"vc+resistance+distance", "unknown rule set 'vc+resistance+distance'"},
        {"vc+vc", "unknown rule set 'vc+vc' (use plain, rule1, rule1+2 or vc"},
        {"vc+inferior+inferior", "unknown rule set 'vc+inferior+inferior'"},
        {"inferior", "unknown rule set 'inferior'"},
        {"vc+induced", "rule set 'vc+induced': induced, vulnerable and regions go with inferior"},
        {"dfpn+vc+vulnerable", "rule set 'dfpn+vc+vulnerable': induced, vulnerable and regions go with inferior"},
        {"dfpn+vc+regions", "rule set 'dfpn+vc+regions': induced, vulnerable and regions go with inferior"},
        {"vc+inferior+regions+regions", "unknown rule set 'vc+inferior+regions+regions'"},
        {"vc+inferior+induced+induced", "unknown rule set 'vc+inferior+induced+induced'"},
        {"rule1+2+transpose", "rule set 'rule1+2+transpose': dfpn, stronger, templates, inferior, proof and transpose go with the vc rules only"},
        {"vc+", "unknown rule set 'vc+'"},
        {"rule1+2+row4", "rule set 'rule1+2+row4': dfpn, stronger, templates, inferior, proof and transpose go with the vc rules only"},
        {"vc+row4+row4", "unknown rule set 'vc+row4+row4'"},
        {"vc+semis", "rule set 'vc+semis': semis go with templates or row4 (e.g. dfpn+vc+templates+semis)"},
        {"vc+templates+semis+semis", "unknown rule set 'vc+templates+semis+semis'"},
        {"vc+ladders+ladders", "unknown rule set 'vc+ladders+ladders'"},
        {"vc+ladders+keypair", "rule set 'vc+ladders+keypair': keypair goes with stronger (e.g. dfpn+vc+stronger+ladders+keypair)"},
        {"rule1+2+ladders", "rule set 'rule1+2+ladders': dfpn, stronger, templates, inferior, proof and transpose go with the vc rules only"},
        {"vc+stronger+keypair+keypair", "unknown rule set 'vc+stronger+keypair+keypair'"},
    };
    for (const auto& b : bad) {
        INFO(b.text);
        CHECK_THROWS_WITH(RuleSet::parse(b.text), Catch::Contains(b.message));
    }
    CHECK_THROWS_WITH(Solver(3, {Variant::misere, RuleSet::parse("vc"), 0, 1}),
                      Catch::Contains("misere Hex is searched with the plain rule set only"));
}

TEST_CASE("VcSearch: a position and its rotation share a table entry, each read in its own frame", "[hex]") {
    // The table keys a position and its 180-degree rotation alike; what an entry holds
    // (fill-in, moves, proof set) is turned when the other board reads it, so the proof of
    // the rotated position is the rotated proof, and it is a proof there.
    std::mt19937_64 rng(103);
    int differing = 0;
    for (const char* name : {"dfpn+vc+inferior+proof+resistance", "vc+inferior+proof"}) {
        const RuleSet rules = RuleSet::parse(name);
        for (int trial = 0; trial < 30; ++trial) {
            const int n = trial % 2 ? 4 : 5;
            const Geometry<Narrow> g(n);
            Narrow s[2] = {0, 0};
            random_stones(n, n == 4 ? 3 + static_cast<int>(rng() % 5) : 11 + static_cast<int>(rng() % 4), rng, s[0], s[1]);
            const Colour mover = rng() & 1 ? Colour::red : Colour::blue;
            VcSearch<Narrow> search(n, rules, 1);
            SearchStats stats;
            search.load(s[0], s[1], mover);
            const Outcome o = search.solve(0, stats);
            const Narrow proof = search.last_proof();
            const Narrow r[2] = {g.rotate(s[0]), g.rotate(s[1])};
            search.load(r[0], r[1], mover);
            INFO(n << "x" << n << " red " << s[0] << " blue " << s[1] << " mover " << colour_name(mover) << " " << name);
            REQUIRE(search.solve(0, stats) == o);
            const Narrow rotated_proof = search.last_proof();
            CHECK(rotated_proof == g.rotate(proof));
            differing += rotated_proof != proof;
            // The loser's stones on every empty cell outside the proof keep the result.
            const Colour winner = o == Outcome::win ? mover : opponent(mover);
            const Colour loser = opponent(winner);
            Narrow t[2] = {r[0], r[1]};
            t[colour_index(loser)] |= (g.all() & ~(r[0] | r[1])) & ~rotated_proof;
            ReferenceSolver judge(n);
            if (judge.connected(t[colour_index(winner)], winner)) continue;
            REQUIRE_FALSE(judge.connected(t[colour_index(loser)], loser));
            CHECK(judge.wins(t[0], t[1], mover) == (winner == mover));
        }
    }
    CHECK(differing > 20);
}

TEST_CASE("Cells: reverse_cells is the 180-degree rotation on 64-bit and 128-bit words", "[hex]") {
    for (int n : {1, 3, 5, 8}) {
        const Geometry<Narrow> g(n);
        for (int i = 0; i < n * n; ++i) CHECK(reverse_cells<Narrow>(cell_bit<Narrow>(i), n * n) == cell_bit<Narrow>(n * n - 1 - i));
    }
    for (int n : {9, 11}) {
        for (int i = 0; i < n * n; ++i) CHECK(reverse_cells<Wide>(cell_bit<Wide>(i), n * n) == cell_bit<Wide>(n * n - 1 - i));
    }
}

TEST_CASE("Shape: names as Benzene's boardsize W H, and the texts refused", "[hex]") {
    CHECK(Shape::parse("7") == Shape(7, 7));
    CHECK(Shape::parse("6x7") == Shape(7, 6)); // 6 columns, 7 rows
    CHECK(Shape::parse("8X8") == Shape::square(8));
    CHECK(Shape(7, 6).name() == "6x7");
    CHECK(Shape::parse(Shape(3, 11).name()) == Shape(3, 11));
    for (const char* bad : {"", "x", "0", "12", "6x", "x7", "6x0", "6x12", "6*7", "six"}) {
        INFO(bad);
        CHECK_THROWS_WITH(Shape::parse(bad), Catch::Contains("must be N or WxH (W columns, H rows), each 1..11"));
    }
    CHECK_THROWS_WITH(VcSearch<Narrow>(Shape(8, 9), RuleSet::parse("vc"), 1),
                      "a 9x8 board has 72 cells, more than the 64 this search holds");
    const Board b = Board::from_moves(Shape(3, 4), "d3 a1");
    CHECK(b.rows() == 3);
    CHECK(b.cols() == 4);
    CHECK(b.at({2, 3}) == Stone::red);
    CHECK(Board::parse(b.to_text()) == b);
    CHECK(b.rotated().at({0, 0}) == Stone::red);
    CHECK_THROWS_WITH(Board::from_moves(Shape(3, 4), "a4"), "move 1 'a4' is off the 4x3 board (columns a-d, rows 1-3)");
    CHECK_THROWS_WITH(b.size(), Catch::Contains("not square"));
}

TEST_CASE("VcSearch: the vc rule sets agree with the reference on random rectangular positions", "[hex]") {
    std::mt19937_64 rng(104);
    int checked = 0, wins = 0;
    for (const Shape shape : {Shape(3, 5), Shape(5, 3), Shape(4, 5), Shape(5, 4), Shape(3, 6)}) {
        for (int trial = 0; trial < 25; ++trial) {
            Narrow red = 0, blue = 0;
            random_stones(shape.rows, shape.cols, shape.cells() - 11 + static_cast<int>(rng() % 3), rng, red, blue);
            const Colour mover = rng() & 1 ? Colour::red : Colour::blue;
            ReferenceSolver judge(shape.rows, shape.cols);
            const bool expect = judge.wins(red, blue, mover);
            wins += expect;
            for (const char* name : {"vc", "dfpn+vc+inferior+proof+resistance",
                                     "dfpn+vc+stronger+inferior+induced+vulnerable+proof+transpose+resistance",
                                     "dfpn+vc+stronger+templates+row4+inferior+proof+resistance",
                                     "dfpn+vc+stronger+templates+row4+semis+inferior+proof+resistance",
                                     "dfpn+vc+stronger+templates+inferior+induced+vulnerable+regions+proof+resistance",
                                     "dfpn+vc+stronger+templates+ladders+keypair+inferior+regions+proof+resistance"}) {
                VcSearch<Narrow> search(shape, RuleSet::parse(name), 1);
                search.load(red, blue, mover);
                SearchStats stats;
                INFO(shape.name() << " red " << red << " blue " << blue << " mover " << colour_name(mover) << " " << name);
                CHECK(search.solve(0, stats) == (expect ? Outcome::win : Outcome::loss));
                ++checked;
            }
        }
    }
    CHECK(checked == 875);
    CHECK(wins > 20);
    CHECK(wins < 105);
}

TEST_CASE("Openings: on a board that is not square the player with the closer sides wins every opening", "[hex]") {
    // Rows x columns; red joins the top and bottom rows. Plain search for the small boards,
    // the vc rules for the larger, each opening against the pairing-strategy theorem.
    struct Case {
        Shape shape;
        const char* rules;
    };
    for (const Case& c : {Case{{2, 3}, "plain"}, Case{{3, 2}, "plain"}, Case{{3, 4}, "rule1+2"}, Case{{4, 3}, "rule1+2"},
                          Case{{4, 5}, "dfpn+vc+inferior+proof+resistance"}, Case{{5, 4}, "vc+inferior"},
                          Case{{5, 6}, "dfpn+vc+stronger+inferior+proof+resistance"},
                          Case{{6, 5}, "dfpn+vc+stronger+inferior+induced+proof+transpose+resistance"},
                          Case{{2, 5}, "vc"}, Case{{5, 2}, "dfpn+vc"}}) {
        Solver solver(c.shape, {Variant::normal, RuleSet::parse(c.rules), 0, 4});
        const Colour winner = *spanning_winner(c.shape);
        INFO(c.shape.name() << " " << c.rules);
        int openings = 0;
        for (const Cell cell : all_cells(c.shape)) {
            const OpeningResult r = solve_opening(solver, cell);
            CHECK(r.outcome == (winner == Colour::red ? Outcome::win : Outcome::loss));
            ++openings;
        }
        CHECK(openings == c.shape.cells());
    }
    CHECK_FALSE(spanning_winner(Shape::square(5)).has_value());
}
