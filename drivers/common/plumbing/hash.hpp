#pragma once
// The fixed 64-bit hashes behind table checksums and journal records: splitmix64's
// finaliser over little-endian words. No process-dependent seed, the same on every
// platform, so a hash written to disk by one process is recomputed by any other.
// Not cryptographic: they detect damage (a flipped byte, a torn write), not tampering.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <cstdint>
#include <span>

namespace cgt::common {

// splitmix64 finaliser: one well-mixed step.
inline std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// n <= 8 bytes as a little-endian word (compilers turn a full word into one load).
inline std::uint64_t load_le(const unsigned char* b, std::size_t n) {
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < n; ++k) word |= std::uint64_t{b[k]} << (8 * k);
    return word;
}

// The hash of n bytes: eight bytes at a time, the tail zero-padded, the length mixed in.
inline std::uint64_t hash_bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    std::uint64_t h = mix64(0xcbf29ce484222325ull ^ n);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) h = mix64(h ^ load_le(b + i, 8));
    if (i < n) h = mix64(h ^ load_le(b + i, n - i));
    return h;
}

// hash_bytes of a byte sequence fed in pieces: the total length is known up front (it is
// mixed in first); after update() calls adding up to exactly that many bytes, value()
// equals hash_bytes of their concatenation.
class StreamHash {
public:
    explicit StreamHash(std::uint64_t total_bytes) : m_hash(mix64(0xcbf29ce484222325ull ^ total_bytes)) {}
    void update(std::span<const std::byte> bytes) {
        const auto* b = reinterpret_cast<const unsigned char*>(bytes.data());
        const std::size_t n = bytes.size();
        if (n == 0) return; // an empty span's data() may be null: memcpy must not see it
        std::size_t i = 0;
        if (m_held > 0) { // complete the word begun by an earlier piece
            i = std::min<std::size_t>(8 - m_held, n);
            std::memcpy(m_word + m_held, b, i);
            m_held += i;
            if (m_held < 8) return;
            m_hash = mix64(m_hash ^ load_le(m_word, 8));
            m_held = 0;
        }
        for (; i + 8 <= n; i += 8) m_hash = mix64(m_hash ^ load_le(b + i, 8));
        m_held = n - i;
        std::memcpy(m_word, b + i, m_held);
    }
    [[nodiscard]] std::uint64_t value() const { return m_held ? mix64(m_hash ^ load_le(m_word, m_held)) : m_hash; }

private:
    std::uint64_t m_hash;
    unsigned char m_word[8] = {};
    std::size_t m_held = 0;
};

} // namespace cgt::common
