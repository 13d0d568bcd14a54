#pragma once
// The subtraction-game census, without MPI: the games (every S within {1..M} in normal and
// misere play, every {a < b < c} with c <= C), the tasks (runs of TASK_GAMES games of one
// kind), a task's rows and what it adds to the summaries, and the summaries folded from any
// number of parts in any order (Summary): the same tables whatever the split.
#include "common/runtime/table.hpp"
#include "impartial/census_checks.hpp"
#include "impartial/subtraction_census.hpp"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <tuple>
#include <vector>

namespace cgt::jobs::subtraction_census {

enum class Kind : std::uint8_t { sets_normal = 0, sets_misere = 1, three_move = 2 };
inline constexpr unsigned KINDS = 3;
const char* family_name(Kind kind); // "sets", "three-move"
const char* play_name(Kind kind);   // "normal", "misere"

struct Params {
    unsigned sets_max = 12;        // M: every non-empty S within {1..M}; 0: none
    bool misere = true;            // the sets in misere play too
    unsigned three_move_max = 60;  // C: every {a < b < c}, c <= C
    unsigned three_move_rows = 60; // per-game rows of the three-move games with c <= this
    std::uint64_t heap_limit = std::uint64_t{1} << 26; // values computed at most per game
};

// Games of one kind under these parameters.
std::uint64_t kind_games(const Params& params, Kind kind);
// The set of a kind's index-th game (its place in the kind's order: masks 1, 2, 3, ... for
// the sets, impartial::three_move_set's order for the three-move games).
std::vector<unsigned> game_set(Kind kind, std::uint64_t index);
std::string set_text(std::span<const unsigned> set); // "{1,3,4}"

// A task: the games [first, end) of one kind.
struct TaskRange {
    Kind kind;
    std::uint64_t first;
    std::uint64_t end;
};
inline constexpr std::uint64_t TASK_GAMES = std::uint64_t{1} << 14;
std::vector<TaskRange> plan_tasks(const Params& params);

// The longest kept per family, play and measure; the counterexamples kept per check.
inline constexpr std::size_t LONGEST = 10;
inline constexpr std::size_t EXAMPLES = 8;
// Task counters: applied and failed of check i at 2i and 2i + 1.
inline constexpr std::size_t COUNTERS = 2 * impartial::CHECK_COUNT;

// The tables a task fills (schema names).
struct TaskOut {
    common::LocalTable& sets;
    common::LocalTable& three_move;
    common::LocalTable& part_counts;
    common::LocalTable& part_longest;
    common::LocalTable& part_failures;
    std::vector<std::uint64_t>& counters; // COUNTERS of them
};
// Computes the task's games: their rows (three-move ones with c <= three_move_rows), and its
// counts, longest and first counterexamples. `values` is scratch space.
void compute_task(const Params& params, const TaskRange& task, TaskOut out,
                  std::vector<std::uint8_t>& values);

// One game in a summary.
struct Entry {
    std::uint8_t kind = 0;
    std::uint8_t tag = 0; // measure (longest) or CheckId (failures)
    std::uint64_t index = 0;
    std::int64_t preperiod = 0;
    std::int64_t period = 0;
};

// The summaries of any set of games: folding parts in any order gives the same result.
class Summary {
  public:
    void count(Kind kind, unsigned measure, std::int64_t value, std::uint64_t games);
    void longest(const Entry& e);
    void failure(const Entry& e);
    // The rows of the part tables of `table` (every block), added.
    void add_parts(const common::LocalTable& counts, const common::LocalTable& longest,
                   const common::LocalTable& failures);
    // As whole numbers, for a gather; unpack() adds what pack() of any summaries wrote.
    [[nodiscard]] std::vector<std::uint64_t> pack() const;
    void unpack(std::span<const std::uint64_t> packed);
    // Keeps the LONGEST best of each (kind, measure) and the EXAMPLES first of each check.
    void trim();

    // (kind, measure, value) -> games, ascending.
    [[nodiscard]] const std::map<std::tuple<std::uint8_t, std::uint8_t, std::int64_t>,
                                 std::uint64_t>&
    counts() const {
        return m_counts;
    }
    // Every kept entry, best first within (kind, measure).
    [[nodiscard]] const std::vector<Entry>& longest() const { return m_longest; }
    // The first EXAMPLES counterexamples of each check, by (check, kind, index).
    [[nodiscard]] const std::vector<Entry>& failures() const { return m_failures; }

  private:
    std::map<std::tuple<std::uint8_t, std::uint8_t, std::int64_t>, std::uint64_t> m_counts;
    std::vector<Entry> m_longest, m_failures;
};

// Whether a ranks better than b by a's measure (greater, then first in the kind's order).
bool better(const Entry& a, const Entry& b);

// The final tables from a summary and the summed counters (rank 0 writes them).
void append_distribution(const Summary& summary, unsigned measure, common::LocalTable& table);
void append_longest(const Summary& summary, common::LocalTable& table);
void append_checks(const Params& params, const Summary& summary,
                   std::span<const std::uint64_t> counters, common::LocalTable& table);

} // namespace cgt::jobs::subtraction_census
