#include "common/runtime/journal.hpp"

#include "common/plumbing/file_lock.hpp"
#include "common/plumbing/hash.hpp"
#include "common/runtime/journal_codec.hpp"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <climits>
#include <cstring>
#include <optional>
#include <tuple>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

namespace cgt::common {

static_assert(std::endian::native == std::endian::little, "journal records are little-endian");

namespace {

constexpr std::uint32_t MAGIC = 0x4A544743; // "CGTJ" read as little-endian bytes
constexpr std::size_t FRAME = FRAME_BYTES;
constexpr std::uint32_t FORMAT = 3;        // written
constexpr std::uint32_t OLDEST_FORMAT = 1; // read: format 1 has no deflated records, 2 no shuffled ones
constexpr const char* FORMAT_NAME = "cgt task journal";

struct Frame {
    std::uint32_t magic;
    std::uint16_t kind;
    std::uint16_t flags;
    std::uint64_t task;
    std::uint64_t length;
    std::uint64_t payload_hash;
    std::uint64_t frame_hash;
};
static_assert(sizeof(Frame) == FRAME);

std::uint64_t frame_hash(const Frame& f) { return hash_bytes(&f, 32); }

std::string errno_text() { return std::strerror(errno); }

std::vector<std::byte> encode_header(const JournalHeader& h) {
    ByteWriter w;
    w.text(FORMAT_NAME);
    w.u32(FORMAT);
    w.text(h.program);
    w.text(h.parameters);
    w.u64(h.parameters_hash());
    w.u64(h.task_count);
    w.text(h.version);
    return std::move(w.bytes());
}

JournalHeader decode_header(std::span<const std::byte> payload, const std::string& path) {
    ByteReader r(payload, path + ": header");
    if (r.text() != FORMAT_NAME) r.fail("not a task journal");
    if (const std::uint32_t format = r.u32(); format < OLDEST_FORMAT || format > FORMAT)
        r.fail("journal format " + std::to_string(format) + ", this program reads formats " +
               std::to_string(OLDEST_FORMAT) + " to " + std::to_string(FORMAT));
    JournalHeader h;
    h.program = r.text();
    h.parameters = r.text();
    if (r.u64() != h.parameters_hash()) r.fail("the parameters do not match their hash");
    h.task_count = r.u64();
    h.version = r.text();
    if (h.program.empty()) r.fail("no program named");
    return h;
}

// Reads exactly n bytes at `offset`; false at the end of the file.
bool pread_all(int fd, void* p, std::size_t n, std::uint64_t offset) {
    auto* b = static_cast<char*>(p);
    while (n > 0) {
        const ssize_t got = ::pread(fd, b, n, static_cast<off_t>(offset));
        if (got < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        if (got == 0) return false;
        b += got;
        n -= static_cast<std::size_t>(got);
        offset += static_cast<std::uint64_t>(got);
    }
    return true;
}

// Whether the file holds nothing but zero bytes from `at` to `size`.
bool zeros_from(int fd, std::uint64_t at, std::uint64_t size) {
    std::vector<char> buf(1 << 16);
    while (at < size) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(buf.size(), size - at));
        if (!pread_all(fd, buf.data(), n, at)) return false;
        for (std::size_t i = 0; i < n; ++i)
            if (buf[i] != 0) return false;
        at += n;
    }
    return true;
}

class Fd {
public:
    explicit Fd(int fd) : m_fd(fd) {}
    ~Fd() { if (m_fd >= 0) ::close(m_fd); }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    [[nodiscard]] int get() const { return m_fd; }

private:
    int m_fd;
};

void fsync_dir(const std::string& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) throw std::runtime_error("cannot open folder " + dir + ": " + errno_text());
    const int rc = ::fsync(fd);
    ::close(fd);
    if (rc != 0) throw std::runtime_error("fsync of folder " + dir + " failed: " + errno_text());
}

std::string parent_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
}

