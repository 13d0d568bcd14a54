#include "hex/search/position_store.hpp"
#include "hex/search/vc_search.hpp"
#include "hex/solver/openings.hpp"
#include "hex/solver/solver.hpp"
#include "reference_solver.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

using namespace cgt::hex;
using cgt::hex::test::random_stones;
using cgt::hex::test::ReferenceSolver;

namespace {

StoredPosition position(Shape shape, Wide red, Wide blue, Colour mover, Colour winner, Wide proof, std::uint32_t work = 1) {
    StoredPosition p;
    p.shape = shape;
    p.stones[0] = red;
    p.stones[1] = blue;
    p.mover = mover;
    p.winner = winner;
    p.proof = proof;
    p.work = work;
    return p;
}

Wide cells(Shape shape, const char* text) { return parse_cells(shape, text); }

// Random positions the reference can judge: 4x4 with 2..6 stones, 5x5 with 11..13 (any
// counts, either player to move).
int stones_for(int n, std::mt19937_64& rng) { return n == 4 ? 2 + static_cast<int>(rng() % 5) : 11 + static_cast<int>(rng() % 3); }

// The positions a search records while solving random n x n positions and, for the store
// tests, every position one move later (no store holds the random position itself then),
// every ply and work.
std::vector<StoredPosition> recorded_on_random_positions(int n, const RuleSet& rules, std::uint64_t seed, int trials,
                                                         bool children = false) {
    std::mt19937_64 rng(seed);
    std::vector<StoredPosition> out;
    VcSearch<Narrow> search(n, rules, 1);
    search.set_recording(25, 1);
    const Geometry<Narrow> g(n);
    for (int t = 0; t < trials; ++t) {
        Narrow red = 0, blue = 0;
        random_stones(n, stones_for(n, rng), rng, red, blue);
        const Colour mover = rng() & 1 ? Colour::red : Colour::blue;
        std::vector<std::pair<Narrow, Narrow>> positions;
        if (!children) positions.emplace_back(red, blue);
        else
            for_each_cell(g.all() & ~(red | blue), [&](int m) {
                const Narrow r = mover == Colour::red ? red | cell_bit<Narrow>(m) : red;
                const Narrow b = mover == Colour::blue ? blue | cell_bit<Narrow>(m) : blue;
                if (!(g.flood(g.edge(mover, 0) & (mover == Colour::red ? r : b), mover == Colour::red ? r : b) &
                      g.edge(mover, 1)))
                    positions.emplace_back(r, b);
            });
        for (const auto& [r, b] : positions) {
            search.clear_table();
            search.load(r, b, children ? opponent(mover) : mover);
            SearchStats stats;
            REQUIRE(search.solve(0, stats) != Outcome::unknown);
            out.insert(out.end(), search.recorded().begin(), search.recorded().end());
        }
    }
    return out;
}

// The positions recorded while solving every opening of the n x n board (those at ply 0, the
// openings themselves, with `roots`).
std::vector<StoredPosition> recorded_on_openings(int n, const RuleSet& rules, bool roots) {
    Solver solver(n, {Variant::normal, rules, 0, 4});
    solver.set_recording(40, 1);
    std::vector<StoredPosition> out;
    for (const Cell c : all_cells(n)) {
        solve_opening(solver, c);
        for (const StoredPosition& p : solver.recorded())
            if (roots || count_cells(p.stones[0] | p.stones[1]) > 1) out.push_back(p);
    }
    return out;
}

} // namespace

