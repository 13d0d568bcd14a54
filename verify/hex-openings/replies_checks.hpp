#pragma once
// The checks of a cgt-hex-openings replies table (--misere-replies): for every misere opening
// the first player loses, every reply is there and decided, at least one of them wins for the
// second player (the negamax of the replies is the opening's result), the table is symmetric
// under the 180-degree rotation, and on odd boards every opening has a winning reply
// (Hayward, Toft and Henderson 2012); up to 4x4 every reply equals the exhaustive search of the
// game's definition (misere_definition.hpp). Prints the number of winning replies of each opening.
#include "common/runtime/result_reader.hpp"
#include "verify/common/report.hpp"
#include "verify/hex-openings/board_runs.hpp"

namespace cgt::verify::hex_openings {

// Checks the replies table if the file has one. `boards` are the file's openings.
void check_replies(const common::ResultReader& file, Report& report, const BoardRuns& boards);

} // namespace cgt::verify::hex_openings
