#pragma once
// The two inner loops of the sparse-space sweep (sparse_sweep.hpp), each in three
// interchangeable implementations: portable scalar, AVX2 and AVX-512BW, chosen at run time
// by what the processor has. All give identical results for identical input, which the
// tests check on every kernel the test machine runs.
//  - mark_sparse_parts: step 1 for a block of 32 consecutive heaps at once, so each part's
//    32 values are one contiguous load instead of 32 scattered ones.
//  - scan_splits: step 2, walking the splits of one heap until a wanted set of values has
//    appeared (SIMD: 32 or 64 splits per step, the wanted set held in registers).
#include <array>
#include <cstdint>
#include <span>

namespace cgt::impartial {

// Values the sweep handles are below 512: the xor of two such values is too, so every set of
// options fits one 512-bit table (one AVX-512 register). Grundy's game stays far below it
// (the largest known value is 310, at n = 36,285,802,857,632); the sweep refuses to go on if
// a value would reach it.
inline constexpr unsigned SWEEP_VALUE_LIMIT = 512;

// A set of values 0..511 as 8 words of 64 bits (bit v % 64 of word v / 64).
class ValueSet {
public:
    ValueSet() = default;
    explicit ValueSet(const std::array<std::uint64_t, 8>& words) : m_words(words) {}
    // Sparse values below `bound` (is_sparse_value), bound <= 512.
    static ValueSet sparse_below(unsigned bound);

    [[nodiscard]] bool contains(unsigned v) const { return (m_words[v >> 6] >> (v & 63)) & 1; }
    void erase(unsigned v) { m_words[v >> 6] &= ~(std::uint64_t{1} << (v & 63)); }
    [[nodiscard]] unsigned size() const;
    [[nodiscard]] bool empty() const { return size() == 0; }
    // Smallest member; 512 if empty.
    [[nodiscard]] unsigned smallest() const;
    [[nodiscard]] const std::array<std::uint64_t, 8>& words() const { return m_words; }

private:
    std::array<std::uint64_t, 8> m_words{};
};

enum class ScanKernel { portable, avx2, avx512 };

// Whether this processor runs `kernel` (portable always does).
bool scan_kernel_available(ScanKernel kernel);
// avx512, else avx2, else portable.
ScanKernel fastest_scan_kernel();
const char* scan_kernel_name(ScanKernel kernel);

// Heaps per block of step 1.
inline constexpr unsigned MARK_BLOCK = 32;

// A sparse heap as a part of splits: its size and its value.
struct SparsePart {
    std::uint32_t heap;
    std::uint32_t value;
};

// Step 1 for the heaps n0 .. n0 + 31: for every part r and j < 32,
//   marks[j * 512 + (G(n0 + j - r) ^ G(r))] = stamp.
// Requires 32 <= r <= n0 for every part (so only values below n0 are read), values[i] = G(i)
// below 512 for i < n0, and marks of 32 * 512 bytes.
void mark_sparse_parts(ScanKernel kernel, const std::uint16_t* values, std::uint64_t n0,
                       std::span<const SparsePart> parts, std::uint8_t* marks, std::uint8_t stamp);

// Step 2: looks at the splits a = 1..last of heap n in increasing a, erasing G(a) xor G(n - a)
// from `wanted` (values[i] = G(i), i < n, every value below 512). Returns the first a after
// which `wanted` is empty, or 0 if it is still not empty after `last`; `wanted` then holds the
// values no split produced. Requires last < n - last and `wanted` not empty
// (std::invalid_argument otherwise, or if `kernel` is not available).
std::uint64_t scan_splits(ScanKernel kernel, const std::uint16_t* values, std::uint64_t n,
                          std::uint64_t last, ValueSet& wanted);
// The scan of scan_split_range without its checks or copies, for loops that scan once per
// heap: `words` is the wanted set (8 words, bit v % 64 of word v / 64) and `remaining` the
// number of its members; both are updated. Requires 1 <= first, last < n - last, remaining > 0.
using RawScan = std::uint64_t (*)(const std::uint16_t* values, std::uint64_t n, std::uint64_t first,
                                  std::uint64_t last, std::uint64_t* words, unsigned& remaining);
// std::invalid_argument if `kernel` is not available.
RawScan raw_scan(ScanKernel kernel);

// The same for the splits a = first..last only (first >= 1; 0 at once if first > last).
std::uint64_t scan_split_range(ScanKernel kernel, const std::uint16_t* values, std::uint64_t n,
                               std::uint64_t first, std::uint64_t last, ValueSet& wanted);

} // namespace cgt::impartial