TEST_CASE("PositionStore: canonical form, cell texts, and a position found in either frame", "[hex]") {
    const Shape s = Shape::square(3);
    CHECK(cells_text(s, cells(s, "a1 c1 b3")) == "a1 c1 b3");
    CHECK(cells(s, "") == 0);
    CHECK_THROWS_WITH(parse_cells(s, "d1"), "'d1' is not a cell of the 3x3 board");
    CHECK_THROWS_WITH(parse_cells(s, "b2 a1"), "the cells are not in increasing order at 'a1'");
    CHECK_THROWS_WITH(parse_cells(s, "a1  b2"), "'' is not a cell of the 3x3 board");
    // c3 (index 8) turns into a1 (index 0): the rotation is the smaller.
    const StoredPosition p = position(s, cells(s, "c3"), 0, Colour::blue, Colour::red, cells(s, "a1 b2"));
    const StoredPosition c = canonical(p);
    CHECK(c.stones[0] == cells(s, "a1"));
    CHECK(c.proof == cells(s, "b2 c3"));
    CHECK(entry_problem(c).empty());
    CHECK(entry_problem(p) == "the position is not in canonical form (its 180-degree rotation is the smaller)");
    CHECK(entry_problem(position(s, cells(s, "a1"), cells(s, "a1"), Colour::red, Colour::red, 0)) ==
          "a cell holds stones of both colours");
    CHECK(entry_problem(position(s, cells(s, "a1"), 0, Colour::red, Colour::red, cells(s, "a1"))) ==
          "the proof set has a cell that holds a stone");
    CHECK(entry_problem(position(s, cells(s, "a1 a2 a3"), 0, Colour::blue, Colour::red, 0)) ==
          "the game is over: red has connected");
    CHECK(entry_problem(position(s, Wide{1} << 9, 0, Colour::blue, Colour::red, 0)) == "a stone lies off the 3x3 board");

    PositionStore store;
    store.add(p); // put in canonical form
    store.add(position(s, cells(s, "a1"), 0, Colour::blue, Colour::red, cells(s, "b2"), 5));
    CHECK_THROWS_AS(store.find(s, 0, 0, Colour::red, 0), std::logic_error);
    store.seal();
    REQUIRE(store.entries().size() == 1);
    CHECK(store.entries()[0].work == 5); // the entry with more work is kept
    const auto at_c3 = store.find(s, cells(s, "c3"), 0, Colour::blue, PositionStore::key_of(s, cells(s, "c3"), 0, Colour::blue));
    REQUIRE(at_c3);
    CHECK(at_c3->winner == Colour::red);
    CHECK(at_c3->proof == cells(s, "b2")); // turned to the frame asked for
    // The same key with another position (a collision, as far as the index knows) is no hit.
    CHECK_FALSE(store.find(s, cells(s, "b1"), 0, Colour::blue, PositionStore::key_of(s, cells(s, "c3"), 0, Colour::blue)));
    CHECK_FALSE(store.find(s, cells(s, "c3"), 0, Colour::red, PositionStore::key_of(s, cells(s, "c3"), 0, Colour::red)));
    CHECK_FALSE(store.find(Shape(3, 4), cells(s, "a1"), 0, Colour::blue, PositionStore::key_of(Shape(3, 4), cells(s, "a1"), 0, Colour::blue)));

    PositionStore bad;
    bad.add(position(s, cells(s, "a1"), 0, Colour::blue, Colour::red, 0));
    bad.add(position(s, cells(s, "a1"), 0, Colour::blue, Colour::blue, 0));
    CHECK_THROWS_WITH(bad.seal(), "two entries of one position name different winners");
}

TEST_CASE("PositionStore: the same entries in any order make the same store", "[hex]") {
    std::vector<StoredPosition> records = recorded_on_random_positions(4, RuleSet::parse("dfpn+vc+inferior+proof"), 7, 6, true);
    REQUIRE(records.size() > 20);
    PositionStore a, b;
    for (const auto& r : records) a.add(r);
    std::shuffle(records.begin(), records.end(), std::mt19937_64(3));
    for (const auto& r : records) b.add(r);
    a.seal();
    b.seal();
    REQUIRE(a.entries().size() == b.entries().size());
    for (std::size_t i = 0; i < a.entries().size(); ++i) {
        CHECK(same_position(a.entries()[i], b.entries()[i]));
        CHECK(a.entries()[i].proof == b.entries()[i].proof);
        CHECK(a.entries()[i].work == b.entries()[i].work);
        if (i > 0) CHECK(position_less(a.entries()[i - 1], a.entries()[i]));
    }
}

