#include "common/plumbing/file_lock.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace cgt::common {

bool unlocked_allowed() {
    const char* allow = std::getenv("CGT_ALLOW_UNLOCKED");
    return allow && std::strcmp(allow, "1") == 0;
}

FileLock lock_exclusive(int fd) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return {FileLock::State::held, 0};
    const int error = errno;
    if (error == EWOULDBLOCK) return {FileLock::State::busy, error};
    if (error == ENOLCK || error == EOPNOTSUPP || error == ENOSYS)
        return {unlocked_allowed() ? FileLock::State::unlocked : FileLock::State::no_locks, error};
    return {FileLock::State::failed, error};
}

std::optional<std::string> lock_refusal(const FileLock& lock, const std::string& path,
                                        const std::string& busy_line) {
    switch (lock.state) {
    case FileLock::State::held:
    case FileLock::State::unlocked:
        return std::nullopt;
    case FileLock::State::busy:
        return busy_line;
    case FileLock::State::no_locks:
        return path +
               ": this file system offers no file locks (flock: " + std::strerror(lock.error) +
               "); write to a file system with locks (for Lustre: mount -o flock), or set "
               "CGT_ALLOW_UNLOCKED=1 to run without them at your own risk (README: Installing on a "
               "cluster)";
    case FileLock::State::failed:
        break;
    }
    return "cannot lock " + path + ": " + std::strerror(lock.error);
}

std::optional<std::string> missing_locks_at(const std::string& path) {
    const auto slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? "."
                               : slash == 0               ? "/"
                                                          : path.substr(0, slash);
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    const FileLock lock = lock_exclusive(fd); // a folder nobody else locks: never waited for
    ::close(fd);
    if (lock.state != FileLock::State::no_locks) return std::nullopt;
    return lock_refusal(lock, folder, "");
}

} // namespace cgt::common
