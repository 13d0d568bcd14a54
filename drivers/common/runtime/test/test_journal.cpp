#include "common/plumbing/hash.hpp"
#include "common/runtime/journal.hpp"
#include "common/plumbing/mpi_environment.hpp"
#include "common/runtime/task_list.hpp"
#include "common/runtime/task_record.hpp"

#include "common/plumbing/test/scratch_dir.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace cgt::common;
using cgt::common::test::ScratchDir;

namespace {

const JournalHeader HEADER{"cgt-test", "n = 5\n", 10, "v1"};

std::vector<std::byte> bytes_of(const std::string& s) {
    const auto* b = reinterpret_cast<const std::byte*>(s.data());
    return {b, b + s.size()};
}

void append(JournalWriter& w, std::uint64_t task, const std::string& text) {
    const auto payload = bytes_of(text);
    const std::span<const std::byte> piece(payload);
    w.append(RecordKind::task, 0, task, std::span(&piece, 1));
}

std::uintmax_t size_of(const std::string& path) { return std::filesystem::file_size(path); }

void flip_byte(const std::string& path, std::uintmax_t at) {
    std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
    io.seekg(static_cast<std::streamoff>(at));
    char c = 0;
    io.get(c);
    io.seekp(static_cast<std::streamoff>(at));
    io.put(static_cast<char>(c ^ 1));
}

} // namespace

TEST_CASE("StreamHash: pieces hash as their concatenation does", "[common]") {
    std::string text;
    for (int i = 0; i < 37; ++i) text += static_cast<char>('a' + i % 26);
    const std::uint64_t whole = hash_bytes(text.data(), text.size());
    for (std::size_t a = 0; a <= text.size(); ++a)
        for (std::size_t b = a; b <= text.size(); b += 5) {
            StreamHash h(text.size());
            const auto all = std::as_bytes(std::span(text.data(), text.size()));
            h.update(all.subspan(0, a));
            h.update(std::span<const std::byte>{}); // empty, data() null: ignored (UBSan caught a memcpy of it)
            h.update(all.subspan(a, b - a));
            h.update(all.subspan(b));
            REQUIRE(h.value() == whole);
        }
}

TEST_CASE("ByteReader: an empty block reads into an empty vector (a null data()) and moves nothing", "[common]") {
    ByteWriter w;
    w.u32(7);
    const std::vector<std::byte> bytes = w.bytes();
    ByteReader r(bytes, "a test record");
    std::vector<std::uint64_t> none;
    r.raw(none.data(), 0); // UBSan caught the memcpy of this in a resumed run's empty table block
    CHECK(r.position() == 0);
    CHECK(r.u32() == 7);
    CHECK(r.at_end());
    CHECK_THROWS_AS(r.raw(none.data(), 1), JournalError);
}

TEST_CASE("Journal: records come back as written, with the header", "[common]") {
    const ScratchDir dir("journal");
    const std::string path = journal_file(dir.path, 0);
    {
        JournalWriter w(path, HEADER, -1);
        append(w, 3, "three");
        append(w, 7, "seven, a longer record");
        w.sync();
    }
    const ScannedFile f = scan_journal_file(path);
    CHECK(f.header.program == "cgt-test");
    CHECK(f.header.parameters == "n = 5\n");
    CHECK(f.header.task_count == 10);
    CHECK(!f.torn);
    REQUIRE(f.records.size() == 2);
    CHECK(f.records[1].task == 7);
    CHECK(read_payload(path, f.records[1]) == bytes_of("seven, a longer record"));
    CHECK(f.valid_bytes == size_of(path));
    CHECK(journal_files(dir.path) == std::vector<std::string>{path});
}

