#pragma once
// One opening over every rank (--job-search NODES): a job-level proof-number search
// (kernels/hex/parallel). Rank 0 is the master: it holds the JobTree of the opening's first
// moves, hands its leaves out as jobs of NODES nodes, takes the results in the order they
// come, tells the ranks whose jobs a result made useless to stop, and searches jobs itself
// on a second thread (its first, the only one calling MPI, answers every message within
// half a millisecond), so that P ranks are P workers. The other
// ranks are workers: each keeps one JobWorker (its table kept from job to job) for the
// opening and answers every job with its result. Jobs and results travel as job_codec bytes
// on the job's own communicator (Comm: a header word, then the bytes). What a job learned
// travels with them (JobSearchOptions' defaults): a result carries its table's entries below
// each move of its position (seed_entries) and up to 2,048 positions it proved, the most
// worked (share_min_work, share_max); the master sends the entries with the next job on that
// move and the proven positions with each rank's next job, so that no rank proves again
// what another proved.
//
// The outcome is the position's whatever the rank count or the timing (job_tree.hpp); what
// the jobs searched depends on both and goes to the timings table (nodes_run).
//
// Stops: a stop heard on rank 0, or told by a worker that heard one, makes rank 0 save its
// tree (JobTree::save, a snapshot of the task's state), end every worker's part and return
// stopped; every worker hears the end and returns stopped as well. The tree is saved also
// whenever SearchHooks::state_due(). A resumed run loads the last saved tree: its jobs in
// flight are free leaves again. Test hook: CGT_TEST_STOP_AFTER_JOBS=N raises SIGTERM on
// rank 0 at the first result, from the Nth of this run on, that leaves its opening undecided
// (a count, not a clock: the stop lands inside an opening whatever the timing).
#include "common/plumbing/comm.hpp"
#include "hex-openings/openings_tasks.hpp"
#include "hex/parallel/job.hpp"

#include <cstdint>

namespace cgt::jobs::hex_openings {

// What the master reports of an opening it decided (or stopped in).
struct JobSearchRun {
    bool stopped = false;
    hex::Outcome outcome = hex::Outcome::unknown; // the root's, for its mover (the second player)
    std::uint64_t nodes_run = 0;                  // the jobs' nodes in this run, every rank's
    std::uint64_t jobs_run = 0;                   // the results received in this run
};

// Rank 0 of `comm`: the master of the search of `root` (the opening played).
JobSearchRun master_job_search(const common::Comm& comm, hex::Shape shape,
                               const hex::RuleSet& rules, const hex::SplitPosition& root,
                               const hex::JobSearchOptions& options, std::size_t tt_size_mib,
                               std::uint64_t pause_nodes, SearchHooks& hooks);

// Rank 0 of `comm` with a root it does not search (decided by the caller): ends every
// worker's part at once.
void end_job_search(const common::Comm& comm, bool stopped);

// Every other rank: a worker until the master ends the opening; true when the master ended
// it decided, false when it stopped (SearchHooks::stop_requested is asked between steps,
// and a stop heard here is told to the master).
bool serve_job_search(const common::Comm& comm, hex::Shape shape, const hex::RuleSet& rules,
                      std::size_t tt_size_mib, std::uint64_t pause_nodes, SearchHooks& hooks);

} // namespace cgt::jobs::hex_openings
