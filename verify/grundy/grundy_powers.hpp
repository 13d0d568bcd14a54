#pragma once
// cgt-verify-grundy's checks of the statistics of every power of two (the stats and
// frequencies tables, the result of a run whose values are stored only in part) and of the
// stored values against the definition of Grundy's game, computed here.
#include "common/runtime/result_reader.hpp"
#include "verify/common/report.hpp"

#include <cstdint>
#include <span>

namespace cgt::verify {

// One stats row per power of two N <= max_heap + 1; the frequencies of each N sum to N; the
// largest value and its first heap agree with them; for N within the stored values `g`, the
// frequencies are the values' counts; value_counts sums to max_heap + 1, holds at least the
// last power's frequencies, and equals them when max_heap + 1 is a power of two.
void check_powers(const common::ResultReader& file, Report& report,
                  std::span<const std::uint16_t> g, std::uint64_t max_heap);

// G(n) for n < min(|g|, 2^16) by the definition: the mex of G(a) XOR G(n - a) over the splits
// 0 < a < n - a, from the values computed here, never from the file's.
void check_definition(Report& report, std::span<const std::uint16_t> g);

} // namespace cgt::verify
