#pragma once
// The skeleton's runner of one job (job.hpp), private to drivers/common: job.cpp holds its
// options, the task loop and the write of the result; job_journal.cpp its journal: the
// plan of a --resume or a --merge, the saved states of long tasks, the verdicts, the syncs
// and compactions of this rank's file.
#include "common/runtime/job.hpp"
#include "common/runtime/journal.hpp"
#include "common/runtime/journal_compaction.hpp"
#include "common/plumbing/mpi_environment.hpp"
#include "common/plumbing/run_lock.hpp"
#include "common/runtime/progress.hpp"
#include "common/runtime/stop_signal.hpp"
#include "common/runtime/task_verdicts.hpp"
#include "common/runtime/test_hooks.hpp"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace cgt::common {

using Clock = std::chrono::steady_clock;
inline double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

inline double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// What rank 0 found in the journal(s): the files, one record per finished task, the saved
// states of the others, and how much of each file to keep.
// Sets a flag for the life of a scope: a journal write under way (which a stop does not cut
// short), a task running.
struct ScopedFlag {
    explicit ScopedFlag(std::atomic<bool>& busy) : m_busy(busy) { m_busy = true; }
    ~ScopedFlag() { m_busy = false; }
    ScopedFlag(const ScopedFlag&) = delete;
    ScopedFlag& operator=(const ScopedFlag&) = delete;
    std::atomic<bool>& m_busy;
};

struct JournalPlan {
    std::vector<std::string> files;
    std::vector<std::uint64_t> valid_bytes;
    std::vector<RecordRef> done;   // by task, ascending
    std::vector<RecordRef> states; // of tasks not done, in file order
};

class JobRunner {
public:
    JobRunner(MpiEnvironment& env, Job& job, int argc, char** argv)
        : m_env(env), m_comm(env.comm()), m_info(job.info()), m_job(job), m_argc(argc), m_argv(argv),
          m_start(Clock::now()), m_cpu_start(cpu_seconds()) {}

    int run();

    // TaskContext's calls.
    bool stop_requested() const;
    bool state_due() const { return seconds_since(m_state_clock) >= m_journal_every; }
    void save_state(std::uint64_t task, std::span<const std::byte> state, bool snapshot);
    void replace_state(std::uint64_t task, std::span<const std::byte> state);
    std::vector<std::vector<std::byte>> saved_state(std::uint64_t task) const;
    void advance(std::uint64_t units, bool resumed);
    void set_verdict(std::uint64_t verdict);
    void note(std::uint64_t task, const std::string& text) const;

private:
    void add_run_options(Options& options);
    void read_run_options(const po::variables_map& vm);
    // Rank 0: the checks of the file system and the journal; an error for agree_on_usage.
    std::optional<std::string> plan_journal();
    // Rank 0, --resume: whether --out is a complete result of this program and these
    // parameters and the journal (if any) is not newer than it, the leftover of the run that
    // wrote it; if so that journal is removed, with a note. `newer_journal`: the result is
    // complete and the journal newer.
    bool resume_of_complete_result(bool& newer_journal);
    // Rank 0: reads the journal folders `dirs` into m_plan (and `scanned`), or why they are refused.
    std::optional<std::string> scan_journals(const std::vector<std::string>& dirs, const std::string& option,
                                             std::vector<ScannedFile>& scanned);
    void share_plan();
    std::optional<std::string> restore();
    // Reads and checks the options (the job's and the run's), the memory, the queue policy;
    // false after --help or --version.
    bool read_options();
    // The tasks this run computes, in the policy's order: wanted, not done, needed.
    [[nodiscard]] std::vector<std::uint64_t> tasks_to_do();
    // This rank's share of `todo` under a static split (none under the queue).
    [[nodiscard]] std::vector<std::uint64_t> static_share(const std::vector<std::uint64_t>& todo) const;
    // Collective: creates the journal folder and this rank's writer.
    void open_journal_writer();
    // A thread that makes the journal durable every --journal-every seconds and on a stop,
    // until `computing` is false; none without a writer.
    std::thread start_journal_watcher(const std::atomic<bool>& computing);
    void run_queue(const std::vector<std::uint64_t>& todo);
    void compute_tasks();
    // After the tasks: the status of a run that writes no result (failed on a rank, stopped,
    // or a part), its journal made durable; nullopt when every task is settled.
    std::optional<int> end_before_result(bool stopped, std::uint64_t done);
    // Collective: the result file, its provenance, the journal removed.
    void write_result();
    // Rank 0's verdicts of the tasks in the journal(s) (QueuePolicy::skips_tasks()).
    void load_verdicts();
    // Rank 0, QueuePolicy::skips_tasks(): the tasks neither done nor made useless by the verdicts known.
    [[nodiscard]] std::vector<bool> needed_missing(const std::vector<bool>& done) const;
    // Collective: the tasks done, or (QueuePolicy::skips_tasks()) settled: done or not needed.
    [[nodiscard]] std::uint64_t settled_tasks();
    void run_task(std::uint64_t task);
    void maybe_sync();
    // Rewrites this rank's journal file without its dead records when they outweigh the
    // live ones (journal_compaction.hpp).
    void maybe_compact();
    // Once this rank's tasks are over: its dead saved states go whatever the floor.
    void compact_after_tasks();
    void fail(std::string why);
    // Rank 0: the run's lock on its output (run_lock.hpp), or why the run is refused.
    std::optional<std::string> take_run_lock();
    void release_run_lock();
    // From here a stop signal outside the task loop ends the run with status 3 and one line
    // ("stopped by SIGTERM WHERE; the tasks done are kept in JOURNAL; continue with: ...");
    // a merge's with 128 + the signal (its parts are untouched).
    void stop_ends_run(const std::string& where);
    std::string resume_command() const;
    MemoryNeed part_of_run(MemoryNeed need) const;
    // The job's memory_need(), made on rank 0 and sent to every rank (see job_options.cpp).
    MemoryNeed estimate_on_root() const;
    void remove_old_journal();

