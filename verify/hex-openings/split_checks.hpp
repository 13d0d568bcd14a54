#pragma once
// The checks of a cgt-hex-openings splits table (--split): each split opening's result the
// negamax of its replies' lines, its needed leaves solved and the others not counted, the
// needed set recomputed from the file (hex::needed_leaves), and nodes that add up.
#include "common/runtime/result_reader.hpp"
#include "verify/common/report.hpp"

namespace cgt::verify::hex_openings {

// Checks the splits table if the file has one. `openings` is the file's openings table.
void check_splits(const common::ResultReader& file, Report& report, const common::Table& openings);

} // namespace cgt::verify::hex_openings
