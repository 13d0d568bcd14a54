#pragma once
// Memory and time estimates before work: a program whose memory grows with its parameters
// estimates its peak up front and refuses, before any work and before any output file is
// created, what cannot fit, with one line naming the estimate and the limit (status 2):
//   error: --max-heap 4294967294 needs about 34.0 GiB (values and sparse tables), more than
//   the 23.6 GiB limit (physical memory; raise it with --max-memory)
// The limit is --max-memory SIZE (512M, 8G, 1.5T, or bytes), by default the memory of this
// node: the Slurm allocation when SLURM_MEM_PER_NODE or SLURM_MEM_PER_CPU (times
// SLURM_CPUS_ON_NODE) is set, else the physical memory, or the cgroup limit
// (/sys/fs/cgroup/memory.max) or the process's address-space limit (ulimit -v) when smaller.
// A Slurm variable that is set but malformed ('abc', '12Q', '-5', empty) is a usage error
// naming it (status 2); SLURM_MEM_PER_NODE=0 (Slurm's --mem=0) is the whole node.
//
// The limit is per node. An MPI driver's estimate is per rank, and every rank on the node
// counts: the need is the estimate times the ranks sharing the node (Comm::ranks_on_node,
// MPI_COMM_TYPE_SHARED), so `mpiexec -n 4` of a job that holds 6 GiB per rank needs 24 GiB.
// A run estimated to take more than an hour on one core is told so in one line on stderr
// (not an error).
//
// Time: one rule for every program. A run whose estimate on the cores it runs on (an MPI
// driver's ranks, each with its --threads where it takes them; a tool's one core) passes
// LONG_RUN_BOUND_SECONDS (24 hours), or whose
// parameters this program cannot estimate (MemoryNeed::no_estimate), is refused before any
// work, one line naming the estimate and the option that allows it, status 2:
//   error: --max-length 40 is estimated to take about 6 days on one core, more than the
//   24-hour bound of a run not asked for; add --allow-long to run it
// --allow-long runs it (the note above still says how long). A resumed run and a merge are
// not refused again: the run was accepted when it started.
#include "common/runtime/options.hpp"

#include <cstdint>
#include <string>

namespace cgt::common {

// What a run will need, from its parsed parameters. bytes == 0: nothing estimated.
struct MemoryNeed {
    double bytes = 0;          // peak resident memory of one process (rank); a double, as
                               // 3^40 stalks pass 2^64 bytes
    std::string cause = {};    // the options that decide it: "--max-heap 4294967294"
    std::string what = {};     // what takes the memory: "values and sparse tables"
    double core_seconds = 0;   // estimated CPU time of the whole run on one core; 0: unknown
    std::string time_cause = {};  // the options that decide the time, when not `cause`
    std::string no_estimate = {}; // why these parameters have no time estimate (refused
                                  // without --allow-long); empty: estimated, or too small to matter
};

// The longest run a program starts without --allow-long: 24 hours on the cores it runs on.
constexpr double LONG_RUN_BOUND_SECONDS = 24 * 3600.0;

// A need that grows with the work: `base` bytes, and `bytes_each` for each of the
// `units_held` units (rows, positions, heaps) one process holds at its peak; the run does
// `units` in all at `units_per_second` on one core (0: time not estimated).
MemoryNeed linear_need(std::string cause, std::string what, double units_held, double bytes_each,
                       double units = 0, double units_per_second = 0, double base = 64.0 * (1 << 20));

// A table of a size the user picks (--tt-size-mib 64): `mib` MiB and the program's other
// 64 MiB at most, caused by `option` (the cause reads "--tt-size-mib 64").
MemoryNeed sized_table_need(const std::string& option, std::uint64_t mib, const std::string& what);

// A limit on memory and where it came from ("physical memory", "--max-memory", ...).
struct MemoryLimit {
    std::uint64_t bytes = 0;
    std::string source;
};

// "512M", "8G", "1.5T", "4096K", "123456" (bytes); K, M, G, T are powers of 1024 and may be
// followed by "iB" or "B". Throws UsageError naming `option` on anything else, zero, or a
// size of 2^64 bytes or more.
std::uint64_t parse_memory_size(const std::string& text, const std::string& option = "--max-memory");

// "34.4 GiB", "512.0 MiB", "800 bytes".
std::string format_bytes(double bytes);

// This node's memory for the run (see above). Reads the environment and /sys, /proc.
// UsageError on a malformed Slurm variable.
MemoryLimit node_memory_limit();

// Adds --max-memory SIZE to the options that steer a run (command line only: it never
// changes a result). Every program that checks a MemoryNeed adds it.
void add_max_memory_option(Options& options);

// The limit in force: --max-memory if given, else node_memory_limit(). UsageError on a bad
// --max-memory.
MemoryLimit memory_limit(const po::variables_map& values);

// "the 23.6 GiB limit (physical memory; raise it with --max-memory)", for a line about a
// run that passed the limit.
std::string limit_text(const MemoryLimit& limit);

// Throws UsageError (the line above) if `need.bytes` times `ranks_on_node` exceeds the
// limit in force. Call it from an Options::parse validator, before any work.
void check_memory(const po::variables_map& values, const MemoryNeed& need, int ranks_on_node = 1);

// Adds --allow-long (a run-control option, also allowed in a --config file).
void add_allow_long_option(Options& options);

// Throws UsageError (the line above) when the run is past the bound or not estimated and
// --allow-long is not given. `cores`: the cores the run divides its work over (MPI ranks, each
// times its threads where the program takes --threads).
// Call it from an Options::parse validator or before any work.
void check_run_time(const po::variables_map& values, const MemoryNeed& need, int cores = 1);

// "6 days", "9.1 hours", "3.2e+02 years": a duration as the lines above write it.
std::string duration_text(double seconds);

// The one line that says a run will take long, or empty when need.core_seconds is at most
// an hour (or unknown): "cgt-grundy: note: --max-heap 4294967294 is estimated to take about
// 9.1 hours on one core".
std::string long_run_note(const std::string& program, const MemoryNeed& need);

} // namespace cgt::common