// Writes every byte of the iovecs, resuming after partial writes.
void writev_all(int fd, std::vector<iovec>& iov, const std::string& path) {
    std::size_t first = 0;
    while (first < iov.size()) {
        const int count = static_cast<int>(std::min<std::size_t>(iov.size() - first, IOV_MAX));
        const ssize_t wrote = ::writev(fd, iov.data() + first, count);
        if (wrote < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("cannot write journal " + path + ": " + errno_text());
        }
        auto left = static_cast<std::size_t>(wrote);
        while (first < iov.size() && left >= iov[first].iov_len) left -= iov[first++].iov_len;
        if (left > 0) {
            iov[first].iov_base = static_cast<char*>(iov[first].iov_base) + left;
            iov[first].iov_len -= left;
        }
    }
}

} // namespace

std::uint64_t JournalHeader::parameters_hash() const { return hash_bytes(parameters.data(), parameters.size()); }

void ByteWriter::raw(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    m_bytes.insert(m_bytes.end(), b, b + n);
}

void ByteWriter::text(const std::string& s) {
    u64(s.size());
    raw(s.data(), s.size());
}

void ByteReader::fail(const std::string& why) const {
    throw JournalError(m_what + ": " + why + " (at byte " + std::to_string(m_at) + " of " +
                       std::to_string(m_bytes.size()) + ")");
}

void ByteReader::raw(void* p, std::size_t n) {
    if (n > m_bytes.size() - m_at) fail("the record ends too soon");
    if (n == 0) return; // p may be an empty vector's null data(): memcpy must not see it
    std::memcpy(p, m_bytes.data() + m_at, n);
    m_at += n;
}

std::span<const std::byte> ByteReader::take(std::size_t n) {
    if (n > m_bytes.size() - m_at) fail("the record ends too soon");
    const auto out = m_bytes.subspan(m_at, n);
    m_at += n;
    return out;
}

std::string ByteReader::text() {
    const std::uint64_t n = u64();
    const auto b = take(static_cast<std::size_t>(std::min<std::uint64_t>(n, m_bytes.size())));
    if (b.size() != n) fail("the record ends too soon");
    return {reinterpret_cast<const char*>(b.data()), b.size()};
}

ScannedFile scan_journal_file(const std::string& path) {
    ScannedFile out;
    out.path = path;
    Fd fd(::open(path.c_str(), O_RDONLY));
    if (fd.get() < 0) throw JournalError("cannot read " + path + ": " + errno_text());
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) throw JournalError("cannot read " + path + ": " + errno_text());
    const auto size = static_cast<std::uint64_t>(st.st_size);
    const auto damaged = [&](std::uint64_t at, const std::string& why) {
        return JournalError(path + " is damaged: " + why + " at byte " + std::to_string(at));
    };

    std::uint64_t at = 0;
    bool first = true;
    while (at < size) {
        Frame f{};
        if (size - at < FRAME || !pread_all(fd.get(), &f, FRAME, at)) {
            out.torn = true; // a frame cut short: the record being written when the run died
            break;
        }
        if (f.magic != MAGIC || f.frame_hash != frame_hash(f)) {
            if (first) throw JournalError(path + " is not a task journal");
            // Zeros to the end: the file grew but its data never reached the disk (a crash).
            if (zeros_from(fd.get(), at, size)) {
                out.torn = true;
                break;
            }
            throw damaged(at, "a record frame fails its checksum");
        }
        const std::uint64_t end = at + FRAME + f.length;
        if (f.length > size || end > size) {
            out.torn = true; // its payload runs past the end: cut short
            break;
        }
        RecordRef ref{0,        static_cast<RecordKind>(f.kind & ~DEFLATED_KIND), f.flags, f.task, at + FRAME,
                      f.length, f.payload_hash, (f.kind & DEFLATED_KIND) != 0};
        if (first) {
            if (ref.kind != RecordKind::header) throw JournalError(path + " is not a task journal (no header)");
            out.header = decode_header(read_payload(path, ref), path);
            out.header_bytes = end;
            first = false;
        } else {
            if ((ref.kind != RecordKind::task && ref.kind != RecordKind::state) ||
                (ref.deflated && ref.kind != RecordKind::task))
                throw damaged(at, "a record of unknown kind " + std::to_string(f.kind));
            if (end == size) {
                // The last record: its payload may have been cut short by a crash.
                try {
                    (void)read_stored_payload(path, ref);
                } catch (const JournalError&) {
                    out.torn = true;
                    break;
                }
            }
            out.records.push_back(ref);
        }
        at = end;
        out.valid_bytes = at;
    }
    if (first && !out.torn && size > 0) throw JournalError(path + " is not a task journal");
    // A state file is renamed into place once durable: it is never torn, only damaged.
    if (out.torn && is_state_file(path))
        throw JournalError(path + " is damaged: its state record is cut short or fails its checksum");
    return out;
}

