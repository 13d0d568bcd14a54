#include "impartial/frontier_analysis.hpp"
#include "impartial/grundy_game.hpp"
#include "impartial/octal_values.hpp"
#include "octal_reference.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <numeric>
#include <sstream>

using namespace cgt::impartial;
using Catch::Matchers::Contains;

namespace {
// Czajka's unsolved list (verify/data/octal/czajka_unsolved_games.csv): game and, for four
// of them, heaps, largest_idx, largest, rare_mask, num_rare, last_rare.
std::vector<std::vector<std::string>> unsolved_rows() {
    std::ifstream in(test::octal_reference_path("czajka_unsolved_games.csv"));
    REQUIRE(in);
    std::vector<std::vector<std::string>> rows;
    bool header = true;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        if (std::exchange(header, false)) continue;
        std::vector<std::string> fields;
        std::istringstream fields_in(line);
        for (std::string field; std::getline(fields_in, field, ',');) fields.push_back(field);
        fields.resize(7);
        rows.push_back(fields);
    }
    return rows;
}

std::vector<Grundy> direct_values(const std::string& game, std::uint64_t heaps) {
    if (game == "grundy") return grundy_values_by_definition(heaps - 1);
    return octal_values_by_definition(OctalGame::parse(game), static_cast<Heap>(heaps - 1));
}

FrontierLimits up_to(std::uint64_t ceiling, std::span<const std::uint16_t> resume = {}) {
    FrontierLimits limits;
    limits.ceiling = ceiling;
    limits.resume = resume;
    return limits;
}

void require_same_values(const FrontierSweep& sweep, const std::vector<Grundy>& direct) {
    REQUIRE(sweep.size() == direct.size());
    for (std::size_t n = 0; n < direct.size(); ++n) {
        INFO("heap " << n);
        REQUIRE(sweep.values()[n] == direct[n]);
    }
}
} // namespace

TEST_CASE("FrontierSweep: the first 2^16 values equal a direct computation by the definition",
          "[impartial][octal][frontier]") {
    // Three unsolved games valued by the split from heap 256 on, one with d0 = 4, and
    // Grundy's game (unequal splits only).
    for (const std::string game : {".161", ".6", "4.344", "grundy"}) {
        INFO(game);
        FrontierSweep sweep(HeapRules::parse(game));
        sweep.run_to(1u << 16);
        REQUIRE(sweep.counters().by_split_simd > 60000);
        require_same_values(sweep, direct_values(game, 1u << 16));
    }
}

TEST_CASE("FrontierSweep: every unsolved game of Czajka's list to 2^13 equals the definition, on every kernel",
          "[impartial][octal][frontier]") {
    const auto rows = unsolved_rows();
    REQUIRE(rows.size() == 83);
    for (const auto& row : rows) {
        const auto direct = direct_values(row[0], 1u << 13);
        for (ScanKernel kernel : {ScanKernel::portable, ScanKernel::avx2, ScanKernel::avx512}) {
            if (!scan_kernel_available(kernel)) continue;
            INFO(row[0] << " on " << scan_kernel_name(kernel));
            FrontierSweep sweep(HeapRules::parse(row[0]), kernel);
            sweep.run_to(1u << 13);
            require_same_values(sweep, direct);
        }
    }
}

TEST_CASE("FrontierSweep: the statistics of every power of two add up", "[impartial][octal][frontier]") {
    for (const std::string game : {".161", ".04", "grundy", ".77"}) {
        INFO(game);
        FrontierSweep sweep(HeapRules::parse(game));
        sweep.run_to(1u << 14);
        REQUIRE(sweep.stats().size() == 15);
        for (std::size_t k = 0; k < sweep.stats().size(); ++k) {
            const PowerStats& s = sweep.stats()[k];
            INFO("2^" << k);
            REQUIRE(s.heaps == std::uint64_t{1} << k);
            // The frequencies sum to N, the largest value is the last one counted and first
            // occurs at largest_at, and the last rare heap is rare under the mask.
            REQUIRE(std::accumulate(s.frequency.begin(), s.frequency.end(), std::uint64_t{0}) == s.heaps);
            REQUIRE(s.frequency.back() > 0);
            REQUIRE(s.frequency.size() == s.largest + 1u);
            const auto v = sweep.values();
            REQUIRE(v[s.largest_at] == s.largest);
            REQUIRE(*std::max_element(v.begin(), v.begin() + static_cast<long>(s.heaps)) == s.largest);
            REQUIRE(std::find(v.begin(), v.begin() + static_cast<long>(s.largest_at), s.largest) ==
                    v.begin() + static_cast<long>(s.largest_at));
            std::uint64_t rare = 0;
            std::int64_t last = -1;
            for (std::uint64_t h = 0; h < s.heaps; ++h) {
                const bool pos = s.mask.position_parity && ((h + s.mask.phase) & 1);
                if ((std::popcount(v[h] & s.mask.mask) & 1) == pos) {
                    ++rare;
                    last = static_cast<std::int64_t>(h);
                }
            }
            REQUIRE(rare == s.mask.rare_heaps);
            REQUIRE(last == s.last_rare);
        }
    }
}

