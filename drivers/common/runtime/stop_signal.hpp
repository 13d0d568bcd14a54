#pragma once
// Stopping a program on request: SIGTERM, SIGINT or SIGUSR1 (Slurm's warning before the time
// limit, `#SBATCH --signal=B:USR1@...` passed on by the batch script; mpiexec passes SIGUSR1
// to every rank, and turns SIGTERM and SIGINT into a SIGTERM of every rank) stops any
// program of the project within a moment, from the first line of its main to the last:
//   - where the program listens (a Listening scope is open: the skeleton's task loop), the
//     signal is only noted; the code polls requested()/received() and stops by itself. The
//     rank that got the signal tells the others, so that all stop, journal what they
//     finished and exit with status 3 (STOPPED, "stopped, resumable");
//   - anywhere else (reading --config from a FIFO, filling a table, reading a journal, the
//     final write, a tool's work) the process ends at once from the handler, as a kill
//     would but with one line on stderr: "PROGRAM: stopped by SIGTERM" and status
//     128 + the signal, or, once set_stopped_line() says a journal holds the run's work,
//     that line and status 3. Every file the project writes survives a kill at any point
//     (the fault tests kill at every write, fsync and rename), so ending there is safe.
//     A rank other than 0 that ends so waits for rank 0 to end first (the launcher's
//     SIGTERM then ends it; 10 s at most, for a signal to that rank alone), so that the
//     launcher, which ends the whole job once one rank has ended, never kills rank 0 before
//     its line.
//
// received() and requested() are plain atomic reads, safe from any thread; poll() does the
// MPI part (it tells the other ranks once, and takes their word) and is called by one
// thread at a time: rank 0's dispatcher thread while the task queue runs, otherwise the main
// thread between tasks.
#include "common/plumbing/comm.hpp"

#include <atomic>
#include <string>

namespace cgt::common {

class StopSignal {
  public:
    // Installs the handlers of SIGTERM, SIGINT and SIGUSR1 for the process (idempotent): the
    // first thing a main does (run_job, run_tool and Options do it).
    static void install();
    // Whether this process got a stop signal.
    static bool received();
    // The first stop signal this process got (SIGTERM, SIGINT, SIGUSR1), 0 if none.
    static int signal_number();
    // Seconds since that signal came (0 if none).
    static double seconds_since_received();
    // Ends the process now as a stop signal outside a Listening scope does (the line and
    // status of set_stopped_line), for a signal noted where the code does not poll in time.
    [[noreturn]] static void end_now();

    // While one lives (on any thread), a stop signal is only noted, for the code to poll;
    // when the last one ends with a signal noted that finish() did not take up, the process
    // ends as outside one.
    class Listening {
      public:
        Listening();
        ~Listening();
        Listening(const Listening&) = delete;
        Listening& operator=(const Listening&) = delete;
    };

    // How a stop outside a Listening scope ends the process: "PROGRAM: stopped by SIGTERM"
    // followed by `rest` (e.g. "; 12 of 40 tasks are kept in x.journal; continue with: ...")
    // and `status` (STOPPED once a journal holds work; -1: 128 + the signal). `print`: this
    // process prints the line (rank 0 of a run; the others end silently). A SIGTERM from the
    // launcher of the ranks (mpiexec ending a job another rank aborted) prints nothing.
    static void set_stopped_line(int status, const std::string& rest, bool print = true);
    // A file the handler removes before it ends the process (the run's lock file, held by
    // this process); "" for none.
    static void remove_when_stopped(const std::string& path);

    // Collective: a private communicator for the notices.
    explicit StopSignal(const Comm& comm);
    StopSignal(const StopSignal&) = delete;
    StopSignal& operator=(const StopSignal&) = delete;

    [[nodiscard]] bool requested() const;
    // Asks the ranks to stop as a signal would, from this rank: for a failure (a full disk)
    // that ends the run, so that the other ranks stop taking tasks too. Any thread.
    void request() { m_local = true; }
    void poll();
    // Collective: whether any rank stopped; takes every notice still on its way. A signal
    // noted up to here is the caller's to act on (a Listening scope that ends after it does
    // not end the process for it).
    bool finish();

  private:
    PrivateComm m_comm;
    bool m_told = false; // this rank's notices are sent
    int m_heard = 0;     // notices received
    std::atomic<bool> m_remote{false};
    std::atomic<bool> m_local{false}; // request()
};

} // namespace cgt::common
