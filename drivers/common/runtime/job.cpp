#include "common/runtime/job.hpp"

#include "common/plumbing/file_lock.hpp"
#include "common/plumbing/output_file.hpp"
#include "common/plumbing/partition.hpp"
#include "common/runtime/job_runner.hpp"
#include "common/runtime/task_queue.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <thread>

namespace cgt::common {

bool TaskContext::stop_requested() const {
    return m_runner->stop_requested();
}

namespace {
std::int64_t steady_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
        .count();
}
} // namespace

bool JobRunner::stop_requested() const {
    const std::int64_t now = steady_ns();
    if (m_task_polls.fetch_add(1) > 0)
        m_poll_gap_ns = std::max(m_poll_gap_ns.load(), now - m_last_poll_ns.load());
    m_last_poll_ns = now;
    const bool stop = m_stop && m_stop->requested();
    if (stop) m_stop_heard = true; // the task stops by itself (and saves its state)
    return stop;
}

double JobRunner::stop_allowance() const {
    constexpr double STOP_GRACE_SECONDS = 1.0;
    // A task that polls is given twice its longest gap between polls so far (a Hex search
    // pauses every --pause-nodes nodes, then saves); one that never polled, the grace.
    return STOP_GRACE_SECONDS +
           2e-9 * static_cast<double>(m_task_polls.load() > 1 ? m_poll_gap_ns.load() : 0);
}
bool TaskContext::state_due() const {
    return m_runner->state_due();
}
void TaskContext::save_state(std::span<const std::byte> state, bool snapshot) {
    m_runner->save_state(m_task, state, snapshot);
}
void TaskContext::replace_state(std::span<const std::byte> state) {
    m_runner->replace_state(m_task, state);
}
std::vector<std::vector<std::byte>> TaskContext::saved_state() const {
    return m_runner->saved_state(m_task);
}
void TaskContext::advance(std::uint64_t units) {
    m_runner->advance(units, false);
}
void TaskContext::resumed(std::uint64_t units) {
    m_runner->advance(units, true);
}
void TaskContext::set_verdict(std::uint64_t verdict) {
    m_runner->set_verdict(verdict);
}
void TaskContext::note(const std::string& text) const {
    m_runner->note(m_task, text);
}

void JobRunner::note(std::uint64_t task, const std::string& text) const {
    if (m_quiet) return;
    // One write of the whole line, so that the ranks' lines do not interleave.
    const std::string line = m_info.program + ": task " + std::to_string(task) + " (rank " +
                             std::to_string(m_comm.rank()) + "): " + text + "\n";
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
}

std::vector<std::uint64_t> JobResults::sum_counters() {
    std::vector<std::uint64_t> sums = m_tables.counters();
    m_comm.sum(sums);
    return sums;
}

DistinctTexts JobResults::index_texts() {
    DistinctTexts distinct = index_distinct_texts(m_comm, m_tables.texts().take());
    for (const auto& [t, column] : m_tables.spec().text_ids)
        for (std::uint64_t& id : m_tables.table(*t).column<std::uint64_t>(column))
            id = distinct.index[id];
    return distinct;
}

void JobRunner::advance(std::uint64_t units, bool resumed) {
    m_advanced += units;
    if (!m_queue) {
        if (resumed)
            m_progress->credit(units);
        else
            m_progress->advance(units);
    }
    // For tests and benchmarks only (test_hooks.hpp): a stop once the task passes N units.
    static const long stop_after = test_count("CGT_TEST_STOP_AFTER_UNITS");
    if (stop_after > 0 && m_advanced >= static_cast<std::uint64_t>(stop_after) &&
        m_advanced - units < static_cast<std::uint64_t>(stop_after))
        std::raise(SIGTERM);
}

void JobRunner::set_verdict(std::uint64_t verdict) {
    if (verdict > MAX_VERDICT)
        throw std::logic_error("TaskContext::set_verdict: " + std::to_string(verdict) +
                               " is over " + std::to_string(MAX_VERDICT));
    m_task_verdict = verdict;
}

void JobRunner::fail(std::string why) {
    if (!m_failure) m_failure = std::move(why);
    m_task_stopped = true; // this rank starts no other task
    m_stop->request();     // nor do the others
}

