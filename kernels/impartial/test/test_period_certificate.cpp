#include "impartial/frontier_analysis.hpp"
#include "impartial/period_certificate.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace cgt::impartial;
using Catch::Matchers::Contains;

namespace {
std::string committed(const std::string& game) {
    const auto path = std::filesystem::path(__FILE__).parent_path() / ".." / ".." / ".." / "verify" /
                      "certificates" / (game + ".txt");
    std::ifstream in(path);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}
} // namespace

TEST_CASE("Period certificate: the committed certificates are what the frontier sweep proves",
          "[impartial][certificate]") {
    // The four classes Czajka lists unsolved whose periods this project proved.
    for (const std::string game : {"4.344", "4.364", "4.064", "4.406"}) {
        INFO(game);
        const HeapRules rules = HeapRules::parse(game);
        FrontierLimits limits;
        limits.ceiling = std::uint64_t{1} << 21;
        const FrontierResult r = analyse_to_ceiling(rules, limits, 32, std::uint64_t{1} << 24);
        REQUIRE(r.period);
        CHECK(period_certificate(rules, r.sequence, *r.period, r.stats.back().mask) == committed(game));
    }
}

TEST_CASE("Period certificate: its lines", "[impartial][certificate]") {
    const HeapRules rules = HeapRules::parse("4.344");
    FrontierLimits limits;
    limits.ceiling = 4096;
    const FrontierResult r = analyse_to_ceiling(rules, limits, 32, 1u << 20);
    REQUIRE(r.period == Period{998, 51});
    const std::string text = period_certificate(rules, r.sequence, *r.period, r.stats.back().mask);
    CHECK_THAT(text, Contains("\ngame 4.344\npreperiod 998\nperiod 51\nlargest-removal 3\nguy-smith 998 2050\n"
                              "heaps 2101\nrare-mask 37\nvalues 1049\n"));
    CHECK_THROWS_WITH(period_certificate(rules, std::span(r.sequence).first(1000), *r.period, r.stats.back().mask),
                      Contains("G(0..n0 + p - 1)"));
    CHECK_THROWS_WITH(period_certificate(HeapRules::grundys_game(), r.sequence, *r.period, r.stats.back().mask),
                      Contains("octal games only"));
}
