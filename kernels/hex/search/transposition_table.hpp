#pragma once
// The solver's transposition table: the proven result (win or loss for the player to move)
// of positions whose subtree was searched, keyed by the shared Zobrist key of a position and
// its 180-degree rotation (zobrist.hpp). Fixed size, buckets of four entries, deterministic
// replacement: the same sequence of stores always leaves the same table. The table keeps the
// list of buckets in use (up to a quarter of them), so that clearing after a small search
// resets only those.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cgt::hex {

class TranspositionTable {
public:
    // A table of at most size_mib MiB (rounded down to a power of two buckets of 32 bytes,
    // at least one bucket). Throws std::invalid_argument if size_mib is 0 or above 65536.
    explicit TranspositionTable(std::size_t size_mib);

    static constexpr int NONE = -1;
    // 1 (win), 0 (loss) or NONE. A hit is certain up to a collision of 64-bit keys.
    [[nodiscard]] int probe(std::uint64_t key) const {
        const Bucket& b = m_buckets[key & m_mask];
        const std::uint64_t check = key & CHECK_MASK;
        for (std::uint64_t e : b.entry)
            if ((e & CHECK_MASK) == check && (e & WORK_MASK) != 0) return static_cast<int>((e >> WIN_SHIFT) & 1);
        return NONE;
    }
    // Records a result whose proof took subtree_nodes nodes. Replaces the same key, else the
    // bucket's entry with the least work (an empty one first; the lowest slot among equals).
    void store(std::uint64_t key, bool win, std::uint64_t subtree_nodes);
    // Empties every entry: the buckets in use, or the whole table when more than a quarter
    // of it was used.
    void clear();

    [[nodiscard]] std::size_t capacity() const { return m_buckets.size() * ENTRIES_PER_BUCKET; }
    // Entries in use (a scan of the table; for statistics, not for hot loops).
    [[nodiscard]] std::size_t used() const;

private:
    // One entry is one 64-bit word:
    //   63 ........................... 8 | 7   | 6 ..... 0
    //   key bits 63..8 (the check)       | win | work + 1
    // work = floor(log2(subtree nodes)), so 0 in bits 6..0 marks an empty entry. The low key
    // bits pick the bucket, the high bits are compared: together the whole key.
    static constexpr std::uint64_t CHECK_MASK = ~std::uint64_t{0xff};
    static constexpr int WIN_SHIFT = 7;
    static constexpr std::uint64_t WORK_MASK = 0x7f;
    static constexpr int ENTRIES_PER_BUCKET = 4;
    struct alignas(32) Bucket {
        std::uint64_t entry[ENTRIES_PER_BUCKET];
    };
    std::vector<Bucket> m_buckets;
    std::uint64_t m_mask;
    std::vector<std::uint32_t> m_in_use; // buckets with an entry, each once, until it overflows
    bool m_in_use_overflow = false;      // more than a quarter of the buckets: clear them all
};

} // namespace cgt::hex
