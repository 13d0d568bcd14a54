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
//     journal file, at --resume or during the run (journal_compaction.hpp).
// Private to drivers/common: no job reads them.
#include <cstdlib>

namespace cgt::common {

// The seconds a test hook asks for in the environment, 0 when it is not set.
inline double test_seconds(const char* variable) {
    const char* s = std::getenv(variable);
    return s ? std::atof(s) : 0.0;
}

} // namespace cgt::common