TEST_CASE("Journal: a record cut short at the end is dropped, and cut off when the file is continued", "[common]") {
    const ScratchDir dir("journal");
    const std::string path = journal_file(dir.path, 2);
    std::uintmax_t two = 0;
    {
        JournalWriter w(path, HEADER, -1);
        append(w, 0, "zero");
        append(w, 1, "one");
        two = w.bytes();
        append(w, 2, "the record a kill cuts short");
    }
    const std::string whole = path + ".whole";
    std::filesystem::copy_file(path, whole);
    for (std::uintmax_t cut : {two + 1, two + 39, two + 41, size_of(whole) - 1}) {
        INFO("cut at " << cut);
        std::filesystem::copy_file(whole, path, std::filesystem::copy_options::overwrite_existing);
        std::filesystem::resize_file(path, cut);
        const ScannedFile f = scan_journal_file(path);
        CHECK(f.torn);
        CHECK(f.records.size() == 2);
        CHECK(f.valid_bytes == two);
    }
    // Zeros in place of the last record (the file grew, its data was lost in a crash).
    std::filesystem::resize_file(path, two);
    std::filesystem::resize_file(path, two + 100);
    CHECK(scan_journal_file(path).torn);
    CHECK(scan_journal_file(path).records.size() == 2);
    std::filesystem::copy_file(whole, path, std::filesystem::copy_options::overwrite_existing);
    // The last record whole but for a flipped byte in its payload (a crash before the data
    // reached the disk): dropped as well.
    {
        JournalWriter w(path, HEADER, static_cast<std::int64_t>(two));
        append(w, 2, "two, written again");
    }
    CHECK(scan_journal_file(path).records.size() == 3);
    flip_byte(path, size_of(path) - 3);
    const ScannedFile f = scan_journal_file(path);
    CHECK(f.torn);
    CHECK(f.records.size() == 2);
    // Continued: the torn record is cut off and the new one follows the good ones.
    {
        JournalWriter w(path, HEADER, static_cast<std::int64_t>(f.valid_bytes));
        append(w, 2, "two, the third time");
    }
    const ScannedFile g = scan_journal_file(path);
    CHECK(!g.torn);
    REQUIRE(g.records.size() == 3);
    CHECK(read_payload(path, g.records[2]) == bytes_of("two, the third time"));
}

TEST_CASE("Journal: a damaged record before the last is refused, not dropped", "[common]") {
    const ScratchDir dir("journal");
    const std::string path = journal_file(dir.path, 0);
    std::uintmax_t second = 0;
    {
        JournalWriter w(path, HEADER, -1);
        append(w, 0, "zero");
        second = w.bytes();
        append(w, 1, "one, which a flipped byte damages");
        append(w, 2, "two");
    }
    const ScannedFile f = scan_journal_file(path);
    flip_byte(path, second + 45); // in the payload of task 1
    const ScannedFile g = scan_journal_file(path); // frames are fine: found when the payload is read
    REQUIRE(g.records.size() == 3);
    CHECK_THROWS_WITH(read_payload(path, g.records[1]),
                      Catch::Matches(".* is damaged: the record at byte [0-9]+ \\(task 1\\) fails its checksum"));
    flip_byte(path, second + 45);
    flip_byte(path, second + 10); // in the frame of task 1
    CHECK_THROWS_WITH(scan_journal_file(path), Catch::Contains("is damaged: a record frame fails its checksum at byte"));
}

TEST_CASE("Journal: a file that is no journal, or a second writer, is refused", "[common]") {
    const ScratchDir dir("journal");
    const std::string other = dir.path + "/rank-0.log";
    std::ofstream(other) << "not a journal at all, but long enough for a frame of forty bytes";
    CHECK_THROWS_WITH(scan_journal_file(other), Catch::EndsWith("is not a task journal"));
    const std::string path = journal_file(dir.path, 1);
    JournalWriter first(path, HEADER, -1);
    CHECK_THROWS_WITH(JournalWriter(path, HEADER, static_cast<std::int64_t>(first.bytes())),
                      Catch::StartsWith("another run is writing the journal"));
}

