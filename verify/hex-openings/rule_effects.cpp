#include "verify/hex-openings/rule_effects.hpp"

#include "hex/analysis/rule_set.hpp"
#include "hex-openings/openings_schema.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <utility>

namespace cgt::verify::hex_openings {

namespace schema = cgt::jobs::hex_openings::schema;

namespace {

// The counters of rule_counts explained, in the order the driver writes them.
const std::pair<const char*, const char*> COUNTER_MEANINGS[] = {
    {"tt-hits", "positions answered by the transposition table"},
    {"rule1-losses", "rule 1: the opponent has two completing cells"},
    {"forced-moves", "rule 1: one completing cell of the opponent, the only move"},
    {"rule2-wins", "rule 2: own double threat"},
    {"rule2-losses", "rule 2: the opponent's double threats cannot all be stopped"},
    {"expansions", "positions analysed (fill-in, H-search, must-play; once each)"},
    {"fill-dead", "cells filled as dead"},
    {"fill-captured", "cells filled as captured (useless to one player)"},
    {"fill-pairs", "cells filled as captured pairs"},
    {"fill-decided", "positions decided by fill-in connecting a player"},
    {"vc-wins", "won by the mover's edge-to-edge connection"},
    {"vc-losses", "lost to the opponent's full edge-to-edge connection"},
    {"mustplay-losses", "lost: the opponent's semi connections share no cell"},
    {"mustplay-cut", "moves cut as outside the must-play region"},
    {"dominated-cut", "moves cut as dominated"},
    {"proof-cut", "moves cut by a sibling's proof set"},
};

const char* order_name(hex::Order o) {
    switch (o) {
    case hex::Order::centre: return "centre";
    case hex::Order::history: return "history";
    case hex::Order::distance: return "distance";
    case hex::Order::resistance: return "resistance";
    }
    return "?";
}

std::string list_text(const std::vector<std::string>& items) {
    std::string s;
    for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
    return s;
}

} // namespace

std::string rule_difference(const std::string& base, const std::string& other) {
    hex::RuleSet a, b;
    try {
        a = hex::RuleSet::parse(base);
        b = hex::RuleSet::parse(other);
    } catch (const std::invalid_argument&) {
        return "";
    }
    std::vector<std::string> without, with, parts;
    const auto flag = [&](bool in_a, bool in_b, const char* name) {
        if (in_a && !in_b) without.emplace_back(name);
        if (!in_a && in_b) with.emplace_back(name);
    };
    flag(a.search == hex::Search::dfpn, b.search == hex::Search::dfpn, "dfpn");
    flag(a.inferior, b.inferior, "inferior");
    flag(a.proof, b.proof, "proof");
    if (a.rules != b.rules) parts.push_back(std::string("base rules ") + other.substr(0, other.find('+')));
    if (!without.empty()) parts.push_back("without " + list_text(without));
    if (!with.empty()) parts.push_back("with " + list_text(with));
    if (a.order != b.order)
        parts.push_back(std::string(order_name(b.order)) + " order instead of " + order_name(a.order));
    std::string s;
    for (const auto& p : parts) s += (s.empty() ? "" : "; ") + p;
    return s;
}

void print_savings(const std::vector<RunTotals>& runs, verify::Report& report) {
    std::map<std::pair<int, int>, std::vector<const RunTotals*>> by_size;
    for (const auto& r : runs) by_size[{r.size, r.cols}].push_back(&r);
    bool any = false;
    for (const auto& [size, list] : by_size) any = any || list.size() > 1;
    if (!any) return;
    report.section("What the switches save: each rule set beside the board's first (not compared)");
    report.note("nodes and seconds of the openings solved; 'saves' is the share of the other rule set's nodes that "
                "the first one does without");
    for (const auto& [size, list] : by_size) {
        if (list.size() < 2) continue;
        const RunTotals& base = *list.front();
        const std::string board = std::to_string(size.second) + "x" + std::to_string(size.first);
        char head[200];
        std::snprintf(head, sizeof head, "%s %s: %s nodes, %.1f s%s", board.c_str(), base.rules.c_str(),
                      verify::thousands(static_cast<long long>(base.nodes)).c_str(), base.seconds,
                      base.unknown ? " (some openings unknown: a lower bound)" : "");
        report.note(head);
        for (std::size_t i = 1; i < list.size(); ++i) {
            const RunTotals& r = *list[i];
            const bool bound = r.unknown > 0; // nodes at the limit: a lower bound
            const double ratio = base.nodes ? static_cast<double>(r.nodes) / static_cast<double>(base.nodes) : 0.0;
            const double time_ratio = base.seconds > 0 ? r.seconds / base.seconds : 0.0;
            const double saved = r.nodes ? 100.0 * (1.0 - static_cast<double>(base.nodes) / static_cast<double>(r.nodes)) : 0.0;
            char buf[400];
            std::snprintf(buf, sizeof buf, "  %s (%s): %s%s nodes, %s%.2f times; %.1f s, %.2f times; saves %s%.1f%%%s",
                          r.rules.c_str(), rule_difference(base.rules, r.rules).c_str(), bound ? ">= " : "",
                          verify::thousands(static_cast<long long>(r.nodes)).c_str(), bound ? ">= " : "", ratio,
                          r.seconds, time_ratio, bound ? ">= " : "", saved,
                          bound ? (" (" + std::to_string(r.unknown) + " openings stopped at the node limit)").c_str() : "");
            report.note(buf);
        }
    }
}

void print_rule_counts(const common::ResultReader& file, verify::Report& report) {
    const auto t = file.read_table(schema::rule_counts::table);
    report.count_rows(t.rows);
    const auto size = t.ints(schema::size), cols = t.ints(schema::cols), count = t.ints(schema::rule_counts::count);
    const auto& variant = t.texts(schema::variant);
    const auto& rules = t.texts(schema::rules);
    const auto& rule = t.texts(schema::rule_counts::rule);
    std::vector<std::string> boards;                                            // first appearance
    std::map<std::string, std::vector<std::pair<std::string, long long>>> sums; // counter order kept
    for (std::size_t i = 0; i < t.rows; ++i) {
        const std::string board = std::to_string(cols[i]) + "x" + std::to_string(size[i]) + " " +
                                  (variant[i] == "misere" ? "misere " : "") + rules[i];
        auto& list = sums[board];
        if (list.empty()) boards.push_back(board);
        auto it = std::find_if(list.begin(), list.end(), [&](const auto& p) { return p.first == rule[i]; });
        if (it == list.end()) list.emplace_back(rule[i], count[i]);
        else it->second += count[i];
    }
    report.section("What each rule did, summed over the openings solved (rule_counts; not compared)");
    for (const auto& [name, meaning] : COUNTER_MEANINGS) {
        bool used = false;
        for (const auto& b : boards)
            for (const auto& p : sums[b]) used = used || p.first == name;
        if (used) report.note(std::string("  ") + name + ": " + meaning);
    }
    for (const auto& b : boards) {
        std::string text = b + ":";
        for (const auto& [name, sum] : sums[b]) text += " " + name + " " + verify::thousands(sum) + ",";
        text.pop_back();
        report.note(text);
    }
}

} // namespace cgt::verify::hex_openings
