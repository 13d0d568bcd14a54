#include "octal-sweep/frontier_state.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"
#include "octal-sweep/sweep_games.hpp"

#include <catch2/catch.hpp>

#include <map>

using namespace cgt;
using namespace cgt::jobs::octal_sweep;
using Catch::Matchers::Contains;

namespace s = cgt::jobs::octal_sweep::schema;

namespace {
// The five tables of a task, declared.
struct Tables {
    common::LocalTable games = s::games::table.make(), sequences = s::sequences::table.make(),
                       frontier = s::frontier::table.make(),
                       stats = s::frontier_stats::table.make(),
                       frequencies = s::frontier_frequencies::table.make();
    RowTables rows() { return {games, sequences, frontier, stats, frequencies}; }
};

Params listed(const std::string& games) {
    Params params;
    params.subtraction_max = 0;
    params.octal_digits = 0;
    params.stored_values = 8;
    params.listed = parse_games(games);
    return params;
}
} // namespace

TEST_CASE("Frontier job: listed games with their own bounds, Grundy's game among them", "[octal]") {
    const auto games = parse_games("grundy@2^21 .04@131072 .16 1,3,4@500");
    REQUIRE(games.size() == 4);
    CHECK(!games[0].octal);
    CHECK(games[0].bound == std::uint64_t{1} << 21);
    CHECK(games[1].octal->code() == ".04");
    CHECK(games[1].bound == 131072);
    CHECK(games[2].bound == 0);
    CHECK(games[3].bound == 500);
    CHECK(parse_heap_count("2^32") == std::uint64_t{1} << 32);
    CHECK(parse_heap_count("16384") == 16384);
    REQUIRE_THROWS_WITH(parse_games(".6@2^x"),
                        Contains("--games: '.6@2^x': '2^x' is not a heap count (N or 2^k)"));
    REQUIRE_THROWS_WITH(parse_games(".6@0"), Contains("a bound of 0 heaps"));
    REQUIRE_THROWS_WITH(parse_games("grundy:misere"), Contains("--games: 'grundy:misere':"));
    REQUIRE_THROWS_WITH(parse_heap_count("-5"), "'-5' is not a heap count (N or 2^k)");
    CHECK(parse_heap_count("2^62") == std::uint64_t{1} << 62);
    REQUIRE_THROWS_WITH(parse_heap_count("2^63"), "'2^63' is too many heaps (k at most 62)");
}

TEST_CASE("Frontier job: which games the frontier sweep runs", "[octal]") {
    Params params = listed(".16 .3 1,2:misere grundy");
    const auto games = enumerate_games(params);
    // Listed games that are not subtraction sets: always (Grundy's game only the frontier
    // sweep plays); .3 is S={1}, which the window rule proves sooner.
    CHECK(runs_frontier(params, games[0]));
    CHECK(!runs_frontier(params, games[1]));
    CHECK(!runs_frontier(params, games[2]));
    CHECK(runs_frontier(params, games[3]));
    // The families' octal codes only with a ceiling.
    params.octal_digits = 1;
    const auto family = enumerate_games(params);
    REQUIRE(family[4].name() == ".1");
    CHECK(!runs_frontier(params, family[4]));
    params.ceiling = 1u << 20;
    CHECK(runs_frontier(params, family[4]));
    CHECK(!runs_frontier(params, family[6])); // .3
    CHECK(frontier_limits_for(params, games[0]).ceiling ==
          std::uint64_t{params.listed_max_heap} + 1);
    CHECK(frontier_limits_for(params, games[3]).ceiling ==
          std::uint64_t{params.listed_max_heap} + 1);
    // The sweep's prefix and window: the windowed sweep's 2^21 and 2^26, or those given.
    CHECK(frontier_limits_for(params, games[0]).config.prefix_heaps == std::uint64_t{1} << 21);
    CHECK(frontier_limits_for(params, games[0]).config.window_heaps == std::uint64_t{1} << 26);
    params.prefix_heaps = std::uint64_t{1} << 20;
    params.window_heaps = 4096;
    CHECK(frontier_limits_for(params, games[0]).config.prefix_heaps == std::uint64_t{1} << 20);
    CHECK(frontier_limits_for(params, games[0]).config.window_heaps == 4096);
}

