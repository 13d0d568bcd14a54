#pragma once
// The octal sweep job: whole families of heap games (all subtraction sets S of {1..K}, all
// octal codes of up to D digits with d0 = 0 or 4) plus games listed by name, each analysed
// to a heap bound: Grundy values, and the period with its proof or "not yet periodic up to
// N". With a ceiling (the frontier), every game that is not a subtraction set (octal codes,
// Grundy's game) is run instead by the frontier sweep until the Guy-Smith bound proves its
// period or it reaches its ceiling, with the statistics of every power of two
// (frontier_state.hpp). One row per game, keyed by the game's index in the enumeration, so
// rows can be computed for any range of games on its own: GameRows is pure and knows
// nothing of MPI.
#include "common/runtime/table.hpp"
#include "impartial/frontier_analysis.hpp"
#include "impartial/octal_analysis.hpp"
#include "impartial/windowed_analysis.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cgt::jobs::octal_sweep {

enum class Family { listed, subtraction, subtraction_misere, octal };

// "listed", "subtraction", "subtraction-misere", "octal": the `family` column.
std::string to_string(Family family);

inline constexpr unsigned MAX_SUBTRACTION = 20;
inline constexpr unsigned MAX_OCTAL_DIGITS = 5;

// A game named in --games: an octal code or subtraction set, or Grundy's game (no octal
// code says it); `bound` (CODE@N or CODE@2^k) is its own heap bound or ceiling, 0: the
// bound of the listed games.
struct ListedGame {
    std::optional<impartial::OctalGame> octal; // empty: Grundy's game
    std::uint64_t bound = 0;
};

struct Params {
    unsigned subtraction_max = 12;  // K: every non-empty S of {1..K}; 0 for none
    bool misere = false;            // also every such S in misere play
    unsigned octal_digits = 3;      // D: every code d0.d1..dD, d0 in {0, 4}; 0 for none
    std::vector<ListedGame> listed; // analysed first, to their own bound
    impartial::Heap max_heap = 16384;
    // Family games still valued by the rare/common split at max_heap go on to this bound.
    impartial::Heap split_max_heap = 0;
    // The bound of the listed games: they are proven (or not) by long runs.
    impartial::Heap listed_max_heap = 1u << 25;
    unsigned stored_values = 32; // G(0..) kept in `first_values`
    // The whole sequence of a periodic game, G(0..n0+p-1), goes to the `sequences` table
    // if n0 + p is at most this.
    std::uint64_t max_sequence = std::uint64_t{1} << 20;
    // The first digits d0 of the octal family: 0 and 4 (LEAVE_TWO), or one of them.
    std::vector<std::uint8_t> octal_d0 = {0, impartial::LEAVE_TWO};
    // The frontier: 0 is off; otherwise the family's games that are not subtraction sets
    // run to this many heaps (0..ceiling-1) unless proven first. Listed games that are not
    // subtraction sets run by the frontier sweep always, to their bound (listed_max_heap + 1
    // heaps unless given).
    std::uint64_t ceiling = 0;
    // A family game valued by the definition (the split does not pay) stops past this.
    std::uint64_t definition_ceiling = impartial::FrontierSweep::MAX_HEAPS;
    // Threads within a frontier game (the windowed sweep's; the rows are the same on any).
    unsigned threads = 1;
    // The frontier sweep's prefix (--prefix-heaps, run control: it only decides when a scan
    // starts the sweep again with a larger one, the rows are the same) and window
    // (--window-heaps, a power of two, a parameter: a period is proven only from a run of
    // values inside the window, so a smaller one may leave a game unproven); 0: the windowed
    // sweep's defaults (WindowConfig). Both grow when a scan needs a value they dropped.
    std::uint64_t prefix_heaps = 0;
    std::uint64_t window_heaps = 0;
};

// "N" or "2^k": a heap count of the options (std::invalid_argument otherwise).
std::uint64_t parse_heap_count(const std::string& text);

// Parses the --games text: blank- or ';'-separated games, each an octal code (".77",
// "4.07"), a subtraction set ("1,3,4", "{1,3,4}") or "grundy"; a set may end in ":misere";
// any may end in "@N" or "@2^k", its own bound. Throws std::invalid_argument naming the bad
// item.
std::vector<ListedGame> parse_games(const std::string& text);