TEST_CASE("VcSearch: every position it records is won by the winner it names, also with the loser outside the proof set",
          "[hex]") {
    // Every position the searches of the 4x4 openings prove, and those of 5x5 positions.
    int checked = 0, outside = 0;
    for (int n : {4, 5}) {
    ReferenceSolver judge(n);
    for (const char* name : {"dfpn+vc+inferior+proof+resistance", "vc+inferior+proof", "dfpn+vc", "vc",
                             "dfpn+vc+inferior+proof+transpose+resistance",
                             "dfpn+vc+stronger+templates+inferior+proof+resistance"}) {
        const RuleSet rules = RuleSet::parse(name);
        for (const StoredPosition& p : n == 4 ? recorded_on_openings(4, rules, true)
                                              : recorded_on_random_positions(n, rules, 11, 4, true)) {
            INFO(name << ": red " << cells_text(p.shape, p.stones[0]) << " blue " << cells_text(p.shape, p.stones[1])
                      << " mover " << colour_name(p.mover));
            REQUIRE(entry_problem(p).empty());
            const auto red = static_cast<Narrow>(p.stones[0]), blue = static_cast<Narrow>(p.stones[1]);
            CHECK(judge.wins(red, blue, p.mover) == (p.winner == p.mover));
            const Colour loser = opponent(p.winner);
            const Narrow empty = Geometry<Narrow>(n).all() & ~(red | blue);
            Narrow t[2] = {red, blue};
            t[colour_index(loser)] |= empty & ~static_cast<Narrow>(p.proof);
            outside += count_cells(empty & ~static_cast<Narrow>(p.proof));
            ++checked;
            REQUIRE_FALSE(judge.connected(t[colour_index(loser)], loser));
            if (!judge.connected(t[colour_index(p.winner)], p.winner))
                CHECK(judge.wins(t[0], t[1], p.mover) == (p.winner == p.mover));
        }
    }
    }
    CHECK(checked > 200);
    CHECK(outside > 100);
}

TEST_CASE("VcSearch: with a store of another rule set's positions it agrees with the reference, in no more nodes here",
          "[hex]") {
    // The store: what one rule set proved; the searches: other rule sets, on other random
    // positions and on the ones the store came from.
    for (int n : {4, 5}) {
    auto store = std::make_shared<PositionStore>();
    for (const auto& r : n == 4 ? recorded_on_openings(4, RuleSet::parse("vc"), false)
                                : recorded_on_random_positions(n, RuleSet::parse("dfpn+vc+inferior+proof+resistance"), 21, 40, true))
        store->add(r);
    store->seal();
    REQUIRE(store->entries().size() > 3);
    ReferenceSolver judge(n);
    std::uint64_t hits = 0;
    for (const char* name : {"vc+inferior+proof", "dfpn+vc", "dfpn+vc+inferior+proof+transpose+resistance",
                             "dfpn+vc+stronger+inferior+proof+resistance"}) {
        for (std::uint64_t seed : {21, 22}) {
            std::mt19937_64 rng(seed);
            VcSearch<Narrow> with(n, RuleSet::parse(name), 1), without(n, RuleSet::parse(name), 1);
            with.set_store(store);
            std::uint64_t nodes_with = 0, nodes_without = 0;
            for (int t = 0; t < 40; ++t) {
                Narrow red = 0, blue = 0;
                random_stones(n, stones_for(n, rng), rng, red, blue);
                const Colour mover = rng() & 1 ? Colour::red : Colour::blue;
                const Outcome expect = judge.wins(red, blue, mover) ? Outcome::win : Outcome::loss;
                for (VcSearch<Narrow>* s : {&with, &without}) {
                    s->clear_table();
                    s->load(red, blue, mover);
                    SearchStats stats;
                    INFO(name << " seed " << seed << " trial " << t << (s == &with ? " with" : " without") << " the store");
                    CHECK(s->solve(0, stats) == expect);
                    (s == &with ? nodes_with : nodes_without) += stats.nodes;
                }
                hits += with.store_hits();
            }
            CHECK(nodes_with <= nodes_without);
        }
        if (n == 4) {
            // The 4x4 openings, whose deeper positions the store holds (not the openings').
            Solver with(4, {Variant::normal, RuleSet::parse(name), 0, 4}), without(4, {Variant::normal, RuleSet::parse(name), 0, 4});
            with.set_store(store);
            std::uint64_t nodes_with = 0, nodes_without = 0;
            for (const Cell c : all_cells(4)) {
                const OpeningResult rw = solve_opening(with, c), ro = solve_opening(without, c);
                INFO(name << " 4x4 " << cell_name(c));
                const bool red_wins = judge.wins(cell_bit<Narrow>(c.row * 4 + c.col), 0, Colour::blue) == false;
                CHECK(rw.outcome == (red_wins ? Outcome::win : Outcome::loss));
                CHECK(ro.outcome == rw.outcome);
                nodes_with += rw.nodes;
                nodes_without += ro.nodes;
                hits += with.store_hits();
            }
            INFO(name << ": 4x4 openings with the store " << nodes_with << " nodes, without " << nodes_without);
            CHECK(nodes_with <= nodes_without);
        }
    }
    if (n == 4) CHECK(hits > 0);
    }
}

