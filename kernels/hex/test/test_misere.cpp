#include "hex/analysis/misere_analysis.hpp"
#include "hex/search/vc_search.hpp"
#include "hex/solver/openings.hpp"
#include "hex/solver/solver.hpp"
#include "hex/solver/split.hpp"
#include "misere_reference.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

using namespace cgt::hex;
using cgt::hex::test::MisereReference;

namespace {

// Each rex rule alone, all together, and the orders and searches they run in.
std::vector<RuleSet> rex_rule_sets() {
    std::vector<RuleSet> out;
    for (const char* name :
         {"rex",
          "rex+dead",
          "rex+captured",
          "rex+pairing",
          "rex+pairing+keys",
          "rex+killers",
          "rex+blockers",
          "rex+mirror",
          "rex+rotation",
          "rex+dead+captured+pairing+keys+killers+mirror+rotation",
          "rex+dead+captured+pairing+keys+killers+blockers+mirror+rotation",
          "rex+dead+captured+pairing+keys+killers+mirror+rotation+resistance",
          "dfpn+rex",
          "dfpn+rex+dead",
          "dfpn+rex+pairing+keys",
          "dfpn+rex+killers+mirror",
          "dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation",
          "dfpn+rex+dead+captured+pairing+keys+killers+blockers+mirror+rotation",
          "dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation+transpose",
          "dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation+transpose+resistance"})
        out.push_back(RuleSet::parse(name));
    return out;
}

// One position for the checks: stones (bit r*cols + c) and the mover; nobody connected.
struct Position {
    std::uint32_t red = 0, blue = 0;
    Colour mover = Colour::red;
};

// The analysis of `p` is sound: a verdict is the reference's, the fill-in keeps the value
// and the mover, and a won position keeps a winning move among the moves to try.
void check_analysis(MisereReference& judge, MisereAnalyser<Narrow>& analyser, const Position& p,
                    const RuleSet& rules) {
    const bool expect = judge.wins(p.red, p.blue, p.mover);
    Narrow stones[2] = {p.red, p.blue};
    Analysis<Narrow> out;
    SearchStats stats;
    analyser.analyse(stones, p.mover, out, stats);
    INFO(rules.name() << " red " << p.red << " blue " << p.blue << " mover "
                      << colour_name(p.mover));
    const auto red = static_cast<std::uint32_t>(stones[0]),
               blue = static_cast<std::uint32_t>(stones[1]);
    REQUIRE((red & p.red) == p.red);
    REQUIRE((blue & p.blue) == p.blue);
    if (out.outcome != Outcome::unknown) {
        CHECK(out.outcome == (expect ? Outcome::win : Outcome::loss));
        return;
    }
    REQUIRE(!judge.connected(red, Colour::red));
    REQUIRE(!judge.connected(blue, Colour::blue));
    CHECK(judge.wins(red, blue, p.mover) == expect);
    REQUIRE(out.count >= 1);
    bool winning_kept = false;
    std::uint32_t seen = 0;
    for (int j = 0; j < out.count; ++j) {
        const std::uint32_t b = 1u << out.moves[static_cast<std::size_t>(j)];
        REQUIRE(!((red | blue | seen) & b));
        seen |= b;
        const bool is_red = p.mover == Colour::red;
        const std::uint32_t own = (is_red ? red : blue) | b;
        if (judge.connected(own, p.mover)) continue;
        winning_kept = winning_kept || !(is_red ? judge.wins(own, blue, Colour::blue)
                                                : judge.wins(red, own, Colour::red));
    }
    CHECK(winning_kept == expect);
}

bool anyone_connected(const MisereReference& judge, const Position& p) {
    return judge.connected(p.red, Colour::red) || judge.connected(p.blue, Colour::blue);
}

Position random_position(const MisereReference& judge, int stones, std::mt19937_64& rng) {
    for (;;) {
        Position p;
        std::vector<int> cells(static_cast<std::size_t>(judge.cells()));
        for (int i = 0; i < judge.cells(); ++i)
            cells[static_cast<std::size_t>(i)] = i;
        std::shuffle(cells.begin(), cells.end(), rng);
        for (int i = 0; i < stones; ++i)
            (rng() & 1 ? p.red : p.blue) |= 1u << cells[static_cast<std::size_t>(i)];
        p.mover = rng() & 1 ? Colour::red : Colour::blue;
        if (!anyone_connected(judge, p)) return p;
    }
}

Outcome rex_solve(Shape shape, const RuleSet& rules, const Position& p) {
    VcSearch<Narrow> search(shape, rules, 1);
    search.load(p.red, p.blue, p.mover);
    SearchStats stats;
    return search.solve(0, stats);
}

} // namespace

