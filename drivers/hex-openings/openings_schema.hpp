#pragma once
// The tables of a cgt-hex-openings result file, declared once for the driver, its tests and
// cgt-verify-hex-openings (common/runtime/schema.hpp). A cell is (row, col), 0-based from the
// top-left corner; the first player (red) joins the top and bottom rows. Rows of all the
// tables are keyed alike: (variant, rules, size, cols, row, col) is the join key (splits
// adds the line of moves after the opening).
//
// openings, rule_counts and splits do not depend on the run (the rank count, a resume, a
// merge of parts): a split opening counts exactly its needed sub-problems, those a search
// of the leaves in order needs (hex::needed_leaves), however many more a run of many ranks
// solved in vain; timings does depend on the run: it measures it, and comparisons of runs
// leave it out.
#include "common/runtime/schema.hpp"

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
inline constexpr Col<std::uint64_t> nodes{"nodes", "positions the search visited (0 for a copied row, and with --job-search, whose count depends on the ranks and the timing: timings' nodes_run)"};
inline constexpr Col<std::uint8_t> copied{"copied", "1 if the result was copied from the 180-degree partner's row"};
inline constexpr Col<std::uint64_t> parts{
    "parts", "needed sub-problems of a split opening (--split; rows of splits with how = task), 0 if solved whole"};
inline const common::TableSchema table{
    .name = "openings",
    .order = "variant,rules,size,cols,row,col",
    .meaning = "every first move of every board and rule set asked for, with its result (a split opening's "
               "by negamax over its splits rows; nodes their sum: the needed leaves and the analyses)",
    .columns = {size, cols, row, col, variant, rules, result, nodes, copied, parts}};
} // namespace openings

namespace rule_counts {
inline constexpr Col<std::string> rule{"rule", "a counter of the rule family (tt-hits, rule2-wins, vc-wins, ...)"};
inline constexpr Col<std::uint64_t> count{"count", "how often it fired while solving the opening"};
inline const common::TableSchema table{
    .name = "rule_counts",
    .order = "variant,rules,size,cols,row,col",
    .meaning = "what each rule did per opening solved (copied rows have none; a split opening's summed over "
               "its sub-problems and the analyses that split it)",
    .columns = {size, cols, row, col, variant, rules, rule, count},
    .compress = true};
} // namespace rule_counts

namespace timings {
inline constexpr Col<double> seconds{"seconds", "wall seconds of the opening's search (0 for a copied row; a split "
                                                "opening's summed over its sub-problems); differs between runs"};
inline constexpr Col<std::uint64_t> nodes_run{"nodes_run", "nodes this run searched: fewer than nodes when the opening continued a search saved by a run stopped or killed; a split opening's: its nodes and those of the unneeded leaves some rank solved before a sibling made them useless; with --job-search: what every rank's jobs searched in this run"};
inline const common::TableSchema table{
    .name = "timings",
    .order = "variant,rules,size,cols,row,col",
    .meaning = "the time each opening took: measures the run, not part of the result",
    .columns = {size, cols, row, col, variant, rules, seconds, nodes_run},
    .measures_run = true};
} // namespace timings

namespace splits {
inline constexpr Col<std::string> line{"line", "the moves after the opening, blank-separated (\"d5\" or \"d5 c6\")"};
inline constexpr Col<std::string> result{"result", "win or loss for the first player in the position after the line, or unknown (the node limit; an unneeded line, or one below it)"};
inline constexpr Col<std::uint64_t> nodes{
    "nodes", "positions visited: the sub-problem's search (task; 0 when unneeded), 1 for the analysis that decided "
             "it (analysis; 0 for the article's rule sets), or the sum over the lines below it and its own "
             "analysis (negamax)"};
inline constexpr Col<std::string> how{
    "how", "task (a needed sub-problem, solved as a task of the queue), unneeded (a sub-problem whose result "
           "cannot matter: the needed ones before it in pre-order decide one of its ancestors; result unknown), "
           "analysis (decided before any search: fill-in, virtual connections, must-play region, or the move "
           "connected) or negamax (from the lines one move longer, the needed ones)"};
inline const common::TableSchema table{
    .name = "splits",
    .order = "variant,rules,size,cols,row,col",
    .meaning = "the positions a split opening (--split) was expanded into, up to --split-plies moves after it, "
               "each opening's in the split tree's pre-order (a line before the longer ones, moves in the "
               "search's order); moves the analysis cuts (outside the must-play region, dominated) have no row",
    .columns = {size, cols, row, col, variant, rules, line, result, nodes, how},
    .compress = true};
} // namespace splits

