#include "common/job.hpp"

#include "common/journal.hpp"
#include "common/journal_compaction.hpp"
#include "common/mpi_environment.hpp"
#include "common/output_file.hpp"
#include "common/partition.hpp"
#include "common/progress.hpp"
#include "common/stop_signal.hpp"
#include "common/task_list.hpp"
#include "common/task_queue.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <new>
#include <stdexcept>
#include <optional>
#include <thread>

namespace cgt::common {

namespace {
// The seconds a test hook asks for in the environment (job.hpp), 0 when it is not set.
double test_seconds(const char* variable) {
    const char* s = std::getenv(variable);
    return s ? std::atof(s) : 0.0;
}
} // namespace

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// A word of a shell command as the user would retype it.
std::string shell_word(const std::string& w) {
    if (!w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,@+%") ==
                          std::string::npos)
        return w;
    std::string out = "'";
    for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The first line where two parameter texts differ, as "max-heap = 8 there, max-heap = 9 here".
std::string first_difference(const std::string& there, const std::string& here) {
    const auto lines = [](const std::string& t) {
        std::vector<std::string> out;
        std::size_t at = 0;
        while (at < t.size()) {
            const auto nl = t.find('\n', at);
            out.push_back(t.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
            at = nl == std::string::npos ? t.size() : nl + 1;
        }
        return out;
    };
    const auto a = lines(there), b = lines(here);
    for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        const std::string x = i < a.size() ? a[i] : "(nothing)", y = i < b.size() ? b[i] : "(nothing)";
        if (x != y) return "'" + x + "' there, '" + y + "' here";
    }
    return "the same text, another hash";
}

// RecordRefs travel between ranks as seven words each.
constexpr std::size_t REF_WORDS = 7;
void pack(const RecordRef& r, std::vector<std::uint64_t>& out) {
    out.insert(out.end(), {r.file, static_cast<std::uint64_t>(r.kind), r.flags, r.task, r.offset, r.length, r.hash});
}
RecordRef unpack(const std::uint64_t* w) {
    return {static_cast<std::uint32_t>(w[0]), static_cast<RecordKind>(w[1]), static_cast<std::uint16_t>(w[2]),
            w[3], w[4], w[5], w[6]};
}

// What rank 0 found in the journal(s): the files, one record per finished task, the saved
// states of the others, and how much of each file to keep.
struct JournalPlan {
    std::vector<std::string> files;
    std::vector<std::uint64_t> valid_bytes;
    std::vector<RecordRef> done;   // by task, ascending
    std::vector<RecordRef> states; // of tasks not done, in file order
};

} // namespace

class JobRunner {
public:
    JobRunner(MpiEnvironment& env, Job& job, int argc, char** argv)
        : m_env(env), m_comm(env.comm()), m_info(job.info()), m_job(job), m_argc(argc), m_argv(argv),
          m_start(Clock::now()), m_cpu_start(cpu_seconds()) {}

    int run();

