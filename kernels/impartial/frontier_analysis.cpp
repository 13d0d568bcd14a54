#include "impartial/frontier_analysis.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace cgt::impartial {

namespace {
constexpr std::uint64_t FIRST_STEP = 64;
constexpr std::uint64_t FINE_STEPS_UNTIL = std::uint64_t{1} << 20;
} // namespace

std::uint64_t next_proof_target(std::uint64_t heaps, std::uint64_t ceiling) {
    const std::uint64_t step =
        std::max(FIRST_STEP, heaps < FINE_STEPS_UNTIL ? heaps / 8 : heaps / 4);
    const std::uint64_t power = std::bit_ceil(heaps + 1);
    return std::min({heaps + step, power, ceiling});
}

std::uint64_t first_proof_target(std::uint64_t done, std::uint64_t ceiling) {
    std::uint64_t target = std::min(FIRST_STEP, ceiling);
    while (target < done)
        target = next_proof_target(target, ceiling);
    return target;
}

FrontierForecast forecast_frontier(const HeapRules& rules, std::uint64_t ceiling,
                                   std::uint64_t definition_ceiling, std::uint64_t probe) {
    FrontierForecast out;
    out.heaps = ceiling;
    FrontierSweep sweep(rules);
    sweep.run_to(std::min(ceiling, probe));
    if (proven_period_guy_smith(sweep.values(), rules.largest_removal)) {
        out.proven = true;
        out.heaps = sweep.size();
        return out;
    }
    const auto& stats = sweep.stats();
    const std::uint64_t rare = stats.back().mask.rare_heaps;
    if (rules.leave_two.empty() || stats.size() < 2) return out;
    // The rare heaps found over the probe's last doubling: past one in 32 (the share the split
    // needs once values pass 512), the rare heaps keep pace with the heaps and each heap costs
    // in proportion to n, by the definition or by the split's marks alike.
    const std::uint64_t half = stats[stats.size() - 2].heaps;
    const std::uint64_t recent = rare - std::min(rare, stats[stats.size() - 2].mask.rare_heaps);
    if (recent * 32 <= stats.back().heaps - half) return out;
    out.quadratic = true;
    // analyse_to_ceiling stops such a game at the first proof size at or past the definition
    // ceiling.
    out.heaps = first_proof_target(std::min(ceiling, definition_ceiling), ceiling);
    out.definition_splits = definition_splits(rules.leave_two.size(), out.heaps);
    return out;
}

FrontierResult analyse_to_ceiling(const HeapRules& rules, const FrontierLimits& limits,
                                  std::size_t keep_values, std::uint64_t max_sequence) {
    if (limits.ceiling > FrontierSweep::MAX_HEAPS)
        throw std::invalid_argument("the ceiling must be at most 2^32 heaps, got " +
                                    std::to_string(limits.ceiling));
    if (limits.resume.size() > limits.ceiling)
        throw std::invalid_argument("cannot resume " + std::to_string(limits.resume.size()) +
                                    " values under a ceiling of " + std::to_string(limits.ceiling));
    FrontierResult out;
    out.game = rules.name;
    out.largest_removal = rules.largest_removal;
    out.ceiling = limits.ceiling;
    FrontierSweep sweep(rules, limits.resume);
    sweep.resume_counters(limits.resume_counters);
    std::uint64_t target = first_proof_target(sweep.size(), limits.ceiling);
    const std::uint64_t chunk = std::max<std::uint64_t>(limits.chunk_heaps, 1);
    for (;;) {
        while (sweep.size() < target) {
            sweep.run_to(std::min(target, sweep.size() + chunk));
            if (limits.between_chunks && !limits.between_chunks(sweep)) {
                out.stopped = true;
                out.heaps = sweep.size();
                return out;
            }
        }
        if (limits.after_step) limits.after_step(sweep);
        out.period = proven_period_guy_smith(sweep.values(), rules.largest_removal);
        if (out.period || target >= limits.ceiling) break;
        if (!sweep.split_in_use() && sweep.size() >= limits.definition_ceiling) break;
        target = next_proof_target(target, limits.ceiling);
    }
    out.heaps = sweep.size();
    out.stats = sweep.stats();
    out.counters = sweep.counters();
    const auto values = sweep.values();
    std::size_t scan_end = values.size();
    if (out.period) {
        out.status = Status::periodic;
        out.check_end = check_end(ProofRule::guy_smith, *out.period, rules.largest_removal);
        scan_end = std::size_t{out.period->preperiod} + out.period->period;
    }
    const auto largest =
        std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(scan_end));
    out.largest_value = *largest;
    out.largest_at = static_cast<std::uint64_t>(largest - values.begin());
    const std::size_t kept =
        out.period && scan_end <= max_sequence ? scan_end : std::min(keep_values, values.size());
    out.sequence.assign(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(kept));
    return out;
}

} // namespace cgt::impartial
