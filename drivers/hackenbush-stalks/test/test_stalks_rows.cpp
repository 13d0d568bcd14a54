#include "hackenbush-common/row_order.hpp"
#include "hackenbush-stalks/stalks_rows.hpp"
#include "hackenbush-stalks/stalks_schema.hpp"

#include <catch2/catch.hpp>

#include <set>

namespace common = cgt::common;
namespace jobs = cgt::jobs;
using cgt::jobs::hackenbush_common::column_in_key_order;
using cgt::jobs::hackenbush_common::ValueTexts;
using GameStore = cgt::core::GameStore;

namespace schema = cgt::jobs::hackenbush_stalks::schema;

namespace {

// Runs tasks [first, count) step `step` with one store, as one rank of a round-robin split
// would, and returns the rows in file order with the values as text.
struct Run {
    std::vector<std::string> colours, texts, kinds;
    std::vector<std::int64_t> birthdays;
    std::vector<jobs::hackenbush_stalks::LengthCounts> counts;
};
Run run(const jobs::hackenbush_stalks::Params& params, std::uint64_t first, std::uint64_t step) {
    const jobs::hackenbush_stalks::StalkTasks tasks(params);
    GameStore store;
    ValueTexts values(store);
    jobs::hackenbush_stalks::StalkRows rows(params, store, values);
    common::LocalTable table;
    jobs::hackenbush_stalks::StalkRows::declare_columns(table);
    for (std::uint64_t t = first; t < tasks.count(); t += step) rows.run(tasks, t, table);
    table.end_blocks();
    Run out;
    out.colours = column_in_key_order(table, schema::stalks::colours);
    out.kinds = column_in_key_order(table, schema::stalks::kind);
    out.birthdays = column_in_key_order(table, schema::stalks::birthday);
    for (std::uint64_t id : column_in_key_order(table, schema::stalks::value)) out.texts.push_back(values.texts()[id]);
    out.counts = rows.counts();
    return out;
}

} // namespace

TEST_CASE("StalkJob: the article's table of three-colour stalks up to 8 edges", "[hackenbush]") {
    // Per length: stalks, numbers, x + *m, x +- up*, other (the article's lengths 1-4, 6, 8).
    struct Row { std::size_t length; std::uint64_t stalks, numbers, nimbers, up_stars, other; };
    const std::vector<Row> article = {{1, 3, 2, 1, 0, 0},       {2, 9, 4, 3, 2, 0},
                                      {3, 27, 8, 7, 4, 8},      {4, 81, 16, 15, 8, 42},
                                      {6, 729, 64, 63, 32, 570}, {8, 6561, 256, 255, 128, 5922}};
    const Run all = run({8}, 0, 1);
    for (const Row& row : article) {
        INFO("length " << row.length);
        const auto& c = all.counts[row.length];
        CHECK(c.stalks == row.stalks);
        CHECK(c.numbers == row.numbers);
        CHECK(c.number_nimber == row.nimbers);
        CHECK(c.number_up_star == row.up_stars);
        CHECK(c.other == row.other);
    }
    for (std::size_t n = 1; n <= 8; ++n) {
        INFO("length " << n);
        const auto& c = all.counts[n];
        CHECK(c.stalks == jobs::hackenbush_stalks::stalks_of_length(n));
        CHECK(c.number_ups_other == 0);
        CHECK(c.number_rule_failures == 0);
        CHECK(c.nimber_rule_failures == 0);
        CHECK(c.up_star_rule_failures == 0);
        if (n <= 7) CHECK(c.birthday_is_length == c.stalks); // the article: birthday = length up to 7
    }
    // No two stalks share a value: 3 + 9 + ... + 6,561 distinct texts.
    CHECK(std::set<std::string>(all.texts.begin(), all.texts.end()).size() == 9840);
    // Worked examples of the article, found by colours.
    const auto value_of = [&](const std::string& colours) {
        for (std::size_t i = 0; i < all.colours.size(); ++i)
            if (all.colours[i] == colours) return all.texts[i] + " " + all.kinds[i];
        return std::string("missing");
    };
    CHECK(value_of("BG") == "1* x+*m");
    CHECK(value_of("BRG") == "1/2* x+*m");
    CHECK(value_of("BGG") == "1*2 x+*m");
    CHECK(value_of("GB") == "^* x+n.up+*m");
    CHECK(value_of("GR") == "v* x+n.up+*m");
    CHECK(value_of("BGB") == "1^* x+n.up+*m");
    CHECK(value_of("RGB") == "-1^* x+n.up+*m");
    CHECK(value_of("GBB") == "{0,^*|0} other");
    CHECK(value_of("GBR") == "{0,*|0,^*} other");
    CHECK(value_of("GGB") == "{0,*,*2|0,*} other");
}

