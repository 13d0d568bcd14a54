#include "impartial/frontier_analysis.hpp"
#include "impartial/windowed_analysis.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace cgt::impartial;

namespace {
void require_same(const FrontierResult& a, const FrontierResult& b) {
    REQUIRE(a.heaps == b.heaps);
    CHECK(a.status == b.status);
    CHECK(a.period.has_value() == b.period.has_value());
    if (a.period && b.period)
        CHECK((a.period->preperiod == b.period->preperiod && a.period->period == b.period->period));
    CHECK(a.check_end == b.check_end);
    CHECK(a.largest_value == b.largest_value);
    CHECK(a.largest_at == b.largest_at);
    CHECK(a.stats == b.stats);
    CHECK(a.sequence == b.sequence);
}
} // namespace

// 4.344 is proven (998, 51), .6 and .161 run to the ceiling, .04 stops at the definition
// ceiling; .016, valued by the split from 2^14, reaches a value of 512 inside a block (523 by
// 2^17: a value past the block's rows of 512 marks, so the rest of the block goes to portable
// code; before, the next heap's marks wrote past the rows).
TEST_CASE("analyse_windowed gives analyse_to_ceiling's result, on 1 or 3 threads", "[impartial]") {
    for (const std::string game : {".016", "4.344", ".6", ".161", ".04", "grundy"}) {
        INFO(game);
        const HeapRules rules = HeapRules::parse(game);
        FrontierLimits plain;
        plain.ceiling = game == ".016" ? 1u << 17 : 1u << 16;
        plain.definition_ceiling = game == ".016" ? 1u << 14 : 1u << 12;
        const FrontierResult expected = analyse_to_ceiling(rules, plain);
        for (unsigned threads : {1u, 3u}) {
            WindowedLimits windowed;
            windowed.ceiling = plain.ceiling;
            windowed.definition_ceiling = plain.definition_ceiling;
            windowed.config.threads = threads;
            const FrontierResult r = analyse_windowed(rules, windowed);
            require_same(r, expected);
            if (game == ".016") CHECK((r.largest_value >= 512 && r.counters.by_split_portable > 0));
        }
    }
}

TEST_CASE("analyse_windowed stopped and resumed from its saved state gives the same result",
          "[impartial]") {
    const HeapRules rules = HeapRules::parse(".161");
    WindowedLimits limits;
    limits.ceiling = 1u << 16;
    const FrontierResult whole = analyse_windowed(rules, limits);
    std::vector<std::byte> state;
    limits.chunk_heaps = 5000;
    int chunks = 0;
    limits.between_chunks = [&](const WindowedSweep& sweep) {
        state = sweep.save_state();
        return ++chunks % 3 != 0;
    };
    FrontierResult r;
    for (int run = 0; run < 20; ++run) {
        limits.resume = state;
        r = analyse_windowed(rules, limits);
        if (!r.stopped) break;
    }
    REQUIRE_FALSE(r.stopped);
    require_same(r, whole);
}

TEST_CASE("Proof targets: 64, then steps of 1/8 (1/4 past 2^20) through every power of two",
          "[impartial][windowed]") {
    const std::uint64_t ceiling = (std::uint64_t{1} << 23) + 5;
    std::uint64_t target = first_proof_target(0, ceiling), last = 0, power = 64;
    CHECK(target == 64);
    while (target < ceiling) {
        if (target >= power) {
            CHECK(target == power); // no power of two is stepped over
            power *= 2;
        }
        const std::uint64_t step = target - last;
        if (last >= 64 && target != power / 2 && target != ceiling)
            CHECK(step == std::max<std::uint64_t>(64, last < (1u << 20) ? last / 8 : last / 4));
        // A resumed run at any size between two targets goes on at the next one.
        CHECK(first_proof_target(last + 1, ceiling) == target);
        last = target;
        target = next_proof_target(target, ceiling);
    }
    CHECK(target == ceiling);
    CHECK(power == std::uint64_t{1} << 24);
    CHECK(first_proof_target(0, 10) == 10);
}