TEST_CASE("MisereReference: the parity theorem and the acute corner on 1x1..4x4", "[hex]") {
    // Lagarias and Sleator: the first player wins the empty n x n board exactly when n is
    // even; Evans: on even boards the acute corner a1 wins; Hayward, Toft and Henderson:
    // for even n >= 4 so does b1, beside it on the first player's side.
    for (int n = 1; n <= 4; ++n) {
        MisereReference judge(n);
        INFO(n << "x" << n);
        CHECK(judge.wins(0, 0, Colour::red) == (n % 2 == 0));
        if (n % 2 == 0) CHECK(!judge.wins(1, 0, Colour::blue));
        if (n == 4) CHECK(!judge.wins(2, 0, Colour::blue));
    }
    // The 4x4 map the plain search gives (and the README's hex-openings table): c2 and b3 lose.
    MisereReference judge(4);
    std::vector<std::string> losing;
    for (int i = 0; i < 16; ++i)
        if (judge.wins(1u << i, 0, Colour::blue)) losing.push_back(cell_name({i / 4, i % 4}));
    CHECK(losing == std::vector<std::string>{"c2", "b3"});
}

TEST_CASE("MisereAnalyser: every rex analysis is sound on every 3x3 and 2x4 position", "[hex]") {
    for (const Shape shape : {Shape::square(3), Shape(2, 4), Shape(3, 2)}) {
        MisereReference judge(shape.rows, shape.cols);
        const Geometry<Narrow> g(shape);
        int checked = 0;
        for (const RuleSet& rules : rex_rule_sets()) {
            MisereAnalyser<Narrow> analyser(g, rules);
            for (std::uint32_t i = 0; i < judge.positions(); ++i) {
                Position p;
                judge.decode(i, p.red, p.blue);
                if (anyone_connected(judge, p)) continue;
                for (Colour mover : {Colour::red, Colour::blue}) {
                    p.mover = mover;
                    check_analysis(judge, analyser, p, rules);
                    ++checked;
                }
            }
        }
        INFO(shape.name());
        CHECK(checked > 1000);
    }
}

TEST_CASE("MisereAnalyser: every rex analysis is sound on random 4x4 positions", "[hex]") {
    MisereReference judge(4);
    const Geometry<Narrow> g(4);
    std::mt19937_64 rng(30);
    std::vector<Position> positions;
    for (int i = 0; i < 3000; ++i)
        positions.push_back(random_position(judge, static_cast<int>(rng() % 13), rng));
    for (const RuleSet& rules : rex_rule_sets()) {
        MisereAnalyser<Narrow> analyser(g, rules);
        for (const Position& p : positions)
            check_analysis(judge, analyser, p, rules);
    }
}

TEST_CASE("VcSearch: every rex rule set agrees with the reference on every 3x3 position and random "
          "4x4 ones",
          "[hex]") {
    MisereReference judge3(3), judge4(4);
    std::mt19937_64 rng(31);
    std::vector<Position> positions4;
    for (int i = 0; i < 300; ++i)
        positions4.push_back(random_position(judge4, 5 + static_cast<int>(rng() % 8), rng));
    for (const RuleSet& rules : rex_rule_sets()) {
        INFO(rules.name());
        for (std::uint32_t i = 0; i < judge3.positions(); i += 7) {
            Position p;
            judge3.decode(i, p.red, p.blue);
            if (anyone_connected(judge3, p)) continue;
            p.mover = i % 2 ? Colour::blue : Colour::red;
            INFO("3x3 red " << p.red << " blue " << p.blue << " mover " << colour_name(p.mover));
            CHECK(rex_solve(Shape::square(3), rules, p) ==
                  (judge3.wins(p.red, p.blue, p.mover) ? Outcome::win : Outcome::loss));
        }
        for (const Position& p : positions4) {
            INFO("4x4 red " << p.red << " blue " << p.blue << " mover " << colour_name(p.mover));
            CHECK(rex_solve(Shape::square(4), rules, p) ==
                  (judge4.wins(p.red, p.blue, p.mover) ? Outcome::win : Outcome::loss));
        }
    }
}

