#pragma once
// Compaction of the task journal (journal.hpp): dropping the records no run will read again,
// so that a long task that saves its state again and again keeps its journal file near the
// size of what it still needs. Dead records are
//   - a task's saved states before its latest snapshot (the snapshot replaces them);
//   - every saved state of a task once the task's record is written (the task is done);
//   - a second record of a task already done (at a resume only).
// A file is compacted by rewriting it: the bytes it keeps go to a new file beside it
// (compaction_file: rank-R.log.compact), which is made durable, renamed over the old one,
// and the folder made durable. A process killed at any moment leaves the old file or the
// new one, each complete, and perhaps the new file half written under its temporary name:
// journal_files() never lists it, and a resume removes it (remove_compaction_leftovers).
// Records are copied byte for byte, frames and hashes included: a record damaged before the
// compaction is still refused after it.
//
// Two moments compact:
//   - during a run (AppendedRecords), each rank its own file: only records this run appended
//     are dropped; the bytes the file held when the run began stay byte for byte at the same
//     offsets, since other ranks may read saved states from them by offset while it runs.
//     It is due, checked after every record the run appends, when the dead bytes reach a
//     floor (64 MiB) and exceed the live ones. So a file never holds more than its live
//     bytes plus the larger of them and the floor; a rewrite copies fewer bytes than it
//     drops, so all rewrites together copy at most what the run appended; and a journal
//     whose dead records never reach the floor is never rewritten. The floor: rewriting
//     64 MiB takes well under a second, and every job but the largest stays below it (a
//     whole 7x7 Hex opening saved at every pause writes about 10 MB), while on 8x8, where
//     a whole table saved is 140-330 MB per rank, the file stays within twice its live bytes;
//   - once a rank's tasks are over (JobRunner::compact_after_tasks), whatever the floor, when
//     its dead bytes weigh half its live ones or more: the journal a run leaves (stopped, a
//     part, killed before its rename) is within 1.5 times its live records;
//   - at a resume (compact_journal), by rank 0 before the plan is shared, every file of the
//     stopped run with a dead record, whatever its age. Never for --merge: a merge's journals
//     are other runs', read only.
//
// For tests only: with CGT_TEST_KILL_IN_COMPACTION=N in the environment, the process kills
// itself (SIGKILL) in its N-th rewrite, after half the kept bytes went to the new file.
#include "common/runtime/journal.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cgt::common {

// Bytes [begin, end) of a journal file.
struct ByteRange {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    [[nodiscard]] std::uint64_t size() const { return end - begin; }
    bool operator==(const ByteRange&) const = default;
};

// A rewrite during a run is due only when it frees at least this many bytes:
// COMPACTION_FLOOR_BYTES, or for tests CGT_TEST_COMPACT_FLOOR_BYTES from the environment.
inline constexpr std::uint64_t COMPACTION_FLOOR_BYTES = std::uint64_t{64} << 20;
std::uint64_t compaction_floor_bytes();

// The temporary file a compaction of `path` writes.
std::string compaction_file(const std::string& path);

// Rewrites the journal file `path` to hold only `keep` of its bytes (ascending, disjoint,
// the first starting at byte 0: the header), in their order: written to compaction_file,
// made durable, locked (flock), renamed over `path`, the folder made durable. Returns the
// new file's descriptor, open for writing at its end and locked, for the caller to own.
// The caller holds the lock of the old file. Throws std::runtime_error naming the file on
// an I/O failure (the old file is then left as it was).
int rewrite_journal_file(const std::string& path, std::span<const ByteRange> keep);

// Removes the temporary files of compactions and of state files' writes (journal.hpp) that
// a killed run left in journal folder `dir` (one that a live run holds locked is left to it).
void remove_compaction_leftovers(const std::string& dir);

// The records this rank appended to its journal file in this run, and which are dead.
class AppendedRecords {
public:
    // `kept_bytes`: the file's bytes when the run began, kept as they are.
    explicit AppendedRecords(std::uint64_t kept_bytes) : m_kept(kept_bytes) {}
    // A state record of `task` at `at`: a snapshot makes the task's earlier states dead.
    void state(std::uint64_t task, bool snapshot, ByteRange at);
    // The task's whole state was saved elsewhere (its state file): its states here are dead.
    void superseded(std::uint64_t task) { kill_states(task); }
    // The record of a finished `task` at `at`: its states are dead.
    void task(std::uint64_t task, ByteRange at);
    [[nodiscard]] std::uint64_t dead_bytes() const { return m_dead; }
    // Whether a rewrite is due for a file of `file_bytes`: dead bytes above the live ones
    // and at least `floor_bytes`.
    [[nodiscard]] bool due(std::uint64_t file_bytes, std::uint64_t floor_bytes) const;
    // What a rewrite keeps: the bytes from before the run, then the live records.
    [[nodiscard]] std::vector<ByteRange> live() const;
    // The file was rewritten to live(): the records' new places, none dead.
    void compacted();

private:
    struct Appended {
        std::uint64_t task;
        bool state;
        ByteRange at;
        bool dead;
    };
    void kill_states(std::uint64_t task);
    std::uint64_t m_kept;
    std::uint64_t m_dead = 0;
    std::vector<Appended> m_records; // in file order
};

// Compaction at a resume: rewrites each of `files` (a stopped run's journal, scanned, every
// header checked) that holds a dead record, keeping the header and the live records in
// their order; a state file (journal.hpp) whose state is dead is removed (bytes_after 0). The states of a task are ordered by their serial numbers (the first 8 bytes
// of a state's payload). Returns, per file, its bytes before and after ({} when it was left
// as it was). Throws JournalError if another run holds a file locked.
struct CompactedFile {
    std::string path;
    std::uint64_t bytes_before = 0;
    std::uint64_t bytes_after = 0;
};
std::vector<CompactedFile> compact_journal(const std::vector<ScannedFile>& files);

} // namespace cgt::common
