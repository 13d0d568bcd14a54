#pragma once
// The cores a rank may use for its own threads: Slurm's --cpus-per-task where Slurm set it,
// else the cores of the process's affinity mask shared among the ranks on this node.
#include "common/runtime/options.hpp"

#include <string>

namespace cgt::common {

struct RankCores {
    unsigned cores = 1; // >= 1
    std::string source; // how they were counted, e.g. "SLURM_CPUS_PER_TASK=8"
};

// SLURM_CPUS_PER_TASK if it is a positive number; else the affinity mask's cores divided by
// the ranks on this node (OMPI_COMM_WORLD_LOCAL_SIZE, MPI_LOCALNRANKS or
// SLURM_NTASKS_PER_NODE; 1 if none is set), at least 1.
RankCores rank_cores();

// "--threads N": N if it is positive; for 0, the cores of rank_cores().
// Returns the threads and a line saying where they came from: "2 threads (--threads 2)".
struct ThreadChoice {
    unsigned threads = 1;
    std::string why;
};
ThreadChoice choose_threads(long option);

// --threads N (0..1024, default 0: the cores given to the rank), a run-control option: the
// values are the same on any number of threads, so it stays out of the result's parameters
// and a run may resume with another number. The INI file may set it.
void add_threads_option(Options& options);
// The choice it makes; UsageError "--threads must be 0..1024, got N" outside the range.
ThreadChoice read_threads(const po::variables_map& vm);

} // namespace cgt::common