TEST_CASE("Frontier job: the four-digit family 0.abcd is 4,095 codes", "[octal]") {
    Params params;
    params.subtraction_max = 0;
    params.octal_digits = 4;
    params.octal_d0 = {0};
    const auto games = enumerate_games(params);
    REQUIRE(games.size() == 4095);
    CHECK(games.front().name() == ".0001");
    CHECK(games.back().name() == ".7777");
    params.octal_d0 = {impartial::LEAVE_TWO};
    CHECK(enumerate_games(params).size() == 4096);
}

TEST_CASE("Frontier job: the queue hands out the dearest games first", "[octal]") {
    // .06 is valued by the definition (about 40% of its heaps rare), .161 and .6 by the
    // split; .77 is proven within the probe.
    std::vector<double> cost;
    for (const std::string game : {".161", ".06", ".6", ".77"})
        cost.push_back(expected_cost(impartial::HeapRules::parse(game), 1u << 20));
    const auto order = order_by_cost(cost);
    CHECK(order.front() == 1);
    CHECK(order.back() == 3);
    CHECK(cost[1] > 100 * cost[0]);
    CHECK(cost[3] <= 4096);
    // Under a definition ceiling, .06 costs what its definition part costs.
    CHECK(expected_cost(impartial::HeapRules::parse(".06"), 1u << 20, 1u << 14) < cost[0]);
}

TEST_CASE(
    "Frontier job: rows of a proven game, an open one and one stopped by the definition ceiling",
    "[octal]") {
    Params params = listed("4.344@2^16 .6@2^12 .16@2^20");
    params.octal_digits = 2;
    params.octal_d0 = {0};
    params.ceiling = 1u << 16;
    params.definition_ceiling = 1u << 10;
    const auto games = enumerate_games(params);
    REQUIRE(games.size() == 3 + 63);
    // The listed games, then from the family .04 (valued by the definition), .3 (S={1}: the
    // window rule's) and .7.
    std::vector<std::uint64_t> wanted = {0, 1, 2};
    for (std::uint64_t i = 3; i < games.size(); ++i)
        if (games[i].name() == ".3" || games[i].name() == ".04" || games[i].name() == ".7")
            wanted.push_back(i);
    REQUIRE(wanted.size() == 6);
    Tables t;
    GameRows rows(params, games);
    for (std::uint64_t i : wanted)
        rows.compute_all(i, i + 1, t.rows());
    for (auto* table : {&t.games, &t.sequences, &t.frontier, &t.stats, &t.frequencies})
        table->end_blocks();
    REQUIRE(t.games.rows() == 6);
    REQUIRE(t.frontier.rows() == 5);
    CHECK(t.games.column(s::games::code)[4] == ".3");
    CHECK(t.games.column(s::games::proof)[4] == "subtraction-window");
    const auto& status = t.games.column(s::games::status);
    CHECK(status[0] == "periodic");
    CHECK(status[1] == "not yet periodic");
    CHECK(t.games.column(s::games::preperiod)[0] == 998);
    CHECK(t.games.column(s::games::period)[0] == 51);
    CHECK(t.games.column(s::games::check_end)[0] == 2050);
    CHECK(t.games.column(s::games::max_heap)[1] == 4095);
    CHECK(t.games.column(s::games::computed_to)[1] == 4095);
    CHECK(t.games.column(s::games::first_values)[0] == "0 1 2 0 2 1 2 4");
    // .16: Czajka's SolvedGames row, and its whole sequence in `sequences`.
    CHECK(t.games.column(s::games::preperiod)[2] == 105351);
    CHECK(t.games.column(s::games::period)[2] == 149459);
    CHECK(t.games.column(s::games::largest_value)[2] == 23);
    CHECK(t.games.column(s::games::largest_at)[2] == 229790);
    const auto& seq_index = t.sequences.column(s::sequences::index);
    CHECK(std::count(seq_index.begin(), seq_index.end(), 2) == 105351 + 149459);
    CHECK(std::count(seq_index.begin(), seq_index.end(), 0) == 998 + 51);
    const auto& stop = t.frontier.column(s::frontier::stop);
    CHECK(stop ==
          std::vector<std::string>{"proven", "ceiling", "proven", "definition-ceiling", "proven"});
    // .04 stopped at the first step that reaches 2^10 heaps, every heap valued by the definition.
    const auto heaps_04 = t.frontier.column(s::frontier::heaps)[3];
    CHECK(heaps_04 == 1024);
    CHECK(t.frontier.column(s::frontier::by_definition)[3] == heaps_04);
    CHECK(t.games.column(s::games::status)[3] == "not yet periodic");
    CHECK(t.games.column(s::games::computed_to)[3] == heaps_04 - 1);
    // Per (game, N) the frequencies sum to N; one stats row per power of two to its heaps.
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> sums;
    for (std::size_t r = 0; r < t.frequencies.rows(); ++r)
        sums[{t.frequencies.column(s::frontier_frequencies::index)[r],
              t.frequencies.column(s::frontier_frequencies::heaps)[r]}] +=
            t.frequencies.column(s::frontier_frequencies::count)[r];
    const auto& si = t.stats.column(s::frontier_stats::index);
    const auto& sn = t.stats.column(s::frontier_stats::heaps);
    for (std::size_t r = 0; r < t.stats.rows(); ++r) {
        INFO("game " << si[r] << " N " << sn[r]);
        CHECK(sums.at({si[r], sn[r]}) == sn[r]);
    }
    CHECK(sums.size() == t.stats.rows());
    CHECK(std::count(si.begin(), si.end(), 1) == 13); // .6: 2^0 .. 2^12
    CHECK(std::count(si.begin(), si.end(), 0) == 12); // 4.344 proven at 2,360 heaps: 2^0 .. 2^11
    CHECK(std::count(si.begin(), si.end(), wanted[3]) == 11); // .04: 2^0 .. 2^10
}

