#include "tools/calc/analysis_report.hpp"

#include "common/plumbing/test/random_bytes.hpp"

#include <catch2/catch.hpp>

using namespace cgt::core;
using namespace cgt::calc_tool;

TEST_CASE("Analysis report: {3|-2} as text, JSON and drawings", "[cgt]") {
    GameStore store;
    Thermography thermal(store);
    const Analysis a = analyse(thermal, store.parse("{3|-2}"));
    const std::string text = analysis_text(store, a, Notation::Ascii);
    CHECK_THAT(text, Catch::Contains("mean:          1/2\n"));
    CHECK_THAT(text, Catch::Contains("temperature:   5/2\n"));
    CHECK_THAT(text, Catch::Contains("  left wall:   3 - t on [-1, 5/2]; mast 1/2 from t = 5/2\n"));
    CHECK_THAT(text, Catch::Contains("  right wall:  -2 + t on [-1, 5/2]; mast 1/2 from t = 5/2\n"));
    CHECK_THAT(text, Catch::Contains("confused with: [-2, 3]\n"));
    CHECK_THAT(text, Catch::Contains("incentives:    left {5 | 0}; right {5 | 0}\n"));
    CHECK_THAT(text, Catch::Contains("atomic weight: none (not all-small)\n"));
    const std::string json = cgt::common::json_text(analysis_json(store, a));
    CHECK_THAT(json, Catch::Contains("\"left_wall\": [{\"t\": \"-1\", \"x\": \"4\", \"slope\": -1}, "
                                     "{\"t\": \"5/2\", \"x\": \"1/2\", \"slope\": 0}]"));
    CHECK_THAT(json, Catch::Contains("\"confusion_interval\": {\"low\": \"-2\", \"high\": \"3\", \"low_closed\": "
                                     "true, \"high_closed\": true}"));
    CHECK_THAT(json, Catch::Contains("\"atomic_weight\": null"));
    // The drawing: the left wall climbs to the right ('/'), the right wall to the left ('\').
    const std::string plot = thermograph_plot(a.thermograph);
    CHECK_THAT(plot, Catch::Contains("/"));
    CHECK_THAT(plot, Catch::Contains("\\"));
    CHECK_THAT(plot, Catch::Contains("mean 1/2"));
    const std::string svg = thermograph_svg(a.thermograph, "G < H & \"x\"");
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK_THAT(svg, Catch::Contains("<title>G &lt; H &amp; &quot;x&quot;</title>"));
    CHECK_THAT(svg, Catch::EndsWith("</svg>\n"));
}

TEST_CASE("Analysis report: an all-small game has its atomic weight", "[cgt]") {
    GameStore store;
    Thermography thermal(store);
    const Analysis a = analyse(thermal, store.parse("{0,^*|0}"));
    CHECK(a.all_small);
    REQUIRE(a.atomic_weight);
    CHECK(*a.atomic_weight == GameStore::integer(1));
    const std::string text = analysis_text(store, a, Notation::Unicode);
    CHECK_THAT(text, Catch::Contains("value:         \u2191+\u2191\u00b2*\n"));
    CHECK_THAT(text, Catch::Contains("cgsuite:       {0,^*|0}\n"));
    CHECK_THAT(text, !Catch::Contains("compact:"));
    CHECK(wall_text(PiecewiseLinear::constant(Dyadic(2))) == "mast 2 from t = -1");
}

TEST_CASE("Analysis report: a comparison as JSON, whatever bytes the expression was typed in",
          "[cgt]") {
    GameStore store;
    const Statement s = parse_statement(store, "^ <> *");
    CHECK(cgt::common::json_text(comparison_json(store, s, "^ <> *")) ==
          "{\"expression\": \"^ <> *\", \"left\": \"\u2191\", \"relation\": \"<>\", \"right\": "
          "\"*\", "
          "\"holds\": true, \"order\": \"||\"}");
    for (const std::string& text : cgt::test::random_byte_strings(10000, 32)) {
        const auto back =
            cgt::common::Json::parse(cgt::common::json_text(comparison_json(store, s, text)));
        if (cgt::test::valid_utf8(text))
            CHECK(back["expression"] == text);
        else
            CHECK(back["not_utf8"] == cgt::common::Json::array({"/expression"}));
    }
}