void JobRunner::run_task(std::uint64_t task) {
    m_tables->begin_task();
    m_task_polls = 1; // the start counts as an ask: the first gap is that to the first one
    m_poll_gap_ns = 0;
    m_last_poll_ns = steady_ns();
    const ScopedFlag in_task(m_in_task);
    TaskContext context;
    context.m_runner = this;
    context.m_task = task;
    m_advanced = 0;
    m_task_verdict.reset();
    m_state_clock = Clock::now();
    try {
        // A task continued from saved states numbers its new ones after theirs (a compaction
        // may have dropped some: their count is no serial).
        m_state_serial = 0;
        for (const RecordRef& r : m_plan.states) {
            if (r.task != task || r.length < 8) continue;
            std::uint64_t serial = 0;
            std::memcpy(&serial, read_payload_head(m_plan.files[r.file], r, 8).data(), 8);
            m_state_serial = std::max(m_state_serial, serial + 1);
        }
        if (m_job.compute(task, *m_tables, context) == TaskStatus::stopped) {
            m_tables->abandon_task();
            m_task_stopped = true;
            m_task_verdict.reset();
            return;
        }
        if (m_job.split() == Split::collective && !m_comm.is_root()) { // rank 0 journals the task
            m_tables->abandon_task();
            return;
        }
        const EncodedRecord record = m_tables->end_task();
        const ScopedFlag busy(m_journal_busy);
        if (test_write_fails("journal", m_comm.rank()))
            throw std::runtime_error("cannot write journal " + m_writer->path() +
                                     ": No space left on device");
        const std::uint64_t at = m_writer->append(RecordKind::task, verdict_flags(m_task_verdict),
                                                  task, record.pieces, true);
        m_appended->task(task, {at, m_writer->bytes()});
        if (const std::string state = state_file(m_journal, task); path_exists(state)) {
            m_writer->sync(); // the task's record first: a kill between leaves a dead state file
            ::unlink(state.c_str());
        }
        ++m_computed;
        // For tests only (test_hooks.hpp): a kill or a stop once this task is in the journal.
        static const long kill_after = test_count("CGT_TEST_KILL_AFTER_TASKS");
        static const long stop_after = test_count("CGT_TEST_STOP_AFTER_TASKS");
        if (test_count_reached(kill_after, m_computed)) std::raise(SIGKILL);
        if (test_count_reached(stop_after, m_computed)) std::raise(SIGTERM);
        hold_for_test("CGT_TEST_HOLD_AFTER_TASKS", m_computed);
        maybe_sync();
        maybe_compact();
        hold_if_asked(m_computed, m_comm.rank());
    } catch (const UsageError&) {
        throw;
    } catch (const std::bad_alloc&) {
        m_task_verdict.reset();
        fail("out of memory (std::bad_alloc) in task " + std::to_string(task));
        return;
    } catch (const std::exception& e) {
        m_task_verdict.reset();
        fail(e.what());
        return;
    }
    // For tests only: every computed task lasts longer, so that a kill or a signal lands in
    // the middle of a run on a fast machine.
    static const double test_task_seconds = test_seconds("CGT_TEST_TASK_SECONDS");
    if (test_task_seconds > 0)
        std::this_thread::sleep_for(std::chrono::duration<double>(test_task_seconds));
    const std::uint64_t units = m_job.task_units(task);
    if (!m_queue && units > m_advanced) m_progress->advance(units - m_advanced);
}

std::vector<std::uint64_t> JobRunner::tasks_to_do() {
    std::vector<bool> wanted(m_tasks, !m_subset);
    if (m_subset)
        for (std::uint64_t t : *m_subset)
            wanted[t] = true;
    std::vector<std::uint64_t> order = m_policy->dispatch_order();
    if (order.empty()) {
        order.resize(m_tasks);
        for (std::uint64_t t = 0; t < m_tasks; ++t)
            order[t] = t;
    }
    // Every rank knows the verdicts of the journal's tasks: the tasks they make useless are
    // left out alike everywhere (a merge then has nothing left to compute).
    if (m_skipping) load_verdicts();
    std::vector<std::uint64_t> todo;
    for (std::uint64_t t : order)
        if (wanted.at(t) && !m_done[t] && (!m_skipping || m_policy->task_needed(t, m_verdicts)))
            todo.push_back(t);
    return todo;
}

