#include "impartial/octal_analysis.hpp"

#include <algorithm>
#include <stdexcept>

namespace cgt::impartial {

namespace {
constexpr Heap FIRST_CHECK = 63;
constexpr Heap MIN_CHECK_STEP = 64;
} // namespace

std::string to_string(Status status) {
    return status == Status::periodic ? "periodic" : "not yet periodic";
}

OctalAnalysis analyse(const OctalGame& game, const AnalysisLimits& limits) {
    OctalAnalysis out;
    out.max_heap = limits.max_heap;
    out.rule = proof_rule_for(game);
    out.largest_removal = game.largest_removal();
    OctalValues values(game, limits.method);
    Heap target = std::min(out.max_heap, FIRST_CHECK);
    for (;;) {
        // Past max_heap only the split's cheap heaps are worth computing.
        const auto extension = target > limits.max_heap ? OctalValues::Extension::while_split
                                                        : OctalValues::Extension::always;
        const Heap reached = values.extend_to(target, extension);
        out.period = proven_period(values.values(), out.rule, out.largest_removal);
        if (out.period) break;
        if (reached < target) { // the split was dropped: stop here
            target = reached;
            break;
        }
        if (target == out.max_heap) {
            if (out.max_heap < limits.split_max_heap && values.rare_mask())
                out.max_heap = limits.split_max_heap;
            else
                break;
        }
        const Heap step = std::max(MIN_CHECK_STEP, target / 8);
        target = target > out.max_heap - step ? out.max_heap : target + step;
    }
    out.computed_to = target;
    out.rare_mask = values.rare_mask();
    out.last_rare = values.last_rare_heap();
    out.heaps_by_split = values.heaps_by_split();
    out.values = std::move(values).take_values();
    std::size_t scan_end = out.values.size();
    if (out.period) {
        out.status = Status::periodic;
        out.check_end = check_end(out.rule, *out.period, out.largest_removal);
        scan_end = std::size_t{out.period->preperiod} + out.period->period;
    }
    const auto largest = std::max_element(out.values.begin(), out.values.begin() + scan_end);
    out.largest_value = *largest;
    out.largest_at = static_cast<Heap>(largest - out.values.begin());
    return out;
}

Grundy value_at(const OctalAnalysis& analysis, std::uint64_t heap) {
    if (analysis.period) return periodic_value(analysis.values, *analysis.period, heap);
    if (heap >= analysis.values.size())
        throw std::out_of_range("heap " + std::to_string(heap) + " is beyond the values computed (" +
                                std::to_string(analysis.computed_to) + ")");
    return analysis.values[heap];
}

} // namespace cgt::impartial