// Every reply to a losing opening of misere Hex (--misere-replies), the data of a table of
// winning replies: the second player's winning replies are the rows with result win.
namespace replies {
inline constexpr Col<std::int64_t> reply_row{"reply_row", "the second player's reply: its row, 0-based"};
inline constexpr Col<std::int64_t> reply_col{"reply_col", "the reply's column, 0-based"};
inline constexpr Col<std::string> result{"result", "win or loss for the second player after this reply, or unknown (the node limit)"};
inline constexpr Col<std::uint64_t> nodes{"nodes", "positions the reply's search visited, with a table of its own (0 for a copied row or a reply that connects)"};
inline constexpr Col<std::uint8_t> copied{"copied", "1 if copied, rotated, from the 180-degree partner opening's reply"};
inline const common::TableSchema table{
    .name = "replies",
    .order = "variant,rules,size,cols,row,col,reply_row,reply_col",
    .meaning = "every reply to every misere opening the first player loses (--misere-replies; openings solved whole, "
               "not split), each solved with a fresh table: the second player's winning replies are the rows whose "
               "result is win",
    .columns = {size, cols, row, col, variant, rules, reply_row, reply_col, result, nodes, copied},
    .compress = true};
} // namespace replies

// The positions a run proved (--store-plies), for the store of later runs (--store): facts
// about positions, whoever proved them. Written only by a run with --store-plies.
namespace store {
// --store-min-work when --store-plies is given alone (the driver's default, the verify's reading).
inline constexpr std::uint32_t DEFAULT_MIN_WORK = 1;
inline constexpr Col<std::string> red{"red", "the red stones (cells a1 b2 ..., index order), of the position or of its "
                                             "180-degree rotation, whichever has the smaller cell sets (canonical)"};
inline constexpr Col<std::string> blue{"blue", "the blue stones, in the same frame"};
inline constexpr Col<std::string> mover{"mover", "red or blue: the player to move"};
inline constexpr Col<std::string> winner{"winner", "red or blue: who wins with best play"};
inline constexpr Col<std::string> proof{
    "proof", "a proof set: empty cells such that the winner still wins when the loser holds every other empty cell"};
inline constexpr Col<std::uint64_t> work{"work", "positions the proving search analysed below it (what a lookup saves)"};
inline const common::TableSchema table{
    .name = "store",
    .order = "size,cols,red,blue,mover",
    .meaning = "positions proved by the openings' searches, at most --store-plies moves after the opening and with at "
               "least --store-min-work positions analysed below, canonical, one row per position (the entry with "
               "the most work kept); sorted by board, then the red and blue cell sets as numbers (cell r*cols+c is "
               "bit r*cols+c), then mover",
    .columns = {size, cols, red, blue, mover, winner, proof, work},
    .compress = true};
} // namespace store

// The positions each opening recorded, as the tasks found them (in the journal; not written:
// finish() gathers them into the store table). Cell sets as two 64-bit halves.
namespace store_records {
inline constexpr Col<std::uint64_t> red_lo{"red_lo", "red stones, cells 0..63"};
inline constexpr Col<std::uint64_t> red_hi{"red_hi", "red stones, cells 64..127"};
inline constexpr Col<std::uint64_t> blue_lo{"blue_lo", "blue stones, cells 0..63"};
inline constexpr Col<std::uint64_t> blue_hi{"blue_hi", "blue stones, cells 64..127"};
inline constexpr Col<std::uint64_t> proof_lo{"proof_lo", "proof set, cells 0..63"};
inline constexpr Col<std::uint64_t> proof_hi{"proof_hi", "proof set, cells 64..127"};
inline constexpr Col<std::uint8_t> mover{"mover", "0 red, 1 blue"};
inline constexpr Col<std::uint8_t> winner{"winner", "0 red, 1 blue"};
inline const common::TableSchema table{
    .name = "store_records",
    .order = "variant,rules,size,cols,row,col",
    .meaning = "the positions each opening's search recorded, in the order proved",
    .columns = {size, cols, red_lo, red_hi, blue_lo, blue_hi, proof_lo, proof_hi, mover, winner, store::work},
    .compress = true};
} // namespace store_records

} // namespace cgt::jobs::hex_openings::schema