std::vector<std::uint64_t> JobRunner::static_share(const std::vector<std::uint64_t>& todo) const {
    const auto P = static_cast<std::uint64_t>(m_comm.size()),
               me = static_cast<std::uint64_t>(m_comm.rank());
    std::vector<std::uint64_t> mine;
    if (m_job.split() == Split::blocks) {
        const Range r = block_range(todo.size(), P, me);
        mine.assign(todo.begin() + static_cast<long>(r.begin),
                    todo.begin() + static_cast<long>(r.end));
    } else if (m_job.split() == Split::round_robin) {
        for (std::uint64_t k = me; k < todo.size(); k += P)
            mine.push_back(todo[k]);
    }
    return mine;
}

void JobRunner::open_journal_writer() {
    std::optional<std::string> failed;
    if (m_comm.is_root()) try {
            create_journal_dir(m_journal);
        } catch (const std::runtime_error& e) {
            failed = e.what();
        }
    m_comm.agree_on_failure(failed);
    const std::string path = journal_file(m_journal, m_comm.rank());
    std::int64_t keep = -1;
    for (std::size_t f = 0; f < m_plan.files.size(); ++f)
        if (m_plan.files[f] == path) keep = static_cast<std::int64_t>(m_plan.valid_bytes[f]);
    std::optional<std::string> error;
    try {
        m_writer = std::make_unique<JournalWriter>(path, m_header, keep);
        m_appended = std::make_unique<AppendedRecords>(m_writer->bytes());
    } catch (const JournalError& e) {
        error = e.what();
    } catch (const std::runtime_error& e) {
        failed = e.what();
    }
    m_env.agree_on_usage(error);
    m_comm.agree_on_failure(failed);
}