    // TaskContext's calls.
    bool stop_requested() const { return m_stop && m_stop->requested(); }
    bool state_due() const { return seconds_since(m_state_clock) >= m_journal_every; }
    void save_state(std::uint64_t task, std::span<const std::byte> state, bool snapshot);
    std::vector<std::vector<std::byte>> saved_state(std::uint64_t task) const;
    void advance(std::uint64_t units);
    void set_verdict(std::uint64_t verdict);

private:
    void add_run_options(Options& options);
    void read_run_options(const po::variables_map& vm);
    // Rank 0: the checks of the file system and the journal; an error for agree_on_usage.
    std::optional<std::string> plan_journal();
    // Rank 0: reads the journal folders `dirs` into m_plan (and `scanned`), or why they are refused.
    std::optional<std::string> scan_journals(const std::vector<std::string>& dirs, const std::string& option,
                                             std::vector<ScannedFile>& scanned);
    void share_plan();
    std::optional<std::string> restore();
    void compute_tasks();
    // Rank 0's verdicts of the tasks in the journal(s) (skips_tasks()).
    void load_verdicts();
    // Rank 0, skips_tasks(): the tasks neither done nor made useless by the verdicts known.
    [[nodiscard]] std::vector<bool> needed_missing(const std::vector<bool>& done) const;
    // Collective: the tasks done, or (skips_tasks()) settled: done or not needed.
    [[nodiscard]] std::uint64_t settled_tasks();
    void run_task(std::uint64_t task);
    void maybe_sync();
    // Rewrites this rank's journal file without its dead records when they outweigh the
    // live ones (journal_compaction.hpp).
    void maybe_compact();
    void fail(std::string why);
    std::string resume_command() const;
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
    std::vector<bool> m_done;
    std::unique_ptr<TaskTables> m_tables;
    std::unique_ptr<JournalWriter> m_writer;
    std::unique_ptr<AppendedRecords> m_appended; // m_writer's records of this run, for compaction
    std::unique_ptr<StopSignal> m_stop;
    std::unique_ptr<Progress> m_progress;
    bool m_queue = false;
    bool m_task_stopped = false;
    // This rank's failure to go on (a full disk, out of memory), told to every rank once
    // the tasks stop: the run ends with it as one line and status 1, its journal kept.
    std::optional<std::string> m_failure;
    std::uint64_t m_computed = 0;
    std::uint64_t m_advanced = 0; // units the running task reported itself
    std::uint64_t m_state_serial = 0;
    // Skipping (Job::skips_tasks, the queue): the running task's verdict; on rank 0 the
    // verdicts known and the tasks finished by this run.
    bool m_skipping = false;
    std::optional<std::uint64_t> m_task_verdict;
    TaskVerdicts m_verdicts;
    std::vector<bool> m_finished;
    Clock::time_point m_last_sync, m_state_clock;
};

bool TaskContext::stop_requested() const { return m_runner->stop_requested(); }
bool TaskContext::state_due() const { return m_runner->state_due(); }
void TaskContext::save_state(std::span<const std::byte> state, bool snapshot) {
    m_runner->save_state(m_task, state, snapshot);
}
std::vector<std::vector<std::byte>> TaskContext::saved_state() const { return m_runner->saved_state(m_task); }
void TaskContext::advance(std::uint64_t units) { m_runner->advance(units); }
void TaskContext::set_verdict(std::uint64_t verdict) { m_runner->set_verdict(verdict); }

std::vector<std::uint64_t> JobResults::sum_counters() {
    std::vector<std::uint64_t> sums = m_tables.counters();
    m_comm.sum(sums);
    return sums;
}

DistinctTexts JobResults::index_texts() {
    DistinctTexts distinct = index_distinct_texts(m_comm.raw(), m_tables.texts().take());
    for (const auto& [t, column] : m_tables.spec().text_ids)
        for (std::uint64_t& id : m_tables.table(t).column<std::uint64_t>(column)) id = distinct.index[id];
    return distinct;
}

void JobRunner::add_run_options(Options& options) {
    auto add = options.add_run_control();
    add("resume", po::bool_switch()->default_value(false),
        "continue a stopped or killed run: the tasks in the --out file's journal (FILE.journal) are not computed again");
    add("journal-every", po::value<double>()->default_value(60.0)->value_name("SECONDS"),
        "make the journal durable (fsync) at most this many seconds apart (0: after every task)");
    add("force", po::bool_switch()->default_value(false),
        "replace an existing --out file, and start again over the journal of a stopped run");
    add("tasks", po::value<std::string>()->value_name("LIST"),
        "compute only these tasks (0-99,200-299, or a part K/N of N equal parts) into the journal, for cgt-merge");
    for (const TaskSubset& s : m_subsets) add(s.option.c_str(), po::value<std::string>()->value_name(s.value_name), s.help.c_str());
    add("merge", po::value<std::vector<std::string>>()->composing()->value_name("JOURNAL"),
        "write the result from the journals of partial runs (repeat the option; cgt-merge does this for you)");
    add_max_memory_option(options);
    options.allow_in_config("journal-every");
}

void JobRunner::read_run_options(const po::variables_map& vm) {
    m_resume = vm["resume"].as<bool>();
    m_force = vm["force"].as<bool>();
    m_quiet = vm["quiet"].as<bool>();
    m_journal_every = vm["journal-every"].as<double>();
    if (!(m_journal_every >= 0) || m_journal_every > 1e9)
    {
        char got[32];
        std::snprintf(got, sizeof got, "%g", m_journal_every);
        throw UsageError(std::string("--journal-every must be 0 or more seconds, got ") + got);
    }
    if (vm.count("merge")) m_merge = vm["merge"].as<std::vector<std::string>>();
    m_tasks = m_job.task_count();
    std::vector<std::string> named;
    if (vm.count("tasks")) named.push_back("tasks");
    for (const TaskSubset& s : m_subsets)
        if (vm.count(s.option)) named.push_back(s.option);
    if (named.size() > 1) throw UsageError("--" + named[0] + " and --" + named[1] + " do not go together: name the tasks one way");
    if (!named.empty() && !m_merge.empty()) throw UsageError("--merge writes every task: it takes no --" + named[0]);
    if (m_resume && !m_merge.empty()) throw UsageError("--merge and --resume do not go together");
    if (named.empty()) return;
    m_subset_text = "--" + named[0] + " " + vm[named[0]].as<std::string>();
    if (named[0] == "tasks") {
        m_subset = parse_task_list(vm["tasks"].as<std::string>(), m_tasks);
        return;
    }
    for (const TaskSubset& s : m_subsets) {
        if (s.option != named[0]) continue;
        std::vector<std::uint64_t> tasks = s.resolve(vm[s.option].as<std::string>());
        std::sort(tasks.begin(), tasks.end());
        tasks.erase(std::unique(tasks.begin(), tasks.end()), tasks.end());
        if (tasks.empty()) throw UsageError("--" + s.option + " names no task of this run");
        m_subset = std::move(tasks);
    }
}

std::optional<std::string> JobRunner::scan_journals(const std::vector<std::string>& dirs, const std::string& option,
                                                   std::vector<ScannedFile>& scanned) {
    m_plan = {};
    scanned.clear();
    std::map<std::uint64_t, std::pair<RecordRef, std::string>> done; // task -> record, its journal
    try {
        for (const std::string& dir : dirs) {
            if (!path_exists(dir)) return option + ": there is no journal " + dir;
            const auto files = journal_files(dir);
            if (files.empty() && !m_merge.empty()) return option + ": " + dir + " holds no journal files";
            for (const std::string& path : files) {
                ScannedFile f = scan_journal_file(path);
                const auto index = static_cast<std::uint32_t>(m_plan.files.size());
                m_plan.files.push_back(path);
                m_plan.valid_bytes.push_back(f.valid_bytes);
                if (empty(f)) continue;
                const JournalHeader& h = f.header;
                if (h.program != m_header.program)
                    return option + ": " + path + " is a journal of " + h.program + ", not of " + m_header.program;
                if (h.parameters != m_header.parameters)
                    return option + ": " + path + " is a journal of other parameters (" +
                           first_difference(h.parameters, m_header.parameters) + ")";
                if (h.task_count != m_header.task_count)
                    return option + ": " + path + " is a journal of " + std::to_string(h.task_count) +
                           " tasks, this run has " + std::to_string(m_header.task_count) + " (another build?)";
                for (RecordRef& r : f.records) {
                    r.file = index;
                    if (r.task >= m_tasks)
                        return option + ": " + path + " is damaged: a record of task " + std::to_string(r.task) +
                               ", beyond the last task";
                    if (r.kind == RecordKind::state) {
                        m_plan.states.push_back(r);
                        continue;
                    }
                    const auto [it, fresh] = done.try_emplace(r.task, r, dir);
                    if (fresh) continue;
                    // The same task twice: the parts must agree on it (timings aside).
                    const RecordRef& first = it->second.first;
                    const auto a = TaskTables::content_hash(read_payload_head(m_plan.files[first.file], first, 8));
                    const auto b = TaskTables::content_hash(read_payload_head(path, r, 8));
                    if (a != b)
                        return option + ": task " + std::to_string(r.task) + " differs between " + it->second.second +
                               " and " + dir;
                }
                scanned.push_back(std::move(f));
            }
        }
        // Saved states of finished tasks are obsolete; the others are read now, so that a
        // damaged one is refused before any work starts.
        std::erase_if(m_plan.states, [&](const RecordRef& r) { return done.count(r.task) > 0; });
        for (const RecordRef& r : m_plan.states) (void)read_payload(m_plan.files[r.file], r);
    } catch (const JournalError& e) {
        return option + ": " + e.what();
    }
    for (const auto& [task, record] : done) m_plan.done.push_back(record.first);
    return std::nullopt;
}

std::optional<std::string> JobRunner::plan_journal() {
    std::vector<std::string> dirs = m_merge;
    if (auto busy = held_by_another_run(m_out + ".partial")) return busy;
    if (path_exists(m_out) && !m_force)
        return m_out + " exists: a result is replaced only with --force (or write to another --out)";
    if (m_merge.empty()) {
        if (!m_resume && path_exists(m_journal)) {
            if (m_force) return std::nullopt; // started again: the old journal goes
            return m_journal + " holds the tasks of a run that stopped: continue it with --resume, or start again with --force";
        }
        if (!m_resume) return std::nullopt;
        if (!path_exists(m_journal)) return "--resume: there is no journal " + m_journal;
        dirs = {m_journal};
    }
    const std::string option = m_merge.empty() ? "--resume" : "--merge";
    std::vector<ScannedFile> scanned;
    if (m_resume) remove_compaction_leftovers(m_journal);
    if (auto refused = scan_journals(dirs, option, scanned)) return refused;
    if (m_resume) { // dead records dropped: the plan is that of the rewritten files
        std::vector<CompactedFile> compacted;
        try {
            compacted = compact_journal(scanned);
        } catch (const JournalError& e) {
            return option + ": " + e.what();
        }
        for (const CompactedFile& c : compacted)
            if (!m_quiet)
                std::fprintf(stderr, "note: compacted %s: %llu bytes -> %llu bytes\n", c.path.c_str(),
                             static_cast<unsigned long long>(c.bytes_before), static_cast<unsigned long long>(c.bytes_after));
        if (!compacted.empty()) {
            if (auto refused = scan_journals(dirs, option, scanned)) return refused;
        }
    }
    for (const ScannedFile& f : scanned) // once, though a compaction at resume scans twice
        if (f.header.version != m_header.version && !m_quiet)
            std::fprintf(stderr, "note: %s was written by %s, this is %s\n", f.path.c_str(), f.header.version.c_str(),
                         m_header.version.c_str());
    if (!m_merge.empty() && m_plan.done.size() != m_tasks) {
        std::vector<bool> missing(m_tasks, true);
        for (const RecordRef& r : m_plan.done) missing[r.task] = false;
        // A task the verdicts of the parts make useless is not missing.
        if (m_skipping) {
            load_verdicts();
            std::vector<bool> have(m_tasks);
            for (std::uint64_t t = 0; t < m_tasks; ++t) have[t] = !missing[t];
            missing = needed_missing(have);
        }
        const auto n_missing = static_cast<std::uint64_t>(std::count(missing.begin(), missing.end(), true));
        if (n_missing > 0)
            return "--merge: tasks " + format_task_ranges(missing) + " are in none of the journals (" +
                   std::to_string(n_missing) + " of " + std::to_string(m_tasks) + " missing)";
    }
    return std::nullopt;
}

void JobRunner::share_plan() {
    m_comm.broadcast(m_plan.files);
    m_comm.broadcast(m_plan.valid_bytes);
    std::vector<std::uint64_t> words;
    for (const RecordRef& r : m_plan.done) pack(r, words);
    const std::uint64_t n_done = m_plan.done.size();
    for (const RecordRef& r : m_plan.states) pack(r, words);
    std::vector<std::uint64_t> counts{n_done};
    m_comm.broadcast(counts);
    m_comm.broadcast(words);
    m_plan.done.clear();
    m_plan.states.clear();
    for (std::size_t k = 0; k * REF_WORDS < words.size(); ++k)
        (k < counts[0] ? m_plan.done : m_plan.states).push_back(unpack(words.data() + k * REF_WORDS));
    m_done.assign(m_tasks, false);
    for (const RecordRef& r : m_plan.done) m_done[r.task] = true;
}

std::optional<std::string> JobRunner::restore() {
    // Finished tasks are dealt round-robin: any rank may hold any task's rows.
    try {
        for (std::size_t k = static_cast<std::size_t>(m_comm.rank()); k < m_plan.done.size();
             k += static_cast<std::size_t>(m_comm.size())) {
            const RecordRef& r = m_plan.done[k];
            const std::string& path = m_plan.files[r.file];
            (void)m_tables->decode(read_payload(path, r), path + ": task " + std::to_string(r.task));
        }
    } catch (const JournalError& e) {
        return std::string(m_merge.empty() ? "--resume: " : "--merge: ") + e.what();
    }
    return std::nullopt;
}

void JobRunner::save_state(std::uint64_t task, std::span<const std::byte> state, bool snapshot) {
    const std::uint64_t serial = m_state_serial++;
    const std::span<const std::byte> pieces[] = {std::as_bytes(std::span(&serial, 1)), state};
    const std::uint64_t at = m_writer->append(RecordKind::state, snapshot ? STATE_SNAPSHOT : 0, task, pieces);
    m_appended->state(task, snapshot, {at, m_writer->bytes()});
    m_writer->sync();
    maybe_compact();
    // For tests only: a task that saves its state lasts longer after each save, so that a
    // kill or a signal lands between two saved states of one task however fast it runs.
    static const double test_state_seconds = test_seconds("CGT_TEST_STATE_SECONDS");
    if (test_state_seconds > 0) std::this_thread::sleep_for(std::chrono::duration<double>(test_state_seconds));
    m_last_sync = m_state_clock = Clock::now();
}

std::vector<std::vector<std::byte>> JobRunner::saved_state(std::uint64_t task) const {
    std::vector<std::pair<std::uint64_t, std::vector<std::byte>>> found; // serial, state
    std::vector<bool> snapshot;
    for (const RecordRef& r : m_plan.states) {
        if (r.task != task) continue;
        std::vector<std::byte> payload = read_payload(m_plan.files[r.file], r);
        if (payload.size() < 8) throw JournalError(m_plan.files[r.file] + ": a state record without its serial number");
        std::uint64_t serial = 0;
        std::memcpy(&serial, payload.data(), 8);
        payload.erase(payload.begin(), payload.begin() + 8);
        found.emplace_back(serial, std::move(payload));
        snapshot.push_back((r.flags & STATE_SNAPSHOT) != 0);
    }
    std::vector<std::size_t> order(found.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return found[a].first < found[b].first; });
    std::size_t from = 0;
    for (std::size_t k = 0; k < order.size(); ++k)
        if (snapshot[order[k]]) from = k;
    std::vector<std::vector<std::byte>> out;
    for (std::size_t k = from; k < order.size(); ++k) out.push_back(std::move(found[order[k]].second));
    return out;
}

