#include "tools/octal/octal_report.hpp"

#include "common/plumbing/json_writer.hpp"
#include "common/plumbing/test/random_bytes.hpp"

#include <catch2/catch.hpp>
#include <optional>
#include <random>
#include <stdexcept>

using namespace cgt;
using namespace cgt::impartial;

namespace {
OctalAnalysis run(const std::string& game, Heap max_heap) {
    AnalysisLimits limits;
    limits.max_heap = max_heap;
    return analyse(OctalGame::parse_game(game), limits);
}
} // namespace

TEST_CASE("OctalReport: the proof names its rule and its bound", "[octal]") {
    CHECK(octal_tool::proof_text(run(".77", 1000)) ==
          "Guy-Smith (octal game, largest removal t = 2): G(n) = G(n + 12) for 71 <= n < 2*71 + 12 + 2 "
          "= 156, heaps 0..167 read");
    CHECK(octal_tool::proof_text(run("2,3,7", 1000)) ==
          "subtraction window (t = max S = 7): G(n) = G(n + 5) for 0 <= n < 0 + 7 = 7, heaps 0..11 read");
    CHECK(octal_tool::proof_text(run(".6", 500)) == "none within the bound");
}

TEST_CASE("OctalReport: a periodic game and an open one", "[octal]") {
    octal_tool::ReportOptions options;
    options.show_values = 8;
    const auto text = octal_tool::describe(OctalGame::parse_game("1,3,4"), run("1,3,4", 1000), options);
    CHECK_THAT(text, Catch::Contains("game          S={1,3,4} (octal .3033)\n"));
    CHECK_THAT(text, Catch::Contains("status        periodic\npreperiod     0\nperiod        7\n"));
    CHECK_THAT(text, Catch::Contains("G(0..7)       0 1 0 1 2 3 2 0\n"));
    CHECK_THAT(text, Catch::Contains("sequence      (0101232)\n"));
    CHECK_THAT(text, Catch::Contains("rare/common   not needed (no splits)\n"));
    // Values beyond the computed heaps come from the proven period.
    options.show_values = 30;
    CHECK_THAT(octal_tool::describe(OctalGame::parse_game("1,2,3"), run("1,2,3", 10), options),
               Catch::Contains("G(0..29)      0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1\n"));
    const auto open = octal_tool::describe(OctalGame::parse(".6"), run(".6", 500), options);
    CHECK_THAT(open, Catch::Contains("status        not yet periodic up to 500\n"));
    CHECK_THAT(open, Catch::Contains("(so far)"));
    CHECK_THAT(open, Catch::Contains("rare/common   not used (values by the definition)\n"));
}

TEST_CASE("OctalReport: subtract-a-square shows values and claims no period", "[octal]") {
    OctalValues values(OctalGame::subtraction(squares_up_to(100)), ValueMethod::definition);
    (void)values.extend_to(100);
    octal_tool::ReportOptions options;
    options.show_values = 10;
    const auto text = octal_tool::describe_squares(values.values(), options);
    CHECK_THAT(text, Catch::Contains("G(0..9)       0 1 0 1 2 0 1 0 1 2\n"));
    CHECK_THAT(text, Catch::Contains("no period sought: S is infinite"));
}

TEST_CASE("OctalReport: JSON that parses for every game read from 10,000 random byte strings",
          "[octal]") {
    // Raw bytes (mostly refused) and texts of octal and subtraction-set characters (mostly read).
    auto texts = cgt::test::random_byte_strings(5000, 31);
    std::mt19937_64 rng(31);
    const std::string alphabet = ".0123456789,!";
    for (int i = 0; i < 5000; ++i) {
        std::string t;
        for (std::size_t n = 1 + rng() % 6; n > 0; --n)
            t += alphabet[rng() % alphabet.size()];
        texts.push_back(t);
    }
    octal_tool::ReportOptions options;
    std::size_t read = 0;
    for (const std::string& text : texts) {
        std::optional<OctalGame> game;
        try {
            game = OctalGame::parse_game(text);
        } catch (const std::invalid_argument&) {
            continue;
        }
        ++read;
        AnalysisLimits limits;
        limits.max_heap = 60;
        const auto back =
            common::Json::parse(octal_tool::describe_json(*game, analyse(*game, limits), options));
        CHECK(back["game"] == game->name());
        CHECK_FALSE(back.contains("not_utf8"));
    }
    CHECK(read > 1000);
}
