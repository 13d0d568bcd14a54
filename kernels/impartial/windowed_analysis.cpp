#include "impartial/windowed_analysis.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace cgt::impartial {

namespace {
WindowedSweep start(const HeapRules& rules, const WindowedLimits& limits) {
    if (limits.resume.empty()) return WindowedSweep(rules, limits.config);
    return WindowedSweep::restore(rules, limits.config, limits.resume);
}

// The values of the result: G(0..n0+p-1) if periodic and short enough, else the first ones.
void keep_sequence(FrontierResult& out, const WindowedSweep& sweep, std::size_t keep_values,
                   std::uint64_t max_sequence) {
    const std::span<const std::uint16_t> prefix = sweep.values().prefix();
    std::uint64_t kept = std::min<std::uint64_t>(keep_values, sweep.size());
    if (out.period) {
        const std::uint64_t whole = std::uint64_t{out.period->preperiod} + out.period->period;
        if (whole <= max_sequence && whole <= prefix.size()) kept = whole;
    }
    kept = std::min<std::uint64_t>(kept, prefix.size());
    out.sequence.assign(prefix.begin(), prefix.begin() + static_cast<std::ptrdiff_t>(kept));
}
} // namespace

FrontierSweep::Counters frontier_counters(const WindowedSweep::Counters& c) {
    return {.by_definition = c.by_definition,
            .by_split_simd = c.by_split,
            .by_split_portable = c.by_portable,
            .full_scans = c.full_scans};
}

FrontierResult analyse_windowed(const HeapRules& rules, const WindowedLimits& limits,
                                std::size_t keep_values, std::uint64_t max_sequence) {
    if (limits.ceiling > WindowedSweep::MAX_HEAPS)
        throw std::invalid_argument("the ceiling must be at most 2^40 heaps, got " +
                                    std::to_string(limits.ceiling));
    FrontierResult out;
    out.game = rules.name;
    out.largest_removal = rules.largest_removal;
    out.ceiling = limits.ceiling;
    WindowedSweep sweep = start(rules, limits);
    if (sweep.size() > limits.ceiling)
        throw std::invalid_argument("cannot resume " + std::to_string(sweep.size()) +
                                    " values under a ceiling of " + std::to_string(limits.ceiling));
    // The sizes analyse_to_ceiling tries the proof at (a resumed run: the same ones).
    std::uint64_t target = first_proof_target(sweep.size(), limits.ceiling);
    const std::uint64_t chunk = std::max<std::uint64_t>(limits.chunk_heaps, 1);
    for (;;) {
        sweep.reserve(target);
        while (sweep.size() < target) {
            sweep.run_to(std::min(target, sweep.size() + chunk));
            if (limits.between_chunks && !limits.between_chunks(sweep)) {
                out.stopped = true;
                out.heaps = sweep.size();
                return out;
            }
        }
        out.period = sweep.proven_period();
        if (out.period || target >= limits.ceiling) break;
        if (!sweep.split_in_use() && sweep.size() >= limits.definition_ceiling) break;
        target = next_proof_target(target, limits.ceiling);
    }
    out.heaps = sweep.size();
    out.stats = sweep.stats();
    out.counters = frontier_counters(sweep.counters());
    if (out.period) {
        out.status = Status::periodic;
        out.check_end = check_end(ProofRule::guy_smith, *out.period, rules.largest_removal);
    }
    // Past n0 + p every value repeats one before it: the largest so far is the largest of all.
    out.largest_value = sweep.largest();
    out.largest_at = sweep.records().empty() ? 0 : sweep.records().back().heap;
    keep_sequence(out, sweep, keep_values, max_sequence);
    return out;
}

} // namespace cgt::impartial
