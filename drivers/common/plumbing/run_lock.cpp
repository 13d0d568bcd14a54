#include "common/plumbing/run_lock.hpp"

#include "common/plumbing/file_lock.hpp"
#include "common/plumbing/output_file.hpp"
#include "common/plumbing/printable.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cgt::common {

namespace {

// The owner's text of an open lock file (at most one line of 300 bytes), "" if none.
std::string read_owner(int fd) {
    char buffer[301];
    const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
    if (n <= 0) return {};
    std::string text(buffer, static_cast<std::size_t>(n));
    if (const auto nl = text.find('\n'); nl != std::string::npos) text.resize(nl);
    return printable(text);
}

// "cgt-nim, pid 4711 on host node7, since 2026-12-03 14:40:02 UTC"
std::string owner_text(const std::string& program) {
    char host[256] = "?";
    if (::gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "?");
    host[sizeof host - 1] = '\0';
    char when[32] = "?";
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    if (gmtime_r(&now, &utc)) std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", &utc);
    return program + ", pid " + std::to_string(::getpid()) + " on host " + host + ", since " + when;
}

bool same_file(int fd, const std::string& path) {
    struct stat mine {
    }, named{};
    return fstat(fd, &mine) == 0 && lstat(path.c_str(), &named) == 0 &&
           mine.st_dev == named.st_dev && mine.st_ino == named.st_ino;
}

} // namespace

std::string run_lock_path(const std::string& out) {
    return out + ".lock";
}

RunLock::~RunLock() {
    release();
}

void RunLock::release() {
    if (m_fd < 0) return;
    // Removed while still locked: a run that opened the old file finds it replaced and
    // opens the name again.
    if (same_file(m_fd, m_path)) ::unlink(m_path.c_str());
    ::close(m_fd);
    m_fd = -1;
}

std::optional<std::string> RunLock::acquire(const std::string& out, const std::string& program,
                                            std::string& taken_over) {
    taken_over.clear();
    m_path = run_lock_path(out);
    const std::string quoted = "'" + m_path + "'";
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (auto kind = not_regular_file(m_path))
            return "cannot lock the output: " + quoted + " is " + *kind;
        const int fd =
            ::open(m_path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
        if (fd < 0) {
            if (errno == ELOOP) return "cannot lock the output: " + quoted + " is a symbolic link";
            return "cannot create " + quoted + ": " + std::strerror(errno);
        }
        const FileLock lock = lock_exclusive(fd);
        if (lock.state == FileLock::State::busy) {
            const std::string owner = read_owner(fd);
            ::close(fd);
            return "another run holds " + out + ": " +
                   (owner.empty() ? "a process that is starting" : owner) + " (" + m_path +
                   "); wait for it to end, or choose another --out";
        }
        if (auto why = lock_refusal(lock, m_path, "")) {
            ::close(fd);
            return why;
        }
        if (!same_file(fd, m_path)) { // its owner removed it as we locked it: try the new name
            ::close(fd);
            continue;
        }
        taken_over = read_owner(fd);
        const std::string text = owner_text(program) + "\n";
        if (::ftruncate(fd, 0) != 0 ||
            ::pwrite(fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
            const std::string error = std::strerror(errno);
            ::unlink(m_path.c_str());
            ::close(fd);
            return "cannot write " + quoted + ": " + error;
        }
        m_fd = fd;
        return std::nullopt;
    }
    return "cannot lock the output: " + quoted + " keeps being replaced by another program";
}

} // namespace cgt::common
