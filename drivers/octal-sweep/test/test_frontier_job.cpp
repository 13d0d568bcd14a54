#include "octal-sweep/frontier_job.hpp"

#include <catch2/catch.hpp>

#include <numeric>

using namespace cgt;
using namespace cgt::jobs::octal_sweep;
using Catch::Matchers::Contains;

namespace {
impartial::FrontierResult run(const std::string& game, std::uint64_t ceiling) {
    impartial::FrontierLimits limits;
    limits.ceiling = ceiling;
    return impartial::analyse_to_ceiling(impartial::HeapRules::parse(game), limits);
}
} // namespace

TEST_CASE("Frontier job: the games list, and a bad item named", "[octal]") {
    const auto games = parse_frontier_games("grundy .6; 4.344");
    REQUIRE(games.size() == 3);
    CHECK(games[0].name == "grundy");
    CHECK(games[2].name == "4.344");
    REQUIRE_THROWS_WITH(parse_frontier_games(".6 .79"), Contains("--frontier-games: '.79': '9' in the octal code"));
}

TEST_CASE("Frontier job: the queue hands out the dearest games first", "[octal]") {
    // .06 is valued by the definition (about 40% of its heaps rare), .161 and .6 by the split.
    const auto games = parse_frontier_games(".161 .06 .6 .77");
    const auto order = order_by_cost(games, 1u << 20);
    REQUIRE(order.size() == 4);
    CHECK(games[order[0]].name == ".06");
    CHECK(expected_cost(games[1], 1u << 20) > 100 * expected_cost(games[0], 1u << 20));
}

TEST_CASE("Frontier job: one row per game, per power of two, per value; frequencies sum to N", "[octal]") {
    common::LocalTable games, stats, frequencies;
    FrontierRows::declare_game_columns(games);
    FrontierRows::declare_stats_columns(stats);
    FrontierRows::declare_frequency_columns(frequencies);
    FrontierRows::append(0, run("4.344", 1u << 16), games, stats, frequencies, 8);
    FrontierRows::append(1, run(".6", 1u << 12), games, stats, frequencies, 8);
    games.end_blocks();
    REQUIRE(games.rows() == 2);
    CHECK(games.column<std::string>("status") == std::vector<std::string>{"periodic", "not yet periodic"});
    CHECK(games.column<std::int64_t>("preperiod") == std::vector<std::int64_t>{998, -1});
    CHECK(games.column<std::int64_t>("period") == std::vector<std::int64_t>{51, -1});
    CHECK(games.column<std::int64_t>("check_end") == std::vector<std::int64_t>{2050, -1});
    CHECK(games.column<std::string>("first_values")[0] == "0 1 2 0 2 1 2 4");
    CHECK(games.column<std::int64_t>("heaps")[1] == 4096);
    // .6 to 2^12: 13 powers of two; 4.344 stopped at its proof (2,360 heaps: 2^0..2^11).
    const auto& index = stats.column<std::int64_t>("index");
    CHECK(std::count(index.begin(), index.end(), 0) == 12);
    CHECK(std::count(index.begin(), index.end(), 1) == 13);
    // Per (game, N) the frequencies sum to N.
    const auto& fi = frequencies.column<std::int64_t>("index");
    const auto& fn = frequencies.column<std::int64_t>("heaps");
    const auto& fc = frequencies.column<std::int64_t>("count");
    const auto& sh = stats.column<std::int64_t>("heaps");
    for (std::size_t s = 0; s < stats.column<std::int64_t>("index").size(); ++s) {
        std::int64_t sum = 0;
        for (std::size_t f = 0; f < fi.size(); ++f)
            if (fi[f] == index[s] && fn[f] == sh[s]) sum += fc[f];
        INFO("game " << index[s] << " N " << sh[s]);
        REQUIRE(sum == sh[s]);
    }
}
