#pragma once
// The sign-expansion job: every blue-red stalk of 1..L edges (2 + 4 + ... + 2^L; 8,388,606
// for the article's L = 22) valued through the engine by a depth-first walk of the tree
// of colour strings (one make() per stalk) and compared with Berlekamp's rule; per length
// the stalks, the mismatches and the distinct values.
//
// The split is the prefix tree: task 0 holds every stalk shorter than d = prefix_length(),
// task 1 + i the stalks starting with the i-th colour string of length d, R before B. With
// R < B, colour strings of one length are in the order of their values (a sign expansion
// read as -, +), so the stalks of task t, if the engine is right, have values below those
// of task t + 1 at every length.
//
// Distinct values are counted exactly without holding all values at once: each task sorts
// the values of each length (at most 2^21 of them), a rank chains the tasks it runs into
// value intervals, and the intervals of all ranks are checked to be disjoint, so that the
// distinct values of a length are the sum over intervals. A length whose intervals overlap
// (an engine error, then also a mismatch) or hold a value that is not a number has its
// distinct count marked unknown (-1) rather than guessed. Pure: no MPI here.
#include "core/game_store.hpp"
#include "common/runtime/options.hpp"
#include "common/runtime/table.hpp"
#include "hackenbush/stalks.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::hackenbush_signs {

struct Params {
    std::size_t max_length = 22; // L
};

// --max-length: 1 <= L <= hackenbush::MAX_EXACT_BLUE_RED_STALK (56), since the engine holds
// the value of every blue-red stalk up to 56 edges exactly.
inline const common::WholeOption MAX_LENGTH_OPTION{
    .name = "max-length",
    .default_value = 22,
    .min = 1,
    .max = static_cast<long>(hackenbush::MAX_EXACT_BLUE_RED_STALK),
    .meaning = "L: longest stalk",
    .note = "2 + 4 + ... + 2^L stalks",
    .why = "the engine holds blue-red stalks exactly up to " + std::to_string(hackenbush::MAX_EXACT_BLUE_RED_STALK) +
           " edges"};

class SignTasks {
public:
    explicit SignTasks(const Params& params);
    // d = max(min(L, 5), L - 21): few tasks while they are short (33 for 5 <= L <= 26: a
    // task's record in the journal holds 5 numbers per length and a frame, so the journal of
    // a whole run stays near the size of the result), and at most 2^21 values of one length
    // per task.
    [[nodiscard]] std::size_t prefix_length() const { return m_depth; }
    [[nodiscard]] std::uint64_t count() const { return m_count; }
    // The colour string of task t >= 1 (R before B); "" for task 0.
    [[nodiscard]] std::string prefix(std::uint64_t task) const;

private:
    std::size_t m_depth;
    std::uint64_t m_count;
};

// The values of one length met by consecutive tasks: `distinct` of them, all numbers in
// [low, high] (handles of numbers, compared by value), unless numbers_only is false.
struct Interval {
    std::uint64_t length = 0;
    std::uint64_t distinct = 0;
    bool numbers_only = true;
    core::GameId low, high;
};

class SignWalk {
public:
    explicit SignWalk(const Params& params);
    // Values every stalk of `task` and adds it to the counts and intervals. Tasks must be
    // run in increasing order.
    void run(const SignTasks& tasks, std::uint64_t task);

    // Indexed by length 0..L (0 unused).
    [[nodiscard]] const std::vector<std::uint64_t>& stalks() const { return m_stalks; }
    [[nodiscard]] const std::vector<std::uint64_t>& mismatches() const { return m_mismatches; }
    // Intervals by length, those of consecutive tasks chained where their values are in
    // order.
    [[nodiscard]] std::vector<Interval> intervals() const;
    // The intervals met since the last call (or since the start), by length; they are
    // dropped here, so that the intervals of each task can be kept with its results.
    std::vector<Interval> take_intervals();

private:
    Params m_params;
    core::GameStore m_store;
    std::vector<std::uint64_t> m_stalks, m_mismatches;
    std::vector<std::vector<std::uint64_t>> m_values; // the current task's value handles by length
    std::vector<std::vector<Interval>> m_intervals;   // by length
};

// Chains the intervals of consecutive tasks, as SignWalk does for the tasks it runs in
// order: (task, interval) pairs by task, ascending; an interval joins the chain of its
// length when the chain's last piece is of the task before and its values are all below.
// Chaining leaves distinct_by_length's result unchanged and keeps the intervals few.
std::vector<Interval> chain_consecutive(const std::vector<std::pair<std::uint64_t, Interval>>& by_task);

// Intervals as numbers, five per interval, for an MPI gather; and back.
std::vector<std::uint64_t> pack(const std::vector<Interval>& intervals);
std::vector<Interval> unpack(const std::vector<std::uint64_t>& packed);

// The distinct values of each length 0..L from every rank's intervals: the sum of their
// counts when they are numbers and pairwise disjoint, otherwise -1 (unknown).
std::vector<std::int64_t> distinct_by_length(std::size_t max_length, std::vector<Interval> intervals);

// The `lengths` table: length, stalks, mismatches, distinct, smallest and largest value.
void declare_length_columns(common::LocalTable& table);
void append_length_rows(const std::vector<std::uint64_t>& stalks, const std::vector<std::uint64_t>& mismatches,
                        const std::vector<std::int64_t>& distinct, const std::vector<Interval>& intervals,
                        common::LocalTable& table);

// The `examples` table: every stalk of 1..min(L, 4) edges by length, then B < R, with the
// engine's value and Berlekamp's (the article's BR = 1/2, BBR = 3/2, BRB = 3/4 among them).
void declare_example_columns(common::LocalTable& table);
void append_example_rows(const Params& params, common::LocalTable& table);

} // namespace cgt::jobs::hackenbush_signs
