#include "impartial/octal_analysis.hpp"
#include "octal_reference.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::impartial;

namespace {
OctalAnalysis analyse_to(const std::string& game, Heap max_heap, Play play = Play::normal) {
    AnalysisLimits limits;
    limits.max_heap = max_heap;
    return analyse(OctalGame::parse_game(game, play), limits);
}
} // namespace

TEST_CASE("Periodicity: the proof needs exactly the values the stated bound names",
          "[impartial][octal]") {
    // Kayles: n0 = 71, p = 12, t = 2. Guy-Smith compares n0 <= n < 2*71 + 12 + 2 = 156 with
    // n + 12, so heaps 0..167 prove it and heaps 0..166 do not. S = {1,3,4}: n0 = 0, p = 7,
    // t = 4: the window 0 <= n < 4 against n + 7 needs heaps 0..10. .127: n0 = 46578, p = 4,
    // t = 3: 2*46578 + 4 + 3 = 93163, heaps 0..93166.
    struct Row {
        std::string game;
        Heap proving_heap;
        Period period;
        ProofRule rule;
        std::uint64_t check_end;
    };
    const std::vector<Row> rows = {
        {".77", 167, {71, 12}, ProofRule::guy_smith, 156},
        {"1,3,4", 10, {0, 7}, ProofRule::subtraction_window, 4},
        {".127", 93166, {46578, 4}, ProofRule::guy_smith, 93163},
    };
    for (const auto& row : rows) {
        INFO(row.game);
        const auto proven = analyse_to(row.game, row.proving_heap);
        REQUIRE(proven.status == Status::periodic);
        CHECK(*proven.period == row.period);
        CHECK(proven.rule == row.rule);
        CHECK(proven.check_end == row.check_end);
        CHECK(proven.computed_to == row.proving_heap);
        const auto short_run = analyse_to(row.game, row.proving_heap - 1);
        CHECK(short_run.status == Status::not_yet_periodic);
        CHECK_FALSE(short_run.period);
        CHECK(short_run.computed_to == row.proving_heap - 1);
    }
}

TEST_CASE("Periodicity: proven_period on written sequences", "[impartial][octal]") {
    // 5 4 (0 1 2)...: n0 = 2, p = 3. Guy-Smith with t = 1 needs 2*2 + 3 + 1 + 3 = 11 values,
    // the window rule 2 + 1 + 3 = 6.
    std::vector<Grundy> values = {5, 4};
    for (int i = 0; i < 3; ++i) values.insert(values.end(), {0, 1, 2});
    CHECK_FALSE(proven_period(std::span(values).first(10), ProofRule::guy_smith, 1));
    CHECK(proven_period(std::span(values).first(11), ProofRule::guy_smith, 1) == Period{2, 3});
    CHECK_FALSE(proven_period(std::span(values).first(5), ProofRule::subtraction_window, 1));
    CHECK(proven_period(std::span(values).first(6), ProofRule::subtraction_window, 1) ==
          Period{2, 3});
    // A repeat that breaks at the end is no period, however long it ran.
    std::vector<Grundy> broken(40, 0);
    for (std::size_t n = 0; n < broken.size(); ++n) broken[n] = n % 2;
    broken.back() = 7;
    CHECK_FALSE(proven_period(broken, ProofRule::subtraction_window, 1));
    // G(n) = (0 1 2)[(n - 2) mod 3] from n = 2 on.
    CHECK(periodic_value(values, {2, 3}, 1) == 4);
    CHECK(periodic_value(values, {2, 3}, 1000000) == 2);
    CHECK(periodic_value(values, {2, 3}, 1000001) == 0);
    CHECK_THROWS_AS(periodic_value(std::span(values).first(4), {2, 3}, 100), std::invalid_argument);
}

TEST_CASE("Periodicity: the written notation round-trips and bad text is refused",
          "[impartial][octal]") {
    const std::vector<Grundy> values = {0, 1, 2, 10, 35, 36, 3};
    CHECK(format_periodic(values, {2, 5}) == "01(2AZ[36]3)");
    const auto back = parse_periodic("01(2AZ[36]3)");
    CHECK(back.values == values);
    CHECK(back.period == Period{2, 5});
    struct Row {
        std::string text, message;
    };
    const std::vector<Row> rows = {
        {"0101", "no repeating part"}, {"01()", "empty repeating part"},
        {"0(1)2", "text after ')'"},   {"0(1(2))", "two '('"},
        {"0)1(", "')' before '('"},    {"0(1a)", "'a' in '0(1a)' is no value"},
        {"0([x])", "bad [value]"},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        CHECK_THROWS_WITH(parse_periodic(row.text), Catch::Contains(row.message));
    }
}

TEST_CASE("Periodicity: the 82 games of Czajka's table, preperiod, period and sequence",
          "[impartial][octal]") {
    const auto rows = test::read_csv("czajka_trivial_games.csv");
    REQUIRE(rows.size() == 82);
    for (const auto& row : rows) {
        INFO(row[0]);
        const auto game = OctalGame::parse(row[0]);
        AnalysisLimits limits;
        limits.max_heap = 2000;
        const auto result = analyse(game, limits);
        REQUIRE(result.status == Status::periodic);
        CHECK(result.period->preperiod == std::stoul(row[1]));
        CHECK(result.period->period == std::stoul(row[2]));
        CHECK(format_periodic(result.values, *result.period) == row[3]);
    }
}

