#include "hackenbush-common/value_texts.hpp"
#include "hackenbush/stalks.hpp"

#include <catch2/catch.hpp>

using cgt::core::GameStore;
namespace hackenbush = cgt::hackenbush;
namespace jobs = cgt::jobs;
using cgt::jobs::hackenbush_common::ValueTexts;

TEST_CASE("ValueTexts: one local id and one canonical text per distinct value", "[hackenbush]") {
    GameStore store;
    ValueTexts values(store);
    // GB = up*, BR = 1/2; GB built twice (once as a stalk, once parsed) is one value.
    const auto up_star = hackenbush::stalk_value(store, "GB");
    CHECK(values.local_id(up_star) == 0);
    CHECK(values.local_id(hackenbush::stalk_value(store, "BR")) == 1);
    CHECK(values.local_id(store.parse("{0,*|0}")) == 0);
    CHECK(values.local_id(hackenbush::stalk_value(store, "GBB")) == 2);
    CHECK(values.size() == 3);
    CHECK(values.texts() == std::vector<std::string>{"^*", "1/2", "{0,^*|0}"});
    CHECK(values.take_texts().size() == 3);
    CHECK(values.size() == 0);
    CHECK(values.local_id(store.integer(-2)) == 0); // starts afresh
    CHECK(values.texts() == std::vector<std::string>{"-2"});
}

TEST_CASE("ValueTexts: the words of the tables", "[hackenbush]") {
    struct Row { std::string value; std::string kind; std::string outcome; };
    const std::vector<Row> rows = {
        {"0", "number", "P"},      {"-3/4", "number", "R"}, {"*", "x+*m", "N"},
        {"1*2", "x+*m", "L"},      {"^", "x+n.up+*m", "L"}, {"-1v*", "x+n.up+*m", "R"},
        {"{0,^*|0}", "other", "N"}, {"^*", "x+n.up+*m", "N"},
    };
    GameStore store;
    for (const Row& row : rows) {
        INFO(row.value);
        const auto g = store.parse(row.value);
        CHECK(cgt::core::kind_word(store.classify(g).kind) == row.kind);
        CHECK(jobs::hackenbush_common::outcome_word(store.outcome(g)) == row.outcome);
    }
}
