#pragma once
// The skeleton's hooks for tests, read from the environment; a run without them set behaves
// as if they did not exist. Each lets a test stop, kill or fault a run at a point the
// program reaches for certain, never by racing a clock:
//   - CGT_TEST_FAIL_WRITE (common/plumbing/output_file.hpp) fails writes as a full disk
//     would;
//   - CGT_TEST_HOLD_FINAL_WRITE=SECONDS: the skeleton waits that long after the tables are
//     written and before the file is renamed, so that a test can kill a run during its
//     final write;
//   - CGT_TEST_TASK_SECONDS=S: every task it computes takes S seconds longer, so that a
//     test's kill or signal lands mid-run however fast the machine is;
//   - CGT_TEST_STATE_SECONDS=S: every TaskContext::save_state returns S seconds later, so
//     that it lands between two saved states of one long task;
//   - CGT_TEST_COMPACT_FLOOR_BYTES=N: a rank compacts its journal file once its dead
//     records reach N bytes (and outweigh the live ones) instead of 64 MiB;
//   - CGT_TEST_KILL_IN_COMPACTION=N: the process kills itself in its N-th rewrite of a
//     journal file, at --resume or during the run (journal_compaction.hpp);
//   - CGT_TEST_PARK_AFTER_TASKS=N:PATH: rank 0, once it has journaled its N-th computed task,
//     writes its process id to PATH and waits until PATH is removed or a stop signal comes
//     (then the run stops as usual): a test does what it must while the run is certainly
//     mid-way, then lets it go on or stops it;
//   - CGT_TEST_PARK_IN_FINAL_WRITE=PATH: rank 0 holds so in the final write, its tables
//     written and the file not yet renamed (where CGT_TEST_HOLD_FINAL_WRITE sleeps);
//   - CGT_TEST_KILL_AFTER_TASKS=N: a rank kills itself (SIGKILL) once the N-th task it
//     computed is in its journal file; with T tasks to run on P ranks, some rank gets there
//     for certain when T >= P * (N - 1) + 1;
//   - CGT_TEST_STOP_AFTER_TASKS=N: the same, but the rank sends itself SIGTERM, so that the
//     run stops as a signal stops it (status 3, the journal kept); on one rank the journal
//     then holds exactly the first N tasks it ran;
//   - CGT_TEST_KILL_AFTER_STATES=N: a rank kills itself once its N-th saved state is in its
//     journal file (made durable);
//   - CGT_TEST_HOLD_AFTER_TASKS=N, CGT_TEST_HOLD_AFTER_STATES=N: a rank whose N-th task (or
//     saved state) is durable in its journal creates OUT.held and waits there until this
//     process gets a stop signal or OUT.release exists (10 minutes at most), so that a test
//     signals a run at a point it reached for certain: it waits for OUT.held, signals,
//     then creates OUT.release for the ranks that did not get the signal;
//   - CGT_TEST_STOP_AFTER_UNITS=N: a rank sends itself SIGTERM once the task it runs has
//     reported N units of progress (TaskContext::advance, the units restored from a saved
//     state included): a stop within the one task of a job such as cgt-grundy (jobs/bench-resume);
//   - CGT_TEST_STOP_IN_RESTORE=N: a rank sends itself SIGTERM once it has read N finished
//     tasks of the journal at --resume (a stop while the journal is read);
//   - CGT_TEST_STOP_AFTER_CHECKS=1: every rank sends itself SIGTERM once the start checks
//     (options, memory, time) have passed on all ranks, before anything is written: the run
//     ends as a stop before any work does ("PROGRAM: stopped by SIGTERM", status 143);
//   - CGT_TEST_KILL_BEFORE_RENAME=1: every rank kills itself after the tables are written to
//     OUT.partial and before the file is closed and renamed.
//   - CGT_TEST_MARK_WAIT_FOR_ROOT=PATH (stop_signal.cpp): a rank other than 0 that ends by
//     itself on a stop creates PATH as it starts to wait for rank 0 to end, and waits
//     without the bound, so that a test signals rank 0 once the other rank certainly waits.
// Private to drivers/common: no job reads them.
#include "common/runtime/stop_signal.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <unistd.h>

namespace cgt::common {

// The seconds a test hook asks for in the environment, 0 when it is not set.
inline double test_seconds(const char* variable) {
    const char* s = std::getenv(variable);
    return s ? std::atof(s) : 0.0;
}

// Writes this process's id to `path` and waits until `path` is removed or a stop signal comes.
inline void hold_until_removed(const std::string& path) {
    const std::string temp = path + ".tmp";
    // Written whole, then renamed: the test never reads half a number.
    if (std::FILE* f = std::fopen(temp.c_str(), "w")) {
        std::fprintf(f, "%ld\n", static_cast<long>(::getpid()));
        std::fclose(f);
        std::rename(temp.c_str(), path.c_str());
    }
    while (::access(path.c_str(), F_OK) == 0 && !StopSignal::received())
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

// CGT_TEST_PARK_AFTER_TASKS: holds rank 0 after its `computed`-th task, if asked for.
inline void hold_if_asked(std::uint64_t computed, int rank) {
    const char* spec = std::getenv("CGT_TEST_PARK_AFTER_TASKS");
    if (!spec || rank != 0) return;
    const std::string text = spec;
    const auto colon = text.find(':');
    if (colon == std::string::npos || std::strtoull(text.c_str(), nullptr, 10) != computed) return;
    hold_until_removed(text.substr(colon + 1));
}

// CGT_TEST_PARK_IN_FINAL_WRITE: holds rank 0 in the final write, if asked for.
inline void hold_in_final_write_if_asked(int rank) {
    const char* path = std::getenv("CGT_TEST_PARK_IN_FINAL_WRITE");
    if (path && rank == 0) hold_until_removed(path);
}

// The count a test hook asks for in the environment, 0 when it is not set.
inline long test_count(const char* variable) {
    const char* s = std::getenv(variable);
    return s ? std::atol(s) : 0;
}

// Whether the count a hook asks for is reached: `count` is 1, 2, ... at each call; true at
// the call where it equals the hook's N.
inline bool test_count_reached(long hook, std::uint64_t count) {
    return hook > 0 && count == static_cast<std::uint64_t>(hook);
}

} // namespace cgt::common
