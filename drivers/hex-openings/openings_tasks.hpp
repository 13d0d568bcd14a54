#pragma once
// The Hex openings job: every first move of every board size asked for, solved with each
// rule set asked for (normal Hex) and with the misere rule set (misere Hex). One row per
// opening; rows in enumeration order (normal before misere, rule sets in the order given,
// boards in the order of --sizes, cells row-major). On boards with a side >= copy_from only
// one opening of each 180-degree pair is solved and the other row is marked as copied from it;
// smaller boards solve every opening, so there the symmetry is computed, not assumed.
//
// The work is a list of tasks (the openings solved), handed out by the dynamic queue of
// drivers/common/runtime; OpeningTasks::run is pure (no MPI) and appends the rows of one task.
//
// A second table, rule_counts, says what each rule did while solving each opening: one row
// per opening solved (copies have none) and counter of its rule family (rule_counters). A
// third, timings, holds the seconds each opening took, apart from the results, which do not
// depend on the run (openings_schema.hpp).
//
// Split openings (--split CELLS, --split-plies N): one hard opening across many ranks. Its
// first N plies are expanded (hex/solver/split.hpp: pruned as the search prunes, decided replies
// need no task) and every undecided position at depth N is a task of its own, solved with
// a fresh table; the skeleton's queue deals them out first, in the tree's pre-order (the
// search's move order). Only the NEEDED leaves count (hex::needed_leaves: a leaf is needed
// unless the needed leaves before it decide one of its ancestors, as a search stops at
// the reply that refutes): a leaf tells its result to rank 0 as its verdict, and rank 0
// skips a leaf that the results it knows of the leaves before it make useless
// (hex::leaf_needed; never a needed one). A leaf handed out before a sibling refuted its
// parent runs to its end, and its result is left out. Once the needed leaves are done,
// rank 0 combines them by negamax into the opening's row (nodes, rule counts summed over
// the needed leaves) and writes the tree into the splits table. Which leaves are needed is
// a function of the position, so all the tables but timings are the same on any rank
// count, after a resume and after a merge of parts. The cost: the leaves share no table,
// each clears a table of --tt-size-mib, and with P ranks up to P - 1 leaves may run in vain.
#include "common/runtime/queue_policy.hpp"
#include "common/runtime/result_reader.hpp"
#include "common/runtime/schema.hpp"
#include "common/runtime/table.hpp"
#include "common/runtime/task_verdicts.hpp"
#include "hex-openings/openings_schema.hpp"
#include "hex/search/search.hpp"
#include "hex/solver/replies.hpp"
#include "hex/solver/solver.hpp"
#include "hex/solver/split.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace cgt::jobs::hex_openings {

struct RepliesHeader; // openings_replies.hpp

// A rule set for normal Hex, on boards whose sides are at most max_size ("plain@4" in the
// --rules list).
struct RuleSpec {
    hex::RuleSet rules;
    int max_size = hex::MAX_BOARD_SIZE;
};

struct Params {
    std::vector<hex::Shape> sizes = {hex::Shape::square(1), hex::Shape::square(2),
                                     hex::Shape::square(3), hex::Shape::square(4),
                                     hex::Shape::square(5)}; // --sizes
    std::vector<RuleSpec> rules;                             // --rules
    int misere_min = 0, misere_max = -1;                     // --misere (none when max < min)
    hex::RuleSet misere_rules{hex::Rules::plain, hex::Order::centre}; // --misere-rules
    int copy_from = 5;                                                // --copy-from
    std::uint64_t node_limit = 0;                                     // --node-limit, per opening
    std::size_t tt_size_mib = 64;                                     // --tt-size-mib
    std::uint64_t pause_nodes = 1 << 14;                              // --pause-nodes (SearchHooks)
    std::vector<std::string> cells; // --cells: only these openings (lower case; empty: all)
    std::vector<std::string> split; // --split: cell names (lower case), on every board
    int split_plies = 1;            // --split-plies
    // --split-keep-table: a rank's leaves share its table (not cleared between them), so a leaf
    // reads what the leaves before it on that rank proved; the same results, fewer nodes, and
    // node counts that depend on the rank count and the order the leaves came in.
    bool split_keep_table = false;
    bool misere_replies = false;    // --misere-replies
    // The store of proven positions the vc searches read (--store; nullptr: none), and what
    // they record for a later run's: positions proven at most store_plies moves after the
    // opening (--store-plies; < 0: none) with at least store_min_work positions analysed
    // below them (--store-min-work). Whole openings record; a split opening's leaves only read.
    std::shared_ptr<const hex::PositionStore> store;
    int store_plies = -1;
    std::uint32_t store_min_work = schema::store::DEFAULT_MIN_WORK;
    // --job-search: every opening solved by all ranks together, a job-level proof-number
    // search with jobs of this many nodes (openings_jobsearch.hpp); 0: off.
    std::uint64_t job_nodes = 0;
    // --share-window (run control): the proven positions the master keeps to ship
    // (JobSearchOptions::share_window); the winners are the same with any.
    std::size_t share_window = 65536; // JobSearchOptions' default (a test checks it)
};

