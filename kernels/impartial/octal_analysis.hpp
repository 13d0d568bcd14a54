#pragma once
// One game, one heap bound: values, and a proven period or the honest "not yet periodic up
// to N". This is what the sweep stores per game and what cgt-octal prints.
#include "impartial/octal_values.hpp"
#include "impartial/periodicity.hpp"

#include <optional>
#include <string>
#include <vector>

namespace cgt::impartial {

enum class Status { periodic, not_yet_periodic };

// "periodic", "not yet periodic".
std::string to_string(Status status);

struct AnalysisLimits {
    Heap max_heap = 16384;
    // A game still valued through the rare/common split when it reaches max_heap goes on to
    // this bound, if larger: each of its heaps then costs O(rare heaps), not O(n).
    Heap split_max_heap = 0;
    ValueMethod method = ValueMethod::rare_common;
};

struct OctalAnalysis {
    Status status = Status::not_yet_periodic;
    Heap max_heap = 0;    // the bound that applied (max_heap or split_max_heap)
    Heap computed_to = 0; // values are known for heaps 0..computed_to (<= max_heap)
    ProofRule rule = ProofRule::guy_smith;
    Heap largest_removal = 0;
    std::optional<Period> period;   // set iff status == periodic
    std::uint64_t check_end = 0;    // the proof compared G(n), G(n+p) for n0 <= n < check_end
    Grundy largest_value = 0;       // over all heaps if periodic, else over 0..computed_to
    Heap largest_at = 0;            // the first heap with largest_value
    std::optional<RareMask> rare_mask; // the split in use at the end, if any
    std::optional<Heap> last_rare;     // its largest rare heap
    std::uint64_t heaps_by_split = 0;
    std::vector<Grundy> values;     // G(0..computed_to)
};

// Computes values, testing for a proof each time the length has grown by 1/8 (so at most
// about 1/8 more work than the first provable length), and stops at the first proof. The
// result depends only on the game and the limits.
OctalAnalysis analyse(const OctalGame& game, const AnalysisLimits& limits);

// G(n) for any heap n, from a periodic analysis or within the values computed; throws
// std::out_of_range for a heap beyond a not-yet-periodic analysis.
Grundy value_at(const OctalAnalysis& analysis, std::uint64_t heap);

} // namespace cgt::impartial