namespace {

// Reads the stored payload of `r` from `fd` into `bytes` and checks its hash.
void read_checked(int fd, const std::string& path, const RecordRef& r, std::vector<std::byte>& bytes) {
    bytes.resize(static_cast<std::size_t>(r.length));
    if (!pread_all(fd, bytes.data(), bytes.size(), r.offset))
        throw JournalError(path + " is damaged: a record at byte " + std::to_string(r.offset - FRAME) +
                           " ends past the end of the file");
    if (hash_bytes(bytes.data(), bytes.size()) != r.hash)
        throw JournalError(path + " is damaged: the record at byte " + std::to_string(r.offset - FRAME) +
                           " (task " + std::to_string(r.task) + ") fails its checksum");
}

std::string record_name(const std::string& path, const RecordRef& r) {
    return path + ": the record of task " + std::to_string(r.task) + " at byte " + std::to_string(r.offset - FRAME);
}

} // namespace

std::vector<std::byte> read_stored_payload(const std::string& path, const RecordRef& r) {
    Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) throw JournalError("cannot read " + path + ": " + errno_text());
    std::vector<std::byte> bytes;
    read_checked(fd.get(), path, r, bytes);
    return bytes;
}

std::vector<std::byte> read_payload(const std::string& path, const RecordRef& r) {
    JournalReader reader;
    const std::span<const std::byte> p = reader.payload(path, r);
    return {p.begin(), p.end()};
}

JournalReader::~JournalReader() {
    for (auto& [path, fd] : m_files) ::close(fd);
}

int JournalReader::fd_of(const std::string& path) {
    for (const auto& [p, fd] : m_files)
        if (p == path) return fd;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw JournalError("cannot read " + path + ": " + errno_text());
    m_files.emplace_back(path, fd);
    return fd;
}

std::span<const std::byte> JournalReader::payload(const std::string& path, const RecordRef& r) {
    read_checked(fd_of(path), path, r, m_stored);
    if (!r.deflated) return m_stored;
    inflate_payload(m_stored, m_plain, record_name(path, r));
    return m_plain;
}

std::vector<std::byte> read_payload_head(const std::string& path, const RecordRef& r, std::size_t bytes) {
    Fd fd(::open(path.c_str(), O_RDONLY));
    if (fd.get() < 0) throw JournalError("cannot read " + path + ": " + errno_text());
    if (r.deflated) bytes = std::min<std::size_t>(bytes, 8); // the head kept as it is
    std::vector<std::byte> out(std::min<std::size_t>(bytes, static_cast<std::size_t>(r.length)));
    if (!pread_all(fd.get(), out.data(), out.size(), r.offset))
        throw JournalError(path + " is damaged: a record at byte " + std::to_string(r.offset - FRAME) +
                           " ends past the end of the file");
    return out;
}

