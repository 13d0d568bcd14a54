#include "subtraction-census/census_rows.hpp"
#include "subtraction-census/census_schema.hpp"

#include <catch2/catch.hpp>

using namespace cgt;
using namespace cgt::jobs::subtraction_census;
namespace s = cgt::jobs::subtraction_census::schema;

namespace {
// Every table a task fills, and its counters.
struct Tables {
    common::LocalTable sets = s::sets::table.make(), three_move = s::three_move::table.make(),
                       counts = s::part_counts::table.make(),
                       longest = s::part_longest::table.make(),
                       failures = s::part_failures::table.make();
    std::vector<std::uint64_t> counters = std::vector<std::uint64_t>(COUNTERS);
    TaskOut out() { return {sets, three_move, counts, longest, failures, counters}; }
};

Summary run_tasks(const Params& params, std::vector<std::uint64_t>& counters,
                  Tables* keep = nullptr) {
    Tables t;
    std::vector<std::uint8_t> values;
    for (const TaskRange& task : plan_tasks(params))
        compute_task(params, task, t.out(), values);
    Summary summary;
    summary.add_parts(t.counts, t.longest, t.failures);
    counters = t.counters;
    if (keep) *keep = std::move(t);
    return summary;
}
} // namespace

TEST_CASE("Subtraction census: tasks cover every game once, in order", "[census]") {
    const Params params{
        .sets_max = 15, .misere = true, .three_move_max = 50, .three_move_rows = 50};
    std::uint64_t games[KINDS] = {0, 0, 0};
    for (const TaskRange& task : plan_tasks(params)) {
        CHECK(task.first == games[static_cast<unsigned>(task.kind)]);
        CHECK(task.end - task.first <= TASK_GAMES);
        games[static_cast<unsigned>(task.kind)] = task.end;
    }
    CHECK(games[0] == 32767);
    CHECK(games[1] == 32767);
    CHECK(games[2] == 19600);                                      // C(50, 3)
    CHECK(set_text(game_set(Kind::sets_normal, 10)) == "{1,2,4}"); // mask 11
    CHECK(set_text(game_set(Kind::three_move, 0)) == "{1,2,3}");
}

TEST_CASE("Subtraction census: rows and summaries of known games", "[census]") {
    const Params params{.sets_max = 8, .misere = true, .three_move_max = 30, .three_move_rows = 20};
    std::vector<std::uint64_t> counters;
    Tables t;
    const Summary summary = run_tasks(params, counters, &t);
    REQUIRE(t.sets.rows() == 2 * 255);
    // {1,2,3} (mask 7): period 4 from 0; misere {1}: lost at odd heaps... G- = 1,0,1,0: period 2.
    CHECK(t.sets.column(s::sets::period)[6] == 4);
    CHECK(t.sets.column(s::sets::preperiod)[6] == 0);
    CHECK(t.sets.column(s::sets::play)[255] == "misere");
    CHECK(t.sets.column(s::sets::period)[255] == 2);
    // Three-move rows only for c <= 20; {2,4,7}: period 3 from 8, outcomes period 3 from 4.
    CHECK(t.three_move.rows() == 1140); // C(20, 3)
    bool seen = false;
    for (std::size_t i = 0; i < t.three_move.rows(); ++i)
        if (t.three_move.column(s::three_move::a)[i] == 2 &&
            t.three_move.column(s::three_move::b)[i] == 4 &&
            t.three_move.column(s::three_move::c)[i] == 7) {
            seen = true;
            CHECK(t.three_move.column(s::three_move::period)[i] == 3);
            CHECK(t.three_move.column(s::three_move::preperiod)[i] == 8);
            CHECK(t.three_move.column(s::three_move::outcome_preperiod)[i] == 4);
        }
    CHECK(seen);
    // The distributions sum to the games of each kind.
    std::uint64_t sums[KINDS][2] = {};
    for (const auto& [key, games] : summary.counts())
        sums[std::get<0>(key)][std::get<1>(key)] += games;
    CHECK(sums[0][0] == 255);
    CHECK(sums[1][1] == 255);
    CHECK(sums[2][0] == 4060); // C(30, 3)
    // Two-move theorem on the 28 pairs within {1..8}: holds; the literal three-move
    // conjecture fails first at {1,3,5}.
    CHECK(counters[2 * 0] == 28);
    CHECK(counters[2 * 0 + 1] == 0);
    const auto literal = static_cast<unsigned>(impartial::CheckId::nonadditive_sum_of_two);
    CHECK(counters[2 * literal + 1] > 0);
    const Entry* first = nullptr;
    for (const Entry& e : summary.failures())
        if (e.tag == literal && !first) first = &e;
    REQUIRE(first);
    CHECK(set_text(game_set(Kind::three_move, first->index)) == "{1,3,5}");
}

TEST_CASE("Subtraction census: summaries folded in parts, in any order, are the same", "[census]") {
    const Params params{.sets_max = 15, .misere = true, .three_move_max = 45, .three_move_rows = 0};
    std::vector<std::uint64_t> counters;
    const Summary whole = run_tasks(params, counters);
    // Each task alone, folded back to front.
    const auto tasks = plan_tasks(params);
    REQUIRE(tasks.size() >= 4);
    std::vector<std::uint64_t> packed;
    std::vector<std::uint8_t> values;
    for (auto task = tasks.rbegin(); task != tasks.rend(); ++task) {
        Tables t;
        compute_task(params, *task, t.out(), values);
        Summary part;
        part.add_parts(t.counts, t.longest, t.failures);
        const auto p = part.pack();
        packed.insert(packed.end(), p.begin(), p.end());
    }
    Summary folded;
    folded.unpack(packed);
    CHECK(folded.pack() == whole.pack());
    CHECK(folded.longest().size() == whole.longest().size());
}