TEST_CASE("Solver: the rex rule sets give the misere 4x4 map and agree with the plain search on "
          "5x5 positions",
          "[hex]") {
    const RuleSet all =
        RuleSet::parse("dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation+transpose");
    Solver rex4(4, {Variant::misere, all, 0, 4});
    std::vector<std::string> losing;
    for (Cell c : all_cells(4))
        if (solve_opening(rex4, c).outcome == Outcome::loss) losing.push_back(cell_name(c));
    CHECK(losing == std::vector<std::string>{"c2", "b3"});
    // Positions of games played at random to 12..15 empty cells, which the plain search
    // (the article's engine, sharing no code with the rex rules) decides quickly.
    std::mt19937_64 rng(32);
    Solver plain(5, {Variant::misere, RuleSet::parse("plain+distance"), 0, 16});
    int checked = 0;
    while (checked < 60) {
        Board board(5);
        std::vector<Cell> cells = board.empty_cells();
        std::shuffle(cells.begin(), cells.end(), rng);
        const int empties = 12 + static_cast<int>(rng() % 4);
        bool over = false;
        for (std::size_t k = 0; k + static_cast<std::size_t>(empties) < cells.size() && !over;
             ++k) {
            board.place(cells[k], board.to_move());
            over = board.winner().has_value();
        }
        if (over) continue;
        plain.set_position(board);
        const Outcome expect = plain.solve().outcome;
        for (const char* name :
             {"dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation+transpose+resistance",
              "rex+dead+pairing+keys"}) {
            Solver rex(5, {Variant::misere, RuleSet::parse(name), 0, 4});
            rex.set_position(board);
            INFO(name << "\n" << board.to_text());
            CHECK(rex.solve().outcome == expect);
        }
        ++checked;
    }
}

TEST_CASE("RuleSet: the rex names, and the combinations refused", "[hex]") {
    const RuleSet r = RuleSet::parse("resistance+rotation+transpose+mirror+blockers+killers+keys+"
                                     "pairing+captured+dead+rex+dfpn");
    CHECK(r.rules == Rules::rex);
    CHECK(r.name() == "dfpn+rex+dead+captured+pairing+keys+killers+blockers+mirror+rotation+"
                      "transpose+resistance");
    CHECK(RuleSet::parse(r.name()) == r);
    CHECK(r.analysed());
    CHECK(RuleSet::parse("rex").name() == "rex");
    struct Bad {
        std::string text;
        std::string message;
    };
    const std::vector<Bad> bad = {
        {"rex+proof", "rule set 'rex+proof': the rex rules take dfpn, dead, captured, pairing, "
                      "keys, killers, blockers, mirror, "
                      "rotation, transpose and the centre or resistance order"},
        {"rex+inferior", "rule set 'rex+inferior': the rex rules take"},
        {"rex+history", "rule set 'rex+history': the rex rules take"},
        {"rex+distance", "rule set 'rex+distance': the rex rules take"},
        {"rex+regions", "rule set 'rex+regions': the rex rules take"},
        {"rex+keys", "rule set 'rex+keys': keys go with pairing"},
        {"vc+dead", "rule set 'vc+dead': dead, captured, pairing, keys, killers, blockers, mirror "
                    "and rotation go with the rex rules only"},
        {"plain+mirror", "rule set 'plain+mirror': dead, captured, pairing, keys, killers, "
                         "blockers, mirror and rotation go with the rex rules only"},
        {"vc+blockers", "rule set 'vc+blockers': dead, captured, pairing, keys, killers, "
                        "blockers, mirror and rotation go with the rex rules only"},
        {"rex+dead+dead", "unknown rule set 'rex+dead+dead'"},
        {"rex+vc", "unknown rule set 'rex+vc'"},
        {"rule3", "and for misere Hex rex with dfpn+, +dead, +captured, +pairing, +keys, +killers, "
                  "+blockers, +mirror, +rotation, +transpose and +resistance)"},
    };
    for (const auto& b : bad) {
        INFO(b.text);
        CHECK_THROWS_WITH(RuleSet::parse(b.text), Catch::Contains(b.message));
    }
    CHECK_THROWS_WITH(Solver(3, {Variant::normal, RuleSet::parse("rex+dead"), 0, 1}),
                      Catch::Contains("the rex rule sets search misere Hex only"));
    CHECK_THROWS_WITH(
        Solver(3, {Variant::misere, RuleSet::parse("dfpn+vc"), 0, 1}),
        Catch::Contains("misere Hex is searched with the plain rule set only or a rex rule set"));
}