TEST_CASE("Periodicity: the solved games of Czajka's table with preperiods up to 326640",
          "[impartial][octal]") {
    // All but .376 and .354 (tens of seconds: cgt-octal and the sweep's listed games).
    const auto rows = test::read_csv("czajka_solved_games.csv");
    REQUIRE(rows.size() == 10);
    std::size_t checked = 0;
    for (const auto& row : rows) {
        if (row[0] == ".376" || row[0] == ".354") continue;
        INFO(row[0]);
        AnalysisLimits limits;
        limits.max_heap = Heap{1} << 20;
        const auto result = analyse(OctalGame::parse(row[0]), limits);
        REQUIRE(result.status == Status::periodic);
        CHECK(result.period->preperiod == std::stoul(row[1]));
        CHECK(result.period->period == std::stoul(row[2]));
        CHECK(result.largest_at == std::stoul(row[3]));
        CHECK(result.largest_value == std::stoul(row[4]));
        if (!row[5].empty()) {
            REQUIRE(result.rare_mask);
            CHECK(to_string(*result.rare_mask) == row[5]);
            CHECK(result.rare_mask->rare_heaps == std::stoul(row[6]));
            REQUIRE(result.last_rare);
            CHECK(*result.last_rare == std::stoul(row[7]));
        }
        ++checked;
    }
    CHECK(checked == 8);
}

TEST_CASE("Periodicity: the article's subtraction games", "[impartial][octal]") {
    struct Row {
        std::string set;
        Period period;
        std::vector<Grundy> repeating;
    };
    const std::vector<Row> rows = {
        {"1,2,3", {0, 4}, {0, 1, 2, 3}},
        {"1,3,4", {0, 7}, {0, 1, 0, 1, 2, 3, 2}},
        {"2,3,7", {0, 5}, {0, 0, 1, 1, 2}},
    };
    for (const auto& row : rows) {
        INFO(row.set);
        const auto result = analyse_to(row.set, 1000);
        REQUIRE(result.status == Status::periodic);
        CHECK(*result.period == row.period);
        CHECK(result.rule == ProofRule::subtraction_window);
        for (std::size_t n = 0; n < row.repeating.size(); ++n) CHECK(result.values[n] == row.repeating[n]);
    }
}

TEST_CASE("Periodicity: every {a, b} with a < b <= 20 repeats with period a + b from 0",
          "[impartial][octal]") {
    std::size_t pairs = 0, least_is_sum = 0;
    for (Heap b = 2; b <= 20; ++b)
        for (Heap a = 1; a < b; ++a) {
            INFO(a << "," << b);
            const auto result = analyse(OctalGame::subtraction({a, b}), AnalysisLimits{});
            REQUIRE(result.status == Status::periodic);
            CHECK(result.period->preperiod == 0);
            // a + b is a period; the least period divides it ({1,3} has 0 1 0 1 ...).
            CHECK((a + b) % result.period->period == 0);
            least_is_sum += result.period->period == a + b;
            ++pairs;
        }
    CHECK(pairs == 190);
    CHECK(least_is_sum > 0);
}

TEST_CASE("Periodicity: {1..k} has period k + 1, normal and misere", "[impartial][octal]") {
    for (Heap k = 1; k <= 20; ++k) {
        INFO(k);
        std::vector<Heap> set;
        for (Heap s = 1; s <= k; ++s) set.push_back(s);
        const auto normal = analyse(OctalGame::subtraction(set), AnalysisLimits{});
        REQUIRE(normal.status == Status::periodic);
        CHECK(*normal.period == Period{0, k + 1});
        for (Heap n = 0; n <= 3 * k; ++n) CHECK(value_at(normal, n) == n % (k + 1));
        // Misere: the player to move loses exactly at n = 1 (mod k + 1).
        const auto misere = analyse(OctalGame::subtraction(set, Play::misere), AnalysisLimits{});
        REQUIRE(misere.status == Status::periodic);
        CHECK(misere.period->period == k + 1);
        for (Heap n = 0; n <= 3 * k; ++n) CHECK((value_at(misere, n) == 0) == (n % (k + 1) == 1));
    }
}

TEST_CASE("Periodicity: a game beyond its bound is not yet periodic, and says so",
          "[impartial][octal]") {
    // .6 is unsolved; subtract-a-square is not periodic at all (its values grow).
    const auto six = analyse_to(".6", 3000);
    CHECK(six.status == Status::not_yet_periodic);
    CHECK(to_string(six.status) == "not yet periodic");
    CHECK(six.computed_to == 3000);
    CHECK(six.values.size() == 3001);
    CHECK_THROWS_AS(value_at(six, 3001), std::out_of_range);
    const auto squares = analyse(OctalGame::subtraction(squares_up_to(2000)), AnalysisLimits{2000});
    CHECK(squares.status == Status::not_yet_periodic);
}

TEST_CASE("Periodicity: split games go past max_heap to split_max_heap only while split",
          "[impartial][octal]") {
    AnalysisLimits limits;
    limits.max_heap = 16384;
    limits.split_max_heap = 200000;
    const auto kayles_like = analyse(OctalGame::parse(".127"), limits);
    CHECK(kayles_like.status == Status::periodic);
    CHECK(kayles_like.max_heap == 200000);
    CHECK(kayles_like.computed_to < 200000);
    // .007 (Treblecross) is dense: the split is never taken, so it stops at max_heap.
    limits.max_heap = 3000;
    const auto treblecross = analyse(OctalGame::parse(".007"), limits);
    CHECK(treblecross.status == Status::not_yet_periodic);
    CHECK(treblecross.max_heap == 3000);
    CHECK(treblecross.computed_to == 3000);
}
