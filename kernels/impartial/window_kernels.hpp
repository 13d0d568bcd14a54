#pragma once
// The two inner loops of the windowed sweep (windowed_sweep.hpp) on the layout of
// value_window.hpp, each portable, AVX2 and AVX-512 (identical results; the tests run every
// kernel the processor has):
//  - mark_group: the options of 32 consecutive heaps from a list of rare parts at once (one
//    load of 32 values per part; the ring is stored backwards, so lane l is heap 31 - l).
//  - scan_first: the splits of one heap in increasing order, recording for every wanted value
//    the first split that gives it; the scan stops when every wanted value has been seen.
#include "impartial/sweep_kernels.hpp"
#include "impartial/value_window.hpp"

#include <cstdint>
#include <span>

namespace cgt::impartial {

// Step 1 for the heaps of a group, split length L = g0 + j - k for heap g0 + j (j < 32):
// for every part p and j < 32, marks[j * 512 + (G(top - p.heap - (31 - j)) ^ p.value)] = stamp,
// where top = g0 + 31 - k. Requires every G(m) read to be held in the window's ring
// (m >= window_start()), every value below 512, and marks of 32 * 512 bytes.
void mark_group(ScanKernel kernel, const ValueView& values, std::uint64_t top,
                std::span<const SparsePart> parts, std::uint8_t* marks, std::uint8_t stamp);

// A wanted value and the first split that gave it.
struct FirstSeen {
    std::uint64_t split;
    std::uint32_t value;
};

// The wanted values as a set below 512 (bit v % 64 of words[v / 64]) and how many there are.
struct WantedSet {
    std::uint64_t words[8];
    unsigned remaining;
};

// Looks at the splits a = a0 .. a0 + count - 1 of one heap, in increasing a:
// x = lo[i] ^ hi[i] with lo[i] = G(a0 + i) and hi[i] = G(L - a0 - i). Each wanted x is removed
// from `wanted` at its first split a, which is appended to `seen` (seen[seen_count++], in
// increasing a; seen must have room for wanted.remaining entries). Stops once nothing is
// wanted. Returns the number of splits looked at. lo and hi must be readable for count values
// and every value below 512; wanted.remaining > 0.
std::uint64_t scan_first(ScanKernel kernel, const std::uint16_t* lo, const std::uint16_t* hi,
                         std::uint64_t count, std::uint64_t a0, WantedSet& wanted, FirstSeen* seen,
                         unsigned& seen_count);

// As scan_first, for a caller that needs only the last sighting (the split that completes the
// set): every value found is removed from `wanted` and counted in seen_count, but only the
// entries seen[exact_from .. seen_count) are written, the first sightings of their values in
// increasing split (exact_from is raised past every value counted without an entry; a
// caller starts it at seen_count). So when the scan completes the set, seen[seen_count - 1]
// is its last sighting, as scan_first's. The AVX-512 kernel with VBMI2 takes the splits in
// windows (64, doubling to 256) without a branch on each step (the values a window hits,
// compressed), and only the window that completes the set, and the splits after the last
// whole window, split by split; the other kernels are scan_first's (exact_from unchanged).
std::uint64_t scan_last(ScanKernel kernel, const std::uint16_t* lo, const std::uint16_t* hi,
                        std::uint64_t count, std::uint64_t a0, WantedSet& wanted, FirstSeen* seen,
                        unsigned& seen_count, unsigned& exact_from);

// The smallest v >= from among `members` (a set of values below 512: bit v % 64 of word v / 64)
// with row[v] != stamp, or 512 if there is none.
unsigned first_unmarked(ScanKernel kernel, const std::uint8_t* row, std::uint8_t stamp,
                        const std::uint64_t* members, unsigned from);

// The values v < 512 with row[v] == stamp, as a set (bit v % 64 of out[v / 64]).
void marked_set(ScanKernel kernel, const std::uint8_t* row, std::uint8_t stamp,
                std::uint64_t* out);

} // namespace cgt::impartial