JournalWriter::JournalWriter(std::string path, const JournalHeader& header, std::int64_t keep_bytes)
    : m_path(std::move(path)) {
    m_new = keep_bytes < 0;
    m_fd = ::open(m_path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | (m_new ? O_TRUNC : 0), 0644);
    if (m_fd < 0) throw std::runtime_error("cannot create journal " + m_path + ": " + errno_text());
    if (auto why = lock_refusal(lock_exclusive(m_fd), m_path,
                                "another run is writing the journal " + m_path)) {
        ::close(m_fd);
        m_fd = -1;
        throw JournalError(*why);
    }
    if (!m_new) {
        if (::ftruncate(m_fd, static_cast<off_t>(keep_bytes)) != 0)
            throw std::runtime_error("cannot cut journal " + m_path + " back: " + errno_text());
        m_bytes = static_cast<std::uint64_t>(keep_bytes);
        if (::lseek(m_fd, 0, SEEK_END) < 0) throw std::runtime_error("cannot seek journal " + m_path);
        if (m_bytes == 0) m_new = true; // a file killed before its header: start it again
    }
    if (m_new) { // durable with the first sync(): until then there is nothing to keep
        const std::vector<std::byte> h = encode_header(header);
        const std::span<const std::byte> piece(h);
        append(RecordKind::header, 0, 0, std::span(&piece, 1));
    }
}

JournalWriter::~JournalWriter() {
    if (m_fd >= 0) ::close(m_fd); // closing releases the lock; unsynced records are the OS's to keep
}

std::uint64_t JournalWriter::append(RecordKind kind, std::uint16_t flags, std::uint64_t task,
                                    std::span<const std::span<const std::byte>> pieces, bool deflate) {
    std::span<const std::byte> deflated;
    if (deflate && deflate_pieces(pieces, m_deflated)) deflated = m_deflated;
    if (!deflated.empty()) pieces = std::span(&deflated, 1);
    std::uint64_t length = 0;
    for (const auto& p : pieces) length += p.size();
    StreamHash hash(length);
    for (const auto& p : pieces) hash.update(p);
    const auto kind_field =
        static_cast<std::uint16_t>(static_cast<std::uint16_t>(kind) | (deflated.empty() ? 0 : DEFLATED_KIND));
    Frame f{MAGIC, kind_field, flags, task, length, hash.value(), 0};
    f.frame_hash = frame_hash(f);
    std::vector<iovec> iov;
    iov.reserve(pieces.size() + 1);
    iov.push_back({&f, FRAME});
    for (const auto& p : pieces)
        if (!p.empty()) iov.push_back({const_cast<std::byte*>(p.data()), p.size()});
    writev_all(m_fd, iov, m_path);
    const std::uint64_t at = m_bytes;
    m_bytes += FRAME + length;
    m_dirty = true;
    return at;
}

void JournalWriter::sync() {
    if (!m_dirty) return;
    if (::fsync(m_fd) != 0) throw std::runtime_error("fsync of journal " + m_path + " failed: " + errno_text());
    if (m_new) {
        fsync_dir(parent_of(m_path)); // the file's entry in its folder
        m_new = false;
    }
    m_dirty = false;
}

void JournalWriter::sync_concurrently() const {
    const std::lock_guard lock(m_fd_mutex);
    if (::fsync(m_fd) != 0) throw std::runtime_error("fsync of journal " + m_path + " failed: " + errno_text());
}

std::string journal_dir(const std::string& out) { return out + ".journal"; }

std::string journal_file(const std::string& dir, int rank) { return dir + "/rank-" + std::to_string(rank) + ".log"; }

