#include "common/runtime/journal_codec.hpp"

#include "common/runtime/journal.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <zlib.h>

namespace cgt::common {

namespace {

constexpr std::size_t HEAD = 8;                    // bytes kept as they are
constexpr std::size_t PREFIX = HEAD + 8;           // and the length of the rest
constexpr std::size_t STEP = std::size_t{1} << 30; // zlib counts in 32 bits: fed in steps
// Raw deflate (window bits -15): no zlib header nor Adler-32, which the record's own hash
// makes redundant.

unsigned step(std::size_t left) {
    return static_cast<unsigned>(std::min(left, STEP));
}

// A z_stream that ends itself.
struct Deflater {
    z_stream z{};
    Deflater() {
        if (deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
            throw std::bad_alloc();
    }
    ~Deflater() { deflateEnd(&z); }
};
struct Inflater {
    z_stream z{};
    Inflater() {
        if (inflateInit2(&z, -15) != Z_OK) throw std::bad_alloc();
    }
    ~Inflater() { inflateEnd(&z); }
};

} // namespace

bool deflate_pieces(std::span<const std::span<const std::byte>> pieces,
                    std::vector<std::byte>& out) {
    std::size_t total = 0;
    for (const auto& p : pieces)
        total += p.size();
    if (total < std::max(DEFLATE_MIN_BYTES, PREFIX)) return false;
    Deflater d;
    const std::size_t bound = deflateBound(&d.z, static_cast<uLong>(total - HEAD));
    out.resize(PREFIX + bound);
    // The head, gathered from the first pieces.
    std::size_t head = 0, piece = 0, skip = 0;
    while (head < HEAD) {
        const std::size_t n = std::min(HEAD - head, pieces[piece].size() - skip);
        std::memcpy(out.data() + head, pieces[piece].data() + skip, n);
        head += n;
        skip += n;
        if (skip == pieces[piece].size()) ++piece, skip = 0;
    }
    const std::uint64_t rest = total - HEAD;
    std::memcpy(out.data() + HEAD, &rest, 8);
    std::size_t written = PREFIX;
    for (; piece <= pieces.size(); ++piece, skip = 0) {
        const bool last = piece == pieces.size();
        const std::byte* in = last ? nullptr : pieces[piece].data() + skip;
        std::size_t left = last ? 0 : pieces[piece].size() - skip;
        int rc = Z_OK;
        do {
            d.z.next_in = reinterpret_cast<Bytef*>(const_cast<std::byte*>(in));
            d.z.avail_in = step(left);
            const unsigned fed = d.z.avail_in;
            d.z.next_out = reinterpret_cast<Bytef*>(out.data() + written);
            d.z.avail_out = step(out.size() - written);
            const unsigned room = d.z.avail_out;
            rc = deflate(&d.z, last ? Z_FINISH : Z_NO_FLUSH);
            if (rc == Z_STREAM_ERROR) throw std::logic_error("deflate of a journal record failed");
            const std::size_t used = fed - d.z.avail_in;
            in += used;
            left -= used;
            written += room - d.z.avail_out;
            if (written >= total) return false; // no smaller: stored as it is
        } while (last ? rc != Z_STREAM_END : left > 0);
    }
    out.resize(written);
    return true;
}

void inflate_payload(std::span<const std::byte> stored, std::vector<std::byte>& out,
                     const std::string& what) {
    if (stored.size() < PREFIX)
        throw JournalError(what + ": a deflated record is shorter than its head");
    std::uint64_t rest = 0;
    std::memcpy(&rest, stored.data() + HEAD, 8);
    if (rest > (std::uint64_t{1} << 40))
        throw JournalError(what + ": a deflated record claims " + std::to_string(rest) + " bytes");
    out.resize(HEAD + static_cast<std::size_t>(rest));
    std::memcpy(out.data(), stored.data(), HEAD);
    Inflater f;
    const std::byte* in = stored.data() + PREFIX;
    std::size_t left = stored.size() - PREFIX, written = HEAD;
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        f.z.next_in = reinterpret_cast<Bytef*>(const_cast<std::byte*>(in));
        f.z.avail_in = step(left);
        const unsigned fed = f.z.avail_in;
        f.z.next_out = reinterpret_cast<Bytef*>(out.data() + written);
        f.z.avail_out = step(out.size() - written);
        const unsigned room = f.z.avail_out;
        rc = inflate(&f.z, Z_NO_FLUSH);
        const std::size_t used = fed - f.z.avail_in, made = room - f.z.avail_out;
        in += used;
        left -= used;
        written += made;
        if (rc == Z_BUF_ERROR && used == 0 && made == 0) break; // neither input nor room left
        if (rc != Z_OK && rc != Z_STREAM_END) break;
    }
    if (rc != Z_STREAM_END || left != 0 || written != out.size())
        throw JournalError(what + ": a deflated record does not inflate to its length");
}

void shuffle_bytes(std::span<const std::byte> in, std::size_t width, std::byte* out) {
    const std::size_t n = in.size() / width;
    for (std::size_t b = 0; b < width; ++b)
        for (std::size_t k = 0; k < n; ++k) out[b * n + k] = in[k * width + b];
}

void unshuffle_bytes(std::span<const std::byte> in, std::size_t width, std::byte* out) {
    const std::size_t n = in.size() / width;
    for (std::size_t b = 0; b < width; ++b)
        for (std::size_t k = 0; k < n; ++k) out[k * width + b] = in[b * n + k];
}

} // namespace cgt::common
