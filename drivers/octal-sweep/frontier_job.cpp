#include "octal-sweep/frontier_job.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace cgt::jobs::octal_sweep {

using impartial::FrontierSweep;
using impartial::HeapRules;

std::vector<HeapRules> parse_frontier_games(const std::string& text) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ';', ' ');
    std::istringstream in(spaced);
    std::vector<HeapRules> games;
    for (std::string item; in >> item;) {
        try {
            games.push_back(HeapRules::parse(item));
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("--frontier-games: '" + item + "': " + e.what());
        }
    }
    return games;
}

double expected_cost(const HeapRules& rules, std::uint64_t ceiling) {
    constexpr std::uint64_t PROBE = 4096;
    FrontierSweep probe(rules);
    probe.run_to(std::min(ceiling, PROBE));
    const auto& last = probe.stats().back();
    const double n = static_cast<double>(ceiling);
    const double lengths = std::max<double>(1.0, static_cast<double>(rules.leave_two.size()));
    if (rules.leave_two.empty()) return n;
    if (last.mask.rare_heaps * 4 <= last.heaps) return n * (static_cast<double>(last.mask.rare_heaps) + 64.0) * lengths;
    return n * n / 4.0 * lengths;
}

std::vector<std::size_t> order_by_cost(const std::vector<HeapRules>& games, std::uint64_t ceiling) {
    std::vector<double> cost;
    for (const auto& game : games) cost.push_back(expected_cost(game, ceiling));
    std::vector<std::size_t> order(games.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
    return order;
}

void FrontierRows::declare_game_columns(common::LocalTable& t) {
    t.add_column<std::int64_t>("index");
    t.add_column<std::string>("game");
    t.add_column<std::string>("status");
    t.add_column<std::int64_t>("preperiod");
    t.add_column<std::int64_t>("period");
    t.add_column<std::string>("proof");
    t.add_column<std::int64_t>("check_end");
    t.add_column<std::int64_t>("largest_removal");
    t.add_column<std::int64_t>("ceiling");
    t.add_column<std::int64_t>("heaps");
    t.add_column<std::int64_t>("largest_value");
    t.add_column<std::int64_t>("largest_at");
    t.add_column<std::string>("rare_mask");
    t.add_column<std::int64_t>("rare_heaps");
    t.add_column<std::int64_t>("last_rare");
    t.add_column<std::int64_t>("by_split");
    t.add_column<std::int64_t>("full_scans");
    t.add_column<std::string>("first_values");
}

void FrontierRows::declare_stats_columns(common::LocalTable& t) {
    t.add_column<std::int64_t>("index");
    t.add_column<std::int64_t>("heaps");
    t.add_column<std::int64_t>("largest_value");
    t.add_column<std::int64_t>("largest_at");
    t.add_column<std::string>("rare_mask");
    t.add_column<std::int64_t>("rare_heaps");
    t.add_column<std::int64_t>("last_rare");
}

void FrontierRows::declare_frequency_columns(common::LocalTable& t) {
    t.add_column<std::int64_t>("index");
    t.add_column<std::int64_t>("heaps");
    t.add_column<std::int64_t>("value");
    t.add_column<std::int64_t>("count");
}

void FrontierRows::append(std::uint64_t index, const impartial::FrontierResult& r, common::LocalTable& games,
                          common::LocalTable& stats, common::LocalTable& frequencies, std::size_t stored_values) {
    const auto i = static_cast<std::int64_t>(index);
    const auto as_int = [](std::uint64_t v) { return static_cast<std::int64_t>(v); };
    games.column<std::int64_t>("index").push_back(i);
    games.column<std::string>("game").push_back(r.game);
    games.column<std::string>("status").push_back(impartial::to_string(r.status));
    games.column<std::int64_t>("preperiod").push_back(r.period ? std::int64_t{r.period->preperiod} : -1);
    games.column<std::int64_t>("period").push_back(r.period ? std::int64_t{r.period->period} : -1);
    games.column<std::string>("proof").push_back(r.period ? impartial::to_string(r.rule) : "-");
    games.column<std::int64_t>("check_end").push_back(r.period ? as_int(r.check_end) : -1);
    games.column<std::int64_t>("largest_removal").push_back(r.largest_removal);
    games.column<std::int64_t>("ceiling").push_back(as_int(r.ceiling));
    games.column<std::int64_t>("heaps").push_back(as_int(r.heaps));
    games.column<std::int64_t>("largest_value").push_back(r.largest_value);
    games.column<std::int64_t>("largest_at").push_back(as_int(r.largest_at));
    const bool has_stats = !r.stats.empty();
    games.column<std::string>("rare_mask").push_back(has_stats ? impartial::to_string(r.stats.back().mask) : "-");
    games.column<std::int64_t>("rare_heaps").push_back(has_stats ? as_int(r.stats.back().mask.rare_heaps) : -1);
    games.column<std::int64_t>("last_rare").push_back(has_stats ? r.stats.back().last_rare : -1);
    games.column<std::int64_t>("by_split").push_back(as_int(r.counters.by_split_simd + r.counters.by_split_portable));
    games.column<std::int64_t>("full_scans").push_back(as_int(r.counters.full_scans));
    std::string first;
    for (std::size_t n = 0; n < std::min(stored_values, r.sequence.size()); ++n)
        first += (n ? " " : "") + std::to_string(r.sequence[n]);
    games.column<std::string>("first_values").push_back(first);
    for (const auto& s : r.stats) {
        stats.column<std::int64_t>("index").push_back(i);
        stats.column<std::int64_t>("heaps").push_back(as_int(s.heaps));
        stats.column<std::int64_t>("largest_value").push_back(s.largest);
        stats.column<std::int64_t>("largest_at").push_back(as_int(s.largest_at));
        stats.column<std::string>("rare_mask").push_back(impartial::to_string(s.mask));
        stats.column<std::int64_t>("rare_heaps").push_back(as_int(s.mask.rare_heaps));
        stats.column<std::int64_t>("last_rare").push_back(s.last_rare);
        for (std::size_t v = 0; v < s.frequency.size(); ++v) {
            if (!s.frequency[v]) continue;
            frequencies.column<std::int64_t>("index").push_back(i);
            frequencies.column<std::int64_t>("heaps").push_back(as_int(s.heaps));
            frequencies.column<std::int64_t>("value").push_back(static_cast<std::int64_t>(v));
            frequencies.column<std::int64_t>("count").push_back(as_int(s.frequency[v]));
        }
    }
}

} // namespace cgt::jobs::octal_sweep
