#pragma once
// The task journal of a run: what finished tasks computed, made durable while the job runs,
// so that a run that was stopped or killed continues where it was (--resume) and partial
// runs can be merged. It lives beside the output, OUT.journal/, one file per writing rank
// (rank-R.log): ranks never share a file, and a resumed run on any rank count reads them
// all, since every record names its task.
//
// A file is an append-only log of records. Each record is a 40-byte frame and a payload:
//
//   offset  0  u32 magic 'CGTJ'      16  u64 payload length
//           4  u16 kind               24  u64 hash of the payload (hash_bytes)
//           6  u16 flags              32  u64 hash of bytes 0..31 (the frame itself)
//           8  u64 task               40  payload
//
// (little-endian). The first record of a file is its header: program, parameters, task
// count, the writing build. A task record's payload may be stored deflated, marked by the
// bit DEFLATED_KIND in its kind: its first 8 bytes as they are (a task's content hash, read
// without inflating), then a u64, the length of the rest, then the rest deflated
// (journal_codec.hpp); the hash of the frame is that of the bytes stored. Readers inflate
// it: read_payload and JournalReader give the payload as written. Format 3: task records
// hold their numbers byte-shuffled (task_record.hpp) and state records may stand in files
// of their own (state_file); files of format 2 (no shuffled records) and 1 (no deflated
// ones either) are read as well, and a program of format 2 refuses a file of format 3 with
// one line. Records are appended with one write each and fsync'ed at most
// every --journal-every seconds, so a process killed at any moment leaves a file whose
// last record at worst is cut short: such a torn last record (it runs past the end of the
// file, or it is the last and fails its hash, or zeros fill the file from its frame on, as a
// crash can leave them) is dropped, and the file is cut back to the records before it when
// the run resumes. A record that fails its hash anywhere else means
// the file was damaged after it was written: the journal is refused, never half-trusted.
//
// Append-only within a run, with one exception: compaction (journal_compaction.hpp) rewrites
// a file without its dead records (saved states a later snapshot replaced, states of a task
// that is done) into a new file that is renamed over it once durable, so a process killed at
// any moment leaves the old file or the new one, each whole. During a run a rank compacts
// only its own file and keeps the bytes the file held when the run began as they were, at
// the same offsets; a --resume compacts every file of the journal before it reads it.
//
// Why not HDF5: a writer killed in the middle of an HDF5 update can leave the whole file
// unreadable, and rewriting a file to replace it atomically (as checkpoints of one array
// do) costs the whole journal every time; an append-only log costs one record and loses at
// most the record being written. Pure C++ and POSIX: no MPI here.
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace cgt::common {

// A journal refused: from another program or other parameters, damaged, not a journal.
// One line for the user; the skeleton reports it as a usage error (status 2).
class JournalError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// What a journal belongs to. Runs agree when program, parameters and task count agree;
// the version is kept for information (a rebuilt program may continue a journal).
struct JournalHeader {
    std::string program;    // cgt-nim
    std::string parameters; // the job's own options as INI text (no --out, no run control)
    std::uint64_t task_count = 0;
    std::string version;    // version of the build that wrote the file, "0.1.0 (git HASH)"
    [[nodiscard]] std::uint64_t parameters_hash() const;
};

enum class RecordKind : std::uint16_t {
    header = 1, // the file's first record
    task = 2,   // a finished task: its rows and counters (task_record.hpp)
    state = 3,  // the saved state of a long task that has not finished
};
// The bit of a frame's kind field that marks a deflated payload.
inline constexpr std::uint16_t DEFLATED_KIND = 0x100;
// A record's frame, before its payload.
inline constexpr std::uint64_t FRAME_BYTES = 40;
// Flags of a state record: a snapshot replaces the task's earlier state records, a delta
// (flags 0) adds to them.
inline constexpr std::uint16_t STATE_SNAPSHOT = 1;

// A record found in a journal file.
struct RecordRef {
    std::uint32_t file = 0;      // index into the journal's list of files
    RecordKind kind = RecordKind::task;
    std::uint16_t flags = 0;
    std::uint64_t task = 0;
    std::uint64_t offset = 0;    // of the payload, in bytes from the start of the file
    std::uint64_t length = 0;    // of the payload
    std::uint64_t hash = 0;      // of the payload as stored
    bool deflated = false;       // stored deflated (DEFLATED_KIND); length is the stored one
};

// One journal file as scanned: its header and its records' frames (payloads are read and
// checked later, by whichever rank needs them; the last record's payload is checked here).
struct ScannedFile {
    std::string path;
    JournalHeader header;
    std::vector<RecordRef> records; // file = 0: the caller numbers the files
    std::uint64_t header_bytes = 0; // the header record, frame and payload
    std::uint64_t valid_bytes = 0;  // the file up to the end of its last whole record
    bool torn = false;              // a torn last record was dropped
};

// The first line where two parameter texts (JournalHeader::parameters) differ, as
// "'max-heap = 8' there, 'max-heap = 9' here" ('(nothing)' for a line one text lacks; the
// words after the lines are the names given).
std::string first_difference(const std::string& there, const std::string& here,
                             const std::string& there_name = "there",
                             const std::string& here_name = "here");

// Throws JournalError if `path` is not a journal file or is damaged. A file too short to
// hold its header (a run killed as it created the file) has no header: empty() is true.
ScannedFile scan_journal_file(const std::string& path);
inline bool empty(const ScannedFile& f) { return f.header.program.empty(); }

// The payload of a record as it was appended (inflated), its hash checked (JournalError
// naming the file and the byte if it fails).
std::vector<std::byte> read_payload(const std::string& path, const RecordRef& record);
// The payload as the file stores it (deflated or not), its hash checked.
std::vector<std::byte> read_stored_payload(const std::string& path, const RecordRef& record);
// The first `bytes` (at most 8 for a deflated record) of a payload, unchecked (for a glance
// at a record's head).
std::vector<std::byte> read_payload_head(const std::string& path, const RecordRef& record, std::size_t bytes);

// Reads many records as a stream: each file is opened once, and the buffers are reused, so
// that reading a journal costs about what reading its bytes does.
class JournalReader {
public:
    JournalReader() = default;
    ~JournalReader();
    JournalReader(const JournalReader&) = delete;
    JournalReader& operator=(const JournalReader&) = delete;
    // The payload of `record` in `path` as read_payload gives it, valid until the next call.
    std::span<const std::byte> payload(const std::string& path, const RecordRef& record);

private:
    int fd_of(const std::string& path);
    std::vector<std::pair<std::string, int>> m_files;
    std::vector<std::byte> m_stored, m_plain;
};

struct ByteRange; // journal_compaction.hpp

class JournalWriter {
public:
    // Opens `path` for appending. A new file (keep_bytes < 0) is created with the header; an
    // existing one was scanned and is cut back to keep_bytes (dropping a torn record) and
    // must carry the same header. The file is locked: a second run writing the same journal
    // at the same time is refused (JournalError).
    JournalWriter(std::string path, const JournalHeader& header, std::int64_t keep_bytes);
    ~JournalWriter();
    JournalWriter(const JournalWriter&) = delete;
    JournalWriter& operator=(const JournalWriter&) = delete;

    // Appends one record whose payload is the concatenation of `pieces` (written with one
    // writev, no copy) and returns the offset of its frame; it ends at bytes(). With
    // `deflate`, a payload of some size is stored deflated when that makes it smaller. Not
    // yet durable: see sync(). Throws std::runtime_error naming the file if the write fails
    // (a full disk).
    std::uint64_t append(RecordKind kind, std::uint16_t flags, std::uint64_t task,
                         std::span<const std::span<const std::byte>> pieces, bool deflate = false);
    // Makes every record appended so far durable (fsync). Cheap when nothing is new.
    void sync();
    // The same from another thread while this one may be appending (a stop signal's
    // watcher): fsync alone, which is safe beside a write; sync() later still syncs.
    void sync_concurrently() const;
    // Replaces the file by one holding only `keep` of its bytes, in order (ascending and
    // disjoint; the first from byte 0, so that the header stays), durable and locked, and
    // goes on appending to it; bytes() is then their total. Atomic: see
    // rewrite_journal_file (journal_compaction.hpp, where it is defined).
    void compact(std::span<const ByteRange> keep);
    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] std::uint64_t bytes() const { return m_bytes; }

private:
    std::string m_path;
    int m_fd = -1;
    mutable std::mutex m_fd_mutex; // sync_concurrently() against the switch of compact()
    bool m_dirty = false;
    bool m_new = false;
    std::uint64_t m_bytes = 0;
    std::vector<std::byte> m_deflated; // reused by append
};

