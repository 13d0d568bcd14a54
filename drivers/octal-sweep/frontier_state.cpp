#include "octal-sweep/frontier_state.hpp"

#include "octal-sweep/octal_sweep_schema.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>

namespace cgt::jobs::octal_sweep {

using impartial::FrontierResult;
using impartial::FrontierSweep;
using impartial::HeapRules;

double expected_cost(const HeapRules& rules, std::uint64_t ceiling,
                     std::uint64_t definition_ceiling) {
    constexpr std::uint64_t PROBE = 4096;
    FrontierSweep probe(rules);
    probe.run_to(std::min(ceiling, PROBE));
    if (impartial::proven_period_guy_smith(probe.values(), rules.largest_removal))
        return static_cast<double>(probe.size());
    const auto& last = probe.stats().back();
    const double n = static_cast<double>(ceiling);
    const double lengths = std::max<double>(1.0, static_cast<double>(rules.leave_two.size()));
    if (rules.leave_two.empty()) return n;
    if (last.mask.rare_heaps * 4 <= last.heaps)
        return n * (static_cast<double>(last.mask.rare_heaps) + 64.0) * lengths;
    const double by_definition = static_cast<double>(std::min(ceiling, definition_ceiling));
    return by_definition * by_definition / 4.0 * lengths;
}

std::vector<std::uint64_t> order_by_cost(const std::vector<double>& cost) {
    std::vector<std::uint64_t> order(cost.size());
    std::iota(order.begin(), order.end(), std::uint64_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint64_t a, std::uint64_t b) { return cost[a] > cost[b]; });
    return order;
}

std::string stop_reason(const FrontierResult& r) {
    if (r.period) return "proven";
    return r.heaps >= r.ceiling ? "ceiling" : "definition-ceiling";
}

void append_frontier_rows(std::uint64_t index, const FrontierResult& r,
                          common::LocalTable& frontier, common::LocalTable& stats,
                          common::LocalTable& frequencies) {
    namespace f = schema::frontier;
    namespace s = schema::frontier_stats;
    namespace q = schema::frontier_frequencies;
    const auto i = static_cast<std::int64_t>(index);
    const auto as_int = [](std::uint64_t v) { return static_cast<std::int64_t>(v); };
    frontier.column(f::index).push_back(i);
    frontier.column(f::ceiling).push_back(as_int(r.ceiling));
    frontier.column(f::heaps).push_back(as_int(r.heaps));
    frontier.column(f::stop).push_back(stop_reason(r));
    frontier.column(f::by_definition).push_back(as_int(r.counters.by_definition));
    frontier.column(f::by_split)
        .push_back(as_int(r.counters.by_split_simd + r.counters.by_split_portable));
    frontier.column(f::full_scans).push_back(as_int(r.counters.full_scans));
    for (const auto& p : r.stats) {
        stats.column(s::index).push_back(i);
        stats.column(s::heaps).push_back(as_int(p.heaps));
        stats.column(s::largest_value).push_back(p.largest);
        stats.column(s::largest_at).push_back(as_int(p.largest_at));
        stats.column(s::rare_mask).push_back(impartial::to_string(p.mask));
        stats.column(s::rare_heaps).push_back(as_int(p.mask.rare_heaps));
        stats.column(s::last_rare).push_back(p.last_rare);
        for (std::size_t v = 0; v < p.frequency.size(); ++v) {
            if (!p.frequency[v]) continue;
            frequencies.column(q::index).push_back(i);
            frequencies.column(q::heaps).push_back(as_int(p.heaps));
            frequencies.column(q::value).push_back(static_cast<std::int64_t>(v));
            frequencies.column(q::count).push_back(as_int(p.frequency[v]));
        }
    }
}

} // namespace cgt::jobs::octal_sweep
