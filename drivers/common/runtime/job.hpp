#pragma once
// The driver skeleton: every MPI driver is a Job run by run_job(). A job supplies its
// options, its task list, a compute(task) that appends the task's rows (pure: no MPI), and
// a finish step that reduces what the tasks computed and writes the tables. The skeleton
// does the rest, once for every job:
//   - MPI set-up and the error conventions (run_driver), the options (--config, --out,
//     --quiet, --help) and the run control below;
//   - the split of the tasks over the ranks (static round-robin or contiguous blocks, or
//     the dynamic queue of rank 0, or every task on every rank together), progress on stderr;
//   - the task journal (journal.hpp): every finished task's rows and counters are
//     appended to OUT.journal/ as the task ends and made durable at most every
//     --journal-every seconds (default 60; also settable in the job's INI file); a long task
//     may save its own state there (TaskContext::save_state, replace_state); dead records are compacted
//     away during the run and at --resume (journal_compaction.hpp);
//   - --resume: the tasks in the journal are restored, on any rank count, not computed
//     again, and the file is the one an uninterrupted run writes; a journal of another
//     program, of other parameters, or damaged is refused with one line and status 2;
//   - SIGTERM, SIGINT or SIGUSR1: no task is started after it, the journal is made durable,
//     and the run exits with status 3 (STOPPED), printing the command that resumes it; a
//     task that does not poll stop_requested() in time, and every step outside the task
//     loop, is ended at once (stop_signal.hpp);
//   - one lock on the output for the whole run (OUT.lock, run_lock.hpp): a second run to
//     the same --out is refused at once, naming the running process;
//   - --tasks (and a job's own names for tasks, such as --openings a1,b2): a part of the
//     tasks, kept in the journal for cgt-merge; --merge: the journals of parts become one
//     result file, refused if they leave a gap or disagree on a task;
//   - the collective write: the result file is created only when every task is done (a
//     run that dies leaves its journal, never a file that looks complete), its root has
//     the provenance attributes, and the journal is removed once the file is complete;
//   - a failure that ends the run on one rank (a journal write on a full disk, out of
//     memory in a task, a failed part of the collective result write) stops every rank
//     as a stop signal would; the run ends with one line and status 1 (JobFailure), its
//     journal kept for --resume and no result file left;
//   - verdicts (task_verdicts.hpp), for a job whose queue policy skips tasks (queue_policy.hpp):
//     a task leaves a small verdict, rank 0 learns it as the task ends and skips every task
//     the policy's task_needed() says the verdicts so far make useless; a run (a resumed one,
//     a part, a merge) is complete when every task is done or not needed by the verdicts of
//     the tasks done, and a merge whose parts lack a needed task is refused naming it;
//   - --max-memory: a run whose memory_need() on the ranks of a node exceeds the node's
//     memory (memory_limit.hpp) is refused before any work, one line and status 2; one
//     estimated to take more than an hour on one core is told so on stderr (not with --quiet);
//   - --allow-long: a run estimated past 24 hours on its ranks (its part's share of the
//     tasks), or without an estimate (MemoryNeed::no_estimate), is refused before any work
//     without it, one line and status 2; --resume and --merge are not refused again;
//   - no silent overwrite: an existing --out, or a journal of a stopped run, is refused
//     without --force (or --resume).
//
// A job's tables as its tasks fill them are declared in its schema header; a task appends
// its rows to them as blocks keyed by its place in the enumeration, so the rows are in
// the same order whatever rank computed or restored them (see table.hpp).
//
// Tests may stop, kill or fault a run at set points through the environment (test_hooks.hpp).
#include "common/plumbing/comm.hpp"
#include "common/runtime/distinct_texts.hpp"
#include "common/runtime/memory_limit.hpp"
#include "common/runtime/options.hpp"
#include "common/runtime/queue_policy.hpp"
#include "common/runtime/result_file.hpp"
#include "common/runtime/schema.hpp"
#include "common/runtime/task_record.hpp"
#include "common/runtime/task_verdicts.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace cgt::common {

// The exit status of a run stopped by a signal: its journal holds what it finished, and
// the same command with --resume continues it.
inline constexpr int STOPPED = 3;

