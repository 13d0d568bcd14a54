#include "common/runtime/journal_compaction.hpp"

#include "common/plumbing/file_lock.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <map>
#include <stdexcept>
#include <unistd.h>

namespace cgt::common {

namespace {

std::string errno_text() { return std::strerror(errno); }

// The rewrite in which the test hook kills the process (0: none), and the rewrites so far.
bool kill_in_this_rewrite() {
    static const long kill_at = [] {
        const char* s = std::getenv("CGT_TEST_KILL_IN_COMPACTION");
        return s ? std::atol(s) : 0L;
    }();
    static long rewrites = 0;
    return ++rewrites == kill_at;
}

void write_all(int fd, const char* p, std::size_t n, const std::string& path) {
    while (n > 0) {
        const ssize_t wrote = ::write(fd, p, n);
        if (wrote < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("cannot write " + path + ": " + errno_text());
        }
        p += wrote;
        n -= static_cast<std::size_t>(wrote);
    }
}

void read_all(int fd, char* p, std::size_t n, std::uint64_t at, const std::string& path) {
    while (n > 0) {
        const ssize_t got = ::pread(fd, p, n, static_cast<off_t>(at));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) throw std::runtime_error("cannot read journal " + path + " to compact it: " +
                                               (got < 0 ? errno_text() : std::string("it ends too soon")));
        p += got;
        n -= static_cast<std::size_t>(got);
        at += static_cast<std::uint64_t>(got);
    }
}

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

} // namespace

std::string compaction_file(const std::string& path) { return path + ".compact"; }

std::uint64_t compaction_floor_bytes() {
    const char* s = std::getenv("CGT_TEST_COMPACT_FLOOR_BYTES");
    return s && *s ? std::strtoull(s, nullptr, 10) : COMPACTION_FLOOR_BYTES;
}

int rewrite_journal_file(const std::string& path, std::span<const ByteRange> keep) {
    const std::string temp = compaction_file(path);
    const int in = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) throw std::runtime_error("cannot read journal " + path + " to compact it: " + errno_text());
    const int out = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (out < 0) {
        const std::string why = errno_text();
        ::close(in);
        throw std::runtime_error("cannot create " + temp + ": " + why);
    }
    try {
        // Locked before it has a byte: the renamed file is never unlocked while this run writes it.
        if (auto why = lock_refusal(lock_exclusive(out), temp, "another run is compacting " + path))
            throw std::runtime_error(*why);
        if (::ftruncate(out, 0) != 0) throw std::runtime_error("cannot empty " + temp + ": " + errno_text());
        std::uint64_t total = 0;
        for (const ByteRange& r : keep) total += r.size();
        const bool kill = kill_in_this_rewrite();
        const std::uint64_t half = total / 2;
        std::vector<char> buffer(std::size_t{1} << 20);
        std::uint64_t written = 0;
        for (const ByteRange& r : keep) {
            for (std::uint64_t at = r.begin; at < r.end;) {
                std::uint64_t n = std::min<std::uint64_t>(buffer.size(), r.end - at);
                if (kill && written < half) n = std::min(n, half - written);
                read_all(in, buffer.data(), static_cast<std::size_t>(n), at, path);
                write_all(out, buffer.data(), static_cast<std::size_t>(n), temp);
                at += n;
                written += n;
                if (kill && written == half) std::raise(SIGKILL); // for tests only (see the header)
            }
        }
        if (::fsync(out) != 0) throw std::runtime_error("fsync of " + temp + " failed: " + errno_text());
        if (::rename(temp.c_str(), path.c_str()) != 0)
            throw std::runtime_error("cannot rename " + temp + " to " + path + ": " + errno_text());
    } catch (...) {
        ::close(out);
        ::close(in);
        ::unlink(temp.c_str());
        throw;
    }
    ::close(in);
    try {
        sync_folder_of(path);
    } catch (...) {
        ::close(out);
        throw;
    }
    return out;
}

void JournalWriter::compact(std::span<const ByteRange> keep) {
    const int fd = rewrite_journal_file(m_path, keep); // durable: nothing is left to sync
    std::uint64_t bytes = 0;
    for (const ByteRange& r : keep) bytes += r.size();
    {
        const std::lock_guard lock(m_fd_mutex);
        ::close(m_fd); // the old file's lock goes with it; the new one's is held already
        m_fd = fd;
    }
    m_bytes = bytes;
    m_dirty = false;
    m_new = false;
}

void remove_compaction_leftovers(const std::string& dir) {
    std::vector<std::string> found;
    if (DIR* d = ::opendir(dir.c_str())) {
        while (const dirent* e = ::readdir(d)) {
            const std::string name = e->d_name;
            if ((name.compare(0, 5, "rank-") == 0 && ends_with(name, ".log.compact")) ||
                (name.compare(0, 6, "state-") == 0 && ends_with(name, ".log.new")))
                found.push_back(dir + "/" + name);
        }
        ::closedir(d);
    }
    for (const std::string& path : found) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue;
        if (!lock_refusal(lock_exclusive(fd), path, ""))
            ::unlink(path.c_str()); // held, or no locks here
        ::close(fd);
    }
}

