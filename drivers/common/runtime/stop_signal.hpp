#pragma once
// Stopping a job on request: SIGTERM or SIGUSR1 (Slurm's warning before the time limit,
// `#SBATCH --signal=B:USR1@...` passed on by the batch script; mpiexec and srun pass
// SIGUSR1 to every rank) asks the job to stop taking tasks. The rank that got the signal
// tells the others, so that all stop, journal what they finished and exit with status 3
// ("stopped, resumable").
//
// requested() is a plain atomic read, safe from any thread and in a signal's aftermath;
// poll() does the MPI part (it tells the other ranks once, and takes their word) and is
// called by one thread at a time: rank 0's dispatcher thread while the task queue runs,
// otherwise the main thread between tasks.
#include "common/plumbing/comm.hpp"

#include <atomic>

namespace cgt::common {

class StopSignal {
public:
    // Installs the handlers of SIGTERM and SIGUSR1 for the process (idempotent). A signal
    // that came before is not lost: received() says so.
    static void install();
    // Whether this process got a stop signal.
    static bool received();

    // Collective: a private communicator for the notices.
    explicit StopSignal(const Comm& comm);
    StopSignal(const StopSignal&) = delete;
    StopSignal& operator=(const StopSignal&) = delete;

    [[nodiscard]] bool requested() const;
    // Asks the ranks to stop as a signal would, from this rank: for a failure (a full disk)
    // that ends the run, so that the other ranks stop taking tasks too. Any thread.
    void request() { m_local = true; }
    void poll();
    // Collective: whether any rank stopped; takes every notice still on its way.
    bool finish();

private:
    PrivateComm m_comm;
    bool m_told = false;           // this rank's notices are sent
    int m_heard = 0;               // notices received
    std::atomic<bool> m_remote{false};
    std::atomic<bool> m_local{false}; // request()
};

} // namespace cgt::common
