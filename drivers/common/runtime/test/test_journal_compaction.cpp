#include "common/runtime/journal.hpp"
#include "common/runtime/journal_compaction.hpp"

#include "common/plumbing/test/scratch_dir.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/file.h>
#include <fcntl.h>
#include <unistd.h>

using namespace cgt::common;
using cgt::common::test::ScratchDir;

namespace {

const JournalHeader HEADER{"cgt-test", "n = 5\n", 10, "v1"};

// A state payload as the skeleton writes it: its serial, then the state.
std::vector<std::byte> state_payload(std::uint64_t serial, std::size_t size, char fill) {
    std::vector<std::byte> out(8 + size, static_cast<std::byte>(fill));
    std::memcpy(out.data(), &serial, 8);
    return out;
}

ByteRange append(JournalWriter& w, RecordKind kind, std::uint16_t flags, std::uint64_t task,
                 const std::vector<std::byte>& payload) {
    const std::span<const std::byte> piece(payload);
    const std::uint64_t at = w.append(kind, flags, task, std::span(&piece, 1));
    return {at, w.bytes()};
}

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

TEST_CASE("Journal compaction: a long task's saves keep the file within twice its live bytes, the run's older "
          "bytes unchanged", "[common]") {
    const ScratchDir dir("compaction");
    const std::string path = journal_file(dir.path, 0);
    { // what an earlier run left: a finished task and a state of the long one
        JournalWriter w(path, HEADER, -1);
        append(w, RecordKind::task, 0, 1, state_payload(0, 100, 't'));
        append(w, RecordKind::state, STATE_SNAPSHOT, 3, state_payload(0, 500, 's'));
        w.sync();
    }
    const std::string before = file_text(path);
    JournalWriter w(path, HEADER, static_cast<std::int64_t>(before.size()));
    AppendedRecords appended(w.bytes());
    // As the Hex job saves: a snapshot, then deltas until they outweigh it, then a snapshot
    // again (a larger one: the search grows).
    std::vector<std::vector<std::byte>> live; // the payloads this run's live records hold
    std::uint64_t appended_bytes = 0, compactions = 0, since_snapshot = 0, snapshot = 0;
    for (std::uint64_t serial = 1; serial <= 300; ++serial) {
        const bool full = since_snapshot >= snapshot;
        const std::size_t size = full ? 2000 + 20 * serial : 300;
        auto payload = state_payload(serial, size, static_cast<char>('a' + serial % 26));
        const ByteRange at = append(w, RecordKind::state, full ? STATE_SNAPSHOT : 0, 3, payload);
        appended.state(3, full, at);
        if (full) {
            live.clear();
            since_snapshot = 0;
            snapshot = at.size();
        } else {
            since_snapshot += at.size();
        }
        live.push_back(std::move(payload));
        appended_bytes += at.size();
        if (appended.due(w.bytes(), 1)) {
            w.compact(appended.live());
            appended.compacted();
            ++compactions;
        }
        std::uint64_t live_bytes = before.size();
        for (const auto& p : live) live_bytes += FRAME_BYTES + p.size();
        REQUIRE(w.bytes() == std::filesystem::file_size(path));
        REQUIRE(w.bytes() <= 2 * live_bytes);
    }
    w.sync();
    CHECK(compactions > 10);
    CHECK(w.bytes() * 5 < appended_bytes);
    // The bytes from before the run are unchanged; after them, the live records as written.
    CHECK(file_text(path).compare(0, before.size(), before) == 0);
    ScannedFile f = scan_journal_file(path);
    CHECK(!f.torn);
    REQUIRE(f.records.size() == 2 + live.size());
    for (std::size_t k = 0; k < live.size(); ++k) CHECK(read_payload(path, f.records[2 + k]) == live[k]);
    CHECK(f.records[2].flags == STATE_SNAPSHOT);
    // The task ends: its states are dead, its record stays.
    const auto rows = state_payload(99, 50, 'r');
    appended.task(3, append(w, RecordKind::task, 0, 3, rows));
    REQUIRE(appended.due(w.bytes(), 1));
    w.compact(appended.live());
    appended.compacted();
    f = scan_journal_file(path);
    REQUIRE(f.records.size() == 3);
    CHECK(f.records[2].kind == RecordKind::task);
    CHECK(read_payload(path, f.records[2]) == rows);
    CHECK(f.valid_bytes == before.size() + FRAME_BYTES + rows.size());
    // The file written on is the new one, and locked: a second writer is refused.
    append(w, RecordKind::task, 0, 4, rows);
    w.sync();
    CHECK(scan_journal_file(path).records.size() == 4);
    CHECK_THROWS_WITH(JournalWriter(path, HEADER, static_cast<std::int64_t>(w.bytes())),
                      Catch::StartsWith("another run is writing the journal"));
    CHECK(!path_exists(compaction_file(path)));
}

TEST_CASE("Journal compaction: below the floor, or with fewer dead bytes than live ones, no rewrite is due", "[common]") {
    AppendedRecords a(1000);
    a.state(0, true, {1000, 2000});
    a.state(0, true, {2000, 3000}); // 1000 dead, 2000 live
    CHECK(!a.due(3000, 1));
    a.state(0, true, {3000, 4500}); // 2000 dead, 2500 live
    CHECK(!a.due(4500, 1));
    a.state(0, true, {4500, 5000}); // 3500 dead, 1500 live
    CHECK(a.due(5000, 1));
    CHECK(!a.due(5000, 3501));
    CHECK(a.live() == std::vector<ByteRange>{{0, 1000}, {4500, 5000}});
    a.compacted();
    CHECK(a.dead_bytes() == 0);
    a.state(1, false, {1500, 1600}); // another task's delta: its own
    a.state(0, false, {1600, 1700});
    a.task(0, {1700, 1800});
    CHECK(a.dead_bytes() == 600);
    CHECK(a.live() == std::vector<ByteRange>{{0, 1000}, {1500, 1600}, {1700, 1800}});
}

TEST_CASE("Journal compaction at a resume: states of done tasks, states before the latest snapshot and a task "
          "recorded twice go, the rest stays, in order", "[common]") {
    const ScratchDir dir("compaction");
    const std::string a = journal_file(dir.path, 0), b = journal_file(dir.path, 1);
    const auto rows = state_payload(7, 40, 'r');
    {
        JournalWriter w(a, HEADER, -1);
        append(w, RecordKind::state, STATE_SNAPSHOT, 1, state_payload(0, 300, 'a')); // dead: snapshot 2 follows
        append(w, RecordKind::state, 0, 1, state_payload(1, 30, 'b'));              // dead
        append(w, RecordKind::state, 0, 2, state_payload(0, 30, 'c'));              // dead: task 2 is done
        append(w, RecordKind::state, STATE_SNAPSHOT, 1, state_payload(2, 300, 'd')); // live
        append(w, RecordKind::task, 0, 2, rows);                                     // live
        append(w, RecordKind::state, 0, 1, state_payload(3, 30, 'e'));              // live
        w.sync();
    }
    {
        JournalWriter w(b, HEADER, -1);
        append(w, RecordKind::state, 0, 1, state_payload(4, 30, 'f')); // live: after the snapshot
        append(w, RecordKind::task, 0, 2, rows);                       // dead: task 2 is in rank 0's file
        append(w, RecordKind::state, 0, 5, state_payload(0, 30, 'g')); // live: a task with deltas only
        w.sync();
    }
    const std::uint64_t a_before = std::filesystem::file_size(a);
    const std::vector<ScannedFile> files{scan_journal_file(a), scan_journal_file(b)};
    // A left-over of a killed compaction is no journal file, and a resume removes it.
    std::ofstream(compaction_file(a)) << "half a file";
    CHECK(journal_files(dir.path) == std::vector<std::string>{a, b});
    remove_compaction_leftovers(dir.path);
    CHECK(!path_exists(compaction_file(a)));

    const std::vector<CompactedFile> done = compact_journal(files);
    REQUIRE(done.size() == 2);
    CHECK(done[0].path == a);
    CHECK(done[0].bytes_before == a_before);
    CHECK(done[0].bytes_after == std::filesystem::file_size(a));
    CHECK(done[0].bytes_after < done[0].bytes_before);
    const ScannedFile a2 = scan_journal_file(a), b2 = scan_journal_file(b);
    CHECK(a2.header.parameters == HEADER.parameters);
    REQUIRE(a2.records.size() == 3);
    CHECK(read_payload(a, a2.records[0]) == state_payload(2, 300, 'd'));
    CHECK(read_payload(a, a2.records[1]) == rows);
    CHECK(read_payload(a, a2.records[2]) == state_payload(3, 30, 'e'));
    REQUIRE(b2.records.size() == 2);
    CHECK(read_payload(b, b2.records[0]) == state_payload(4, 30, 'f'));
    CHECK(read_payload(b, b2.records[1]) == state_payload(0, 30, 'g'));
    // Nothing is dead any more: nothing is rewritten.
    CHECK(compact_journal({a2, b2}).empty());
    CHECK(!path_exists(compaction_file(a)));
    // A file another run writes is not rewritten under it.
    {
        JournalWriter w(a, HEADER, static_cast<std::int64_t>(a2.valid_bytes));
        append(w, RecordKind::state, STATE_SNAPSHOT, 1, state_payload(5, 300, 'h'));
        w.sync();
        CHECK_THROWS_WITH(compact_journal({scan_journal_file(a)}), Catch::StartsWith("another run is writing the journal"));
    }
}

TEST_CASE("Journal compaction: a left-over that a live compaction holds locked is left to it", "[common]") {
    const ScratchDir dir("compaction");
    const std::string a = journal_file(dir.path, 0);
    std::ofstream(compaction_file(a)) << "being written";
    const int fd = ::open(compaction_file(a).c_str(), O_RDONLY);
    REQUIRE(::flock(fd, LOCK_EX) == 0);
    remove_compaction_leftovers(dir.path);
    CHECK(path_exists(compaction_file(a)));
    ::close(fd);
    remove_compaction_leftovers(dir.path);
    CHECK(!path_exists(compaction_file(a)));
}

TEST_CASE("State files: a task's whole state replaced in a file of its own, one at a time, at a resume it makes "
          "the log's older states dead, and goes once its task is done", "[common]") {
    const ScratchDir dir("state-files");
    const std::string log = journal_file(dir.path, 0), s1 = state_file(dir.path, 1), s3 = state_file(dir.path, 3);
    {
        JournalWriter w(log, HEADER, -1);
        append(w, RecordKind::state, STATE_SNAPSHOT, 1, state_payload(0, 300, 'a')); // dead: the state file is later
        append(w, RecordKind::state, 0, 1, state_payload(1, 30, 'b'));              // dead
        append(w, RecordKind::task, 0, 3, state_payload(9, 40, 'r'));               // task 3 is done
        w.sync();
    }
    const auto write = [&](const std::string& path, std::uint64_t task, std::uint64_t serial, char fill) {
        const auto payload = state_payload(serial, 500, fill);
        const std::span<const std::byte> piece(payload);
        write_state_file(path, HEADER, task, std::span(&piece, 1));
    };
    for (std::uint64_t serial = 2; serial < 7; ++serial) write(s1, 1, serial, static_cast<char>('c' + serial));
    write(s3, 3, 0, 'z'); // a done task's state file, left by a kill before its removal
    CHECK(std::filesystem::file_size(s1) == std::filesystem::file_size(s3));
    std::ofstream(state_file_temp(s1)) << "half a state"; // a kill while writing the next one
    CHECK(journal_files(dir.path) == std::vector<std::string>{log, s1, s3});
    CHECK(is_state_file(s1));
    CHECK(!is_state_file(log));
    const ScannedFile one = scan_journal_file(s1);
    REQUIRE(one.records.size() == 1);
    CHECK(one.records[0].kind == RecordKind::state);
    CHECK(one.records[0].flags == STATE_SNAPSHOT);
    CHECK(read_payload(s1, one.records[0]) == state_payload(6, 500, 'i'));

    remove_compaction_leftovers(dir.path);
    CHECK(!path_exists(state_file_temp(s1)));
    const std::vector<CompactedFile> done =
        compact_journal({scan_journal_file(log), scan_journal_file(s1), scan_journal_file(s3)});
    REQUIRE(done.size() == 2);
    CHECK(done[0].path == log);
    CHECK(done[1].path == s3);
    CHECK(done[1].bytes_after == 0);
    CHECK(!path_exists(s3));
    const ScannedFile log2 = scan_journal_file(log);
    REQUIRE(log2.records.size() == 1);
    CHECK(log2.records[0].kind == RecordKind::task);
    CHECK(journal_files(dir.path) == std::vector<std::string>{log, s1});

    // A state file is never torn: cut short or with a flipped byte, it is damaged.
    const std::string whole = file_text(s1);
    std::ofstream(s1, std::ios::binary | std::ios::trunc) << whole.substr(0, whole.size() - 1);
    CHECK_THROWS_WITH(scan_journal_file(s1), Catch::Contains("is damaged"));
    std::ofstream(state_file_temp(s1)) << "half a state";
    remove_journal(dir.path);
    CHECK(!path_exists(dir.path));
}
