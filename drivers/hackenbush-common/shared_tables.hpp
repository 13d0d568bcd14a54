#pragma once
// Collective pieces the Hackenbush drivers share: the table of distinct values, and the
// per-rank CPU seconds kept out of the tables (so that tables stay identical at any rank
// count while benchmarks can still read each rank's share of the work).
#include "common/distinct_texts.hpp"
#include "common/result_file.hpp"

#include <mpi.h>

#include <string>

namespace cgt::hackenbush_jobs {

// Collective. Writes the table `name` with columns value (the global index) and text (the
// canonical text), one row per distinct value in index order, each rank its own share.
// Texts are compressed: they are stored as wide as the longest one.
void write_values_table(common::ResultFile& file, MPI_Comm comm, const std::string& name,
                        common::DistinctTexts& values);

// Collective. The root attribute `rank_cpu_seconds`: every rank's `seconds`, blank-separated
// in rank order.
void record_rank_cpu(common::ResultFile& file, MPI_Comm comm, double seconds);

} // namespace cgt::hackenbush_jobs