// The store tables (--store FILE...) of result files of this program, as one sealed store,
// and its digest (a hash of every entry, for the parameters: a journal is resumed only with
// the same store). std::invalid_argument, one line naming the file, for a file that is not
// a complete result file of cgt-hex-openings, has no store table, or whose table is not
// a store (a row that is no position, not canonical, out of order or repeated; a
// column missing), or for files that contradict each other.
struct LoadedStore {
    std::shared_ptr<const hex::PositionStore> store;
    std::uint64_t digest = 0;
};
LoadedStore load_store(const std::vector<std::string>& paths);
// The rows of a store table read back, added to `store`; std::invalid_argument naming
// `where` and the row for a row that is not a proven position's (load_store).
void add_store_rows(hex::PositionStore& store, const common::Table& table,
                    const std::string& where);
// The digest of a store's entries.
std::uint64_t store_digest(const hex::PositionStore& store);
// Every rank's store_records rows (encode_records, concatenated) as the store table: one
// row per position, canonical, sorted (PositionStore::seal).
std::vector<std::uint64_t> encode_records(common::LocalTable& records);
common::LocalTable store_table(const std::vector<std::uint64_t>& encoded);

// Parses --split or --cells (`option`): cell names separated by blanks or commas ("g2,e4"),
// or `none_word` ("none", "all") for none. Throws std::invalid_argument naming a name that
// is not a cell name.
std::vector<std::string> parse_cell_names(const std::string& text, const std::string& option,
                                          const std::string& none_word);

// Parses a --sizes list: items separated by blanks or commas, each a square side N, a range
// of square sides A-B, or a board WxH (W columns, H rows, as Benzene's boardsize W H: "6x7"
// is 6 columns and 7 rows). Returns the boards in the order given, squares of a range
// ascending; throws std::invalid_argument naming the bad item (a board listed twice too).
std::vector<hex::Shape> parse_sizes(const std::string& text);

// Parses the --rules list: rule-set names separated by blanks or commas, each optionally
// "@N" (only boards up to N). Throws std::invalid_argument naming the bad item.
std::vector<RuleSpec> parse_rule_specs(const std::string& text);
// Parses --misere-rules (a plain rule set with any order, or a rex rule set).
hex::RuleSet parse_misere_rules(const std::string& text);

// One row of the table.
struct Opening {
    hex::Variant variant = hex::Variant::normal;
    hex::RuleSet rules;
    hex::Shape shape; // rows x cols (Shape::name writes it cols x rows, as Benzene)
    hex::Cell cell;
    std::uint64_t source = 0; // the row solved for this one: itself, or its 180-degree partner
};

// Every row, in table order. With params.cells, only the openings at those cells, each
// solved (none copied); std::invalid_argument if a cell is on none of the boards.
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
    std::vector<std::vector<std::byte>> saved; // the states earlier runs saved
    std::function<bool()> stop_requested, state_due;
    std::function<void(std::span<const std::byte>, bool full)>
        save; // full: replaces the saved ones
    // A split opening's leaf, solved, tells its verdict (OpeningTasks::leaf_verdict).
    std::function<void(std::uint64_t)> set_verdict;
    // A line of progress, at every save (TaskContext::note); may be empty.
    std::function<void(const std::string&)> note;
};

