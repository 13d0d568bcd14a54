// The games table of a cgt-octal-sweep file against the run's parameters.
#pragma once

#include "common/runtime/result_reader.hpp"
#include "verify/common/report.hpp"

namespace cgt::verify::octal_sweep {

// The rows --games, --subtraction-max, --misere, --octal-digits and --octal-d0 call for,
// counted here from the parameters alone: the listed games first, as given; 2^K - 1
// subtraction sets (twice with --misere); 8^D - 1 octal codes 0.d1..dD and 8^D codes
// 4.d1..dD. Then every family's game (by family and index) in its place, and each family
// game analysed to --max-heap or beyond (a frontier game to its ceiling, a split one to
// --split-max-heap).
void check_parameters(const common::ResultReader& file, Report& report);

} // namespace cgt::verify::octal_sweep
