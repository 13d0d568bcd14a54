#include "hex/search/dfpn_table.hpp"
#include "hex/search/transposition_table.hpp"
#include "hex/search/vc_search.hpp"
#include "hex/solver/openings.hpp"
#include "hex/solver/solver.hpp"

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <utility>
#include <vector>

using namespace cgt::hex;

namespace {

using States = std::vector<std::vector<std::byte>>;
const RuleSet RULES = RuleSet::parse("dfpn+vc+inferior+proof+resistance");
constexpr std::uint64_t PAUSE = 300;

bool same_counters(const SearchStats& a, const SearchStats& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The 6x6 opening a3 (4,000 nodes, won by red): blue to move after red's stone on (2, 0).
Board opening() {
    Board b(6);
    b.place(Cell{2, 0}, Colour::red);
    return b;
}

struct Run {
    Outcome outcome = Outcome::unknown;
    SearchStats stats;
    Narrow proof = 0;
    bool stopped = false;
    std::vector<std::vector<std::byte>> states; // saved at each pause: a full one, then changes
};

// Searches the opening with pauses every PAUSE nodes, continuing `saved` if any; saves at
// every pause (a full state, then changes; with `full`, full states only) and stops at the
// pause numbered stop_at (0: never).
Run search(int stop_at, const States& saved = {}, bool full = false) {
    VcSearch<Narrow> s(6, RULES, 4);
    Run run;
    int pauses = 0;
    s.set_pauses(PAUSE, [&] {
        std::vector<std::byte> state;
        s.save_state(state, !full && (!run.states.empty() || !saved.empty()));
        run.states.push_back(std::move(state));
        return ++pauses != stop_at;
    });
    if (!saved.empty()) s.load_state(saved);
    s.load(opening());
    run.outcome = s.solve(0, run.stats);
    run.proof = s.last_proof();
    run.stopped = s.stopped();
    return run;
}

} // namespace

TEST_CASE("VcSearch: a search stopped at a pause and continued from its saved states ends as one never stopped", "[hex]") {
    const Run whole = search(0);
    REQUIRE(whole.outcome == Outcome::loss); // blue to move loses: a3 wins for red
    REQUIRE(whole.stats.nodes > 4 * PAUSE);
    CHECK_FALSE(whole.stopped);
    for (int stop_at : {1, 5}) {
        INFO("stopped at pause " << stop_at);
        const Run first = search(stop_at);
        CHECK(first.stopped);
        CHECK(first.outcome == Outcome::unknown);
        CHECK(first.stats.nodes >= PAUSE * static_cast<std::uint64_t>(stop_at));
        // Continued once, stopped again two pauses later, continued to the end.
        const Run second = search(2, first.states);
        REQUIRE(second.stopped);
        std::vector<std::vector<std::byte>> both = first.states;
        both.insert(both.end(), second.states.begin(), second.states.end());
        const Run last = search(0, both);
        CHECK(last.outcome == whole.outcome);
        CHECK(last.proof == whole.proof);
        CHECK(same_counters(last.stats, whole.stats));
        // The full state of the last pause alone does as well as all the states before it.
        const Run from_full = search(0, States{search(stop_at, {}, true).states.back()});
        CHECK(from_full.stats.nodes == whole.stats.nodes);
    }
}

TEST_CASE("VcSearch: a saved search of another position, table size or format is refused", "[hex]") {
    const Run first = search(2);
    REQUIRE(first.states.size() == 2);
    VcSearch<Narrow> other_size(6, RULES, 8);
    CHECK_THROWS_AS(other_size.load_state(first.states), std::invalid_argument);
    VcSearch<Narrow> s(6, RULES, 4);
    CHECK_THROWS_AS(s.load_state(States{first.states[1]}), std::invalid_argument); // changes without a full state
    std::vector<std::byte> cut = first.states[0];
    cut.resize(cut.size() - 3);
    CHECK_THROWS_AS(s.load_state(States{cut}), std::invalid_argument);
    std::vector<std::byte> format = first.states[0];
    format[0] = std::byte{0};
    CHECK_THROWS_AS(s.load_state(States{format}), std::invalid_argument);
    // A position other than the saved one.
    s.load_state(first.states);
    s.load(Board::from_moves(6, "b2"));
    SearchStats stats;
    CHECK_THROWS_AS(s.solve(0, stats), std::invalid_argument);
    // Pauses are of proof-number search with the vc rule sets only.
    Solver article(4);
    CHECK_THROWS_AS(article.set_pauses(10, [] { return true; }), std::logic_error);
    CHECK_THROWS_AS(article.pause_progress(), std::logic_error);
}

TEST_CASE("Openings: an opening continued from its saved search gives the nodes and counters of one never stopped", "[hex]") {
    Solver solver(6, {Variant::normal, RULES, 0, 4});
    solver.set_pauses(PAUSE, [] { return true; });
    SearchStats whole_stats;
    const OpeningResult whole = solve_opening(solver, Cell{2, 0}, &whole_stats);
    CHECK(whole.outcome == Outcome::win);
    std::vector<std::vector<std::byte>> saved;
    int pauses = 0;
    solver.set_pauses(PAUSE, [&] {
        saved.emplace_back();
        solver.save_search(saved.back(), saved.size() > 1);
        return ++pauses < 4;
    });
    const OpeningResult stopped = solve_opening(solver, Cell{2, 0});
    CHECK(stopped.stopped);
    CHECK(stopped.outcome == Outcome::unknown);
    solver.set_pauses(PAUSE, [] { return true; });
    SearchStats stats;
    const OpeningResult resumed = solve_opening(solver, Cell{2, 0}, &stats, saved);
    CHECK_FALSE(resumed.stopped);
    CHECK(resumed.outcome == whole.outcome);
    CHECK(resumed.nodes == whole.nodes);
    CHECK(resumed.saved_nodes >= 4 * PAUSE);
    CHECK(resumed.saved_nodes < whole.nodes);
    CHECK(same_counters(stats, whole_stats));
}

TEST_CASE("Solver: at each pause, the nodes so far rise and the root is open both ways, a resumed search counts the saved nodes", "[hex]") {
    Solver solver(6, {Variant::normal, RULES, 0, 4});
    CHECK_THROWS_AS(solver.pause_progress(), std::logic_error); // not at a pause
    std::vector<Solver::Progress> seen;
    std::vector<std::vector<std::byte>> saved;
    solver.set_pauses(PAUSE, [&] {
        seen.push_back(solver.pause_progress());
        saved.emplace_back();
        solver.save_search(saved.back(), saved.size() > 1);
        return seen.size() < 3;
    });
    const OpeningResult stopped = solve_opening(solver, Cell{2, 0});
    REQUIRE(stopped.stopped);
    REQUIRE(seen.size() == 3);
    for (std::size_t i = 0; i < seen.size(); ++i) {
        INFO("pause " << i);
        CHECK(seen[i].nodes >= PAUSE * (i + 1));
        if (i > 0) CHECK(seen[i].nodes > seen[i - 1].nodes);
        // Not yet decided: neither number is 0 (proven) nor INF (disproven).
        CHECK(seen[i].to_win > 0);
        CHECK(seen[i].to_lose > 0);
        CHECK(seen[i].to_win < Solver::Progress::INF);
        CHECK(seen[i].to_lose < Solver::Progress::INF);
    }
    CHECK(stopped.nodes == seen.back().nodes);
    // The continued search starts from the saved count.
    std::vector<Solver::Progress> later;
    solver.set_pauses(PAUSE, [&] {
        later.push_back(solver.pause_progress());
        return true;
    });
    const OpeningResult resumed = solve_opening(solver, Cell{2, 0}, nullptr, saved);
    CHECK(resumed.outcome == Outcome::win); // red's a3 wins: blue to move loses
    REQUIRE_FALSE(later.empty());
    CHECK(later.front().nodes >= seen.back().nodes + PAUSE);
    CHECK(resumed.nodes > later.back().nodes);
}

TEST_CASE("DfpnTable: clear empties what was used, encode and decode give back every entry at its slot", "[hex]") {
    DfpnTable<Narrow> t(1), copy(1);
    t.track_changes(true);
    for (std::uint64_t k = 1; k <= 2000; ++k) {
        DfpnEntry<Narrow> e;
        e.key = k * 0x9e3779b97f4a7c15ULL;
        e.work = static_cast<std::uint32_t>(k % 7 + 1);
        e.bounds = {static_cast<std::uint32_t>(k), 3};
        e.count = 2;
        e.moves[0] = 5;
        e.moves[1] = static_cast<std::uint8_t>(k % 64);
        e.aux = k;
        t.store(e);
    }
    const std::size_t used = t.used();
    CHECK(used > 1000);
    std::vector<std::byte> full;
    t.encode(full, false);
    DfpnEntry<Narrow> changed;
    changed.key = 7 * 0x9e3779b97f4a7c15ULL;
    changed.work = 9;
    t.store(changed);
    std::vector<std::byte> changes;
    t.encode(changes, true);
    CHECK(changes.size() < full.size() / 100);
    std::span<const std::byte> in(full);
    copy.decode(in);
    in = std::span<const std::byte>(changes);
    copy.decode(in);
    CHECK(copy.used() == used);
    for (std::uint64_t k = 1; k <= 2000; ++k) {
        const std::uint64_t key = k * 0x9e3779b97f4a7c15ULL;
        t.prefetch(key); // a hint: no answer changes
        const DfpnEntry<Narrow>* a = t.find(key);
        const DfpnEntry<Narrow>* b = copy.find(key);
        REQUIRE((a == nullptr) == (b == nullptr));
        if (!a) continue;
        CHECK(a->work == b->work);
        CHECK(a->bounds.phi == b->bounds.phi);
        CHECK(a->aux == b->aux);
        CHECK(a->moves[1] == b->moves[1]);
    }
    t.clear();
    CHECK(t.used() == 0);
    for (std::uint64_t k = 1; k <= 2000; ++k) CHECK(t.find(k * 0x9e3779b97f4a7c15ULL) == nullptr);
}

TEST_CASE("TranspositionTable: clear empties every entry, after a few stores and after the table filled", "[hex]") {
    TranspositionTable t(1); // 32,768 buckets of 4
    for (std::uint64_t stores : {100ULL, 200000ULL}) {
        INFO(stores << " stores");
        for (std::uint64_t k = 1; k <= stores; ++k) t.store(k * 0x9e3779b97f4a7c15ULL, k % 2 == 0, k);
        CHECK(t.used() > 0);
        CHECK(t.probe(0x9e3779b97f4a7c15ULL * stores) != TranspositionTable::NONE);
        t.clear();
        CHECK(t.used() == 0);
    }
}

TEST_CASE("VcSearch: pauses cost the walk down and change nothing else: the positions analysed, "
          "result and proof of a search without them",
          "[hex]") {
    const RuleSet all =
        RuleSet::parse("dfpn+vc+stronger+templates+inferior+induced+vulnerable+proof+resistance");
    for (const auto& [size, moves] : {std::pair{6, "a3"}, std::pair{7, "c3"}, std::pair{7, "d2"}}) {
        SearchStats alone;
        Outcome outcome = Outcome::unknown;
        Narrow proof = 0;
        for (const std::uint64_t pause : {0, 1, 16, 300}) {
            INFO(size << "x" << size << " " << moves << ", pauses every " << pause << " nodes");
            VcSearch<Narrow> s(size, all, 16);
            int pauses = 0;
            if (pause != 0)
                s.set_pauses(pause, [&] {
                    ++pauses;
                    return true;
                });
            s.load(Board::from_moves(size, moves));
            SearchStats stats;
            const Outcome o = s.solve(0, stats);
            REQUIRE(o != Outcome::unknown);
            if (pause == 0) {
                alone = stats;
                outcome = o;
                proof = s.last_proof();
                continue;
            }
            CHECK(pauses > 1);
            CHECK(o == outcome);
            CHECK(s.last_proof() == proof);
            CHECK(stats.expansions == alone.expansions);
            CHECK(stats.won == alone.won);
            CHECK(stats.proof_cut == alone.proof_cut);
            CHECK(stats.nodes > alone.nodes); // the walks down
        }
    }
}

TEST_CASE("VcSearch: a saved search of the format before the path was kept (HEX1) is continued",
          "[hex]") {
    const Run whole = search(0);
    const Run first = search(3, {}, true);
    REQUIRE(first.stopped);
    // The same state without its path, under the old format number: the head is the format,
    // the counters' width, full, the key and the node count the limit counts from.
    std::vector<std::byte> old = first.states.back();
    const std::size_t at = 4 + 4 + 1 + 8 + 8 + sizeof(SearchStats);
    std::uint32_t steps = 0;
    std::memcpy(&steps, old.data() + at, sizeof steps);
    REQUIRE(steps > 0); // the pause left a path
    REQUIRE(steps < 36);
    // A damaged path is refused: more steps than a board has cells, a move off the board.
    VcSearch<Narrow> s(6, RULES, 4);
    std::vector<std::byte> too_long = first.states.back();
    const std::uint32_t many = 10000;
    std::memcpy(too_long.data() + at, &many, sizeof many);
    CHECK_THROWS_WITH(s.load_state(States{too_long}), "a saved search's path is damaged");
    std::vector<std::byte> off_board = first.states.back();
    const std::uint16_t cell = 36;
    std::memcpy(off_board.data() + at + 4, &cell, sizeof cell);
    CHECK_THROWS_WITH(s.load_state(States{off_board}), "a saved search's path is damaged");
    old.erase(old.begin() + static_cast<std::ptrdiff_t>(at),
              old.begin() + static_cast<std::ptrdiff_t>(at + 4 + 10 * steps));
    const std::uint32_t v1 = 0x48455831; // "HEX1"
    std::memcpy(old.data(), &v1, sizeof v1);
    const Run resumed = search(0, States{old});
    CHECK(resumed.outcome == whole.outcome);
    CHECK(resumed.stats.nodes > first.stats.nodes);
    // With its path, the state continues on the path of the whole search.
    CHECK(same_counters(search(0, States{first.states.back()}).stats, whole.stats));
}