void JobRunner::advance(std::uint64_t units) {
    m_advanced += units;
    if (!m_queue) m_progress->advance(units);
}

void JobRunner::set_verdict(std::uint64_t verdict) {
    if (verdict > MAX_VERDICT)
        throw std::logic_error("TaskContext::set_verdict: " + std::to_string(verdict) + " is over " +
                               std::to_string(MAX_VERDICT));
    m_task_verdict = verdict;
}

void JobRunner::load_verdicts() {
    m_verdicts = TaskVerdicts(m_tasks);
    for (const RecordRef& r : m_plan.done)
        if (const auto v = flags_verdict(r.flags)) m_verdicts.set(r.task, *v);
}

std::vector<bool> JobRunner::needed_missing(const std::vector<bool>& done) const {
    std::vector<bool> missing(m_tasks, false);
    for (std::uint64_t t = 0; t < m_tasks; ++t) missing[t] = !done[t] && m_job.task_needed(t, m_verdicts);
    return missing;
}

std::uint64_t JobRunner::settled_tasks() {
    if (!m_skipping) return m_plan.done.size() + m_comm.sum(m_computed);
    std::vector<std::uint64_t> settled{0};
    if (m_comm.is_root()) {
        std::vector<bool> done = m_finished;
        done.resize(m_tasks, false);
        for (const RecordRef& r : m_plan.done) done[r.task] = true;
        const std::vector<bool> missing = needed_missing(done);
        settled[0] = m_tasks - static_cast<std::uint64_t>(std::count(missing.begin(), missing.end(), true));
    }
    m_comm.broadcast(settled);
    return settled[0];
}

