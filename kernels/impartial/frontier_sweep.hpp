#pragma once
// The frontier sweep: G(0), G(1), ... of one octal game (or Grundy's game) to 2^32 heaps, by
// the rare/common split (Gangolli & Plambeck 1989; Flammenkamp's "sparse space"), with the
// statistics the published tables give at every power of two.
//
// Heap n is rare under a mask m (and, with "+pos", a phase) when
//   rho(n) = parity(G(n) & m) ^ (pos ? (n + phase) & 1 : 0)
// is 0. For a split of L tokens into a + b, parity((G(a) ^ G(b)) & m) = rho(a) ^ rho(b) ^
// (pos ? L & 1 : 0), so values of the class a common heap n takes ("common for n":
// parity 1 ^ (pos ? (n + phase) & 1 : 0), the phase being the parity of every split
// removal k) come only from splits with one rare part. Per heap n:
//  1. mark the one-heap options and every split with a rare part (rare heaps are few);
//     c = the smallest value common for n not marked;
//  2. scan the splits a = 1, 2, ... of each length until every value of the other class
//     below c has appeared (then G(n) = c), or the splits run out: then G(n) is the smallest
//     such value that never appeared, and n is rare.
// Nothing is assumed where the scan stops, so the values equal the definition (tests check
// the first 2^16 of several games). The mask is chosen again at each power of two from the
// value histogram (a Walsh-Hadamard transform), and the split is used only while at most a
// quarter of the heaps are rare; otherwise heaps are valued by the definition. Values below
// 512 use the SIMD kernels of the Grundy sweep (32 heaps marked at once, 64 splits a step).
#include "impartial/octal.hpp"
#include "impartial/rare_common.hpp"
#include "impartial/sweep_kernels.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cgt::impartial {

// The moves of a heap game of the octal kind: an octal code's, or Grundy's game's (split a
// heap into two unequal heaps, which no octal code says).
struct HeapRules {
    std::string name;                   // ".16", "4.344", "grundy"
    std::vector<Heap> leave_none;       // removals k, ascending, as OctalGame names them
    std::vector<Heap> leave_one;
    std::vector<Heap> leave_two;        // k = 0 for d0 = 4 and for Grundy's game
    bool equal_splits = true;           // false: a split into two equal heaps is no move
    Heap largest_removal = 0;           // t of the Guy-Smith bound

    static HeapRules octal(const OctalGame& game);
    static HeapRules grundys_game();
    // "grundy" or an octal code; std::invalid_argument as OctalGame::parse.
    static HeapRules parse(const std::string& text);
    // The parity shared by every split removal, if they share one (a "+pos" mask needs it).
    [[nodiscard]] std::optional<unsigned> split_phase() const;
};

// The statistics of heaps 0..heaps-1, as Czajka's UnsolvedGames table gives them.
struct PowerStats {
    std::uint64_t heaps = 0;
    std::vector<std::uint64_t> frequency; // frequency[v]: heaps with G = v, for v <= largest
    Grundy largest = 0;
    std::uint64_t largest_at = 0;         // the first heap with the largest value
    RareMask mask;                        // the fewest rare heaps (heap 0 counted) ...
    std::int64_t last_rare = -1;          // ... and the largest of them (-1: none)
    friend bool operator==(const PowerStats&, const PowerStats&) = default;
};

// The mask with the fewest rare heaps, from counts[(v << 1) | ((n + phase) & 1)] over `heaps`
// heaps; "+pos" masks are candidates only if allow_pos. Candidates are tried in Czajka's
// order (mask 0, 0+pos, 1, 1+pos, 2, ...) and a later one wins only with fewer rare heaps.
RareMask best_mask_of_counts(std::span<const std::uint64_t> counts, std::uint64_t heaps, bool allow_pos,
                             unsigned phase);

class FrontierSweep {
public:
    // Heaps are numbered in 32 bits; values are held in 16 (2 bytes a heap).
    static constexpr std::uint64_t MAX_HEAPS = std::uint64_t{1} << 32;
    static constexpr std::uint32_t VALUE_LIMIT = 1u << 16;

    explicit FrontierSweep(HeapRules rules, ScanKernel kernel = fastest_scan_kernel());
    // Resumes from saved values G(0..k-1): every table is rebuilt from them, so the sweep
    // continues exactly as an uninterrupted one (statistics of the powers of two <= k too).
    FrontierSweep(HeapRules rules, std::span<const std::uint16_t> values,
                  ScanKernel kernel = fastest_scan_kernel());