// Saves a search at its pauses as SearchHooks says (a state due, or a stop asked): the changes
// since the last save, or the whole table when the search has none saved yet or when the changes
// since the last whole one would outgrow it. `wrap` makes the chunk saved from the search's bytes
// (empty: the bytes themselves); `note` the progress line of a save, from its bytes and whether it
// is whole (empty: none).
class PauseSaver {
  public:
    using Wrap = std::function<std::vector<std::byte>(std::span<const std::byte>)>;
    using Note = std::function<std::string(std::size_t bytes, bool full)>;
    // `search`: the search's chunks saved by earlier runs, the first a whole table (none: the first
    // save is whole). Makes the solver pause every `pause_nodes` nodes and save there, until the
    // saver is destroyed.
    // `solver`: a hex::Solver or a hex::PositionSolver (a split leaf).
    template <class S>
    PauseSaver(S& solver, std::uint64_t pause_nodes, SearchHooks& hooks,
               std::span<const std::vector<std::byte>> search, Wrap wrap, Note note)
        : PauseSaver(Pausing{[&solver](std::uint64_t every, std::function<bool()> at_pause) {
                                 solver.set_pauses(every, std::move(at_pause));
                             },
                             [&solver](std::vector<std::byte>& out, bool changes_only) {
                                 solver.save_search(out, changes_only);
                             }},
                     pause_nodes, hooks, search, std::move(wrap), std::move(note)) {}
    ~PauseSaver();
    PauseSaver(const PauseSaver&) = delete;
    PauseSaver& operator=(const PauseSaver&) = delete;
    // A new search starts: its first save is whole.
    void restart() { m_full_bytes = m_change_bytes = 0; }

  private:
    // The two calls of the solver the saver makes.
    struct Pausing {
        std::function<void(std::uint64_t, std::function<bool()>)> set_pauses;
        std::function<void(std::vector<std::byte>&, bool)> save_search;
    };
    PauseSaver(Pausing pausing, std::uint64_t pause_nodes, SearchHooks& hooks,
               std::span<const std::vector<std::byte>> search, Wrap wrap, Note note);
    bool at_pause(); // whether the search goes on

    Pausing m_solver;
    SearchHooks& m_hooks;
    Wrap m_wrap;
    Note m_note;
    std::size_t m_full_bytes = 0,
                m_change_bytes = 0; // the last whole state saved, the changes since
    std::vector<std::byte> m_state;
};

// The progress line of a saved search: "WHAT: N nodes, proof numbers A for a first-player win
// and B for a loss; saved (whole table, SIZE)", the proof numbers read from the root's mover
// (`first_to_move`: the first player moves there).
std::string saved_search_text(const std::string& what, const hex::Solver::Progress& p,
                              bool first_to_move, std::size_t bytes, bool full);

// One task: a whole opening (node < 0) or one leaf of a split opening's tree.
struct Part {
    std::uint64_t row = 0;
    int node = -1;
};

