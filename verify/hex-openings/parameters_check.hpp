#pragma once
// The openings table of a cgt-hex-openings file against the run's parameters: the rows the
// parameters call for, in table order, and the openings copied where --copy-from says.
#include "common/runtime/result_reader.hpp"
#include "verify/common/report.hpp"

#include <map>
#include <string>
#include <vector>

namespace cgt::verify::hex_openings {

// A row the parameters call for: "variant rules shape cell", and whether it is copied from
// the rotated cell rather than solved.
struct ExpectedRow {
    std::string key;
    bool copied;
};

// The rows the run's parameters call for, in table order: each rule set of --rules on each
// board of --sizes (up to its @N), then the misere boards of --misere with --misere-rules,
// every cell row-major; with --cells only those cells, each solved. Boards with a side of
// --copy-from or more copy one opening of each 180-degree pair. ResultRefused for parameters
// the driver would refuse.
std::vector<ExpectedRow> expected_rows(const std::map<std::string, std::string>& parameters);

// The rows of `openings` (the file's openings table), counted from the parameters alone and
// compared with its key columns and its copied column.
void check_parameters(const common::ResultReader& file, Report& report,
                      const common::Table& openings);

} // namespace cgt::verify::hex_openings
