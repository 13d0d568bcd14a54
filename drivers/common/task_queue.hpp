#pragma once
// A dynamic task queue for work of very uneven cost (Hex openings differ by 100x): rank 0
// hands out task ids in increasing order to whichever rank asks next. Rank 0 computes too:
// a dispatcher thread answers the other ranks (MPI_THREAD_SERIALIZED is enough, since rank
// 0's main thread makes no MPI call until the queue is empty). With one rank it simply
// runs every task itself.
#include "common/progress.hpp"
#include "common/stop_signal.hpp"

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace cgt::common {

// Collective. Calls `run(task)` exactly once for every task in 0..n_tasks-1, on some rank;
// `run` must not call MPI. Returns the ids run on this rank, ascending. If `progress` is
// given, one unit is recorded per finished task (call progress->finish() afterwards, on
// every rank). Each rank other than 0 asks for its next task when it starts one, so the
// round trip to rank 0 is hidden behind the work; tasks of a millisecond or more keep the
// overhead small.
// With `stop`, a stop request (on any rank) ends the queue early: no task is handed out
// after rank 0 has heard of it, every rank finishes the task it is running and returns;
// some tasks are then never run (the ids returned say which ran).
std::vector<std::uint64_t> run_task_queue(MPI_Comm comm, std::uint64_t n_tasks,
                                          const std::function<void(std::uint64_t)>& run,
                                          Progress* progress = nullptr, StopSignal* stop = nullptr);

} // namespace cgt::common