TEST_CASE("StalkJob: rows in (length, colours) order, the same from any split", "[hackenbush]") {
    const jobs::hackenbush_stalks::Params params{7};
    const Run whole = run(params, 0, 1);
    std::vector<std::string> expected; // every colour string, by length, then B < R < G
    for (std::size_t n = 1; n <= 7; ++n)
        for (std::uint64_t k = 0; k < jobs::hackenbush_stalks::stalks_of_length(n); ++k) {
            std::string s(n, 'B');
            for (std::uint64_t i = k, j = n; j-- > 0; i /= 3) s[j] = "BRG"[i % 3];
            expected.push_back(s);
        }
    CHECK(whole.colours == expected);
    // Three ranks dealing the prefixes round-robin, each with its own store: their rows,
    // merged by block key, are the whole run's rows with the same values.
    std::vector<std::pair<std::string, std::string>> merged;
    for (std::uint64_t rank = 0; rank < 3; ++rank) {
        const Run part = run(params, rank, 3);
        for (std::size_t i = 0; i < part.colours.size(); ++i) merged.emplace_back(part.colours[i], part.texts[i]);
    }
    const auto key = [](std::string s) { // B < R < G
        for (char& c : s) c = c == 'B' ? 'a' : c == 'R' ? 'b' : 'c';
        return std::pair(s.size(), s);
    };
    std::sort(merged.begin(), merged.end(), [&](const auto& a, const auto& b) { return key(a.first) < key(b.first); });
    REQUIRE(merged.size() == whole.colours.size());
    for (std::size_t i = 0; i < merged.size(); ++i) {
        REQUIRE(merged[i].first == whole.colours[i]);
        REQUIRE(merged[i].second == whole.texts[i]);
    }
}

TEST_CASE("StalkJob: tasks are the prefixes of length min(L, 6)", "[hackenbush]") {
    const jobs::hackenbush_stalks::StalkTasks twelve(jobs::hackenbush_stalks::Params{12});
    CHECK(twelve.prefix_length() == 6);
    CHECK(twelve.count() == 730);
    CHECK(twelve.prefix(0).empty());
    CHECK(twelve.prefix(1) == "BBBBBB");
    CHECK(twelve.prefix(2) == "BBBBBR");
    CHECK(twelve.prefix(729) == "GGGGGG");
    const jobs::hackenbush_stalks::StalkTasks three(jobs::hackenbush_stalks::Params{3});
    CHECK(three.prefix_length() == 3);
    CHECK(three.count() == 28);
    CHECK(three.block_key(2, 0) < three.block_key(3, 1));
    CHECK(three.block_key(3, 1) < three.block_key(3, 2));
}

TEST_CASE("StalkJob: lengths whose stalks cannot be counted in 64 bits are refused", "[hackenbush]") {
    for (long bad : {0L, -1L, 40L})
        CHECK_THROWS_WITH(jobs::hackenbush_stalks::MAX_LENGTH_OPTION.check(bad),
                          "--max-length must be 1..39 (the 3^L stalks are counted in 64 bits), got " +
                              std::to_string(bad));
    CHECK_NOTHROW(jobs::hackenbush_stalks::MAX_LENGTH_OPTION.check(39));
    CHECK(jobs::hackenbush_stalks::stalks_of_length(39) == 4052555153018976267u);
}