void JobRunner::fail(std::string why) {
    if (!m_failure) m_failure = std::move(why);
    m_task_stopped = true; // this rank starts no other task
    m_stop->request();     // nor do the others
}

void JobRunner::maybe_sync() {
    if (seconds_since(m_last_sync) < m_journal_every) return;
    m_writer->sync();
    m_last_sync = Clock::now();
}

void JobRunner::maybe_compact() {
    static const std::uint64_t floor = compaction_floor_bytes();
    if (!m_appended->due(m_writer->bytes(), floor)) return;
    m_writer->compact(m_appended->live());
    m_appended->compacted();
    m_last_sync = Clock::now();
}

void JobRunner::run_task(std::uint64_t task) {
    m_tables->begin_task();
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
        const EncodedRecord record = m_tables->end_task();
        if (test_write_fails("journal", m_comm.rank()))
            throw std::runtime_error("cannot write journal " + m_writer->path() + ": No space left on device");
        const std::uint64_t at = m_writer->append(RecordKind::task, verdict_flags(m_task_verdict), task, record.pieces);
        m_appended->task(task, {at, m_writer->bytes()});
        ++m_computed;
        maybe_sync();
        maybe_compact();
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
    if (test_task_seconds > 0) std::this_thread::sleep_for(std::chrono::duration<double>(test_task_seconds));
    const std::uint64_t units = m_job.task_units(task);
    if (!m_queue && units > m_advanced) m_progress->advance(units - m_advanced);
}

