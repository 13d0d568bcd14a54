#pragma once
// The rare/common split (Gangolli & Plambeck 1989; Flammenkamp's "sparse space"): for many
// octal games one parity class of values is taken by only a few heaps, and then the mex of
// a heap's split options can be found without looking at all n/2 splits.
//
// A heap a is rare when rarity(a) = parity(G(a) & mask) is even, or with "+pos" when
// parity(G(a) & mask) ^ ((a + phase) & 1) is even. For a split of L tokens into a + b,
// parity((G(a) ^ G(b)) & mask) = rarity(a) ^ rarity(b) ^ (L & 1 if +pos): so every option
// value of the "mixed" class (one rare part, one common part) comes from a split with a
// rare part, and only the few rare heaps need enumerating. Values of the other class are
// confirmed by scanning the splits in order until every one below the mex has been seen; a
// full scan happens only when such a value is missing. The phase is the parity of the split
// removals k (all alike, else no +pos mask is used), so that a common heap n has its value
// in the mixed class of its lengths n - k and costs no full scan.
#include "impartial/octal.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cgt::impartial {

// A set of option values for one heap at a time: begin() forgets the previous heap's marks
// in O(1) (a stamp per value), which matters when every heap marks thousands of values.
class OptionMarks {
public:
    // Starts a new heap; every value marked until the next begin() must be below `bound`.
    void begin(Grundy bound);
    void mark(Grundy value) { m_stamp[value] = m_now; }
    // Marks G(a) ^ G(length - a) for a = first..last: the splits of `length` tokens into
    // two heaps. values must hold G(0..length - first).
    void mark_splits(const Grundy* values, Heap length, Heap first, Heap last);
    // The same for the parts a in [parts, parts_end) (ascending), stopping at a >= length.
    void mark_splits(const Grundy* values, Heap length, const Heap* parts, const Heap* parts_end);
    [[nodiscard]] bool has(Grundy value) const { return m_stamp[value] == m_now; }
    // The smallest value not marked (at most `bound`).
    [[nodiscard]] Grundy mex() const;

private:
    std::vector<std::uint32_t> m_stamp;
    std::uint32_t m_now = 0;
};

struct RareMask {
    Grundy mask = 0;
    bool position_parity = false; // "+pos": the heap's parity takes part in its rarity
    unsigned phase = 0;           // with +pos: the parity of the game's split removals
    std::uint64_t rare_heaps = 0; // heaps 0..n-1 that are rare (heap 0 counted, as in the
                                  // published tables, though no split has a part of 0)
    friend bool operator==(const RareMask&, const RareMask&) = default;
};

// "1e", "1+pos", the notation of Czajka's and Flammenkamp's tables.
std::string to_string(const RareMask& mask);

// The mask under which the fewest heaps 0..size-1 are rare, with +pos masks (of the given
// phase) among the candidates only if `phase` is given; ties go to the mask without +pos,
// then to the smaller mask. Found for all masks at once by a Walsh-Hadamard transform of
// the value histogram: O(b 2^b) for values below 2^b. Throws std::invalid_argument if a
// value is 2^20 or more (no useful split exists then).
RareMask best_rare_mask(std::span<const Grundy> values, std::optional<unsigned> phase);

// The parity shared by all removals k of the game's split moves, or nullopt if they differ
// (or the game does not split).
std::optional<unsigned> split_phase(const OctalGame& game);

class RareCommonSplit {
public:
    // The rare heaps among 0..values.size()-1 under `mask`.
    RareCommonSplit(const RareMask& mask, std::span<const Grundy> values);

    [[nodiscard]] bool is_rare(Heap heap, Grundy value) const;
    // Records the value of the next heap (heaps must come in order).
    void record(Heap heap, Grundy value);
    [[nodiscard]] const RareMask& mask() const { return m_mask; }
    // The rare heaps >= 1, ascending (the ones a split can have as a part).
    [[nodiscard]] const std::vector<Heap>& rare_heaps() const { return m_rare; }

    // The mex of heap n's options, given `marks` already holding its one-heap options (and
    // the 0 of a whole-heap removal) for this heap, `values` holding G(0..n-1), and a game
    // that splits. Exact whatever the mask: the mask only decides how fast.
    [[nodiscard]] Grundy mex_with_splits(const OctalGame& game, std::span<const Grundy> values,
                                         Heap n, OptionMarks& marks) const;

private:
    [[nodiscard]] bool parity(Grundy value) const;
    RareMask m_mask;
    std::vector<Heap> m_rare; // ascending
};

} // namespace cgt::impartial
