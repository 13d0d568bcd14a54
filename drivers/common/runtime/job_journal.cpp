#include "common/runtime/job_runner.hpp"

#include "common/plumbing/file_lock.hpp"
#include "common/runtime/result_reader.hpp"

#include "common/runtime/task_list.hpp"

#include <algorithm>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#include <cstring>
#include <map>
#include <sys/stat.h>
#include <thread>

namespace cgt::common {

namespace {

// RecordRefs travel between ranks as seven words each.
constexpr std::size_t REF_WORDS = 7;
void pack(const RecordRef& r, std::vector<std::uint64_t>& out) {
    const std::uint64_t kind = static_cast<std::uint64_t>(r.kind) | (r.deflated ? DEFLATED_KIND : 0);
    out.insert(out.end(), {r.file, kind, r.flags, r.task, r.offset, r.length, r.hash});
}
RecordRef unpack(const std::uint64_t* w) {
    return {static_cast<std::uint32_t>(w[0]),
            static_cast<RecordKind>(w[1] & ~std::uint64_t{DEFLATED_KIND}),
            static_cast<std::uint16_t>(w[2]),
            w[3], w[4], w[5], w[6], (w[1] & DEFLATED_KIND) != 0};
}

// Whether a file of journal folder `dir` was modified after `out` was. A run writes its
// result after its last journal record, so the journal a run leaves when it is killed
// between the result's rename and the journal's removal is never newer than the result;
// one that is newer belongs to a later run (with --force) over an older result.
bool journal_newer_than(const std::string& dir, const std::string& out) {
    struct stat result {};
    if (::stat(out.c_str(), &result) != 0) return false;
    const auto later = [](const timespec& a, const timespec& b) {
        return a.tv_sec != b.tv_sec ? a.tv_sec > b.tv_sec : a.tv_nsec > b.tv_nsec;
    };
    for (const std::string& path : journal_files(dir)) {
        struct stat file {};
        if (::stat(path.c_str(), &file) == 0 && later(file.st_mtim, result.st_mtim)) return true;
    }
    return false;
}

} // namespace

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

bool JobRunner::resume_of_complete_result(bool& newer_journal) {
    if (!m_resume || !m_merge.empty() || !path_exists(m_out)) return false;
    try {
        const ResultReader result(m_out, m_info.program);
        if (!result.text_attribute("parameters").starts_with(m_header.parameters)) return false;
    } catch (const std::exception&) {
        return false; // not this run's complete result: refused below as any other file
    }
    const bool journal = path_exists(m_journal);
    newer_journal = journal && journal_newer_than(m_journal, m_out);
    if (newer_journal) return false; // a later run's: resumed with --force, or refused
    if (journal) remove_journal(m_journal);
    if (!m_quiet)
        std::fprintf(stderr, "note: %s is complete already%s: nothing to resume\n", m_out.c_str(),
                     journal ? (" (removed the journal " + m_journal + " a run stopped after its last write left)").c_str()
                             : "");
    return true;
}

std::optional<std::string> JobRunner::plan_journal() {
    std::vector<std::string> dirs = m_merge;
    if (auto busy = held_by_another_run(m_out + ".partial")) return busy;
    if (auto no_locks = missing_locks_at(m_out)) return no_locks; // before anything is created
    bool newer_journal = false;
    m_complete_already = resume_of_complete_result(newer_journal);
    if (m_complete_already) return std::nullopt;
    if (newer_journal && !m_force)
        return "--resume: " + m_journal + " is newer than the result " + m_out +
               " (a run with --force stopped): continue it with --resume --force, or remove the journal to keep " + m_out;
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
    // Finished tasks are dealt round-robin: any rank may hold any task's rows. Read as a
    // stream (each file opened once, one buffer); a stop signal ends the reading at the
    // next record, and the run then stops before any task (the journal as it was).
    try {
        JournalReader reader;
        std::uint64_t restored = 0;
        for (std::size_t k = static_cast<std::size_t>(m_comm.rank()); k < m_plan.done.size();
             k += static_cast<std::size_t>(m_comm.size())) {
            if (StopSignal::received()) break;
            const RecordRef& r = m_plan.done[k];
            const std::string& path = m_plan.files[r.file];
            (void)m_tables->decode(reader.payload(path, r), path + ": task " + std::to_string(r.task));
            static const long stop_after = test_count("CGT_TEST_STOP_IN_RESTORE"); // for tests only
            if (test_count_reached(stop_after, ++restored)) std::raise(SIGTERM);
        }
    } catch (const JournalError& e) {
        return std::string(m_merge.empty() ? "--resume: " : "--merge: ") + e.what();
    }
    return std::nullopt;
}

void JobRunner::save_state(std::uint64_t task, std::span<const std::byte> state, bool snapshot) {
    const std::uint64_t serial = m_state_serial++;
    const std::span<const std::byte> pieces[] = {std::as_bytes(std::span(&serial, 1)), state};
    const ScopedFlag busy(m_journal_busy);
    const std::uint64_t at = m_writer->append(RecordKind::state, snapshot ? STATE_SNAPSHOT : 0, task, pieces);
    m_appended->state(task, snapshot, {at, m_writer->bytes()});
    m_writer->sync();
    after_state_saved();
}

void JobRunner::replace_state(std::uint64_t task, std::span<const std::byte> state) {
    const std::uint64_t serial = m_state_serial++;
    const std::span<const std::byte> pieces[] = {std::as_bytes(std::span(&serial, 1)), state};
    const ScopedFlag busy(m_journal_busy);
    m_writer->sync(); // the log's records before it are durable first
    write_state_file(state_file(m_journal, task), m_header, task, pieces);
    m_appended->superseded(task);
    after_state_saved();
}

void JobRunner::after_state_saved() {
    static const long kill_after = test_count("CGT_TEST_KILL_AFTER_STATES"); // for tests only
    if (test_count_reached(kill_after, ++m_states_saved)) std::raise(SIGKILL);
    hold_for_test("CGT_TEST_HOLD_AFTER_STATES", m_states_saved);
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

void JobRunner::hold_for_test(const char* variable, std::uint64_t count) {
    const long hold = test_count(variable);
    if (!test_count_reached(hold, count)) return;
    m_writer->sync();
    const std::string held = m_out + ".held", release = m_out + ".release";
    if (const int fd = ::open(held.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644); fd >= 0) ::close(fd);
    for (int i = 0; i < 60000 && !StopSignal::received() && !path_exists(release); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

void JobRunner::load_verdicts() {
    m_verdicts = TaskVerdicts(m_tasks);
    for (const RecordRef& r : m_plan.done)
        if (const auto v = flags_verdict(r.flags)) m_verdicts.set(r.task, *v);
}

std::vector<bool> JobRunner::needed_missing(const std::vector<bool>& done) const {
    std::vector<bool> missing(m_tasks, false);
    for (std::uint64_t t = 0; t < m_tasks; ++t) missing[t] = !done[t] && m_policy->task_needed(t, m_verdicts);
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

// Below the floor, dead states stay during the run (a 7x7 Hex opening saved at every pause
// writes about 10 MB); once this rank's tasks are over, they go when they weigh half the live
// bytes or more, so that the journal a run leaves (stopped, a part, or killed before its
// rename) holds at most 1.5 times its live records: the finished tasks' records and the states
// of a task stopped midway. The rewrite copies only the live bytes, fewer than it drops.
void JobRunner::compact_after_tasks() {
    if (!m_writer) return;
    const std::uint64_t dead = m_appended->dead_bytes(), bytes = m_writer->bytes();
    if (dead == 0 || 2 * dead < bytes - std::min(dead, bytes)) return;
    m_writer->compact(m_appended->live());
    m_appended->compacted();
}

void JobRunner::remove_old_journal() {
    if (m_comm.is_root() && m_force && !m_resume && m_merge.empty() && path_exists(m_journal)) remove_journal(m_journal);
    m_comm.barrier();
}

} // namespace cgt::common