// The job's queue policy too (queue_policy.hpp): its order, its verdicts and skipped leaves.
class OpeningTasks : public common::QueuePolicy {
  public:
    // Throws std::invalid_argument if a --split name is a cell of none of the boards.
    explicit OpeningTasks(const Params& params);
    static void declare_columns(common::LocalTable& table);
    static void declare_count_columns(common::LocalTable& counts);
    static void declare_timing_columns(common::LocalTable& timings);
    static void declare_split_columns(common::LocalTable& splits);
    static void declare_reply_columns(common::LocalTable& replies);
    // Solves row `index` (with a cleared table) and appends it, and every row copied from
    // it, each as its own block keyed by the row index; with `counts`, also the opening's
    // rule counters, one block keyed by the row index; with `timings`, the seconds of each
    // row appended, in blocks keyed alike. With `hooks`, a vc dfpn opening continues the
    // state saved in hooks->saved and saves its own (SearchHooks); it returns false, with no
    // rows appended, when it stopped on hooks->stop_requested().
    // With `records` (and Params::store_plies >= 0), the positions a vc search recorded, one
    // block keyed by the row index (schema::store_records). With `replies` (and
    // Params::misere_replies), a misere opening that loses has every reply solved
    // (hex::solve_replies), and it and every row copied from it get a block of replies,
    // keyed by the row index (schema::replies; a copy's rotated).
    bool run(std::uint64_t index, common::LocalTable& table, common::LocalTable* counts = nullptr,
             common::LocalTable* timings = nullptr, SearchHooks* hooks = nullptr,
             common::LocalTable* records = nullptr, common::LocalTable* replies = nullptr);
    [[nodiscard]] const std::vector<Opening>& rows() const { return m_rows; }
    [[nodiscard]] const std::vector<std::uint64_t>& task_rows() const { return m_tasks; }

    // The tasks: rows solved in ascending order, a split opening's leaves (pre-order) in
    // place of its row; a split opening decided without a search has none.
    [[nodiscard]] const std::vector<Part>& parts() const { return m_parts; }
    // The order the queue hands them out: the split openings' leaves first (the openings in
    // task_rows() order, the leaves in the search's move order), then the other openings as
    // task_rows().
    [[nodiscard]] std::vector<std::uint64_t> dispatch_order() const override;
    // The tasks that compute row `row` (a copy: its source's).
    [[nodiscard]] std::vector<std::uint64_t> tasks_of_row(std::uint64_t row) const;
    // The split tree of a row solved, or nullptr if it is solved whole.
    [[nodiscard]] const hex::SplitTree* tree(std::uint64_t row) const;
    // Whether an opening is split: its leaves leave verdicts and may be skipped.
    [[nodiscard]] bool skips_tasks() const override;
    // A leaf's verdict: its outcome for its mover.
    [[nodiscard]] static std::uint64_t leaf_verdict(hex::Outcome outcome);
    // Whether task `task` must still run given the verdicts known: a whole opening always, a
    // leaf unless the verdicts of the leaves before it decide an ancestor (hex::leaf_needed).
    // Reads only what the constructor made (safe beside a running task).
    [[nodiscard]] bool task_needed(std::uint64_t task,
                                   const common::TaskVerdicts& verdicts) const override;

    // Computes task `task` (parts()): a whole opening as run() does, or a leaf of a split
    // opening: its splits row (a block keyed by split_key), and its rule counters and seconds
    // in blocks of counts and timings keyed beyond every row (leaf_key), which
    // append_split_rows sums and strip_leaf_blocks removes before the tables are written.
    // With `hooks`, a whole opening or a leaf (vc and rex rule sets with proof-number search)
    // saves and continues its search as run() does; returns
    // false when it stopped (a whole opening or a leaf, at a pause of its search, saved).
    bool run_task(std::uint64_t task, common::LocalTable& table, common::LocalTable& counts,
                  common::LocalTable& timings, common::LocalTable& splits,
                  SearchHooks* hooks = nullptr, common::LocalTable* records = nullptr,
                  common::LocalTable* replies = nullptr);
    // This rank's finished leaves, from the tables run_task filled (or a journal restored),
    // as numbers for a gather: per leaf its split key, outcome, nodes, seconds, nodes_run and
    // counters.
    [[nodiscard]] std::vector<std::uint64_t> encode_leaves(common::LocalTable& counts,
                                                           common::LocalTable& timings,
                                                           common::LocalTable& splits) const;
    // With every rank's encode_leaves concatenated: appends each split opening's row (and its
    // copies'), rule counts and seconds, and every splits row (`splits` must hold none: a
    // leaf's row is rewritten here, "unneeded" for a leaf that is not needed, whether or not
    // it was solved). Called on one rank (std::logic_error if a needed leaf is missing).
    void append_split_rows(const std::vector<std::uint64_t>& leaves, common::LocalTable& table,
                           common::LocalTable& counts, common::LocalTable& timings,
                           common::LocalTable& splits) const;
    // The rows of opening `index` (and of its copies) solved by a job-level search
    // (--job-search): its outcome for the first player, no node count (nodes 0: what the jobs
    // searched depends on the rank count and the timing) and the nodes this run's jobs
    // searched (timings' nodes_run).
    void append_job_search_row(std::uint64_t index, hex::Outcome outcome, std::uint64_t nodes_run,
                               double seconds, common::LocalTable& table,
                               common::LocalTable& timings) const {
        append_row(index, outcome, 0, nodes_run, 0, seconds, table, &timings);
    }
    // `table` without the leaf blocks (keys >= leaf_key(0)).
    [[nodiscard]] common::LocalTable strip_leaf_blocks(const common::TableSchema& schema,
                                                       common::LocalTable& table) const;

