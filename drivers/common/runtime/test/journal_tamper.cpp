// A test-only tool that alters a task journal as a disagreeing or damaged part would:
//   journal_tamper FILE content TASK   the task's record claims other results: its content
//                                      hash changes, and its checksums are made to fit, so
//                                      only a comparison with another journal can tell
//   journal_tamper FILE flip TASK      one byte of the task's record flips (its checksum fails)
//   journal_tamper FILE flip-state K   one byte of the K-th saved state (0: the first) flips
//   journal_tamper FILE flip-frame TASK  one byte of the task field of the task's frame flips
//   journal_tamper FILE states         prints how many saved states the file holds
//   journal_tamper FILE serials        prints each saved state, in file order, as a line
//                                      `TASK SERIAL snapshot|delta` (alters nothing)
//   journal_tamper FILE task-count N   the header claims N tasks (its checksums made to fit),
//                                      as a journal of a build with another task list would
#include "common/plumbing/hash.hpp"
#include "common/runtime/journal.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

using namespace cgt::common;

namespace {
// Flips the low bit of the byte at `at`.
bool flip_byte(const std::string& path, std::streamoff at) {
    std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
    char byte = 0;
    io.seekg(at);
    io.read(&byte, 1);
    byte = static_cast<char>(byte ^ 1);
    io.seekp(at);
    io.write(&byte, 1);
    return static_cast<bool>(io);
}

// Rewrites the 40-byte frame at `frame_at` so that it fits `payload` (its payload hash at
// bytes 24..31, its own hash at 32..39), then the payload after it.
bool write_refitted(std::fstream& io, std::streamoff frame_at, const void* payload,
                    std::size_t length) {
    char frame[40];
    io.seekg(frame_at);
    io.read(frame, 40);
    const std::uint64_t payload_hash = hash_bytes(payload, length);
    std::memcpy(frame + 24, &payload_hash, 8);
    const std::uint64_t frame_hash = hash_bytes(frame, 32);
    std::memcpy(frame + 32, &frame_hash, 8);
    io.seekp(frame_at);
    io.write(frame, 40);
    io.write(static_cast<const char*>(payload), static_cast<std::streamsize>(length));
    return static_cast<bool>(io);
}
} // namespace

int main(int argc, char* argv[]) {
    if (argc != 4 && !(argc == 3 && (std::string(argv[2]) == "states" || std::string(argv[2]) == "serials"))) {
        std::fprintf(
            stderr,
            "usage: journal_tamper FILE content|flip|flip-frame TASK, FILE flip-state K, FILE "
            "task-count N, FILE states|serials\n");
        return 2;
    }
    const std::string path = argv[1], what = argv[2];
    const std::uint64_t task = argc == 4 ? std::stoull(argv[3]) : 0;
    try {
        const ScannedFile f = scan_journal_file(path);
        if (what == "serials") {
            for (const RecordRef& r : f.records) {
                if (r.kind != RecordKind::state) continue;
                std::uint64_t serial = 0;
                std::memcpy(&serial, read_payload(path, r).data(), 8);
                std::printf("%llu %llu %s\n", static_cast<unsigned long long>(r.task),
                            static_cast<unsigned long long>(serial), r.flags & STATE_SNAPSHOT ? "snapshot" : "delta");
            }
            return 0;
        }
        if (what == "task-count") {
            // The header's payload holds the parameters' hash and then the task count, both u64.
            const std::uint64_t payload_at = 40, length = f.header_bytes - payload_at;
            std::vector<char> payload(length);
            std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
            io.seekg(static_cast<std::streamoff>(payload_at));
            io.read(payload.data(), static_cast<std::streamsize>(length));
            const std::uint64_t hash = f.header.parameters_hash();
            const auto at =
                std::search(payload.begin(), payload.end(), reinterpret_cast<const char*>(&hash),
                            reinterpret_cast<const char*>(&hash) + 8);
            std::uint64_t count = 0;
            if (at == payload.end() || at + 16 > payload.end() ||
                (std::memcpy(&count, &*(at + 8), 8), count != f.header.task_count)) {
                std::fprintf(stderr,
                             "journal_tamper: no task count after the parameters' hash in %s\n",
                             path.c_str());
                return 1;
            }
            std::memcpy(&*(at + 8), &task, 8);
            return write_refitted(io, 0, payload.data(), payload.size()) ? 0 : 1;
        }
        if (what == "states" || what == "flip-state") {
            std::uint64_t k = 0;
            for (const RecordRef& r : f.records) {
                if (r.kind != RecordKind::state) continue;
                if (what == "flip-state" && k == task)
                    return flip_byte(path, static_cast<std::streamoff>(r.offset + r.length / 2))
                               ? 0
                               : 1;
                ++k;
            }
            if (what == "states") {
                std::printf("%llu\n", static_cast<unsigned long long>(k));
                return 0;
            }
            std::fprintf(stderr, "journal_tamper: %s holds %llu saved states\n", path.c_str(),
                         static_cast<unsigned long long>(k));
            return 1;
        }
        for (const RecordRef& r : f.records) {
            if (r.kind != RecordKind::task || r.task != task) continue;
            const auto frame_at = static_cast<std::streamoff>(r.offset - 40);
            if (what == "flip-frame")
                return flip_byte(path, frame_at + 8) ? 0 : 1; // the task's low byte
            // Read (and checked against its hash) as stored, deflated or not: r.length bytes.
            std::vector<std::byte> payload = read_stored_payload(path, r);
            const auto middle = static_cast<std::streamoff>(r.offset + r.length / 2);
            if (what == "flip") return flip_byte(path, middle) ? 0 : 1;
            if (what == "content") {
                payload[0] ^= std::byte{1}; // the content hash at the head of a task record
                std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
                return write_refitted(io, frame_at, payload.data(), payload.size()) ? 0 : 1;
            }
            std::fprintf(stderr, "journal_tamper: unknown change '%s'\n", what.c_str());
            return 2;
        }
        std::fprintf(stderr, "journal_tamper: no record of task %llu in %s\n", static_cast<unsigned long long>(task),
                     path.c_str());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "journal_tamper: %s\n", e.what());
        return 1;
    }
}
