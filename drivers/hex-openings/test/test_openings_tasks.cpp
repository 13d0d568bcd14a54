#include "hex-openings/openings_schema.hpp"
#include "hex-openings/openings_tasks.hpp"
#include "hex/solver/openings.hpp"
#include "openings_test_rows.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <span>
#include <string>
#include <vector>

using namespace cgt;
using namespace cgt::jobs::hex_openings;

namespace schema = cgt::jobs::hex_openings::schema;
using cgt::jobs::hex_openings::test::Row;
using cgt::jobs::hex_openings::test::rows_by_key;

namespace {

Params small_params() {
    Params p;
    p.sizes = parse_sizes("1-4");
    p.rules = parse_rule_specs("rule1+2+distance plain@3");
    p.misere_min = 2;
    p.misere_max = 3;
    p.copy_from = 4;
    p.tt_size_mib = 4;
    return p;
}

} // namespace

TEST_CASE("HexOpenings: rows, copies and tasks of a parameter set", "[hex]") {
    Params p;
    p.rules = parse_rule_specs("rule1+2+distance");
    const auto rows = enumerate(p);
    CHECK(rows.size() == 1 + 4 + 9 + 16 + 25);
    const auto solved = tasks(rows);
    CHECK(solved.size() == rows.size() - 12); // 5x5: 12 of 25 copied from their rotation
    CHECK(rows[solved.front()].shape == hex::Shape::square(5)); // the largest boards go first
    CHECK(rows[solved.back()].shape == hex::Shape::square(1));
    // Row 54 is the 5x5 cell (4, 4), copied from (0, 0), row 30.
    CHECK(rows[54].cell == hex::Cell{4, 4});
    CHECK(rows[54].source == 30);
    CHECK(rows[42].source == 42); // the centre is its own partner
    const auto with_misere = enumerate(small_params());
    CHECK(with_misere.size() == (1 + 4 + 9 + 16) + (1 + 4 + 9) + (4 + 9));
    CHECK(with_misere.back().variant == hex::Variant::misere);
}

TEST_CASE("HexOpenings: the rows of 1x1..4x4 hold the literature's maps, whatever the task order",
          "[hex]") {
    const Params p = small_params();
    OpeningTasks forward(p), backward(p);
    common::LocalTable a, b;
    OpeningTasks::declare_columns(a);
    OpeningTasks::declare_columns(b);
    for (auto t : forward.task_rows())
        forward.run(t, a);
    const auto& order = backward.task_rows();
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        backward.run(*it, b);
    const auto ra = rows_by_key(a), rb = rows_by_key(b);
    REQUIRE(ra.size() == forward.rows().size());
    CHECK(ra == rb);

    // Maps per (variant, rules, size) in row-major order.
    std::map<std::string, std::string> maps;
    for (const auto& [key, r] : ra)
        maps[r.variant + " " + r.rules + " " + std::to_string(r.size)] += r.result[0];
    CHECK(maps["normal rule1+2+distance 1"] == "w");
    CHECK(maps["normal rule1+2+distance 2"] == "lwwl");
    CHECK(maps["normal rule1+2+distance 4"] == "lllwllwllwllwlll");
    CHECK(maps["normal plain 3"] == maps["normal rule1+2+distance 3"]);
    CHECK(std::count(maps["normal plain 3"].begin(), maps["normal plain 3"].end(), 'w') == 5);
    CHECK(maps["misere plain 2"] == "wllw");
    CHECK(maps["misere plain 3"] == "lllllllll");
    // 4x4 copies: 8 rows copied, with no nodes of their own and their partner's result.
    int copies = 0;
    for (const auto& [key, r] : ra) {
        if (!r.copied) continue;
        ++copies;
        CHECK(r.size == 4);
        CHECK(r.nodes == 0);
        const auto& partner = forward.rows()[forward.rows()[key].source];
        CHECK(partner.cell == hex::rotate(4, {static_cast<int>(r.row), static_cast<int>(r.col)}));
        CHECK(ra.at(forward.rows()[key].source).result == r.result);
    }
    CHECK(copies == 8);
}

