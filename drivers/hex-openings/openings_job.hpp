#pragma once
// The Hex openings job: every first move of every board size asked for, solved with each
// rule set asked for (normal Hex) and with the misere rule set (misere Hex). One row per
// opening; rows in enumeration order (normal before misere, rule sets in the order given,
// boards in the order of --sizes, cells row-major). On boards with a side >= copy_from only
// one opening of each 180-degree pair is solved and the other row is marked as copied from it; smaller
// boards solve every opening, so there the symmetry is computed, not assumed.
//
// The work is a list of tasks (the openings solved), handed out by the dynamic queue of
// drivers/common; OpeningTasks::run is pure (no MPI) and appends the rows of one task.
//
// A second table, rule_counts, says what each rule did while solving each opening: one row
// per opening solved (copies have none) and counter of its rule family (rule_counters). A
// third, timings, holds the seconds each opening took, apart from the results, which do not
// depend on the run (openings_schema.hpp).
#include "common/table.hpp"
#include "hex/search.hpp"
#include "hex/solver.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace cgt::jobs::hex_openings {

// A rule set for normal Hex, on boards whose sides are at most max_size ("plain@4" in the
// --rules list).
struct RuleSpec {
    hex::RuleSet rules;
    int max_size = hex::MAX_BOARD_SIZE;
};

struct Params {
    std::vector<hex::Shape> sizes = {hex::Shape::square(1), hex::Shape::square(2), hex::Shape::square(3),
                                     hex::Shape::square(4), hex::Shape::square(5)}; // --sizes
    std::vector<RuleSpec> rules;                     // --rules
    int misere_min = 0, misere_max = -1;             // --misere (none when max < min)
    hex::RuleSet misere_rules{hex::Rules::plain, hex::Order::centre}; // --misere-rules
    int copy_from = 5;                               // --copy-from
    std::uint64_t node_limit = 0;                    // --node-limit, per opening
    std::size_t tt_size_mib = 64;                    // --tt-size-mib
    std::uint64_t pause_nodes = 1 << 14;             // --pause-nodes (SearchHooks)
};

// Parses a --sizes list: items separated by blanks or commas, each a square side N, a range
// of square sides A-B, or a board WxH (W columns, H rows, as Benzene's boardsize W H: "6x7"
// is 6 columns and 7 rows). Returns the boards in the order given, squares of a range
// ascending; throws std::invalid_argument naming the bad item (a board listed twice too).
std::vector<hex::Shape> parse_sizes(const std::string& text);

// Parses the --rules list: rule-set names separated by blanks or commas, each optionally
// "@N" (only boards up to N). Throws std::invalid_argument naming the bad item.
std::vector<RuleSpec> parse_rule_specs(const std::string& text);
// Parses --misere-rules (a plain rule set with any order).
hex::RuleSet parse_misere_rules(const std::string& text);

// One row of the table.
struct Opening {
    hex::Variant variant = hex::Variant::normal;
    hex::RuleSet rules;
    hex::Shape shape; // rows x cols (Shape::name writes it cols x rows, as Benzene)
    hex::Cell cell;
    std::uint64_t source = 0; // the row solved for this one: itself, or its 180-degree partner
};

// Every row, in table order.
std::vector<Opening> enumerate(const Params& params);
// The rows that are solved (source == own index), heaviest first: larger boards, then
// misere (plain search), then rule sets with fewer rules (for vc: depth-first before dfpn,
// without inferior cells and proof sets first), then the article's orders before
// the distance order; for the vc rule sets the openings on or near the second player's
// edges (columns 0 and n-1: the 7x7 ones there take 10 to 300 times longer than the
// centre), rows nearer the middle first; ties in table order. The queue hands tasks out in
// this order, so the long ones start first.
std::vector<std::uint64_t> tasks(const std::vector<Opening>& rows);

// The counters of a rule family written to rule_counts, in order: their names and values.
struct RuleCount {
    const char* name;
    std::uint64_t value;
};
std::vector<RuleCount> rule_counters(const hex::RuleSet& rules, const hex::SearchStats& stats);

// A long opening saved and continued (the vc rule sets with dfpn): its search pauses at
// the root every --pause-nodes nodes (a parameter of the search, as the rule set: the nodes
// and counters of an opening depend on it, never on the run); at a pause it saves its state when
// state_due() or stop_requested() says so, and stops after saving on a stop. The state is
// the search's counters and its table's entries in use, then its changes since the last
// save; a full state again once the changes since the last full one outweigh it.
// (The driver's TaskContext, seen from the pure part of the job.)
struct SearchHooks {
    std::vector<std::vector<std::byte>> saved;                    // the states earlier runs saved
    std::function<bool()> stop_requested, state_due;
    std::function<void(std::span<const std::byte>, bool full)> save; // full: replaces the saved ones
};

class OpeningTasks {
public:
    explicit OpeningTasks(const Params& params);
    static void declare_columns(common::LocalTable& table);
    static void declare_count_columns(common::LocalTable& counts);
    static void declare_timing_columns(common::LocalTable& timings);
    // Solves row `index` (with a cleared table) and appends it, and every row copied from
    // it, each as its own block keyed by the row index; with `counts`, also the opening's
    // rule counters, one block keyed by the row index; with `timings`, the seconds of each
    // row appended, in blocks keyed alike. With `hooks`, a vc dfpn opening continues the
    // state saved in hooks->saved and saves its own (SearchHooks); it returns false, with no
    // rows appended, when it stopped on hooks->stop_requested().
    bool run(std::uint64_t index, common::LocalTable& table, common::LocalTable* counts = nullptr,
             common::LocalTable* timings = nullptr, SearchHooks* hooks = nullptr);
    [[nodiscard]] const std::vector<Opening>& rows() const { return m_rows; }
    [[nodiscard]] const std::vector<std::uint64_t>& task_rows() const { return m_tasks; }

private:
    Params m_params;
    std::vector<Opening> m_rows;
    std::vector<std::uint64_t> m_tasks;
    std::vector<std::vector<std::uint64_t>> m_copies; // rows copied from each row
    std::shared_ptr<hex::TranspositionTable> m_table; // for the article's rule sets only
};

} // namespace cgt::jobs::hex_openings