TEST_CASE(
    "Frontier job: a game stopped mid-way and resumed from its saved states gives the same rows",
    "[octal]") {
    const Params params = listed(".161@2^17");
    const auto games = enumerate_games(params);
    GameRows rows(params, games);
    Tables whole;
    REQUIRE(rows.compute_frontier(0, frontier_limits_for(params, games[0]), whole.rows()));

    // Saved after every chunk of 5,000 heaps (a snapshot of the windowed sweep), stopped
    // after the fourth, resumed twice.
    std::vector<std::byte> state;
    Tables resumed;
    bool done = false;
    for (int run = 0; run < 3 && !done; ++run) {
        auto limits = frontier_limits_for(params, games[0]);
        limits.resume = state;
        limits.chunk_heaps = 5000;
        int chunks = 0;
        limits.between_chunks = [&](const impartial::WindowedSweep& sweep) {
            state = sweep.save_state();
            return ++chunks < 4 || run == 2;
        };
        done = rows.compute_frontier(0, limits, resumed.rows());
        CHECK(done == (run == 2));
        if (!done) CHECK(resumed.games.rows() == 0);
    }
    REQUIRE(done);
    CHECK(resumed.games.column(s::games::first_values) ==
          whole.games.column(s::games::first_values));
    CHECK(resumed.games.column(s::games::largest_at) == whole.games.column(s::games::largest_at));
    CHECK(resumed.frontier.column(s::frontier::by_split) ==
          whole.frontier.column(s::frontier::by_split));
    CHECK(resumed.frontier.column(s::frontier::full_scans) ==
          whole.frontier.column(s::frontier::full_scans));
    CHECK(resumed.frontier.column(s::frontier::by_definition) ==
          whole.frontier.column(s::frontier::by_definition));
    CHECK(resumed.stats.column(s::frontier_stats::rare_mask) ==
          whole.stats.column(s::frontier_stats::rare_mask));
    CHECK(resumed.frequencies.column(s::frontier_frequencies::count) ==
          whole.frequencies.column(s::frontier_frequencies::count));
    // A damaged state is refused.
    state.pop_back();
    auto limits = frontier_limits_for(params, games[0]);
    limits.resume = state;
    REQUIRE_THROWS_WITH(rows.compute_frontier(0, limits, resumed.rows()),
                        Contains("saved sweep state"));
}
