#include "common/plumbing/output_file.hpp"

#include "common/plumbing/file_lock.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace cgt::common {

std::string file_kind(mode_t mode) {
    if (S_ISREG(mode)) return "a regular file";
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISLNK(mode)) return "a symbolic link";
    return "not a regular file";
}

std::optional<std::string> not_regular_file(const std::string& path) {
    struct stat st {};
    if (stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return std::nullopt;
    return file_kind(st.st_mode);
}

bool test_write_fails(const char* what, int rank) {
    const char* spec = std::getenv("CGT_TEST_FAIL_WRITE");
    if (!spec) return false;
    const std::string wanted = std::string(what) + ":" + std::to_string(rank);
    const std::string list = std::string(",") + spec + ",";
    return list.find("," + wanted + ",") != std::string::npos;
}

std::string write_failure_cause(const std::string& path, const std::string& fallback) {
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    struct statvfs fs {};
    if (statvfs(dir.c_str(), &fs) != 0) return fallback;
    // "Almost": a writer fails as soon as its next block does not fit.
    const unsigned long long free_bytes = static_cast<unsigned long long>(fs.f_bavail) * fs.f_frsize;
    if (free_bytes < 1024 * 1024) return "no space left on device (" + std::to_string(free_bytes) + " bytes free in " + dir + ")";
    return fallback;
}

std::optional<std::string> held_by_another_run(const std::string& partial) {
    struct stat st {};
    if (lstat(partial.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    const int fd = ::open(partial.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    const bool busy = lock_exclusive(fd).state == FileLock::State::busy;
    ::close(fd); // also lets go of the lock if it was taken
    if (!busy) return std::nullopt;
    return "another run is writing '" + partial + "' (it is locked): wait for it to finish, or choose another --out";
}

namespace {
// Whether an entry of this lstat mode may be replaced by a result.
bool replaceable(mode_t mode) {
    return S_ISREG(mode) || S_ISLNK(mode);
}

[[noreturn]] void refuse_to_replace(const std::string& to, mode_t mode) {
    throw std::runtime_error("refusing to replace '" + to + "': it is " + file_kind(mode));
}

[[noreturn]] void rename_failed(const std::string& from, const std::string& to, int error) {
    throw std::runtime_error("cannot rename '" + from + "' to '" + to +
                             "': " + std::strerror(error));
}
} // namespace

void rename_over_regular_file(const std::string& from, const std::string& to) {
    struct stat st {};
    if (lstat(to.c_str(), &st) != 0) {
        // Nothing there: take the name only if it is still free.
        if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return;
        if (errno != EEXIST && errno != EINVAL && errno != ENOSYS) rename_failed(from, to, errno);
        if (lstat(to.c_str(), &st) != 0) { // no renameat2 here: a plain rename
            if (std::rename(from.c_str(), to.c_str()) != 0) rename_failed(from, to, errno);
            return;
        }
    }
    if (!replaceable(st.st_mode)) refuse_to_replace(to, st.st_mode);
    // Exchange, then look at what came back: the old `to`, now at `from`.
    if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE) == 0) {
        struct stat old {};
        if (lstat(from.c_str(), &old) == 0 && !replaceable(old.st_mode)) {
            renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE);
            refuse_to_replace(to, old.st_mode);
        }
        if (unlink(from.c_str()) != 0 && errno != ENOENT)
            throw std::runtime_error("cannot remove the previous '" + to + "' (now '" + from +
                                     "'): " + std::strerror(errno));
        return;
    }
    if (errno != EINVAL && errno != ENOSYS) rename_failed(from, to, errno);
    if (std::rename(from.c_str(), to.c_str()) != 0) rename_failed(from, to, errno); // checked above
}

OutputLock::~OutputLock() {
    release();
}

void OutputLock::release() {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
}

std::optional<std::string> OutputLock::acquire(const std::string& path, Refusal& refusal) {
    refusal = Refusal::failed;
    const std::string quoted_path = "'" + path + "'";
    for (int attempt = 0; attempt < 3; ++attempt) {
        struct stat st {};
        if (lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
            return "cannot write " + quoted_path + ": it is " + file_kind(st.st_mode);
        // O_NONBLOCK: should a FIFO appear here after all, opening it must not wait.
        const int fd =
            ::open(path.c_str(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
        if (fd < 0) {
            if (errno == ELOOP) return "cannot write " + quoted_path + ": it is a symbolic link";
            return "cannot write " + quoted_path + ": " + std::strerror(errno);
        }
        struct stat opened {};
        if (fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
            ::close(fd);
            return "cannot write " + quoted_path + ": it is " + file_kind(opened.st_mode);
        }
        const FileLock lock = lock_exclusive(fd);
        if (auto why = lock_refusal(
                lock, path,
                "another run is writing " + quoted_path +
                    " (it is locked): wait for it to finish, or choose another --out")) {
            ::close(fd);
            refusal = lock.state == FileLock::State::busy       ? Refusal::busy
                      : lock.state == FileLock::State::no_locks ? Refusal::no_locks
                                                                : Refusal::failed;
            return why;
        }
        // The lock is good only if the name still leads to the locked file (the run that
        // held it may have renamed it away meanwhile).
        m_fd = fd;
        if (holds(path)) {
            refusal = Refusal::none;
            return std::nullopt;
        }
        ::close(fd);
        m_fd = -1;
    }
    return "cannot write " + quoted_path + ": it keeps being replaced by another program";
}

bool OutputLock::holds(const std::string& path) const {
    struct stat mine {
    }, named{};
    return m_fd >= 0 && fstat(m_fd, &mine) == 0 && lstat(path.c_str(), &named) == 0 &&
           mine.st_dev == named.st_dev && mine.st_ino == named.st_ino;
}

} // namespace cgt::common