  private:
    // The tables an opening's rows go to.
    struct RowTables {
        common::LocalTable& table;
        common::LocalTable* counts;
        common::LocalTable* timings;
        common::LocalTable& replies;
    };
    // The replies of the losing misere opening `index`, whose own search `header` holds
    // (openings_replies.hpp), continued from `header.done` and the reply's saved `search`;
    // then its rows. `nodes_run`: the nodes this run searched of the opening. With `hooks`,
    // saved at the pauses and after each reply; returns false when it stopped.
    bool run_replies(std::uint64_t index, const RepliesHeader& header,
                     const std::vector<std::vector<std::byte>>& search, std::uint64_t nodes_run,
                     std::chrono::steady_clock::time_point start, RowTables out, SearchHooks* hooks,
                     hex::Solver& solver);
    // The splits rows of split opening `r` (not its root), given the combined outcomes, the
    // needed leaves and the leaves' nodes; fills in the inner nodes' nodes.
    void append_split_nodes(std::uint64_t r, const std::vector<hex::Outcome>& outcome,
                            const std::vector<bool>& needed, std::vector<std::uint64_t>& nodes,
                            common::LocalTable& splits) const;
    // The key of a split node in the splits table: split openings ascending by row, each
    // tree's nodes in pre-order.
    [[nodiscard]] std::uint64_t split_key(std::uint64_t row, int node) const {
        return m_split_base.at(row) + static_cast<std::uint64_t>(node);
    }
    [[nodiscard]] std::uint64_t leaf_key(std::uint64_t split) const {
        return m_rows.size() + split;
    }
    // The rule counters of an opening (rule_counters), with store-hits when a store is read.
    [[nodiscard]] std::vector<RuleCount> counters(const Opening& o, const hex::SearchStats& stats,
                                                  std::uint64_t store_hits) const;
    // The replies of row `index` and of every row copied from it (rotated), a block each.
    void append_replies(std::uint64_t index, const hex::OpeningReplies& replies,
                        common::LocalTable& table) const;
    void append_row(std::uint64_t index, hex::Outcome outcome, std::uint64_t nodes,
                    std::uint64_t nodes_run, std::uint64_t parts, double seconds,
                    common::LocalTable& table, common::LocalTable* timings) const;

    Params m_params;
    std::vector<Opening> m_rows;
    std::vector<std::uint64_t> m_tasks;
    std::vector<std::vector<std::uint64_t>> m_copies; // rows copied from each row
    std::vector<Part> m_parts;
    std::vector<std::unique_ptr<hex::SplitTree>> m_trees; // per row: its split tree, if split
    std::vector<std::uint64_t> m_split_base;              // per row: split_key of its root
    std::vector<std::uint64_t> m_first_task; // per split row: the task of its first leaf
    [[nodiscard]] std::shared_ptr<hex::TranspositionTable> article_table(const Opening& o);
    std::shared_ptr<hex::TranspositionTable> m_table; // for the article's rule sets only
    // The vc leaves' solver, kept while the leaves are of one board and rule set: its table is
    // cleared, not allocated, for each.
    std::unique_ptr<hex::PositionSolver> m_leaf_solver;
};

} // namespace cgt::jobs::hex_openings
