#pragma once
// One lock for a whole run on its output: rank 0 holds an exclusive flock on OUT.lock from
// its first step (before the journal is looked at) to its last (after the result's rename
// and the journal's removal), so that a second run to the same --out, with --force,
// --resume or neither, is refused at once, naming the process that runs (host and pid).
//
// The lock is the kernel's (file_lock.hpp): it dies with its process, so a lock left by a
// killed run is free and the next run takes it over; the text in the file (program, pid,
// host, start time) is only there to be shown. On a file system without locks the run is
// refused as file_lock.hpp says, or goes on unlocked with CGT_ALLOW_UNLOCKED=1.
//
// The file is removed when the run lets go. A run that finds the name replaced after it
// locked (the holder removed it meanwhile) locks the new file instead, so two runs never
// both believe they hold it.
#include <optional>
#include <string>

namespace cgt::common {

// The lock file of the result `out`: OUT.lock.
[[nodiscard]] std::string run_lock_path(const std::string& out);

class RunLock {
  public:
    RunLock() = default;
    ~RunLock();
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;

    // Takes the lock of `out` for `program` (rank 0, before anything else is done to the
    // output). Returns why the run may not go on, in one line:
    //   another run holds results/nim.h5: cgt-nim, pid 4711 on host node7, since
    //   2026-12-03 14:40:02 UTC (results/nim.h5.lock); wait for it to end, or choose another --out
    // or the line of a file system without locks, or why the file cannot be made.
    // `taken_over` is set to the text of a lock its dead owner left (else cleared).
    std::optional<std::string> acquire(const std::string& out, const std::string& program,
                                       std::string& taken_over);
    [[nodiscard]] bool held() const { return m_fd >= 0; }
    // Removes the lock file and lets go (also done on destruction).
    void release();

  private:
    int m_fd = -1;
    std::string m_path;
};

} // namespace cgt::common