TEST_CASE("TaskTables: a task's record restores its rows, blocks, texts and counters elsewhere", "[common]") {
    const Col<std::int64_t> n{"n", "a number"};
    const Col<std::uint64_t> value{"value", "a text id"};
    const Col<std::string> name{"name", "a text"};
    const Col<double> seconds{"seconds", "how long"};
    const TableSchema rows{.name = "rows", .order = "n", .meaning = "rows", .columns = {n, value, name}};
    const TableSchema timings{.name = "timings", .order = "n", .meaning = "t", .columns = {n, seconds}, .measures_run = true};
    const TaskTableSpec spec{.tables = {&rows, &timings}, .text_ids = {{&rows, "value"}}, .counters = 2};

    // Two tasks computed on one rank, the second restored on another.
    const auto compute = [&](TaskTables& t, std::uint64_t task, double took) {
        t.begin_task();
        const std::uint64_t ids[2] = {t.texts().add("text 0"), t.texts().add("text 1")};
        for (std::uint64_t block = 0; block < 2; ++block) {
            t.table(rows).begin_block(10 * task + block);
            for (int k = 0; k < 3; ++k) {
                t.table(rows).column(n).push_back(static_cast<std::int64_t>(100 * task + 10 * block + k));
                t.table(rows).column(value).push_back(ids[k % 2]);
                t.table(rows).column(name).push_back(std::string(static_cast<std::size_t>(k), 'x'));
            }
        }
        t.table(timings).begin_block(task);
        t.table(timings).column(n).push_back(static_cast<std::int64_t>(task));
        t.table(timings).column(seconds).push_back(took);
        t.task_counters() = {task, 1};
        return t.end_task();
    };
    TaskTables here(spec), there(spec);
    (void)compute(here, 4, 0.5);
    const EncodedRecord record = compute(here, 5, 0.25);
    std::vector<std::byte> payload;
    for (const auto& p : record.pieces) payload.insert(payload.end(), p.begin(), p.end());
    CHECK(TaskTables::content_hash(payload) == record.content_hash);
    CHECK(there.decode(payload, "test") == record.content_hash);

    LocalTable& got = there.table(rows);
    REQUIRE(got.rows() == 6);
    REQUIRE(got.blocks().size() == 2);
    CHECK(got.blocks()[1].key == 51);
    CHECK(got.blocks()[1].first_row == 3);
    CHECK(got.column(n)[4] == 511);
    CHECK(got.column(name)[2] == "xx");
    CHECK(there.texts().at(got.column(value)[1]) == "text 1");
    CHECK(there.texts().size() == 2); // the task's distinct texts, once each
    CHECK(there.table(timings).column(seconds)[0] == 0.25);
    CHECK(there.counters() == std::vector<std::uint64_t>{5, 1});
    CHECK(here.counters() == std::vector<std::uint64_t>{9, 2});

    // The same task computed again in another time: the content hash leaves timings out.
    TaskTables again(spec);
    CHECK(compute(again, 5, 9.0).content_hash == record.content_hash);

    // Another program's tables: refused.
    const TableSchema other{.name = "rows", .order = "n", .meaning = "rows", .columns = {n, name}};
    TaskTables foreign(TaskTableSpec{.tables = {&other, &timings}, .counters = 2});
    CHECK_THROWS_AS(foreign.decode(payload, "test"), JournalError);
}

TEST_CASE("TaskTables: rows a task adds outside its own blocks are a logic error", "[common]") {
    const Col<std::int64_t> n{"n", "a number"};
    const TableSchema rows{.name = "rows", .order = "n", .meaning = "rows", .columns = {n}};
    TaskTables t(TaskTableSpec{.tables = {&rows}});
    t.begin_task();
    t.table(rows).begin_block(0);
    t.table(rows).column(n).push_back(1);
    (void)t.end_task();
    t.begin_task();
    t.table(rows).column(n).push_back(2); // no begin_block: it would join the task before's block
    CHECK_THROWS_WITH(t.end_task(), Catch::Contains("outside blocks of its own"));
}

TEST_CASE("Task lists: ranges and parts, as --tasks takes them", "[common]") {
    CHECK(parse_task_list("3,0-2,2", 10) == std::vector<std::uint64_t>{0, 1, 2, 3});
    // The parts K/N cover every task once.
    std::vector<int> seen(11, 0);
    for (int k = 1; k <= 3; ++k)
        for (std::uint64_t t : parse_task_list(std::to_string(k) + "/3", 11)) ++seen[t];
    CHECK(seen == std::vector<int>(11, 1));
    CHECK(parse_task_list("1/3", 11) == std::vector<std::uint64_t>{0, 1, 2, 3});
    CHECK_THROWS_WITH(parse_task_list("5-3", 10), "--tasks: the range '5-3' is empty (first > last)");
    CHECK_THROWS_WITH(parse_task_list("10", 10), "--tasks: task 10 does not exist: this run has tasks 0..9");
    CHECK_THROWS_WITH(parse_task_list("0/3", 10), "--tasks 0/3: a part K/N needs 1 <= K <= N");
    CHECK_THROWS_WITH(parse_task_list("a-b", 10), Catch::StartsWith("--tasks must be task numbers"));
    CHECK(format_task_ranges({true, true, false, true, false, true, true, true}) == "0-1, 3, 5-7");
    CHECK(format_task_ranges({true, false, true, false, true}, 2) == "0, 2, ...");
}

TEST_CASE("TaskTables: a table is found by its schema, and a schema not among the job's is a logic error", "[common]") {
    const Col<std::int64_t> n{"n", "a number"};
    const TableSchema first{.name = "first", .order = "n", .meaning = "rows", .columns = {n}};
    const TableSchema second{.name = "second", .order = "n", .meaning = "rows", .columns = {n}};
    const TableSchema other{.name = "other", .order = "n", .meaning = "rows", .columns = {n}};
    TaskTables t(TaskTableSpec{.tables = {&first, &second}});
    t.table(second).begin_block(3);
    t.table(second).column(n).push_back(7);
    CHECK(t.table_at(1).rows() == 1);
    CHECK(t.table(first).rows() == 0);
    CHECK(t.index_of(second) == 1);
    CHECK_THROWS_WITH(t.table(other), "no task table other among the job's tables");
}
