#pragma once
// The vc solver's transposition table. Unlike the article's table (one bit per position),
// an entry keeps what a proof-number search needs to come back to a position without
// analysing it again: its proof and disproof numbers, the fill-in, the moves still to try in
// their order, and the support of its must-play region; once solved, the proof set (see
// analysis.hpp). Keyed by the shared Zobrist key of a position and its 180-degree rotation
// (zobrist.hpp): an entry's cells (fill-in, moves, support or proof set) are those of the
// board it was stored from, and `rotated` says whether that board was the rotation of the
// key's smaller board key, so that a search reaching the other board turns them first.
// Buckets of two entries, the one with less work replaced; deterministic.
//
// The table keeps the list of buckets in use, so that clear() resets only those (a small
// search in a large table costs what it used, not the table's size), and on request the
// list of buckets stored to since the last save, so that a long search is saved as its
// changes (vc_search.hpp: save_state).
#include "hex/board/cell_set.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cgt::hex {

// Proof and disproof number of a position for the player to move (the "phi/delta" form of
// negamax proof-number search): phi 0 means the mover wins, delta 0 that it loses.
struct Bounds {
    static constexpr std::uint32_t INF = 1u << 30;
    std::uint32_t phi = 1, delta = 1;
    [[nodiscard]] bool solved() const { return phi == 0 || delta == 0; }
    [[nodiscard]] bool win() const { return phi == 0; }
    static constexpr Bounds won() { return {0, INF}; }
    static constexpr Bounds lost() { return {INF, 0}; }
};

template <class Bits> struct DfpnEntry {
    std::uint64_t key = 0;
    Bounds bounds;
    std::uint32_t work = 0; // positions analysed below it, saturating; 0: an unused slot
    std::uint8_t count = 0; // moves[0..count): the moves left to try, in search order
    std::uint8_t rotated = 0; // 1: the cells below are those of the board whose key is the larger
    Bits filled[2] = {0, 0};
    Bits aux = 0; // not solved: support of the must-play region; solved: the proof set
    std::array<std::uint8_t, CAPACITY<Bits> * CAPACITY<Bits>> moves{};
};

template <class Bits> class DfpnTable {
public:
    // size_mib MiB of 256-byte buckets (rounded down to a power of two, at least one): on
    // 64-bit boards a bucket takes 224 bytes, on 128-bit boards 416, so that both hold the
    // same number of entries and search the same tree. Throws std::invalid_argument if
    // size_mib is 0 or above 65536.
    explicit DfpnTable(std::size_t size_mib);

    // The entry of a key, or nullptr; valid until the next store() or clear().
    [[nodiscard]] const DfpnEntry<Bits>* find(std::uint64_t key) const {
        const Bucket& b = m_buckets[key & m_mask];
        for (const auto& e : b.entry)
            if (e.work != 0 && e.key == key) return &e;
        return nullptr;
    }
    // Asks the processor to bring in the cache lines find(key) reads (a hint: no effect on
    // what any call returns). For a caller that knows its next keys ahead, as a walk of the
    // table in breadth-first order (VcSearch::export_children), whose finds would otherwise
    // wait on memory one after another.
    void prefetch(std::uint64_t key) const {
        const Bucket& b = m_buckets[key & m_mask];
        for (const auto& e : b.entry) {
            __builtin_prefetch(&e.key);
            __builtin_prefetch(&e.work);
        }
    }
    // Stores an entry (work >= 1): over the same key, else over the bucket's entry with less
    // work (the second on a tie).
    void store(const DfpnEntry<Bits>& entry);
    // Empties every entry (the table is then as new); resets only the buckets in use.
    void clear();

    [[nodiscard]] std::size_t capacity() const { return m_buckets.size() * 2; }
    [[nodiscard]] std::size_t used() const;

    // Saving the table. encode() appends the entries in use (changes_only: those of the
    // buckets stored to since the last encode(), clear() or decode(); needs track_changes)
    // as records (slot, entry); decode() applies such records over the table, each entry at
    // its own slot, so that clear() and decode() of a full encoding and then of each later
    // change encoding, in order, give back a table that finds, stores and replaces exactly as
    // the saved one did. decode() throws std::invalid_argument on records of another table
    // size or word width, or cut short, and then leaves the table cleared.
    void track_changes(bool on);
    void encode(std::vector<std::byte>& out, bool changes_only);
    void decode(std::span<const std::byte>& in);

private:
    static constexpr std::size_t NOMINAL_BUCKET_BYTES = 256;
    struct Bucket {
        DfpnEntry<Bits> entry[2];
    };
    void encode_bucket(std::vector<std::byte>& out, std::uint32_t bucket) const;
    std::vector<Bucket> m_buckets;
    std::uint64_t m_mask;
    std::vector<std::uint32_t> m_in_use; // buckets with an entry, each once
    bool m_tracking = false;
    std::vector<std::uint8_t> m_changed_flag; // per bucket, while tracking
    std::vector<std::uint32_t> m_changed;     // buckets stored to since the last encode
};

extern template class DfpnTable<Narrow>;
extern template class DfpnTable<Wide>;

} // namespace cgt::hex
