#pragma once
// A dynamic task queue for work of very uneven cost (Hex openings differ by 100x): rank 0
// hands out task ids in increasing order to whichever rank asks next. Rank 0 computes too:
// a dispatcher thread answers the other ranks (MPI_THREAD_SERIALIZED is enough, since rank
// 0's main thread makes no MPI call until the queue is empty). With one rank it simply
// runs every task itself.
#include "common/runtime/progress.hpp"
#include "common/runtime/stop_signal.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace cgt::common {

// Collective. Calls `run(task)` exactly once for every task in 0..n_tasks-1, on some rank;
// `run` must not call MPI. Returns the ids run on this rank, ascending. If `progress` is
// given, one unit is recorded per task run (call progress->finish() afterwards, on
// every rank). Each rank other than 0 asks for its next task when it starts one, so the
// round trip to rank 0 is hidden behind the work; tasks of a millisecond or more keep the
// overhead small.
// With `stop`, a stop request (on any rank) ends the queue early: no task is handed out
// after rank 0 has heard of it, every rank finishes the task it is running and returns;
// some tasks are then never run (the ids returned say which ran).
std::vector<std::uint64_t> run_task_queue(const Comm& comm, std::uint64_t n_tasks,
                                          const std::function<void(std::uint64_t)>& run,
                                          Progress* progress = nullptr, StopSignal* stop = nullptr);

// A queue whose tasks leave verdicts (task_verdicts.hpp) and may be skipped: rank 0 learns
// each finished task's verdict with the request for the next task, and before it hands out
// a task asks `needed` whether it must still run; a task it skips runs nowhere. Both calls
// are made on rank 0 only, never at the same time (one lock; the dispatcher thread makes
// them as well as rank 0's own loop, so they must not touch what a running task changes).
struct QueueVerdicts {
    // Rank 0: task `index` finished on some rank, with its verdict (nullopt: it left none).
    std::function<void(std::uint64_t index, std::optional<std::uint64_t> verdict)> finished;
    // Rank 0: whether task `index` must still be handed out.
    std::function<bool(std::uint64_t index)> needed;
};

// What one run of a task says to the queue.
struct QueueTaskEnd {
    bool finished = false;                 // false: stopped or failed (no verdict, not reported)
    std::optional<std::uint64_t> verdict;  // 0..MAX_VERDICT
};

// As above, where `run` reports how each task ended: progress counts the finished ones
// only (a task stopped by a stop request is not done). With `verdicts`, no request for the
// next task goes out before a task ends (no prefetch), so that rank 0 decides with every
// verdict it can have: the round trip then adds to each task (tasks of a second or more
// want this); without (nullptr), no task is skipped and the requests go out as above.
// Returns the ids run on this rank, ascending; the skipped ones ran nowhere.
std::vector<std::uint64_t> run_task_queue(const Comm& comm, std::uint64_t n_tasks,
                                          const std::function<QueueTaskEnd(std::uint64_t)>& run,
                                          QueueVerdicts* verdicts, Progress* progress = nullptr,
                                          StopSignal* stop = nullptr);

} // namespace cgt::common