// The journal folder of an output file (OUT.journal), its file for `rank`, and the journal
// files a folder holds (rank-*.log, by rank, then the state files state-*.log, by task).
std::string journal_dir(const std::string& out);
std::string journal_file(const std::string& dir, int rank);
std::vector<std::string> journal_files(const std::string& dir);

// A task's state file (state-T.log): a journal file of its own that holds the header and
// one record, the task's whole state (a STATE_SNAPSHOT), so that a long task that replaces
// its state again and again keeps one state in the journal, not one per save. It is written
// whole to state_file_temp (state-T.log.new), made durable and renamed over the old one (the
// folder made durable): a process killed at any moment leaves the old state or the new one,
// each whole, and perhaps the temporary file, which journal_files() never lists. Read as any
// journal file, but never torn: one cut short or failing its hash is refused as damaged.
// Removed once the task's record is durable, or by a resume (its task done).
std::string state_file(const std::string& dir, std::uint64_t task);
std::string state_file_temp(const std::string& path);
bool is_state_file(const std::string& path);
// Writes `path` (a state_file) so: `pieces` are the record's payload. Throws
// std::runtime_error naming the file on an I/O failure (the old file is then left as it was).
void write_state_file(const std::string& path, const JournalHeader& header, std::uint64_t task,
                      std::span<const std::span<const std::byte>> pieces);
