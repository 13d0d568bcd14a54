#include "common/runtime/journal.hpp"
#include "common/runtime/journal_codec.hpp"

#include "common/plumbing/test/scratch_dir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>

using namespace cgt::common;
using cgt::common::test::ScratchDir;

namespace {

const JournalHeader HEADER{"cgt-test", "n = 5\n", 10, "v1"};

// Rows as a job's record holds them: game values as text, repeated and alike.
std::vector<std::byte> rows_like(std::size_t rows) {
    std::vector<std::byte> out;
    for (std::size_t r = 0; r < rows; ++r) {
        const std::string row = "{" + std::to_string(r % 17) + "|^" + std::to_string(r % 5) + "*}";
        for (char c : row)
            out.push_back(static_cast<std::byte>(c));
    }
    return out;
}

std::vector<std::byte> noise(std::size_t n) {
    std::mt19937_64 random(12345);
    std::vector<std::byte> out(n);
    for (auto& b : out)
        b = static_cast<std::byte>(random() & 0xff);
    return out;
}

} // namespace

TEST_CASE("Journal codec: a payload in pieces deflates and inflates to itself, its head kept",
          "[common]") {
    const std::vector<std::byte> rows = rows_like(20000);
    // The head (8 bytes) spans the first three pieces, one of them empty.
    const std::span<const std::byte> all(rows);
    const std::span<const std::byte> pieces[] = {all.subspan(0, 3), all.subspan(3, 0),
                                                 all.subspan(3, 4), all.subspan(7, 1000),
                                                 all.subspan(1007)};
    std::vector<std::byte> stored, back;
    REQUIRE(deflate_pieces(pieces, stored));
    CHECK(stored.size() * 5 < rows.size());
    CHECK(std::equal(stored.begin(), stored.begin() + 8, rows.begin()));
    inflate_payload(stored, back, "a test record");
    CHECK(back == rows);
    // Cut short, or with its length changed, it is refused.
    const std::span<const std::byte> cut(stored.data(), stored.size() - 10);
    CHECK_THROWS_AS(inflate_payload(cut, back, "a test record"), JournalError);
    std::vector<std::byte> longer = stored;
    longer[8] = static_cast<std::byte>(static_cast<unsigned char>(longer[8]) + 1);
    CHECK_THROWS_WITH(inflate_payload(longer, back, "a test record"),
                      "a test record: a deflated record does not inflate to its length");
}

TEST_CASE("Journal codec: short and incompressible payloads are stored as they are", "[common]") {
    std::vector<std::byte> stored;
    const std::vector<std::byte> short_rows = rows_like(10), random = noise(100000);
    const std::span<const std::byte> a(short_rows), b(random);
    CHECK(short_rows.size() < DEFLATE_MIN_BYTES);
    CHECK_FALSE(deflate_pieces(std::span(&a, 1), stored));
    CHECK_FALSE(deflate_pieces(std::span(&b, 1), stored));
}

TEST_CASE("Journal: a deflated task record is read back as written, its head without inflating",
          "[common]") {
    const ScratchDir dir("journal-codec");
    const std::string path = journal_file(dir.path, 0);
    const std::vector<std::byte> rows = rows_like(50000), random = noise(4000);
    {
        JournalWriter w(path, HEADER, -1);
        const std::span<const std::byte> a(rows), b(random);
        w.append(RecordKind::task, 0, 1, std::span(&a, 1), true);
        w.append(RecordKind::task, 0, 2, std::span(&b, 1), true); // no smaller: stored as it is
        w.append(RecordKind::task, 0, 3, std::span(&a, 1));       // not asked to
        w.sync();
    }
    const ScannedFile f = scan_journal_file(path);
    REQUIRE(f.records.size() == 3);
    CHECK(f.records[0].deflated);
    CHECK(f.records[0].kind == RecordKind::task);
    CHECK(f.records[0].length * 5 < rows.size());
    CHECK_FALSE(f.records[1].deflated);
    CHECK_FALSE(f.records[2].deflated);
    CHECK(read_payload(path, f.records[0]) == rows);
    CHECK(read_payload(path, f.records[1]) == random);
    JournalReader reader; // one reader for many records
    for (int round = 0; round < 2; ++round)
        for (std::size_t k : {2, 0, 1}) {
            const auto p = reader.payload(path, f.records[k]);
            CHECK(std::equal(p.begin(), p.end(), (k == 1 ? random : rows).begin(),
                             (k == 1 ? random : rows).end()));
        }
    const std::vector<std::byte> head = read_payload_head(path, f.records[0], 100);
    CHECK(head == std::vector<std::byte>(rows.begin(), rows.begin() + 8));
    CHECK(read_stored_payload(path, f.records[0]).size() == f.records[0].length);

    // A byte of the deflated payload flipped: its checksum fails before anything inflates.
    {
        std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
        const auto at = static_cast<std::streamoff>(f.records[0].offset + f.records[0].length / 2);
        char c = 0;
        io.seekg(at);
        io.get(c);
        io.seekp(at);
        io.put(static_cast<char>(c ^ 1));
    }
    CHECK_THROWS_WITH(read_payload(path, f.records[0]), Catch::Contains("fails its checksum"));
}

TEST_CASE("Journal codec: byte shuffling puts the k-th bytes of all numbers together and is undone", "[common]") {
    const std::vector<std::uint8_t> in{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    const auto bytes = std::as_bytes(std::span(in));
    std::vector<std::byte> out(in.size()), back(in.size());
    shuffle_bytes(bytes, 4, out.data());
    const std::vector<std::uint8_t> by4{1, 5, 9, 2, 6, 10, 3, 7, 11, 4, 8, 12};
    for (std::size_t k = 0; k < in.size(); ++k) CHECK(static_cast<std::uint8_t>(out[k]) == by4[k]);
    unshuffle_bytes(out, 4, back.data());
    CHECK(std::equal(back.begin(), back.end(), bytes.begin()));
    for (std::size_t width : {1, 2, 3, 6, 12}) {
        shuffle_bytes(bytes, width, out.data());
        unshuffle_bytes(out, width, back.data());
        CHECK(std::equal(back.begin(), back.end(), bytes.begin()));
    }
}
