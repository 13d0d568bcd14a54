#pragma once
// The three-colour stalks job: every Blue-Red-Green stalk of 1..L edges (3 + 9 + ... + 3^L;
// 797,160 for the article's L = 12) valued through the engine by a depth-first walk of the
// tree of colour strings, one make() per stalk. Each stalk is classified (number, x + *m,
// x +- up*, other), its birthday taken, and three string rules checked stalk by stalk:
//   - a number exactly for a blue-red stalk, of the value of Berlekamp's sign expansion;
//   - x + *m exactly for a blue-red stalk x topped by m >= 1 greens (x = 0: all green);
//   - x +- up* exactly for a blue-red stalk x topped by G then B (up*) or G then R (down*).
//
// The split is the prefix tree: task 0 holds every stalk shorter than d = prefix_length(),
// task 1 + i the stalks starting with the i-th colour string of length d (B < R < G). Rows
// are in (length, colours) order whatever rank runs a task: each task appends one block per
// length, keyed by length and task. Pure: no MPI here.
#include "core/game_store.hpp"
#include "common/runtime/options.hpp"
#include "common/runtime/table.hpp"
#include "hackenbush-common/value_texts.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::hackenbush_stalks {

// (3^(L+1) - 3) / 2 stalks must be countable in 64 bits (and their blue-red parts are then
// well within the engine's exact range, MAX_EXACT_BLUE_RED_STALK).
constexpr std::size_t MAX_LENGTH = 39;

struct Params {
    std::size_t max_length = 12; // L
};

// --max-length: 1 <= L <= MAX_LENGTH.
inline const common::WholeOption MAX_LENGTH_OPTION{.name = "max-length",
                                                   .default_value = 12,
                                                   .min = 1,
                                                   .max = static_cast<long>(MAX_LENGTH),
                                                   .meaning = "L: longest stalk",
                                                   .note = "3 + 9 + ... + 3^L stalks",
                                                   .why = "the 3^L stalks are counted in 64 bits"};
// std::invalid_argument (MAX_LENGTH_OPTION's line) unless 1 <= L <= MAX_LENGTH.
void check(const Params& params);

// Stalks of exactly `length` edges: 3^length.
std::uint64_t stalks_of_length(std::size_t length);

class StalkTasks {
public:
    explicit StalkTasks(const Params& params);
    // d: min(L, 6), so that the 3^d prefix tasks (729) spread well over many ranks and the
    // rows one task buffers stay small.
    [[nodiscard]] std::size_t prefix_length() const { return m_depth; }
    [[nodiscard]] std::uint64_t count() const { return m_count; }
    // The colour string of task t >= 1 (task 0: the empty string, with max length d - 1).
    [[nodiscard]] std::string prefix(std::uint64_t task) const;
    [[nodiscard]] std::uint64_t block_key(std::size_t length, std::uint64_t task) const {
        return length * m_count + task;
    }

private:
    std::size_t m_depth;
    std::uint64_t m_count;
};

// Counts per length, summed over tasks (and over ranks by the driver).
struct LengthCounts {
    std::uint64_t stalks = 0;
    std::uint64_t numbers = 0;
    std::uint64_t number_nimber = 0;    // x + *m
    std::uint64_t number_up_star = 0;   // x + up* or x + down*
    std::uint64_t number_ups_other = 0; // x + n.up + *m of any other n, m
    std::uint64_t other = 0;
    std::uint64_t birthday_is_length = 0;
    std::uint64_t number_rule_failures = 0;
    std::uint64_t nimber_rule_failures = 0;
    std::uint64_t up_star_rule_failures = 0;
    std::uint64_t max_birthday = 0; // combined by max, the rest by sum
};
constexpr std::size_t SUMMED_COUNTS = 10;
// The summed fields of every length, length-major, for a reduction; and back.
std::vector<std::uint64_t> summed_counts(const std::vector<LengthCounts>& counts);
void set_summed_counts(std::vector<LengthCounts>& counts, const std::vector<std::uint64_t>& flat);

class StalkRows {
public:
    // Values go into `store` and their texts into `values`; both outlive this object.
    StalkRows(const Params& params, core::GameStore& store, jobs::hackenbush_common::ValueTexts& values);
    // Columns of the `stalks` table: length, colours, value (the local id of `values` until
    // the driver replaces it by the global index), birthday, kind.
    static void declare_columns(common::LocalTable& table);
    // Values every stalk of `task`, appends its rows (a block per length) and counts them.
    void run(const StalkTasks& tasks, std::uint64_t task, common::LocalTable& table);
    // Indexed by length 0..L (0 unused).
    [[nodiscard]] const std::vector<LengthCounts>& counts() const { return m_counts; }

private:
    struct Row {
        std::string colours;
        std::uint64_t value;
        std::int64_t birthday;
        core::ValueKind kind;
    };
    void visit(std::string_view colours, core::GameId value);

    Params m_params;
    core::GameStore& m_store;
    jobs::hackenbush_common::ValueTexts& m_values;
    std::vector<LengthCounts> m_counts;
    std::vector<std::vector<Row>> m_by_length; // the current task's rows
};

// The `lengths` table: one row per length with the counts and the distinct values.
void declare_length_columns(common::LocalTable& table);
void append_length_rows(const std::vector<LengthCounts>& counts, const std::vector<std::uint64_t>& distinct,
                        common::LocalTable& table);

} // namespace cgt::jobs::hackenbush_stalks