TEST_CASE("HexOpenings: bad rule lists are refused with a reason", "[hex]") {
    struct Case {
        std::string text;
        std::string message;
    };
    const std::vector<Case> cases = {
        {"", "--rules is empty"},
        {"rule3", "--rules: unknown rule set 'rule3'"},
        {"plain@0", "--rules: 'plain@0': the size after @ must be 1..11"},
        {"plain@x", "the size after @ must be 1..11"},
        {"plain@12", "the size after @ must be 1..11"},
        {"rule1 1", "--rules: rule1 is listed twice"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        CHECK_THROWS_WITH(parse_rule_specs(c.text), Catch::Contains(c.message));
    }
    CHECK(parse_rule_specs("rule1+2, plain@4").size() == 2);
    CHECK(parse_rule_specs("plain@4").front().max_size == 4);
    CHECK_THROWS_WITH(parse_misere_rules("rule1+2"),
                      Catch::Contains("--misere-rules must be plain"));
    CHECK(parse_misere_rules("plain+distance").order == hex::Order::distance);
    CHECK(parse_misere_rules("dfpn+rex+dead+pairing").rules == hex::Rules::rex);
    CHECK_THROWS_WITH(parse_misere_rules("dfpn+vc"), Catch::Contains("or a rex rule set"));
}

TEST_CASE("HexOpenings: a rex rule set gives the misere 4x4 and 5x5 maps, with its rule counts",
          "[hex]") {
    // 4x4: c2 and b3 lose (the plain search's map); 5x5: every opening loses (odd boards:
    // Lagarias and Sleator; Young and Hayward's Solrex found each 5x5 opening losing).
    Params p;
    p.sizes = parse_sizes("1");
    p.rules = parse_rule_specs("plain");
    p.misere_min = 4;
    p.misere_max = 5;
    p.misere_rules =
        parse_misere_rules("dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation");
    p.tt_size_mib = 4;
    p.misere_replies = true;
    OpeningTasks work(p);
    common::LocalTable openings, counts, replies;
    OpeningTasks::declare_columns(openings);
    OpeningTasks::declare_count_columns(counts);
    OpeningTasks::declare_reply_columns(replies);
    for (auto t : work.task_rows())
        work.run(t, openings, &counts, nullptr, nullptr, nullptr, &replies);
    std::map<std::string, std::string> maps;
    for (const auto& [key, r] : rows_by_key(openings))
        if (r.variant == "misere") maps[std::to_string(r.size)] += r.result[0];
    CHECK(maps["4"] == "wwwwwwlwwlwwwwww");
    CHECK(maps["5"] == std::string(25, 'l'));
    // The replies of the losing openings (2 on 4x4, 25 on 5x5; 5x5's e5..c4 copied from
    // their rotations): each opening's winning replies as hex::solve_replies gives them, and a
    // copy's its partner's rotated.
    replies.end_blocks();
    std::map<std::string, std::vector<std::string>> winning; // "size cell" -> winning replies
    std::size_t rows_seen = 0;
    for (std::size_t i = 0; i < replies.rows(); ++i, ++rows_seen) {
        const auto size = replies.column(schema::size)[i];
        const hex::Cell opening{static_cast<int>(replies.column(schema::row)[i]),
                                static_cast<int>(replies.column(schema::col)[i])};
        const std::string key = std::to_string(size) + " " + hex::cell_name(opening);
        winning[key];
        if (replies.column(schema::replies::result)[i] == "win")
            winning[key].push_back(
                hex::cell_name({static_cast<int>(replies.column(schema::replies::reply_row)[i]),
                                static_cast<int>(replies.column(schema::replies::reply_col)[i])}));
    }
    CHECK(rows_seen == 2 * 15 + 25 * 24);
    CHECK(winning.size() == 27);
    hex::Solver solver(5, {hex::Variant::misere, p.misere_rules, 0, 4});
    for (const hex::Cell c : {hex::Cell{0, 0}, hex::Cell{4, 4}, hex::Cell{1, 3}, hex::Cell{3, 1}}) {
        std::vector<std::string> expect;
        for (const hex::Cell w : hex::solve_replies(solver, c).winning())
            expect.push_back(hex::cell_name(w));
        INFO(hex::cell_name(c));
        CHECK(winning["5 " + hex::cell_name(c)] == expect);
    }
    const auto names = rule_counters(p.misere_rules, {});
    CHECK(std::string(names[7].name) == "pairing-losses");
    std::uint64_t pairing = 0;
    for (std::size_t i = 0; i < counts.rows(); ++i)
        if (counts.column(schema::rule_counts::rule)[i] == "pairing-wins")
            pairing += counts.column(schema::rule_counts::count)[i];
    CHECK(pairing > 0);
}

TEST_CASE("HexOpenings: vc rule sets give the 5x5 map, their rule counts, and edge openings first",
          "[hex]") {
    Params p;
    p.sizes = parse_sizes("5");
    p.rules = parse_rule_specs("dfpn+vc+inferior+proof vc+inferior@5");
    p.tt_size_mib = 4;
    OpeningTasks work(p);
    // The vc tasks of one board: the columns 0 and 4 (the second player's edges) first.
    const auto& order = work.task_rows();
    REQUIRE(order.size() == 2 * 13);
    for (std::size_t k = 0; k < 13; ++k) {
        const auto& o = work.rows()[order[k]];
        CHECK(o.rules.name() == "vc+inferior"); // depth-first: the rule set with fewer rules first
        if (k < 5) CHECK((o.cell.col == 0 || o.cell.col == 4));
    }
    common::LocalTable openings, counts;
    OpeningTasks::declare_columns(openings);
    OpeningTasks::declare_count_columns(counts);
    for (auto t : order)
        work.run(t, openings, &counts);
    const auto rows = rows_by_key(openings);
    std::map<std::string, std::string> maps;
    for (const auto& [key, r] : rows)
        maps[r.rules] += r.result[0];
    CHECK(maps["dfpn+vc+inferior+proof"] == "llllwlwwwwlwwwlwwwwlwllll");
    CHECK(maps["vc+inferior"] == maps["dfpn+vc+inferior+proof"]);
    // One block of counters per opening solved, in the vc family's order; the analyses
    // add up to at least one per opening that needed a search.
    counts.end_blocks();
    CHECK(counts.blocks().size() == 26);
    const auto names = rule_counters(p.rules[0].rules, {});
    CHECK(counts.rows() == 26 * names.size());
    CHECK(std::string(names[1].name) == "expansions");
    std::uint64_t expansions = 0, nodes = 0;
    for (std::size_t i = 0; i < counts.rows(); ++i)
        if (counts.column(schema::rule_counts::rule)[i] == "expansions")
            expansions += counts.column(schema::rule_counts::count)[i];
    for (const auto& [key, r] : rows)
        nodes += r.nodes;
    CHECK(expansions > 0);
    CHECK(expansions <= nodes);
    CHECK(rule_counters(hex::RuleSet{}, {}).size() == 5); // the article's family
}

TEST_CASE(
    "HexOpenings: --sizes lists squares, ranges and WxH boards, bad items refused with a reason",
    "[hex]") {
    using hex::Shape;
    CHECK(parse_sizes("1-5") == std::vector<Shape>{Shape::square(1), Shape::square(2),
                                                   Shape::square(3), Shape::square(4),
                                                   Shape::square(5)});
    CHECK(parse_sizes("6x7,7x8") == std::vector<Shape>{Shape(7, 6), Shape(8, 7)});
    CHECK(parse_sizes("6-7 6x7") ==
          std::vector<Shape>{Shape::square(6), Shape::square(7), Shape(7, 6)});
    CHECK(parse_sizes("8") == std::vector<Shape>{Shape::square(8)});
    struct Bad {
        std::string text, message;
    };
    for (const Bad& b : std::vector<Bad>{
             {"", "--sizes is empty: give N, A-B or WxH (e.g. 1-5 or 6x7,7x8)"},
             {"5-3", "--sizes: '5-3': the range is empty (first > last)"},
             {"6x7-7x8", "--sizes: '6x7-7x8': a range A-B is of square sides"},
             {"6x12",
              "--sizes: '6x12': board '6x12' must be N or WxH (W columns, H rows), each 1..11"},
             {"7 6-8", "--sizes: the 7x7 board is listed twice ('6-8')"},
             {"six",
              "--sizes: 'six': board 'six' must be N or WxH (W columns, H rows), each 1..11"}}) {
        INFO(b.text);
        CHECK_THROWS_WITH(parse_sizes(b.text), b.message);
    }
}

TEST_CASE("HexOpenings: on 3x4 and 4x3 boards the player with the closer sides wins every opening",
          "[hex]") {
    // "3x4" is 3 columns and 4 rows: red joins the top and bottom rows, 4 apart, blue the
    // columns, 3 apart; so red loses every opening, and on 4x3 wins every one. Every
    // opening is solved (copy-from above both sides), so the 180-degree symmetry is
    // computed; a rule set limited to boards with sides up to 3 leaves both boards out.
    Params p;
    p.sizes = parse_sizes("3x4,4x3");
    p.rules = parse_rule_specs(
        "rule1+2+distance dfpn+vc+stronger+templates+inferior+proof+resistance plain@3");
    p.copy_from = 5;
    p.tt_size_mib = 4;
    OpeningTasks work(p);
    REQUIRE(work.rows().size() == 2 * 2 * 12);
    CHECK(work.task_rows().size() == work.rows().size());
    common::LocalTable openings;
    OpeningTasks::declare_columns(openings);
    for (auto t : work.task_rows())
        work.run(t, openings);
    std::map<std::string, std::string> maps;
    for (const auto& [key, r] : rows_by_key(openings)) {
        CHECK(r.size * r.cols == 12);
        CHECK(r.nodes > 0);
        maps[r.rules + " " + std::to_string(r.cols) + "x" + std::to_string(r.size)] += r.result[0];
    }
    CHECK(maps.size() == 4);
    for (const char* rules :
         {"rule1+2+distance", "dfpn+vc+stronger+templates+inferior+proof+resistance"}) {
        INFO(rules);
        CHECK(maps[std::string(rules) + " 3x4"] == std::string(12, 'l'));
        CHECK(maps[std::string(rules) + " 4x3"] == std::string(12, 'w'));
    }
    // With copies: 6 of each board's 12 openings are copied from their partners.
    p.copy_from = 4;
    const OpeningTasks copied(p);
    CHECK(copied.task_rows().size() == copied.rows().size() / 2);
}

TEST_CASE("HexOpenings: a vc opening stopped at a pause and continued from its saved states gives "
          "the rows of one never stopped",
          "[hex]") {
    Params p;
    p.sizes = parse_sizes("6");
    p.rules = parse_rule_specs("dfpn+vc+inferior+proof+resistance");
    p.copy_from = 6;
    p.tt_size_mib = 4;
    p.pause_nodes = 300;
    OpeningTasks work(p);
    const std::uint64_t a3 = 2 * 6 + 0; // 4,000 nodes: 13 pauses
    struct Tables {
        common::LocalTable rows, counts, timings;
        Tables() {
            OpeningTasks::declare_columns(rows);
            OpeningTasks::declare_count_columns(counts);
            OpeningTasks::declare_timing_columns(timings);
        }
    } whole, t;
    REQUIRE(work.run(a3, whole.rows, &whole.counts, &whole.timings));

    // Saves at every pause (as a journal keeps them: a full state drops those before it),
    // stops at the third.
    SearchHooks hooks;
    int saves = 0;
    std::vector<std::vector<std::byte>> journal;
    hooks.stop_requested = [&] { return saves == 2; };
    hooks.state_due = [] { return true; };
    hooks.save = [&](std::span<const std::byte> state, bool full) {
        if (full) journal.clear();
        journal.emplace_back(state.begin(), state.end());
        ++saves;
    };
    std::vector<std::string> notes;
    hooks.note = [&](const std::string& line) { notes.push_back(line); };
    CHECK_FALSE(work.run(a3, t.rows, &t.counts, &t.timings, &hooks));
    CHECK(saves == 3);
    // A line at every save, from the first player's side, with the nodes so far.
    REQUIRE(notes.size() == 3);
    for (std::size_t i = 0; i < notes.size(); ++i) {
        INFO(notes[i]);
        CHECK_THAT(notes[i], Catch::StartsWith("a3 (6x6): "));
        CHECK_THAT(notes[i], Catch::Contains(" for a first-player win and "));
        // The first save is the whole table; later ones its changes, or whole again once
        // the changes outweigh it.
        if (i == 0)
            CHECK_THAT(notes[i], Catch::Contains("; saved (whole table, "));
        else
            CHECK_THAT(notes[i], Catch::Contains("; saved ("));
    }
    const auto nodes_in = [](const std::string& line) {
        return std::stoull(line.substr(line.find(": ") + 2));
    };
    CHECK(nodes_in(notes[0]) >= 300);
    CHECK(nodes_in(notes[1]) > nodes_in(notes[0]));
    CHECK(nodes_in(notes[2]) > nodes_in(notes[1]));
    CHECK(t.rows.column(schema::openings::nodes).empty());
    hooks.saved = journal;
    hooks.stop_requested = [] { return false; };
    REQUIRE(work.run(a3, t.rows, &t.counts, &t.timings, &hooks));
    CHECK(rows_by_key(t.rows) == rows_by_key(whole.rows));
    CHECK(t.counts.column(schema::rule_counts::count) ==
          whole.counts.column(schema::rule_counts::count));
    const std::uint64_t nodes = t.rows.column(schema::openings::nodes).at(0);
    CHECK(whole.timings.column(schema::timings::nodes_run).at(0) == nodes);
    CHECK(t.timings.column(schema::timings::nodes_run).at(0) <=
          nodes - 3 * 300); // three pauses of 300 or more
}
