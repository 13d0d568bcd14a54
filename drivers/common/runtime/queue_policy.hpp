#pragma once
// What the dynamic queue (Split::queue, task_queue.hpp) may ask of a job beyond its tasks:
// the order they are handed out in, and which of them the verdicts of tasks done make
// needless. A job split otherwise has no policy (Job::queue_policy() is nullptr), and a
// queued job without one gets these defaults: ascending order, every task needed.
#include "common/runtime/task_verdicts.hpp"

#include <cstdint>
#include <vector>

namespace cgt::common {

class QueuePolicy {
  public:
    virtual ~QueuePolicy() = default;
    // The order tasks are handed out in (heaviest first); empty: ascending. The same on
    // every rank.
    [[nodiscard]] virtual std::vector<std::uint64_t> dispatch_order() const { return {}; }
    // True when the job's tasks leave verdicts (TaskContext::set_verdict) from which
    // task_needed() may find a task useless. Tasks are then handed out one at a time, each
    // when the last ended (no prefetch), so that rank 0 knows every verdict it can.
    [[nodiscard]] virtual bool skips_tasks() const { return false; }
    // Whether `task` must still run, given the verdicts known (on rank 0, possibly from a
    // thread other than the one computing tasks: read only what compute() does not change).
    // Monotone: once false it stays false as verdicts arrive, and never false for a task
    // whose result the job's finish() uses. Given every verdict of the tasks done, the tasks
    // it calls needed are exactly those finish() needs.
    [[nodiscard]] virtual bool task_needed(std::uint64_t /*task*/,
                                           const TaskVerdicts& /*verdicts*/) const {
        return true;
    }
};

} // namespace cgt::common