enum class Split {
    round_robin, // task k on rank k mod P: for costs that change slowly along the task order
    blocks,      // P contiguous runs of the task order: tasks of equal cost, each rank's rows
                 // one run of the file
    queue,       // rank 0's dynamic queue (task_queue.hpp): tasks of very uneven cost
    collective,  // every rank runs every task, together and in the same order (a task whose
                 // ranks cooperate through MPI on a communicator of the job's own, e.g. a
                 // master and its workers); rank 0's rows, verdict and saved states are the
                 // task's: only rank 0 journals it. A stop, or a task stopped on any rank,
                 // ends the loop on every rank before the same task.
};

enum class TaskStatus {
    done,    // the task's rows are complete
    stopped, // a long task saw stop_requested(), saved its state and returned without rows
};

struct JobInfo {
    std::string program = {};        // cgt-nim
    std::string summary = {};        // for --help
    std::string example = {};        // a whole command line, for --help
    std::string default_out = {};    // nim.h5: --out defaults to results/nim.h5
    std::string progress_label = {}; // "cgt-nim tasks" unless given
};

// Tasks chosen by a job's own names: --openings a1,b2 for Hex, --codes .16,.354 for octal.
struct TaskSubset {
    std::string option;     // "openings"
    std::string value_name; // "CELLS"
    std::string help;
    // The tasks the text names, ascending or not; throws UsageError or std::invalid_argument
    // on a name that is not among this run's. Called after read_options.
    std::function<std::vector<std::uint64_t>(const std::string&)> resolve;
};

class JobRunner;

// What a task may ask of the skeleton while it runs.
class TaskContext {
public:
    [[nodiscard]] std::uint64_t task() const { return m_task; }
    // A stop was asked for: a long task may save its state and return TaskStatus::stopped.
    // A task that asks is given twice its longest gap between two asks (its start counts as
    // one) and a second to hear a stop, counted from the signal or from the end of its last
    // journal write if later; one that never asks, a second; then the process ends as a
    // kill would.
    [[nodiscard]] bool stop_requested() const;
    // --journal-every seconds have passed since the task started or last saved its state.
    [[nodiscard]] bool state_due() const;
    // Saves the task's state, durably on return. A snapshot replaces what the task saved
    // before; otherwise the state is a delta, added to it. A run that resumes the task
    // finds them in saved_state(); they are dropped once the task is done.
    void save_state(std::span<const std::byte> state, bool snapshot);
    // Saves the task's whole state, durably on return, in a file of its own that replaces
    // what the task saved before (journal.hpp, state_file): the journal holds one state of
    // the task however often it saves, where snapshots in the log wait for a compaction.
    // For a state of many megabytes saved again and again (a sweep's values).
    void replace_state(std::span<const std::byte> state);
    // The state saved by earlier runs of this task, oldest first: the last snapshot and the
    // deltas after it (or every delta). Empty when the task starts afresh.
    [[nodiscard]] std::vector<std::vector<std::byte>> saved_state() const;
    // A line on stderr from the rank running the task, "PROGRAM: task N (rank R): TEXT"
    // (not with --quiet): how far a long task has come, e.g. when it saves its state, where
    // the progress line counts whole tasks only.
    void note(const std::string& text) const;
    // Progress within a long task, in the job's task_units; the rest of the task's units
    // are counted when it ends.
    void advance(std::uint64_t units);
    // As advance, for the units an earlier run of the task did (its saved state): counted,
    // but not in the progress line's rate and ETA.
    void resumed(std::uint64_t units);
    // The task's verdict (0..MAX_VERDICT; std::logic_error beyond), kept with its record and
    // told to rank 0 when it ends (QueuePolicy::task_needed). A job that skips tasks sets it in the
    // tasks whose verdicts decide others; the last call counts.
    void set_verdict(std::uint64_t verdict);

private:
    friend class JobRunner;
    JobRunner* m_runner = nullptr;
    std::uint64_t m_task = 0;
};