TEST_CASE("FrontierSweep: Czajka's published statistics of Grundy's game, .6 (2^21), .04 and .06 (2^17)",
          "[impartial][octal][frontier]") {
    for (const auto& row : unsolved_rows()) {
        if (row[1].empty()) continue;
        INFO(row[0]);
        const std::uint64_t heaps = std::stoull(row[1]);
        FrontierSweep sweep(HeapRules::parse(row[0]));
        sweep.run_to(heaps);
        const PowerStats& s = sweep.stats().back();
        REQUIRE(s.heaps == heaps);
        CHECK(s.largest_at == std::stoull(row[2]));
        CHECK(s.largest == std::stoul(row[3]));
        CHECK(to_string(s.mask) == row[4]);
        CHECK(s.mask.rare_heaps == std::stoull(row[5]));
        CHECK(s.last_rare == std::stoll(row[6]));
    }
}

TEST_CASE("FrontierSweep: a resumed sweep continues exactly as an uninterrupted one", "[impartial][octal][frontier]") {
    for (const std::string game : {".161", "4.344", ".014"}) {
        INFO(game);
        FrontierSweep whole(HeapRules::parse(game));
        whole.run_to(20000);
        FrontierSweep first(HeapRules::parse(game));
        first.run_to(5003); // inside a block of 32 heaps
        const std::vector<std::uint16_t> saved(first.values().begin(), first.values().end());
        FrontierSweep resumed(HeapRules::parse(game), saved);
        resumed.run_to(20000);
        REQUIRE(std::equal(whole.values().begin(), whole.values().end(), resumed.values().begin()));
        REQUIRE(whole.stats() == resumed.stats());
    }
}

TEST_CASE("FrontierSweep: bad input is refused", "[impartial][octal][frontier]") {
    REQUIRE_THROWS_WITH(HeapRules::parse(".78"), Contains("not an octal digit"));
    FrontierSweep sweep(HeapRules::parse(".6"));
    REQUIRE_THROWS_WITH(sweep.run_to((std::uint64_t{1} << 32) + 1), Contains("2^32 heaps"));
    REQUIRE(analyse_to_ceiling(HeapRules::parse(".6"), up_to(10)).heaps == 10); // below the first step
    REQUIRE_THROWS_WITH(analyse_to_ceiling(HeapRules::parse(".6"), up_to((std::uint64_t{1} << 32) + 1)),
                        Contains("at most 2^32"));
    std::vector<std::uint16_t> twenty(20, 0);
    REQUIRE_THROWS_WITH(analyse_to_ceiling(HeapRules::parse(".6"), up_to(10, twenty)),
                        Contains("cannot resume 20 values under a ceiling of 10"));
}

TEST_CASE("best_mask_of_counts: the fewest rare heaps, as best_rare_mask finds them", "[impartial][octal][frontier]") {
    for (const std::string game : {".161", ".6", ".127", "4.344"}) {
        INFO(game);
        const auto rules = HeapRules::parse(game);
        FrontierSweep sweep(rules);
        sweep.run_to(4096);
        const std::vector<Grundy> values(sweep.values().begin(), sweep.values().end());
        const RareMask expected = best_rare_mask(values, rules.split_phase());
        REQUIRE(sweep.stats().back().mask.rare_heaps == expected.rare_heaps);
    }
}