void AppendedRecords::kill_states(std::uint64_t task) {
    for (Appended& a : m_records)
        if (a.state && a.task == task && !a.dead) {
            a.dead = true;
            m_dead += a.at.size();
        }
}

void AppendedRecords::state(std::uint64_t task, bool snapshot, ByteRange at) {
    if (snapshot) kill_states(task);
    m_records.push_back({task, true, at, false});
}

void AppendedRecords::task(std::uint64_t task, ByteRange at) {
    kill_states(task);
    m_records.push_back({task, false, at, false});
}

bool AppendedRecords::due(std::uint64_t file_bytes, std::uint64_t floor_bytes) const {
    return m_dead >= floor_bytes && m_dead > file_bytes - std::min(m_dead, file_bytes);
}

std::vector<ByteRange> AppendedRecords::live() const {
    std::vector<ByteRange> out{{0, m_kept}};
    for (const Appended& a : m_records) {
        if (a.dead) continue;
        if (out.back().end == a.at.begin)
            out.back().end = a.at.end;
        else
            out.push_back(a.at);
    }
    return out;
}

void AppendedRecords::compacted() {
    std::erase_if(m_records, [](const Appended& a) { return a.dead; });
    std::uint64_t at = m_kept;
    for (Appended& a : m_records) {
        const std::uint64_t size = a.at.size();
        a.at = {at, at + size};
        at += size;
    }
    m_dead = 0;
}

std::vector<CompactedFile> compact_journal(const std::vector<ScannedFile>& files) {
    // The record that stands for each finished task: its first, in file order (as the plan takes it).
    std::map<std::uint64_t, std::pair<std::size_t, std::size_t>> done; // task -> file, record
    for (std::size_t f = 0; f < files.size(); ++f)
        for (std::size_t k = 0; k < files[f].records.size(); ++k)
            if (files[f].records[k].kind == RecordKind::task) done.try_emplace(files[f].records[k].task, f, k);
    // The serial of every state of an unfinished task, and of each task's latest snapshot.
    std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> serial;
    std::map<std::uint64_t, std::uint64_t> latest_snapshot;
    for (std::size_t f = 0; f < files.size(); ++f)
        for (std::size_t k = 0; k < files[f].records.size(); ++k) {
            const RecordRef& r = files[f].records[k];
            if (r.kind != RecordKind::state || done.count(r.task) || r.length < 8) continue;
            const std::vector<std::byte> head = read_payload_head(files[f].path, r, 8);
            std::uint64_t s = 0;
            std::memcpy(&s, head.data(), 8);
            serial[{f, k}] = s;
            if (r.flags & STATE_SNAPSHOT) {
                auto [it, fresh] = latest_snapshot.try_emplace(r.task, s);
                if (!fresh) it->second = std::max(it->second, s);
            }
        }
    const auto live = [&](std::size_t f, std::size_t k) {
        const RecordRef& r = files[f].records[k];
        if (r.kind == RecordKind::task) return done.at(r.task) == std::pair(f, k);
        if (done.count(r.task)) return false;
        const auto s = serial.find({f, k});
        const auto latest = latest_snapshot.find(r.task);
        return s == serial.end() || latest == latest_snapshot.end() || s->second >= latest->second;
    };

    std::vector<CompactedFile> out;
    for (std::size_t f = 0; f < files.size(); ++f) {
        const ScannedFile& file = files[f];
        if (empty(file)) continue;
        std::vector<ByteRange> keep{{0, file.header_bytes}};
        bool dead = false;
        for (std::size_t k = 0; k < file.records.size(); ++k) {
            if (!live(f, k)) {
                dead = true;
                continue;
            }
            const RecordRef& r = file.records[k];
            const ByteRange at{r.offset - FRAME_BYTES, r.offset + r.length};
            if (keep.back().end == at.begin)
                keep.back().end = at.end;
            else
                keep.push_back(at);
        }
        if (!dead) continue;
        if (is_state_file(file.path) && keep.size() == 1 && keep.front().end == file.header_bytes) {
            // A state file whose state is dead (its task done, or a later state saved): removed.
            if (::unlink(file.path.c_str()) != 0) throw JournalError("cannot remove " + file.path + ": " + errno_text());
            sync_folder_of(file.path);
            out.push_back({file.path, file.valid_bytes, 0});
            continue;
        }
        // Locked as a writer locks it: a run writing this journal now is never cut short.
        const int lock = ::open(file.path.c_str(), O_RDONLY | O_CLOEXEC);
        if (lock < 0) throw JournalError("cannot read " + file.path + ": " + errno_text());
        if (auto why = lock_refusal(lock_exclusive(lock), file.path,
                                    "another run is writing the journal " + file.path)) {
            ::close(lock);
            throw JournalError(*why);
        }
        CompactedFile c{file.path, 0, 0};
        for (const ByteRange& r : keep) c.bytes_after += r.size();
        c.bytes_before = file.valid_bytes;
        try {
            ::close(rewrite_journal_file(file.path, keep));
        } catch (...) {
            ::close(lock);
            throw;
        }
        ::close(lock);
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace cgt::common