namespace {

// The number in NAME = PREFIX + digits + ".log" (at most 19 digits), or none.
std::optional<std::uint64_t> log_number(const std::string& name, const std::string& prefix) {
    if (name.size() < prefix.size() + 5 || name.compare(0, prefix.size(), prefix) != 0 ||
        name.compare(name.size() - 4, 4, ".log") != 0)
        return std::nullopt;
    const std::string digits = name.substr(prefix.size(), name.size() - prefix.size() - 4);
    if (digits.empty() || digits.size() > 19 || digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoull(digits);
}

std::string file_name(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

std::vector<std::string> journal_files(const std::string& dir) {
    std::vector<std::tuple<int, std::uint64_t, std::string>> found; // rank files first, then state files
    DIR* d = ::opendir(dir.c_str());
    if (!d) return {};
    while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (const auto rank = log_number(name, "rank-"); rank && *rank < 1000000000)
            found.emplace_back(0, *rank, dir + "/" + name);
        else if (const auto task = log_number(name, "state-"))
            found.emplace_back(1, *task, dir + "/" + name);
    }
    ::closedir(d);
    std::sort(found.begin(), found.end());
    std::vector<std::string> out;
    for (auto& [kind, number, path] : found) out.push_back(std::move(path));
    return out;
}

std::string state_file(const std::string& dir, std::uint64_t task) {
    return dir + "/state-" + std::to_string(task) + ".log";
}

std::string state_file_temp(const std::string& path) { return path + ".new"; }

bool is_state_file(const std::string& path) { return log_number(file_name(path), "state-").has_value(); }

void write_state_file(const std::string& path, const JournalHeader& header, std::uint64_t task,
                      std::span<const std::span<const std::byte>> pieces) {
    const std::string temp = state_file_temp(path);
    try {
        JournalWriter writer(temp, header, -1); // locked, so that a stale one is never half-read
        writer.append(RecordKind::state, STATE_SNAPSHOT, task, pieces);
        writer.sync();
        if (::rename(temp.c_str(), path.c_str()) != 0)
            throw std::runtime_error("cannot rename " + temp + " to " + path + ": " + errno_text());
    } catch (...) {
        ::unlink(temp.c_str());
        throw;
    }
    fsync_dir(parent_of(path));
}

void sync_folder_of(const std::string& path) { fsync_dir(parent_of(path)); }

void create_journal_dir(const std::string& dir) {
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        throw std::runtime_error("cannot create journal folder " + dir + ": " + errno_text());
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        throw std::runtime_error("cannot create journal folder " + dir + ": a file of that name is in the way");
    fsync_dir(parent_of(dir));
}

void remove_journal(const std::string& dir) {
    std::vector<std::string> found;
    if (DIR* d = ::opendir(dir.c_str())) {
        while (const dirent* e = ::readdir(d)) {
            const std::string name = e->d_name;
            // A journal file, or a compaction's (.compact) or a state file write's (.new) left-over.
            for (const char* tail : {"", ".compact", ".new"}) {
                const std::string t = tail;
                if (name.size() <= t.size() || name.compare(name.size() - t.size(), t.size(), t) != 0) continue;
                const std::string base = name.substr(0, name.size() - t.size());
                if (log_number(base, "rank-") || log_number(base, "state-")) {
                    found.push_back(dir + "/" + name);
                    break;
                }
            }
        }
        ::closedir(d);
    }
    for (const std::string& f : found) ::unlink(f.c_str());
    ::rmdir(dir.c_str()); // fails, harmlessly, if a user put other files there
}

bool path_exists(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0;
}

std::string first_difference(const std::string& there, const std::string& here,
                             const std::string& there_name, const std::string& here_name) {
    const auto lines = [](const std::string& t) {
        std::vector<std::string> out;
        std::size_t at = 0;
        while (at < t.size()) {
            const auto nl = t.find('\n', at);
            out.push_back(t.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
            at = nl == std::string::npos ? t.size() : nl + 1;
        }
        return out;
    };
    const auto a = lines(there), b = lines(here);
    for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        const std::string x = i < a.size() ? a[i] : "(nothing)",
                          y = i < b.size() ? b[i] : "(nothing)";
        if (x != y) return "'" + x + "' " + there_name + ", '" + y + "' " + here_name;
    }
    return "the same text, another hash";
}

} // namespace cgt::common
