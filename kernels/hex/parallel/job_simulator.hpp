#pragma once
// The job-level proof-number search (job_tree.hpp, job_worker.hpp) with P workers, run in
// one process as a discrete-event simulation whose clock counts nodes: each worker's jobs
// cost the nodes they search, a job starts when a worker is free and the master has one,
// and every result reaches the master at the moment its job ends on the worker's clock.
// The workers advance one pause of their DFPN at a time, always the one whose clock is
// least (ties: the lower index), so events are handled in the order of their times: a
// cancellation takes effect at the cancelled job's first pause after it, as a real worker
// that looks for one at its pauses would stop. Everything is a function of the inputs: the
// same report every time, and the outcome the position's whatever the worker count.
//
// The makespan (the clock when the root is decided) is the run's wall time in nodes if
// every node costs the same and messages cost nothing; the sequential search's nodes over
// it predict the speed-up on P ranks.
//
//   SimulationOptions o;
//   o.workers = 16;
//   SimulationReport r = simulate_job_search(shape, rules, SplitPosition::after(shape, {cell}), o);
#include "hex/parallel/job_tree.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>

namespace cgt::hex {

struct SimulationReport;

struct SimulationOptions {
    int workers = 1;
    JobSearchOptions search;
    std::size_t tt_size_mib = 64;     // each worker's table
    std::uint64_t pause_nodes = 1024; // each worker's DFPN pauses (JobWorker)
    // Called after each job the master takes in, with the report so far (makespan: the
    // clock then; searched: the jobs taken in; root: the root's bounds), e.g. to print the
    // progress of a long simulation. It only reads: the simulation is the same without it.
    std::function<void(const SimulationReport&)> progress;
};

struct SimulationReport {
    Outcome outcome = Outcome::unknown; // the root's, for its mover
    std::uint64_t makespan = 0;         // the clock (nodes) when the root was decided
    std::uint64_t searched = 0;         // nodes the workers searched by then, every job's
    std::uint64_t idle = 0;             // worker clock time without a job, summed, by then
    std::uint64_t cancelled = 0;        // jobs stopped early by a cancellation
    std::uint64_t jobs = 0;             // jobs handed out
    Bounds root;                        // the root's proof and disproof numbers
    std::size_t tree_nodes = 0;         // the master's tree at the end
    std::uint64_t proof_work = 0;       // JobTree::proof_work
    // What the jobs carried to the workers: proven positions (Job::known: another worker's
    // proofs, JobSearchOptions::share_min_work) and bytes of table entries (Job::seed: the
    // search of a leaf moved from the worker that ran its last job, seed_entries).
    std::uint64_t shipped_positions = 0;
    std::uint64_t shipped_seed_bytes = 0;
    JobTree::Counters counters; // the master's
};

// std::invalid_argument for a worker count outside 1..1024, and as JobTree and JobWorker.
SimulationReport simulate_job_search(Shape shape, RuleSet rules, const SplitPosition& root,
                                     const SimulationOptions& options);

} // namespace cgt::hex
