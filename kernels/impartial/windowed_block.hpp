#pragma once
// The windowed sweep's per-block scratch (internal to windowed_sweep*.cpp): the marks of the
// block's heaps, and per heap what its parallel part found.
#include "impartial/windowed_sweep.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace cgt::impartial {

// The SIMD path holds values below this (one 512-bit set).
inline constexpr Grundy SIMD_BOUND = SWEEP_VALUE_LIMIT;
// The most heaps a block holds (WindowConfig::block_heaps).
inline constexpr unsigned MAX_BLOCK = 512;
// Room for the first sightings of one heap's wanted values (at most one class below 512).
inline constexpr unsigned SEEN_PER_HEAP = SIMD_BOUND / 2 + 1;

// Thrown inside the sweep when a value it dropped is needed; run_to starts again with the
// prefix and window this large (generous: a restart costs a whole sweep), or as large as
// WindowConfig::max_growth allows if that still reaches the least sizes that hold the value.
struct NeedRestart {
    std::uint64_t prefix_heaps = 0;
    std::uint64_t window_heaps = 0;
    std::uint64_t least_prefix = 0;
    std::uint64_t least_window = 0;
};

// What the part of heap n's work that reads only values before `known` found.
struct WindowedSweep::HeapSpec {
    // Every value before this heap was known to the guess (set by the caller before guess):
    // n itself one heap at a time, the block's first heap in the pipeline, the frontier's
    // position when the guess began in run_frontier.
    std::uint64_t known = 0;
    bool simd = false;   // a common value below 512 is unmarked: c below
    Grundy c = 0;        // the smallest such (the guess of G(n))
    // The values the guess marked (options of n), as a set: what settle adds to, instead of
    // the heap's row of 512 bytes, which stays with the thread that guessed it.
    std::array<std::uint64_t, 8> marked{};
    std::uint64_t h = 0; // splits a <= h read values from `known` on: left to settle
    std::array<std::uint64_t, 8> wanted{}; // the other class below c, less the known options
    std::array<std::uint64_t, 8> found{};  // those seen at splits a > h
    // How many: the first sightings seen[exact_from .. seen_count) are written (scan_last),
    // in increasing split; those of the other values found are not.
    unsigned seen_count = 0;
    unsigned exact_from = 0;
    std::uint64_t scanned_end = 0; // every split h < a < scanned_end was looked at
    bool exhausted = false;        // ... and no split is left
};

struct WindowedSweep::Block {
    std::uint64_t n0 = 0;
    std::uint64_t count = 0;
    bool fused = true; // one heap at a time, each knowing every value before it
    // The values for the guesses and group marks: each thread reads its own copy, not the
    // window's members that every push changes.
    ValueView view;
    // Row j (512 bytes) holds the marks of heap n0 + j: value v is marked iff
    // marks[j * 512 + v] == stamp (a new stamp per block; cleared when it wraps).
    std::vector<std::uint8_t> marks;
    std::uint8_t stamp = 0;
    std::vector<HeapSpec> specs;
    std::vector<FirstSeen> seen; // SEEN_PER_HEAP per heap
    // Per group of 32 heaps and split removal: up to two index ranges of the rare heaps the
    // group marks at once (mark_group), [r[0], r[1]) and [r[2], r[3]).
    std::vector<std::array<std::size_t, 4>> ranges;
    // The first rare heap found in the block (or after it), an index of the rare heaps.
    std::size_t rare_from_block = 0;
};

} // namespace cgt::impartial
