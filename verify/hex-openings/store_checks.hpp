#pragma once
// The checks of a cgt-hex-openings store table (--store-plies): what it promises, recomputed
// from the file. Every row a proven position in canonical form, the rows sorted with none
// repeated, every row's work at least the run's --store-min-work, the openings' own positions
// with the openings table's winners, and a sample of the positions solved again here,
// without a store, to the winners the table names.
#include "common/runtime/result_reader.hpp"
#include "verify/common/report.hpp"

namespace cgt::verify::hex_openings {

// Checks the store table if the file has one (and that it has one if the run asked for it);
// notes the store the run read (--store), if any. `openings` is the file's openings table.
void check_store(const common::ResultReader& file, Report& report, const common::Table& openings);

} // namespace cgt::verify::hex_openings
