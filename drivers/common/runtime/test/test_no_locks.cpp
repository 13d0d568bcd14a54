// Run only under libcgt_no_flock.so (LD_PRELOAD; the tag is hidden, so a plain run of this
// program leaves these out): every flock() fails as on a file system without locks, with
// the errno CGT_NO_FLOCK_ERRNO names. The journal, its compaction and the result's
// PATH.partial are then refused with the line that names the file system, never as if
// another run held them; with CGT_ALLOW_UNLOCKED=1 they are written unlocked.
#include "common/plumbing/file_lock.hpp"
#include "common/plumbing/output_file.hpp"
#include "common/runtime/journal.hpp"
#include "common/runtime/journal_compaction.hpp"

#include "common/plumbing/test/scratch_dir.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>

using namespace cgt::common;
using cgt::common::test::ScratchDir;

namespace {

const JournalHeader HEADER{"cgt-test", "n = 5\n", 10, "v1"};

// strerror of the errno the library fails with, as the line quotes it.
std::string expected_cause() {
    const char* name = std::getenv("CGT_NO_FLOCK_ERRNO");
    const int error = !name || std::strcmp(name, "ENOLCK") == 0 ? ENOLCK
                      : std::strcmp(name, "EOPNOTSUPP") == 0    ? EOPNOTSUPP
                                                                : ENOSYS;
    return std::string("(flock: ") + std::strerror(error) + ")";
}

std::string no_locks_line(const std::string& path) {
    return path + ": this file system offers no file locks " + expected_cause() +
           "; write to a file system with locks (for Lustre: mount -o flock), or set "
           "CGT_ALLOW_UNLOCKED=1 to run "
           "without them at your own risk (README: Installing on a cluster)";
}

void append_state(JournalWriter& w, std::uint64_t task, char fill) {
    const std::vector<std::byte> payload(40, static_cast<std::byte>(fill));
    const std::span<const std::byte> piece(payload);
    w.append(RecordKind::state, STATE_SNAPSHOT, task, std::span(&piece, 1));
}

struct AllowUnlocked {
    AllowUnlocked() { ::setenv("CGT_ALLOW_UNLOCKED", "1", 1); }
    ~AllowUnlocked() { ::unsetenv("CGT_ALLOW_UNLOCKED"); }
};

} // namespace

TEST_CASE("No locks: a journal is refused with the line that names the file system",
          "[.no-locks]") {
    REQUIRE(std::getenv("LD_PRELOAD") != nullptr);
    ::unsetenv("CGT_ALLOW_UNLOCKED");
    const ScratchDir dir("no-locks");
    const std::string path = journal_file(dir.path, 0);
    CHECK_THROWS_MATCHES(JournalWriter(path, HEADER, -1), JournalError,
                         Catch::Message(no_locks_line(path)));
    const AllowUnlocked allow;
    JournalWriter w(path, HEADER, -1);
    append_state(w, 1, 'a');
    w.sync();
    CHECK(scan_journal_file(path).records.size() == 1);
}

TEST_CASE("No locks: a journal's compaction is refused likewise, and done unlocked when allowed",
          "[.no-locks]") {
    ::unsetenv("CGT_ALLOW_UNLOCKED");
    const ScratchDir dir("no-locks");
    const std::string path = journal_file(dir.path, 0);
    {
        const AllowUnlocked allow;
        JournalWriter w(path, HEADER, -1);
        append_state(w, 1, 'a'); // dead: the next snapshot of task 1 replaces it
        append_state(w, 1, 'b');
        w.sync();
    }
    CHECK_THROWS_MATCHES(compact_journal({scan_journal_file(path)}), JournalError,
                         Catch::Message(no_locks_line(path)));
    CHECK(scan_journal_file(path).records.size() == 2);
    const AllowUnlocked allow;
    CHECK(compact_journal({scan_journal_file(path)}).size() == 1);
    CHECK(scan_journal_file(path).records.size() == 1);
}

TEST_CASE(
    "No locks: a result's PATH.partial is refused likewise, and written unlocked when allowed",
    "[.no-locks]") {
    ::unsetenv("CGT_ALLOW_UNLOCKED");
    const ScratchDir dir("no-locks");
    const std::string partial = dir.at("r.h5.partial");
    OutputLock lock;
    OutputLock::Refusal refusal = OutputLock::Refusal::none;
    CHECK(lock.acquire(partial, refusal) == no_locks_line(partial));
    CHECK(refusal == OutputLock::Refusal::no_locks);
    CHECK_FALSE(held_by_another_run(partial)); // no lock to be held: not another run's
    CHECK(missing_locks_at(dir.at("r.h5")) ==
          no_locks_line(dir.path)); // asked before anything is created
    const AllowUnlocked allow;
    CHECK_FALSE(missing_locks_at(dir.at("r.h5")));
    CHECK(lock.acquire(partial, refusal) == std::nullopt);
    CHECK(refusal == OutputLock::Refusal::none);
    CHECK(lock.holds(partial));
}