// The journal is made durable while long tasks run, too: every --journal-every seconds, and
// at once on a stop, so that the records of every task finished so far are safe within a
// moment of the signal (the main thread syncs after tasks as well). A task that does not
// ask whether to stop in time (a table fill, a proof's scan) is not waited for: once
// stop_allowance() has passed since this process's stop signal, the main thread still in
// that task and no journal write under way, the process ends as a kill would, with the stop's line
// and status 3 (its journal synced; the task's work since its last saved state is done again on
// --resume).
std::thread JobRunner::start_journal_watcher(const std::atomic<bool>& computing) {
    if (!m_writer) return {};
    return std::thread([this, &computing] {
        auto last = Clock::now();
        auto writing = Clock::now(); // when the main thread was last seen writing the journal
        bool synced_on_stop = false, sync_failed = false;
        while (computing.load()) {
            if (m_journal_busy.load()) writing = Clock::now();
            const bool stopping = m_stop->requested();
            const bool due = m_journal_every > 0 && seconds_since(last) >= m_journal_every;
            if (!sync_failed && ((stopping && !synced_on_stop) || (!stopping && due))) {
                try {
                    m_writer->sync_concurrently();
                } catch (const std::exception&) {
                    sync_failed = true; // the main thread's own sync reports it
                }
                last = Clock::now();
                synced_on_stop = stopping;
            }
            // A task cannot hear a stop while it writes the journal: its allowance counts from
            // the signal or the end of that write, whichever is later.
            if (StopSignal::received() && m_in_task.load() && !m_stop_heard.load() &&
                !m_journal_busy.load() &&
                StopSignal::seconds_since_received() >= stop_allowance() &&
                seconds_since(writing) >= stop_allowance())
                StopSignal::end_now();
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
}

void JobRunner::run_queue(const std::vector<std::uint64_t>& todo) {
    // With skipping, rank 0 learns each verdict as its task ends and skips the tasks they
    // make useless; either way progress counts the tasks that finished.
    m_finished.assign(m_skipping ? m_tasks : 0, false);
    QueueVerdicts verdicts{
        .finished =
            [&](std::uint64_t i, std::optional<std::uint64_t> verdict) {
                m_finished[todo[i]] = true;
                if (verdict) m_verdicts.set(todo[i], *verdict);
            },
        .needed = [&](std::uint64_t i) { return m_policy->task_needed(todo[i], m_verdicts); }};
    run_task_queue(
        m_comm, todo.size(),
        [&](std::uint64_t i) {
            if (m_task_stopped) return QueueTaskEnd{};
            const std::uint64_t before = m_computed;
            run_task(todo[i]);
            if (m_computed == before) return QueueTaskEnd{};
            return QueueTaskEnd{true, m_task_verdict};
        },
        m_skipping ? &verdicts : nullptr, m_progress.get(), m_stop.get());
}

void JobRunner::compute_tasks() {
    const std::vector<std::uint64_t> todo = tasks_to_do();
    m_queue = m_job.split() == Split::queue;
    const std::vector<std::uint64_t> mine = static_share(todo);
    std::uint64_t units = 0;
    for (std::uint64_t t : todo)
        units += m_queue ? 1 : m_job.task_units(t);
    if (!todo.empty()) open_journal_writer();
    m_last_sync = Clock::now();
    m_progress = std::make_unique<Progress>(
        m_comm, units,
        m_info.progress_label.empty() ? m_info.program + " tasks" : m_info.progress_label,
        m_quiet || todo.empty());
    std::atomic<bool> computing{true};
    std::thread watcher = start_journal_watcher(computing);
    struct Join {
        std::atomic<bool>& flag;
        std::thread& thread;
        ~Join() {
            flag = false;
            if (thread.joinable()) thread.join();
        }
    } join{computing, watcher};
    if (m_queue) {
        run_queue(todo);
    } else if (m_job.split() == Split::collective) {
        for (std::uint64_t t : todo) {
            m_stop->poll();
            if (m_comm.any(m_stop->requested() || m_task_stopped)) {
                m_stop_heard = true;
                break;
            }
            run_task(t);
        }
    } else {
        for (std::uint64_t t : mine) {
            m_stop->poll();
            if (m_stop->requested() || m_task_stopped) {
                m_stop_heard = true;
                break;
            }
            run_task(t);
        }
    }
    m_progress->finish();
}

std::optional<int> JobRunner::end_before_result(bool stopped, std::uint64_t done) {
    // The journal outlives this run when it stopped or did a part: durable now. A run that
    // goes on to write the result leaves its last records to the OS (a kill of the process
    // keeps them; a crash of the node loses at most --journal-every seconds of work).
    if (m_writer && !m_failure) try {
            compact_after_tasks();
        } catch (const std::runtime_error& e) {
            m_failure = e.what();
        }
    if (m_writer && (stopped || done < m_tasks)) try {
            m_writer->sync();
        } catch (const std::runtime_error& e) {
            if (!m_failure) m_failure = e.what();
        }
    if (m_failure)
        *m_failure += " (" + std::to_string(done) + " of " + std::to_string(m_tasks) +
                      " tasks are kept in " + m_journal + ": continue with --resume)";
    m_comm.agree_on_failure(m_failure);
    if (stopped) {
        if (m_comm.is_root())
            std::fprintf(
                stderr,
                "%s: stopped: %llu of %llu tasks are done and kept in %s%s; continue with: %s\n",
                m_info.program.c_str(), static_cast<unsigned long long>(done),
                static_cast<unsigned long long>(m_tasks), m_journal.c_str(),
                m_tasks == 1 && done == 0 ? " (with the task's saved state)" : "",
                resume_command().c_str());
        return STOPPED;
    }
    if (done < m_tasks) {
        if (m_comm.is_root() && !m_quiet)
            std::fprintf(
                stderr,
                "%s: %s: %llu of %llu tasks are done and kept in %s; merge the parts with: "
                "cgt-merge --out FILE JOURNAL...\n",
                m_info.program.c_str(), m_subset_text.c_str(),
                static_cast<unsigned long long>(done), static_cast<unsigned long long>(m_tasks),
                m_journal.c_str());
        return 0;
    }
    return std::nullopt;
}

void JobRunner::write_result() {
    ResultFile file(m_comm, m_out, m_info.program, m_options->parameters_text(),
                    seconds_since(m_start));
    JobResults results(m_comm, *m_tables, file);
    m_job.finish(results);
    // Each rank's CPU seconds (MPI start-up aside): its share of the work, for benchmarks.
    std::string cpu;
    for (double s : m_comm.allgather(cpu_seconds() - m_cpu_start)) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", s);
        cpu += (cpu.empty() ? "" : " ") + std::string(buf);
    }
    file.set_attribute("/", "rank_cpu_seconds", cpu);
    file.set_attribute("/", "tasks_resumed", static_cast<std::int64_t>(m_plan.done.size()));
    if (const double hold = test_seconds("CGT_TEST_HOLD_FINAL_WRITE"); hold > 0)
        std::this_thread::sleep_for(std::chrono::duration<double>(hold));
    hold_in_final_write_if_asked(m_comm.rank());
    if (test_count("CGT_TEST_KILL_BEFORE_RENAME") > 0) std::raise(SIGKILL); // for tests only
    file.finish();
    // The file holds everything now; a merge leaves the parts' journals to their owner.
    if (m_comm.is_root() && m_merge.empty() && path_exists(m_journal)) {
        remove_journal(m_journal);
        // Harmless (a --resume recognises the complete result and removes it), but said.
        if (path_exists(m_journal))
            std::fprintf(
                stderr,
                "warning: %s is complete, but its journal %s could not be removed: remove it, or "
                "run again with --resume, which does\n",
                m_out.c_str(), m_journal.c_str());
    }
}

std::optional<std::string> JobRunner::take_run_lock() {
    if (auto no_locks = missing_locks_at(m_out)) return no_locks; // before the lock file is made
    std::string taken_over;
    if (auto refused = m_run_lock.acquire(m_out, m_info.program, taken_over)) return refused;
    StopSignal::remove_when_stopped(run_lock_path(m_out));
    if (!taken_over.empty() && !m_quiet)
        std::fprintf(stderr,
                     "note: %s was left by a run that ended without letting go (%s): taken over\n",
                     run_lock_path(m_out).c_str(), taken_over.c_str());
    return std::nullopt;
}

void JobRunner::release_run_lock() {
    if (!m_run_lock.held()) return;
    StopSignal::remove_when_stopped(""); // the name may be the next run's from now on
    m_run_lock.release();
}

void JobRunner::stop_ends_run(const std::string& where) {
    if (!m_merge.empty())
        StopSignal::set_stopped_line(
            -1, " " + where + "; the parts' journals are unchanged: run the same command again",
            m_comm.is_root());
    else
        StopSignal::set_stopped_line(STOPPED,
                                     " " + where + "; the tasks done are kept in " + m_journal +
                                         "; continue with: " + resume_command(),
                                     m_comm.is_root());
}

int JobRunner::run() {
    if (!read_options()) return 0;
    std::optional<std::string> error;
    if (m_comm.is_root()) error = take_run_lock();
    m_env.agree_on_usage(error);
    struct Release {
        JobRunner& runner;
        ~Release() {
            runner.m_writer.reset(); // the journal is let go first
            runner.release_run_lock();
        }
    } release{*this};
    // A journal that a --resume reads holds work: a stop from here keeps it.
    if (m_resume && m_merge.empty()) stop_ends_run("before any new task");
    if (m_comm.is_root()) error = plan_journal();
    m_env.agree_on_usage(error);
    std::vector<std::uint64_t> complete_already{m_complete_already ? 1u : 0u};
    m_comm.broadcast(complete_already);
    if (complete_already[0] != 0) return 0;
    remove_old_journal();
    share_plan();
    m_tables = std::make_unique<TaskTables>(m_job.tables());
    m_job.begin(*m_tables);
    m_env.agree_on_usage(restore());

    m_stop = std::make_unique<StopSignal>(m_comm);
    bool stopped = false;
    {
        const StopSignal::Listening listening; // the task loop polls for a stop
        stop_ends_run("during a task"); // if a task does not poll in time (start_journal_watcher)
        compute_tasks();
        stop_ends_run("after the tasks"); // the journal holds them now
        stopped = m_stop->finish();
    }
    if (const std::optional<int> status = end_before_result(stopped, settled_tasks()))
        return *status;
    stop_ends_run("in the final write");
    write_result();
    return 0;
}

int run_job(int argc, char** argv, Job& job) {
    StopSignal::install();
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        // Once the run has its status, a stop signal (mpiexec's SIGTERM to a rank that is
        // still finalizing after another one ended) ends the process with it, saying nothing.
        const auto ended = [](int status) { StopSignal::set_stopped_line(status, "", false); };
        try {
            JobRunner runner(env, job, argc, argv);
            const int status = runner.run();
            ended(status);
            return status;
        } catch (const UsageError&) {
            ended(2);
            throw;
        } catch (...) {
            ended(1);
            throw;
        }
    });
}

} // namespace cgt::common