TEST_CASE("MisereAnalyser: every rex analysis is sound on every 4x4 position", "[hex][.long]") {
    // Hidden (about an hour of one core): run with test_hex "[long]".
    MisereReference judge(4);
    const Geometry<Narrow> g(4);
    for (const char* name : {"rex+dead+captured+pairing+keys+killers+mirror+rotation+resistance",
                             "rex+killers", "rex+captured"}) {
        const RuleSet rules = RuleSet::parse(name);
        MisereAnalyser<Narrow> analyser(g, rules);
        for (std::uint32_t i = 0; i < judge.positions(); ++i) {
            Position p;
            judge.decode(i, p.red, p.blue);
            if (anyone_connected(judge, p)) continue;
            for (Colour mover : {Colour::red, Colour::blue}) {
                p.mover = mover;
                check_analysis(judge, analyser, p, rules);
            }
        }
    }
}

TEST_CASE(
    "Split: a rex split of misere positions has the unsplit solver's result and every node its own",
    "[hex]") {
    // 5x5 positions after two moves (red to move) and a 4x4 opening, split one and two
    // plies deep: the combined leaves give the root's result, and the nodes are what a
    // search of each says.
    const RuleSet rules =
        RuleSet::parse("dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation");
    const SolverOptions options{Variant::misere, rules, 0, 4};
    int leaves = 0;
    for (const char* line : {"a1 b2", "b1 d2", "c1 c2", "e1 b4", "a3 c3"}) {
        const Board board = Board::from_moves(5, line);
        Solver whole(5, options);
        whole.set_position(board);
        const Outcome expect = whole.solve().outcome;
        SplitPosition root;
        root.stones[0] = board.stones(Colour::red);
        root.stones[1] = board.stones(Colour::blue);
        root.mover = board.to_move();
        for (int plies : {1, 2}) {
            const SplitTree tree =
                split_position(Shape::square(5), Variant::misere, rules, root, plies);
            std::vector<Outcome> leaf(tree.nodes.size(), Outcome::unknown);
            for (int i : tree.leaves())
                leaf[static_cast<std::size_t>(i)] =
                    solve_position(Shape::square(5), options,
                                   tree.nodes[static_cast<std::size_t>(i)].position)
                        .outcome;
            leaves += static_cast<int>(tree.leaves().size());
            const std::vector<Outcome> got = combine_split(tree, leaf);
            INFO(line << " plies " << plies);
            CHECK(got[0] == expect);
            for (std::size_t k = 1; k < tree.nodes.size(); k += 5)
                CHECK(solve_position(Shape::square(5), options, tree.nodes[k].position).outcome ==
                      got[k]);
        }
    }
    CHECK(leaves > 50);
    CHECK_THROWS_WITH(split_position(Shape::square(4), Variant::normal, rules, SplitPosition{}, 1),
                      Catch::Contains("the rex rule sets search misere Hex only"));
    CHECK_THROWS_WITH(PositionSolver(Shape::square(4), {Variant::normal, rules, 0, 1}),
                      Catch::Contains("a vc rule set for normal Hex or a rex one for misere"));
}
