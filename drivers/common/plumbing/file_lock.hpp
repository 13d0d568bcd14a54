#pragma once
// The one way a run locks the files it writes (its result's PATH.partial, each rank's
// journal, a journal being compacted): flock(LOCK_EX | LOCK_NB), so that a second run on
// the same files is refused and a killed run lets go. Some file systems offer no locks
// (Lustre mounted without -o flock, NFS without its lock daemon): flock then fails with
// ENOLCK, EOPNOTSUPP or ENOSYS, and the run is refused with a line that says so and how
// to go on, never as if another run held the file. With CGT_ALLOW_UNLOCKED=1 in the
// environment such a file is written unlocked instead (at the user's risk: nothing then
// stops two runs writing the same files).
#include <optional>
#include <string>

namespace cgt::common {

struct FileLock {
    enum class State {
        held,     // locked by this process
        unlocked, // no locks on this file system, and CGT_ALLOW_UNLOCKED=1: go on without
        busy,     // another process holds it
        no_locks, // the file system has no locks (ENOLCK, EOPNOTSUPP, ENOSYS)
        failed,   // another error (`error` holds errno)
    };
    State state = State::held;
    int error = 0;
};

// Tries an exclusive lock of the open file `fd` without waiting.
[[nodiscard]] FileLock lock_exclusive(int fd);

// Whether CGT_ALLOW_UNLOCKED=1 is set: files on a file system without locks are written
// unlocked.
[[nodiscard]] bool unlocked_allowed();

// Why `lock` refuses to let this run write `path`, in one line; nothing if it may go on
// (held, or unlocked as allowed). `busy_line` is the line for a file another run holds.
// On a file system without locks:
//   PATH: this file system offers no file locks (flock: No locks available); write to a
//   file system with locks (for Lustre: mount -o flock), or set CGT_ALLOW_UNLOCKED=1 to
//   run without them at your own risk (README: Installing on a cluster)
[[nodiscard]] std::optional<std::string> lock_refusal(const FileLock& lock, const std::string& path,
                                                      const std::string& busy_line);

// Asked before a run creates anything beside `path` (its result, its journal): if the
// file system of `path`'s folder has no locks, the line that refuses the run (as
// lock_refusal says it, naming the folder). Nothing if it has locks, if CGT_ALLOW_UNLOCKED=1
// lets the run go on without, or if the folder cannot be opened (the run's own writes then
// say why).
[[nodiscard]] std::optional<std::string> missing_locks_at(const std::string& path);

} // namespace cgt::common