void JobRunner::compute_tasks() {
    std::vector<bool> wanted(m_tasks, !m_subset);
    if (m_subset)
        for (std::uint64_t t : *m_subset) wanted[t] = true;
    std::vector<std::uint64_t> order = m_job.dispatch_order();
    if (order.empty()) {
        order.resize(m_tasks);
        for (std::uint64_t t = 0; t < m_tasks; ++t) order[t] = t;
    }
    // Every rank knows the verdicts of the journal's tasks: the tasks they make useless are
    // left out alike everywhere (a merge then has nothing left to compute).
    if (m_skipping) load_verdicts();
    std::vector<std::uint64_t> todo;
    for (std::uint64_t t : order)
        if (wanted.at(t) && !m_done[t] && (!m_skipping || m_job.task_needed(t, m_verdicts))) todo.push_back(t);

    const Split split = m_job.split();
    m_queue = split == Split::queue;
    std::uint64_t units = 0;
    const auto P = static_cast<std::uint64_t>(m_comm.size()), me = static_cast<std::uint64_t>(m_comm.rank());
    std::vector<std::uint64_t> mine;
    if (split == Split::blocks) {
        const Range r = block_range(todo.size(), P, me);
        mine.assign(todo.begin() + static_cast<long>(r.begin), todo.begin() + static_cast<long>(r.end));
    } else if (split == Split::round_robin) {
        for (std::uint64_t k = me; k < todo.size(); k += P) mine.push_back(todo[k]);
    }
    for (std::uint64_t t : todo) units += m_queue ? 1 : m_job.task_units(t);

    if (!todo.empty()) {
        std::optional<std::string> failed;
        if (m_comm.is_root()) try {
                create_journal_dir(m_journal);
            } catch (const std::runtime_error& e) {
                failed = e.what();
            }
        agree_on_failure(m_comm.raw(), failed);
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
        agree_on_failure(m_comm.raw(), failed);
    }
    m_last_sync = Clock::now();
    m_progress = std::make_unique<Progress>(m_comm.raw(), units, m_info.progress_label.empty()
                                                                      ? m_info.program + " tasks" : m_info.progress_label,
                                            m_quiet || todo.empty());
    // The journal is made durable while long tasks run, too: every --journal-every seconds,
    // and at once on a stop, so that the records of every task finished so far are safe
    // within a moment of the signal (the main thread syncs after tasks as well).
    std::atomic<bool> computing{true};
    std::thread watcher;
    if (m_writer)
        watcher = std::thread([&] {
            auto last = Clock::now();
            while (computing.load()) {
                const bool stopping = m_stop->requested();
                if (stopping || (m_journal_every > 0 && seconds_since(last) >= m_journal_every)) {
                    try {
                        m_writer->sync_concurrently();
                    } catch (const std::exception&) {
                        return; // the main thread's own sync reports it
                    }
                    last = Clock::now();
                    if (stopping) return;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
        });
    struct Join {
        std::atomic<bool>& flag;
        std::thread& thread;
        ~Join() {
            flag = false;
            if (thread.joinable()) thread.join();
        }
    } join{computing, watcher};
    if (m_queue && m_skipping) {
        // Rank 0 learns each verdict as its task ends and skips the tasks they make useless.
        m_finished.assign(m_tasks, false);
        QueueVerdicts verdicts{.finished =
                                   [&](std::uint64_t i, std::optional<std::uint64_t> verdict) {
                                       m_finished[todo[i]] = true;
                                       if (verdict) m_verdicts.set(todo[i], *verdict);
                                   },
                               .needed = [&](std::uint64_t i) { return m_job.task_needed(todo[i], m_verdicts); }};
        run_task_queue(
            m_comm.raw(), todo.size(),
            [&](std::uint64_t i) {
                if (m_task_stopped) return QueueTaskEnd{};
                const std::uint64_t before = m_computed;
                run_task(todo[i]);
                if (m_computed == before) return QueueTaskEnd{};
                return QueueTaskEnd{true, m_task_verdict};
            },
            verdicts, m_progress.get(), m_stop.get());
    } else if (m_queue) {
        run_task_queue(
            m_comm.raw(), todo.size(),
            [&](std::uint64_t i) {
                if (!m_task_stopped) run_task(todo[i]);
            },
            m_progress.get(), m_stop.get());
    } else {
        for (std::uint64_t t : mine) {
            m_stop->poll();
            if (m_stop->requested() || m_task_stopped) break;
            run_task(t);
        }
    }
    m_progress->finish();
}

std::string JobRunner::resume_command() const {
    // Under Slurm the ranks are srun's; any rank count may continue the run.
    const char* launcher = std::getenv("SLURM_JOB_ID") ? "srun -n " : "mpiexec -n ";
    std::string cmd = m_comm.size() > 1 ? launcher + std::to_string(m_comm.size()) + " " : "";
    bool has_resume = false;
    for (int i = 0; i < m_argc; ++i) {
        const std::string a = m_argv[i];
        has_resume = has_resume || a == "--resume";
        cmd += (i ? " " : "") + shell_word(a);
    }
    return cmd + (has_resume ? "" : " --resume");
}

void JobRunner::remove_old_journal() {
    if (m_comm.is_root() && m_force && !m_resume && m_merge.empty() && path_exists(m_journal)) remove_journal(m_journal);
    m_comm.barrier();
}

int JobRunner::run() {
    m_options = std::make_unique<Options>(m_info.program, m_info.summary, m_info.example, m_info.default_out);
    m_job.add_options(*m_options);
    m_subsets = m_job.subsets();
    add_run_options(*m_options);
    const int ranks_on_node = m_comm.ranks_on_node();
    // The memory is checked once, for the values that apply: a config file's value the command
    // line overrides is validated (the validator sees it first) but sizes nothing.
    po::variables_map applied;
    const bool go = m_options->parse(m_env, m_argc, m_argv, [&](const po::variables_map& vm) {
        m_job.read_options(vm, m_env.size());
        read_run_options(vm);
        applied = vm;
    });
    if (!go) return 0;
    std::optional<std::string> too_big; // the ranks of a node agree; other nodes may differ
    try {
        check_memory(applied, m_job.memory_need(m_env.size()), ranks_on_node);
    } catch (const UsageError& e) {
        too_big = e.what();
    }
    m_env.agree_on_usage(too_big);
    if (const std::string note = long_run_note(m_info.program, m_job.memory_need(m_env.size()));
        !note.empty() && m_comm.is_root() && !m_quiet)
        std::fprintf(stderr, "%s\n", note.c_str());
    m_skipping = m_job.split() == Split::queue && m_job.skips_tasks();
    m_out = m_options->out_path();
    m_journal = journal_dir(m_out);
    m_options->set_derived_parameters(m_job.derived_parameters());
    m_header = {m_info.program, m_options->own_parameters_text(), m_tasks, program_version()};

    std::optional<std::string> error;
    if (m_comm.is_root()) error = plan_journal();
    m_env.agree_on_usage(error);
    remove_old_journal();
    share_plan();
    m_tables = std::make_unique<TaskTables>(m_job.tables());
    m_job.begin(*m_tables);
    m_env.agree_on_usage(restore());

    m_stop = std::make_unique<StopSignal>(m_comm.raw());
    compute_tasks();
    const bool stopped = m_stop->finish();
    const std::uint64_t done = settled_tasks();
    // The journal outlives this run when it stopped or did a part: durable now. A run that
    // goes on to write the result leaves its last records to the OS (a kill of the process
    // keeps them; a crash of the node loses at most --journal-every seconds of work).
    if (m_writer && (stopped || done < m_tasks)) try {
            m_writer->sync();
        } catch (const std::runtime_error& e) {
            if (!m_failure) m_failure = e.what();
        }
    if (m_failure)
        *m_failure += " (" + std::to_string(done) + " of " + std::to_string(m_tasks) + " tasks are kept in " +
                      m_journal + ": continue with --resume)";
    agree_on_failure(m_comm.raw(), m_failure);
    if (stopped) {
        if (m_comm.is_root())
            std::fprintf(stderr, "%s: stopped: %llu of %llu tasks are done and kept in %s%s; continue with: %s\n",
                         m_info.program.c_str(), static_cast<unsigned long long>(done),
                         static_cast<unsigned long long>(m_tasks), m_journal.c_str(),
                         m_tasks == 1 && done == 0 ? " (with the task's saved state)" : "", resume_command().c_str());
        return STOPPED;
    }
    if (done < m_tasks) {
        if (m_comm.is_root() && !m_quiet)
            std::fprintf(stderr, "%s: %s: %llu of %llu tasks are done and kept in %s; merge the parts with: "
                                 "cgt-merge --out FILE JOURNAL...\n",
                         m_info.program.c_str(), m_subset_text.c_str(), static_cast<unsigned long long>(done),
                         static_cast<unsigned long long>(m_tasks), m_journal.c_str());
        return 0;
    }

    ResultFile file(m_comm.raw(), m_out, m_info.program, m_options->parameters_text(), seconds_since(m_start));
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
    file.finish();
    // The file holds everything now; a merge leaves the parts' journals to their owner.
    if (m_comm.is_root() && m_merge.empty() && path_exists(m_journal)) remove_journal(m_journal);
    return 0;
}

int run_job(int argc, char** argv, Job& job) {
    StopSignal::install();
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        JobRunner runner(env, job, argc, argv);
        return runner.run();
    });
}

} // namespace cgt::common