struct SweepGame {
    Family family;
    std::optional<impartial::OctalGame> octal; // empty: Grundy's game
    std::uint64_t bound = 0;                   // a listed game's own bound (0: none)

    [[nodiscard]] std::string name() const; // S={1,3,4}, .77, grundy
    [[nodiscard]] std::string code() const; // .3033, .77, grundy
    // Run by the frontier sweep when a ceiling is set: octal codes in normal play that are
    // not subtraction sets (those are proven by the shorter window rule), and Grundy's game.
    [[nodiscard]] bool frontier() const;
};

// Every game of the run in enumeration order: listed games as given, then the subtraction
// sets by the number whose bit i-1 says i is in S ({1}, {2}, {1,2}, {3}, ...), their misere
// versions, then the octal codes ordered by their digits (.001 ... .777, 4.0 ... 4.777).
// Throws std::invalid_argument if K > MAX_SUBTRACTION or D > MAX_OCTAL_DIGITS.
std::vector<SweepGame> enumerate_games(const Params& params);

// Consecutive games handed out as one task of the dynamic queue: cheap subtraction games go
// in groups, octal and listed games (milliseconds to seconds each) one by one. Task i is
// the game range [starts[i], starts[i+1]); the last entry is the number of games.
std::vector<std::uint64_t> plan_tasks(const std::vector<SweepGame>& games);

// The analysis limits a game of `family` gets.
impartial::AnalysisLimits limits_for(const Params& params, Family family);
// The ceiling, definition ceiling and windowed sweep of a frontier game: a prefix of
// params.prefix_heaps (default 2^21) heaps and a window of params.window_heaps (default 2^26;
// grown while no value is dropped, restarted larger if a rare heap or scan needs more),
// params.threads threads.
impartial::WindowedLimits frontier_limits_for(const Params& params, const SweepGame& game);
// Whether game runs by the frontier sweep: a frontier() game of the families when a
// ceiling is set, a listed one (Grundy's game among them) always.
bool runs_frontier(const Params& params, const SweepGame& game);
// The rules the frontier sweep plays.
impartial::HeapRules frontier_rules(const SweepGame& game);

// The tables a task appends to (octal_sweep_schema.hpp).
struct RowTables {
    common::LocalTable& games;
    common::LocalTable& sequences;
    common::LocalTable& frontier;
    common::LocalTable& frontier_stats;
    common::LocalTable& frontier_frequencies;
};

class GameRows {
  public:
    GameRows(const Params& params, const std::vector<SweepGame>& games)
        : m_params(params), m_games(games) {}
    // Declares the `games` table's columns: index (the enumeration key), family, game, code,
    // status, preperiod, period, proof, check_end, largest_removal, max_heap, computed_to,
    // largest_value, largest_at, rare_mask, rare_heaps, last_rare, first_values.
    // -1 (or "-") where a figure does not apply: no period proven, no split in use.
    static void declare_columns(common::LocalTable& games);
    // Declares the `sequences` table's columns: index, heap, value; one row per heap
    // 0..n0+p-1 of each periodic game (the values that define the whole sequence). Kept
    // apart, as numbers, because texts are stored as wide as the longest one.
    static void declare_sequence_columns(common::LocalTable& sequences);
    // Appends the rows of games [begin, end) in order to both tables (without a ceiling,
    // or for games that are not frontier games).
    void compute(std::uint64_t begin, std::uint64_t end, common::LocalTable& games,
                 common::LocalTable& sequences) const;
    // Appends every row of frontier game i, run under `limits` (frontier_limits_for with
    // the caller's resume and callbacks), each table's in a new block `block` if given;
    // false, with no rows and no block, if between_chunks stopped it.
    bool compute_frontier(std::uint64_t i, const impartial::WindowedLimits& limits,
                          const RowTables& out,
                          std::optional<std::uint64_t> block = std::nullopt) const;
    // Every row of games [begin, end): the frontier games run afresh to their ceilings.
    void compute_all(std::uint64_t begin, std::uint64_t end, const RowTables& out) const;

  private:
    const Params& m_params;
    const std::vector<SweepGame>& m_games;
};

// The first `count` values, blank-separated: the `first_values` column.
std::string first_values_text(const std::vector<impartial::Grundy>& values, std::size_t count);

} // namespace cgt::jobs::octal_sweep
