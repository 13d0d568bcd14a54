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
//     written and the file not yet renamed (where CGT_TEST_HOLD_FINAL_WRITE sleeps).
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

} // namespace cgt::common