    // Computes G(size()) .. G(heaps - 1). std::invalid_argument if heaps > MAX_HEAPS;
    // std::overflow_error naming the heap if a value would reach 2^16 (the sweep stays valid
    // up to the heap before).
    void run_to(std::uint64_t heaps);

    [[nodiscard]] const HeapRules& rules() const { return m_rules; }
    [[nodiscard]] std::uint64_t size() const { return m_values.size(); }
    [[nodiscard]] std::span<const std::uint16_t> values() const { return m_values; }
    // One entry per power of two 1, 2, 4, ... <= size().
    [[nodiscard]] const std::vector<PowerStats>& stats() const { return m_stats; }
    [[nodiscard]] Grundy largest() const { return m_largest; }
    [[nodiscard]] std::uint64_t largest_at() const { return m_largest_at; }
    // How the heaps were valued: by the definition, by the split with the SIMD kernels, by
    // the split in portable code (values of 512 and more); heaps whose scan ran to the end.
    struct Counters {
        std::uint64_t by_definition = 0, by_split_simd = 0, by_split_portable = 0, full_scans = 0;
    };
    [[nodiscard]] const Counters& counters() const { return m_counters; }
    // The split in use (mask.rare_heaps is its count when chosen), if any.
    [[nodiscard]] bool split_in_use() const { return m_split; }
    [[nodiscard]] const RareMask& mask() const { return m_mask; }

private:
    void push(std::uint64_t n, Grundy value);
    void at_power_of_two();
    void use_mask(const RareMask& mask);
    void grow_bound(Grundy value);
    [[nodiscard]] bool is_rare(std::uint64_t n, Grundy value) const;
    [[nodiscard]] unsigned common_class(std::uint64_t n) const;
    // A new stamp, and the one-heap options of heap n marked with it (listed in `options`).
    unsigned mark_one_heap_options(std::uint64_t n, Grundy* options);
    [[nodiscard]] Grundy by_definition(std::uint64_t n);
    [[nodiscard]] Grundy by_split_portable(std::uint64_t n);
    [[nodiscard]] Grundy by_split_simd(std::uint64_t n, unsigned row);
    void start_block(std::uint64_t n0);
    [[nodiscard]] PowerStats stats_now() const;
    // The lengths L = n - k of heap n's splits (k a split removal, L >= 2).
    unsigned split_lengths(std::uint64_t n, std::uint64_t* lengths) const;
    [[nodiscard]] std::uint64_t last_split(std::uint64_t length) const {
        return m_rules.equal_splits ? length / 2 : (length - 1) / 2;
    }

    HeapRules m_rules;
    ScanKernel m_kernel;
    std::optional<unsigned> m_phase;
    std::vector<std::uint16_t> m_values;
    // counts[(v << 1) | ((n + phase) & 1)]: the histogram the masks are chosen from.
    std::vector<std::uint64_t> m_counts;
    Grundy m_bound = 2; // a power of two above every value so far
    Grundy m_largest = 0;
    std::uint64_t m_largest_at = 0;
    std::vector<PowerStats> m_stats;
    Counters m_counters;

    bool m_split = false;
    RareMask m_mask;
    std::vector<SparsePart> m_rare;      // rare heaps >= 1 under m_mask, ascending
    std::vector<std::uint16_t> m_class[2]; // values < m_bound by parity(v & mask), ascending
    std::array<std::uint64_t, 8> m_class_words[2]{}; // the same below 512, as bit sets
    std::array<std::uint16_t, 513> m_class_below[2]{};  // how many of them are below c
    // One stamp per value for a heap at a time (by_definition, by_split_portable).
    std::vector<std::uint32_t> m_stamp;
    std::uint32_t m_now = 0;
    std::vector<std::uint64_t> m_wanted; // bit set of the portable scan
    // The SIMD path's marks: row j (512 bytes) for heap m_block_start + j, valid while
    // m_block_valid; a new 8-bit stamp per block.
    std::vector<std::uint8_t> m_marks;
    std::uint8_t m_block_stamp = 0;
    std::uint64_t m_block_start = 0;
    bool m_block_valid = false;
    // Per split removal k: the first rare heap the block did not mark (>= max(32, n0 - k)).
    std::vector<std::size_t> m_recent;
    RawScan m_scan;
};

} // namespace cgt::impartial