TEST_CASE("proven_period_guy_smith: the same proofs as proven_period, in place", "[impartial][octal][frontier]") {
    // Every octal code of up to 3 digits at several lengths, and .16 / .127 at their proofs.
    std::uint64_t proofs = 0;
    for (std::uint32_t d0 : {0u, 4u})
        for (std::uint32_t code = d0 ? 0 : 1; code < 512; ++code) {
            const OctalGame game = OctalGame::from_digits(
                {static_cast<std::uint8_t>(d0), static_cast<std::uint8_t>(code >> 6), static_cast<std::uint8_t>(code >> 3 & 7),
                 static_cast<std::uint8_t>(code & 7)});
            FrontierSweep sweep(HeapRules::octal(game));
            sweep.run_to(3000);
            for (std::uint64_t length : {100u, 517u, 1024u, 3000u}) {
                INFO(game.code() << " at " << length);
                const auto prefix = sweep.values().first(length);
                const std::vector<Grundy> wide(prefix.begin(), prefix.end());
                const auto expected = proven_period(wide, ProofRule::guy_smith, game.largest_removal());
                REQUIRE(proven_period_guy_smith(prefix, game.largest_removal()) == expected);
                proofs += expected.has_value();
            }
        }
    REQUIRE(proofs > 1500);
}

TEST_CASE("analyse_to_ceiling: proves solved games, and stops at the ceiling otherwise", "[impartial][octal][frontier]") {
    struct Row {
        std::string game;
        Period period;
        Grundy largest;
        std::uint64_t largest_at;
    };
    // Kayles, .127 and .16 (Czajka's SolvedGames table), 4.344 (see the verify report).
    for (const Row& row : {Row{".77", {71, 12}, 8, 27}, Row{".127", {46578, 4}, 56, 24734},
                           Row{".16", {105351, 149459}, 23, 229790}, Row{"4.344", {998, 51}, 35, 190}}) {
        INFO(row.game);
        const auto result = analyse_to_ceiling(HeapRules::parse(row.game), up_to(1u << 20));
        REQUIRE(result.status == Status::periodic);
        REQUIRE(*result.period == row.period);
        REQUIRE(result.check_end == 2 * row.period.preperiod + row.period.period + result.largest_removal);
        REQUIRE(result.heaps >= result.check_end + row.period.period);
        REQUIRE(result.largest_value == row.largest);
        REQUIRE(result.largest_at == row.largest_at);
        REQUIRE(result.sequence.size() == std::size_t{row.period.preperiod} + row.period.period);
    }
    const auto open = analyse_to_ceiling(HeapRules::parse(".6"), up_to(5000));
    REQUIRE(open.status == Status::not_yet_periodic);
    REQUIRE(open.heaps == 5000);
    REQUIRE(open.stats.size() == 13); // 2^0 .. 2^12
}

TEST_CASE("forecast_frontier: how a run will value its heaps, as the run does",
          "[impartial][octal][frontier]") {
    // .04 is valued by the definition (its split never pays), .172 and Grundy's game by the
    // split; each forecast agrees with the run's own counters to 2^16.
    for (const auto& [game, quadratic] :
         {std::pair{".04", true}, {".172", false}, {"grundy", false}}) {
        INFO(game);
        const auto rules = HeapRules::parse(game);
        const auto forecast = forecast_frontier(rules, 1u << 16);
        REQUIRE_FALSE(forecast.proven);
        REQUIRE(forecast.quadratic == quadratic);
        REQUIRE(forecast.heaps == 1u << 16);
        const auto run = analyse_to_ceiling(rules, up_to(1u << 16));
        REQUIRE((run.counters.by_definition == run.heaps) == quadratic);
        if (quadratic)
            REQUIRE(forecast.definition_splits ==
                    65536.0 * 65536.0 / 4 * static_cast<double>(rules.leave_two.size()));
    }
    // A probe of 2^14 heaps would take .172 for a game whose rare heaps keep growing: 462 of
    // its heaps 2^13..2^14 are rare (one in 18); 2^15..2^16 gives it 4.
    REQUIRE(
        forecast_frontier(HeapRules::parse(".172"), 1u << 20, FrontierSweep::MAX_HEAPS, 1u << 14)
            .quadratic);
    // Kayles: its period is proven within the probe, where the run stops too.
    const auto kayles = forecast_frontier(HeapRules::parse(".77"), std::uint64_t{1} << 32);
    REQUIRE(kayles.proven);
    REQUIRE(kayles.heaps <= 1u << 16);
    REQUIRE(analyse_to_ceiling(HeapRules::parse(".77"), up_to(std::uint64_t{1} << 32)).heaps <=
            kayles.heaps);
    // .06 to 2^32 reads 2^62 splits; under a definition ceiling of 2^14 it stops there.
    REQUIRE(forecast_frontier(HeapRules::parse(".06"), std::uint64_t{1} << 32).definition_splits ==
            0x1p62);
    const auto capped =
        forecast_frontier(HeapRules::parse(".06"), std::uint64_t{1} << 32, 1u << 14);
    REQUIRE(capped.heaps == 1u << 14);
    REQUIRE(capped.definition_splits == 0x1p26);
}
