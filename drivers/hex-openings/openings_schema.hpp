#pragma once
// The tables of a cgt-hex-openings result file, declared once for the driver, its tests and
// cgt-verify-hex-openings (common/schema.hpp). A cell is (row, col), 0-based from the
// top-left corner; the first player (red) joins the top and bottom rows. Rows of all three
// tables are keyed alike: (variant, rules, size, cols, row, col) is the join key.
//
// openings and rule_counts do not depend on the run (the rank count, a resume); timings
// does: it measures the run, and comparisons of runs leave it out.
#include "common/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::hex_openings::schema {

using common::Col;

// The key columns, the same in every table.
inline constexpr Col<std::int64_t> size{"size", "the board's rows: n on the n x n board"};
inline constexpr Col<std::int64_t> cols{"cols", "the board's columns (= size on a square board; Benzene's boardsize cols size)"};
inline constexpr Col<std::int64_t> row{"row", "the opening's row, 0..size-1 from the top (0-based)"};
inline constexpr Col<std::int64_t> col{"col", "the opening's column, 0..cols-1 from the left (0-based)"};
inline constexpr Col<std::string> variant{"variant", "normal (connecting wins) or misere (connecting loses)"};
inline constexpr Col<std::string> rules{"rules", "the rule set the opening was solved with (rule1+2+distance, dfpn+vc, ...)"};

namespace openings {
inline constexpr Col<std::string> result{"result", "win or loss for the first player after this opening, or unknown (the node limit)"};
inline constexpr Col<std::uint64_t> nodes{"nodes", "positions the search visited (0 for a copied row)"};
inline constexpr Col<std::uint8_t> copied{"copied", "1 if the result was copied from the 180-degree partner's row"};
inline const common::TableSchema table{
    .name = "openings",
    .order = "variant,rules,size,cols,row,col",
    .meaning = "every first move of every board and rule set asked for, with its result",
    .columns = {size, cols, row, col, variant, rules, result, nodes, copied}};
} // namespace openings

namespace rule_counts {
inline constexpr Col<std::string> rule{"rule", "a counter of the rule family (tt-hits, rule2-wins, vc-wins, ...)"};
inline constexpr Col<std::uint64_t> count{"count", "how often it fired while solving the opening"};
inline const common::TableSchema table{
    .name = "rule_counts",
    .order = "variant,rules,size,cols,row,col",
    .meaning = "what each rule did per opening solved (copied rows have none)",
    .columns = {size, cols, row, col, variant, rules, rule, count},
    .compress = true};
} // namespace rule_counts

namespace timings {
inline constexpr Col<double> seconds{"seconds", "wall seconds of the opening's search in this run (0 for a copied row); differs between runs"};
inline constexpr Col<std::uint64_t> nodes_run{"nodes_run", "nodes this run searched: fewer than nodes when the opening continued a search saved by a run stopped or killed"};
inline const common::TableSchema table{
    .name = "timings",
    .order = "variant,rules,size,cols,row,col",
    .meaning = "the time each opening took: measures the run, not part of the result",
    .columns = {size, cols, row, col, variant, rules, seconds, nodes_run},
    .measures_run = true};
} // namespace timings

} // namespace cgt::jobs::hex_openings::schema
