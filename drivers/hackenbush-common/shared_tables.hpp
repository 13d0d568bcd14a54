#pragma once
// Collective pieces the Hackenbush drivers share: the round-robin split, the table of distinct
// values, and the per-rank CPU seconds kept out of the tables (so that tables stay identical at any rank
// count while benchmarks can still read each rank's share of the work).
#include "common/distinct_texts.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <string>

namespace cgt::jobs::hackenbush_common {

// Collective. Runs tasks rank, rank + P, rank + 2P, ... of 0..count-1 on this rank (P ranks),
// one progress unit each, then finishes the progress line. Dealing tasks round-robin suits
// work whose cost changes slowly along the task order (prefix subtrees, runs of multisets):
// every rank gets a fair share, no rank waits on a dispatcher (on this shared two-core
// machine the dynamic queue's rank 0 thread was starved of CPU before main's fix of
// 2b6c632), and the split is the same in every run. Rows still land in task order when
// blocks are keyed by task.
void run_round_robin(MPI_Comm comm, std::uint64_t count, common::Progress& progress,
                     const std::function<void(std::uint64_t)>& run);

// Collective. Writes the table `name` with columns value (the global index) and text (the
// canonical text), one row per distinct value in index order, each rank its own share.
// Texts are compressed: they are stored as wide as the longest one.
void write_values_table(common::ResultFile& file, MPI_Comm comm, const std::string& name,
                        common::DistinctTexts& values);

// Collective. The root attribute `rank_cpu_seconds`: every rank's `seconds`, blank-separated
// in rank order. The drivers pass the CPU seconds from the creation of the file to the last
// table (MPI start-up and option parsing left out), the rank's share of the job's work.
void record_rank_cpu(common::ResultFile& file, MPI_Comm comm, double seconds);

} // namespace cgt::jobs::hackenbush_common
