#pragma once
// Subtraction games by their plain definition, for cgt-verify-subtraction-census: shares no
// code with the kernels that computed the census. G(n) is the mex of G(n - s) over the moves
// s <= n (normal play); in misere play a heap with no move has value 1. A claim of a least
// preperiod n0 and period p is checked on these values alone:
//   - G(m) = G(m + p) for n0 <= m < n0 + t (t = max S): as G(n) depends only on the t values
//     before it, the equal windows make G periodic with period p from n0 on;
//   - n0 = 0 or G(n0 - 1) != G(n0 - 1 + p): no smaller preperiod for p (nor for any period);
//   - for every proper divisor d of p, some m in [n0, n0 + p) has G(m) != G(m + d): the least
//     period divides p, so p is the least.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cgt::verify::subtraction_census {

// G(0..heaps-1) of the set (ascending, distinct, positive).
std::vector<std::uint8_t> values_by_definition(const std::vector<unsigned>& set, bool misere,
                                               std::uint64_t heaps);

struct PeriodClaim {
    long long preperiod;
    long long period;
};

// "" when the claim holds for the values (which must reach n0 + 2p + t), otherwise why not.
std::string check_claim(const std::vector<std::uint8_t>& values, unsigned largest,
                        const PeriodClaim& claim);
// The same for the outcomes (G != 0), whose period divides `values_period`.
std::string check_outcome_claim(const std::vector<std::uint8_t>& values, unsigned largest,
                                long long values_period, const PeriodClaim& claim);

// The least preperiod and period of the outcomes (G != 0) of values periodic with the claim
// (they must reach n0 + 2p).
PeriodClaim outcome_of(const std::vector<std::uint8_t>& values, const PeriodClaim& claim);

// The least preperiod and period of a set found from its values alone, searching periods up
// to `max_period` (none if none is found). For the published facts.
std::optional<PeriodClaim> least_period(const std::vector<unsigned>& set, bool misere,
                                        long long max_period);

// The set of a mask (bit s - 1 for s) and of a three-move index (c, then b, then a ascending).
std::vector<unsigned> set_of_mask(long long mask);
std::string set_text(const std::vector<unsigned>& set);

} // namespace cgt::verify::subtraction_census