// Makes the entry of `path` in its folder durable (fsync of the folder). Throws
// std::runtime_error on failure.
void sync_folder_of(const std::string& path);
// Creates the folder (and makes its entry durable). Throws std::runtime_error on failure.
void create_journal_dir(const std::string& dir);
// Removes the folder, its journal files and what a compaction or a state file's write left
// (journal_compaction.hpp); other files in it are left (and so is it).
void remove_journal(const std::string& dir);
bool path_exists(const std::string& path);

// A byte sink for payloads: little-endian numbers and length-prefixed texts.
class ByteWriter {
public:
    void u8(std::uint8_t v) { raw(&v, 1); }
    void u16(std::uint16_t v) { raw(&v, 2); }
    void u32(std::uint32_t v) { raw(&v, 4); }
    void u64(std::uint64_t v) { raw(&v, 8); }
    void text(const std::string& s);
    void raw(const void* p, std::size_t n);
    [[nodiscard]] std::vector<std::byte>& bytes() { return m_bytes; }
    [[nodiscard]] std::size_t size() const { return m_bytes.size(); }

private:
    std::vector<std::byte> m_bytes;
};

// Reads what ByteWriter wrote; running past the end throws JournalError(`what` ...).
class ByteReader {
public:
    ByteReader(std::span<const std::byte> bytes, std::string what) : m_bytes(bytes), m_what(std::move(what)) {}
    std::uint8_t u8() { std::uint8_t v; raw(&v, 1); return v; }
    std::uint16_t u16() { std::uint16_t v; raw(&v, 2); return v; }
    std::uint32_t u32() { std::uint32_t v; raw(&v, 4); return v; }
    std::uint64_t u64() { std::uint64_t v; raw(&v, 8); return v; }
    std::string text();
    void raw(void* p, std::size_t n);
    // The next n bytes, in place.
    std::span<const std::byte> take(std::size_t n);
    [[nodiscard]] std::size_t position() const { return m_at; }
    [[nodiscard]] bool at_end() const { return m_at == m_bytes.size(); }
    [[noreturn]] void fail(const std::string& why) const;

private:
    std::span<const std::byte> m_bytes;
    std::string m_what;
    std::size_t m_at = 0;
};

} // namespace cgt::common
