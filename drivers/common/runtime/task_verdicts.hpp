#pragma once
// Verdicts: a small number a finished task leaves behind (TaskContext::set_verdict), which
// rank 0 learns as the task ends and from which the job says whether a later task is still
// needed (QueuePolicy::task_needed): e.g. a split Hex opening's leaf says won or lost, and a leaf
// whose parent a sibling already refuted needs no search. The job's rule must make the set
// of tasks it needs a function of the verdicts alone, never of the order in which they
// arrived, so that results do not depend on the rank count or on timing.
//
// A verdict lives in the task's journal record (its frame's flags, see below), so that a
// resumed run and a merge of parts know the verdicts of the tasks finished before; a task
// that was skipped has no record: the job's rule, given every verdict, says it was not
// needed. Pure C++: no MPI here.
#include <cstdint>
#include <optional>
#include <vector>

namespace cgt::common {

// Verdicts are 0..MAX_VERDICT.
inline constexpr std::uint64_t MAX_VERDICT = 0x7fff;

// The verdicts rank 0 knows, by task.
class TaskVerdicts {
public:
    explicit TaskVerdicts(std::uint64_t tasks = 0) : m_value(tasks, 0) {}
    [[nodiscard]] std::uint64_t size() const { return m_value.size(); }
    [[nodiscard]] bool known(std::uint64_t task) const { return m_value.at(task) != 0; }
    // The verdict of a task (std::logic_error if none is known).
    [[nodiscard]] std::uint64_t at(std::uint64_t task) const;
    // std::logic_error for a verdict over MAX_VERDICT.
    void set(std::uint64_t task, std::uint64_t verdict);

private:
    std::vector<std::uint16_t> m_value; // verdict + 1; 0: none known
};

// A task record's flags: bit 15 set when the task left a verdict, the verdict in bits
// 0..14; 0 when it left none (and in every record of a job without verdicts, or written
// before verdicts existed, which therefore reads the same).
[[nodiscard]] std::uint16_t verdict_flags(std::optional<std::uint64_t> verdict);
[[nodiscard]] std::optional<std::uint64_t> flags_verdict(std::uint16_t flags);

} // namespace cgt::common
