#pragma once
// The files a run writes (a result's PATH.partial and PATH, a checkpoint and its PATH.tmp)
// are only ever regular files: a directory, a device, a FIFO or a socket at one of those
// names is refused, never opened for writing or renamed over (renaming a result over
// /dev/null replaces the device). And only one run writes a result at a time: rank 0 holds
// an exclusive lock on PATH.partial from before it is created until it is renamed.
#include <optional>
#include <string>
#include <sys/types.h>

namespace cgt::common {

// What a file of this st_mode is, in words: "a directory", "a character device", ...
[[nodiscard]] std::string file_kind(mode_t mode);

// If something other than a regular file is at `path` (a symbolic link judged by its
// target), what it is ("a directory", ...); nothing if `path` is a regular file or absent.
[[nodiscard]] std::optional<std::string> not_regular_file(const std::string& path);

// Renames `from` to `to`. An existing `to` is replaced only if it is a regular file or a
// symbolic link (the link is replaced, not its target); anything else is left in place
// and std::runtime_error names it. Where the file system offers it (renameat2), the check
// cannot race with a rename of something else to `to`: the two names are exchanged
// atomically, and exchanged back if what was at `to` is not a regular file.
void rename_over_regular_file(const std::string& from, const std::string& to);

// For tests of a full disk without filling one: CGT_TEST_FAIL_WRITE=WHAT:RANK[,...] in the
// environment (WHAT: journal or result) makes that rank's writes of WHAT fail as if the
// disk were full. Returns whether this write is to fail.
[[nodiscard]] bool test_write_fails(const char* what, int rank);

// Why a write to a file in `path`'s folder failed, in words, as far as can be told
// afterwards (HDF5 does not keep errno): "no space left on device" when the file system
// holding it has (almost) no free space left, else `fallback`.
[[nodiscard]] std::string write_failure_cause(const std::string& path, const std::string& fallback);

// If another run holds the lock on `partial` (an existing PATH.partial), the line that
// refuses this run, as OutputLock::acquire would say it; nothing if the file is absent or
// free. Asked before any work is done, so that a second run is refused at once.
[[nodiscard]] std::optional<std::string> held_by_another_run(const std::string& partial);

// Rank 0's hold on a result's PATH.partial (flock, so a killed run releases it).
class OutputLock {
  public:
    OutputLock() = default;
    ~OutputLock();
    OutputLock(const OutputLock&) = delete;
    OutputLock& operator=(const OutputLock&) = delete;

    enum class Refusal { none, busy, no_locks, failed };
    // Opens `path` as a regular file (creating it empty; never through a symbolic link)
    // and locks it (file_lock.hpp). On failure returns why, in one line, and sets
    // `refusal`: busy when another process holds the lock, no_locks when the file system
    // has none (unless CGT_ALLOW_UNLOCKED=1: then the file is opened unlocked), failed when
    // the file cannot be opened or locked or is not a regular file.
    std::optional<std::string> acquire(const std::string& path, Refusal& refusal);
    // Whether `path` still names the file this lock holds (not replaced since).
    [[nodiscard]] bool holds(const std::string& path) const;
    // Lets go (also done on destruction). HDF5 takes its own shared lock to read a file,
    // so a finished result must not stay locked.
    void release();

  private:
    int m_fd = -1;
};

} // namespace cgt::common