    MpiEnvironment& m_env;
    Comm m_comm;
    const JobInfo m_info;
    Job& m_job;
    int m_argc;
    char** m_argv;
    Clock::time_point m_start;
    double m_cpu_start;
    std::unique_ptr<Options> m_options;

    // Rank 0: held from before the journal is looked at until the run ends.
    RunLock m_run_lock;
    // Run control.
    std::string m_out, m_journal;
    bool m_resume = false, m_force = false, m_quiet = false;
    double m_journal_every = 60;
    std::vector<std::string> m_merge; // journal folders to merge
    std::optional<std::vector<std::uint64_t>> m_subset;
    std::string m_subset_text;
    std::vector<TaskSubset> m_subsets;

    // The run.
    std::uint64_t m_tasks = 0;
    JournalHeader m_header;
    JournalPlan m_plan;
    // Rank 0, --resume: --out is already this run's complete result (a run killed after its
    // final rename); its journal, if any, is gone and there is nothing left to do.
    bool m_complete_already = false;
    std::vector<bool> m_done;
    std::unique_ptr<TaskTables> m_tables;
    std::unique_ptr<JournalWriter> m_writer;
    std::unique_ptr<AppendedRecords> m_appended; // m_writer's records of this run, for compaction
    std::unique_ptr<StopSignal> m_stop;
    // How a stop noted outside the task's view is waited for (start_journal_watcher): whether
    // a task or the task loop heard it; the running task's polls of stop_requested(), the
    // time of the last and the longest gap between two (steady clock, ns).
    mutable std::atomic<bool> m_stop_heard{false};
    mutable std::atomic<std::int64_t> m_task_polls{0}, m_last_poll_ns{0}, m_poll_gap_ns{0};
    std::atomic<bool> m_journal_busy{false}; // the main thread writes the journal
    std::atomic<bool> m_in_task{false};      // the main thread runs a task (run_task)
    // Seconds a task is given to hear a stop before the process ends without it.
    [[nodiscard]] double stop_allowance() const;
    std::unique_ptr<Progress> m_progress;
    bool m_queue = false;
    bool m_task_stopped = false;
    // This rank's failure to go on (a full disk, out of memory), told to every rank once
    // the tasks stop: the run ends with it as one line and status 1, its journal kept.
    std::optional<std::string> m_failure;
    std::uint64_t m_computed = 0;
    std::uint64_t m_advanced = 0; // units the running task reported itself
    std::uint64_t m_state_serial = 0;
    std::uint64_t m_states_saved = 0; // by this rank in this run (a test hook counts them)
    // After a state is saved (save_state, replace_state): the test hooks, a compaction if due.
    void after_state_saved();
    // For tests only: CGT_TEST_HOLD_AFTER_TASKS / _STATES (test_hooks.hpp), at this rank's
    // `count`-th task or state, durable in the journal.
    void hold_for_test(const char* variable, std::uint64_t count);
    // The job's queue policy (Split::queue), or the default one (every other split too).
    const QueuePolicy* m_policy = nullptr;
    // Skipping (QueuePolicy::skips_tasks): the running task's verdict; on rank 0 the
    // verdicts known and the tasks finished by this run.
    bool m_skipping = false;
    std::optional<std::uint64_t> m_task_verdict;
    TaskVerdicts m_verdicts;
    std::vector<bool> m_finished;
    Clock::time_point m_last_sync, m_state_clock;
};

} // namespace cgt::common