// What finish() works with.
class JobResults {
public:
    [[nodiscard]] const Comm& comm() const { return m_comm; }
    // The task table `schema` declares (Job::tables), with every row of the tasks this rank
    // computed or restored.
    [[nodiscard]] LocalTable& table(const TableSchema& schema) { return m_tables.table(schema); }
    // Collective: the job's counters summed over every task.
    [[nodiscard]] std::vector<std::uint64_t> sum_counters();
    // Collective: the texts of the rank's TextPool numbered across ranks by text
    // (index_distinct_texts); every text-id column now holds the global indices.
    [[nodiscard]] DistinctTexts index_texts();
    [[nodiscard]] ResultFile& file() { return m_file; }
    // Collective: writes `table` as its schema says (ResultFile::write_table).
    void write(const TableSchema& schema, LocalTable& table) { m_file.write_table(schema, table); }
    // Collective: writes every task table, in the order Job::tables declares them.
    void write_task_tables() {
        for (std::size_t i = 0; i < m_tables.table_count(); ++i) write(m_tables.schema(i), m_tables.table_at(i));
    }
    // Collective: writes the task table `schema` declares.
    void write(const TableSchema& schema) { write(schema, m_tables.table(schema)); }

private:
    friend class JobRunner;
    JobResults(const Comm& comm, TaskTables& tables, ResultFile& file) : m_comm(comm), m_tables(tables), m_file(file) {}
    const Comm& m_comm;
    TaskTables& m_tables;
    ResultFile& m_file;
};

class Job {
public:
    virtual ~Job() = default;
    // The program's name, --help texts, default output.
    [[nodiscard]] virtual JobInfo info() const = 0;
    // The job's own options (kebab-case names). They decide the result: the journal is
    // kept for them, and a resume with other values is refused.
    virtual void add_options(Options& options) = 0;
    // Reads and checks the values: UsageError, or std::invalid_argument from a kernel's
    // check, on a bad one (or on a rank count the job cannot use). Identical on every rank.
    virtual void read_options(const po::variables_map& values, int ranks) = 0;
    // Called after read_options: what the options imply but do not spell, as INI lines
    // ("store-digest = ...\n": e.g. the digest of an input file's content), added after the
    // own options to the parameters of the journal and of the result file, so that a
    // journal is resumed only with the same inputs. Each line names an own option declared
    // last, which checks the value when given (a --config of the parameters, as cgt-merge
    // makes, gives it) and which the job then leaves out here. "" (the default) leaves the
    // parameters as the options give them.
    [[nodiscard]] virtual std::string derived_parameters() const { return {}; }
    [[nodiscard]] virtual std::uint64_t task_count() const = 0;
    // Called after read_options: the peak memory of one rank (and the run's CPU time) as
    // estimated from the options; the skeleton refuses, before any work, a run whose ranks
    // on a node would need more than --max-memory (memory_limit.hpp). {}: not estimated.
    [[nodiscard]] virtual MemoryNeed memory_need(int /*ranks*/) const { return {}; }
    [[nodiscard]] virtual Split split() const = 0;
    // With Split::queue: the order of the tasks and which the verdicts make needless
    // (queue_policy.hpp); nullptr: ascending, every task needed. Not asked otherwise. Called
    // after read_options; the policy lives as long as the job.
    [[nodiscard]] virtual const QueuePolicy* queue_policy() const { return nullptr; }
    // Options that name tasks the job's own way.
    [[nodiscard]] virtual std::vector<TaskSubset> subsets() { return {}; }
    // The tables the tasks fill, their text-id columns, the counters per task.
    [[nodiscard]] virtual TaskTableSpec tables() const = 0;
    // Progress units of a task (1 unless a long task reports its own progress).
    [[nodiscard]] virtual std::uint64_t task_units(std::uint64_t /*task*/) const { return 1; }
    // Once, before any task is computed or restored: e.g. to make the objects that compute
    // rows (they may keep a pointer to out.texts()).
    virtual void begin(TaskTables& /*out*/) {}
    // Appends task `task`'s rows to `out` (blocks of its own keys) and adds its counters to
    // out.task_counters(). No MPI; the same rows whatever ran before it on this rank.
    virtual TaskStatus compute(std::uint64_t task, TaskTables& out, TaskContext& context) = 0;
    // Collective, once every task is done: reduces and writes the tables.
    virtual void finish(JobResults& results) = 0;
};

// The whole main() of a driver: returns the process status (0; 2 for a usage error or a
// refused journal; STOPPED; an internal failure aborts the job with status 1).
//   int main(int argc, char* argv[]) { return cgt::common::run_job<NimJob>(argc, argv); }
int run_job(int argc, char** argv, Job& job);
template <class J> int run_job(int argc, char** argv) {
    J job;
    return run_job(argc, argv, job);
}

} // namespace cgt::common