TEST_CASE("Openings: 5x5 and 6x6 maps are the same with a store, which saves nodes", "[hex]") {
    // The store of a few 6x6 openings (rule set A) serves the other openings (rule set B):
    // transpositions between openings, not the roots themselves.
    for (int n : {5, 6}) {
        const RuleSet a = RuleSet::parse("dfpn+vc+inferior+proof+resistance");
        const RuleSet b = RuleSet::parse("dfpn+vc+inferior+proof");
        auto store = std::make_shared<PositionStore>();
        Solver recorder(n, {Variant::normal, a, 0, 8});
        recorder.set_recording(4, 1);
        for (const Cell c : all_cells(n)) {
            if (c.row != 1) continue; // the openings on the second row only
            solve_opening(recorder, c);
            for (const auto& r : recorder.recorded()) store->add(r);
        }
        store->seal();
        Solver with(n, {Variant::normal, b, 0, 8}), without(n, {Variant::normal, b, 0, 8});
        with.set_store(store);
        std::uint64_t nodes_with = 0, nodes_without = 0;
        for (const Cell c : all_cells(n)) {
            if (c.row == 1) continue;
            const OpeningResult rw = solve_opening(with, c), ro = solve_opening(without, c);
            INFO(n << "x" << n << " " << cell_name(c));
            CHECK(rw.outcome == ro.outcome);
            REQUIRE(ro.outcome != Outcome::unknown);
            nodes_with += rw.nodes;
            nodes_without += ro.nodes;
        }
        INFO(n << "x" << n << ": " << nodes_with << " nodes with the store, " << nodes_without << " without");
        CHECK(nodes_with < nodes_without);
    }
}

TEST_CASE("VcSearch: a saved search keeps its recorded positions and store hits", "[hex]") {
    const RuleSet rules = RuleSet::parse("dfpn+vc+inferior+proof+resistance");
    Board b(6);
    b.place(Cell{2, 0}, Colour::red); // the 6x6 opening a3: about 4,000 nodes
    // A store of the opening's replies' positions two plies down, from another rule set.
    auto store = std::make_shared<PositionStore>();
    {
        VcSearch<Narrow> s(6, RuleSet::parse("dfpn+vc+inferior+proof"), 4);
        s.set_recording(6, 1);
        s.load(b);
        SearchStats stats;
        REQUIRE(s.solve(0, stats) == Outcome::loss);
        for (const auto& r : s.recorded())
            if (count_cells(r.stones[0] | r.stones[1]) >= 7) store->add(r); // deep ones only
        store->seal();
    }
    const auto run = [&](int stop_at, std::vector<std::vector<std::byte>> saved, std::vector<std::vector<std::byte>>* out) {
        VcSearch<Narrow> s(6, rules, 4);
        s.set_store(store);
        s.set_recording(2, 4);
        int pauses = 0;
        s.set_pauses(300, [&] {
            std::vector<std::byte> state;
            s.save_state(state, !saved.empty() || (out && !out->empty()));
            if (out) out->push_back(std::move(state));
            return ++pauses != stop_at;
        });
        if (!saved.empty()) s.load_state(saved);
        s.load(b);
        SearchStats stats;
        const Outcome o = s.solve(0, stats);
        return std::make_tuple(o, stats.nodes, s.recorded(), s.store_hits());
    };
    const auto [outcome, nodes, records, hits] = run(0, {}, nullptr);
    REQUIRE(outcome == Outcome::loss);
    REQUIRE(nodes > 1500); // 5 pauses at least
    CHECK(hits > 0);
    CHECK(records.size() > 5);
    std::vector<std::vector<std::byte>> states;
    const auto first = run(4, {}, &states);
    REQUIRE(std::get<0>(first) == Outcome::unknown);
    const auto [o2, n2, r2, h2] = run(0, states, nullptr);
    CHECK(o2 == outcome);
    CHECK(n2 == nodes);
    CHECK(h2 == hits);
    REQUIRE(r2.size() == records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        CHECK(same_position(r2[i], records[i]));
        CHECK(r2[i].proof == records[i].proof);
        CHECK(r2[i].work == records[i].work);
    }
}
