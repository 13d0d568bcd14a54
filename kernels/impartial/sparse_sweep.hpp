#pragma once
// The sparse-space sweep of Grundy's game (Winning Ways ch. 4; Flammenkamp): G(0), G(1), ...
// in O(1287 + scan) per heap instead of O(n). For heap n:
//  1. Common values (is_sparse_value false) arise only from splits with exactly one sparse
//     part. Marking G(r) ^ G(n - r) over the known sparse heaps r gives every common option;
//     c = the smallest common value not marked.
//  2. Splits a = 1, 2, ... are scanned until every sparse value below c has appeared: then
//     G(n) = c. If the splits run out first, G(n) is the smallest sparse value that never
//     appeared (it is below c), and n is a new sparse heap.
// Nothing is assumed about where the scan stops, so G equals the definition (the tests check
// it to 20,000). Along the way the sweep keeps the tables a run reports: sparse heaps, records,
// per value the count and last heap, and the scan lengths of common heaps.
#include "impartial/mex.hpp"
#include "impartial/sweep_kernels.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace cgt::impartial {

struct HeapValue {
    std::uint64_t heap;
    Grundy value;
    bool operator==(const HeapValue&) const = default;
};

// Lengths of step 2 for the heaps whose value is common: the scan of heap n stops at split
// a (it looked at a splits) when the sparse values below c had all appeared by then.
struct ScanStats {
    std::uint64_t common_heaps = 0; // heaps with a common value, each scanned to its stop
    std::uint64_t total_length = 0; // sum of their scan lengths
    std::uint64_t longest = 0;      // the longest scan ...
    std::uint64_t longest_heap = 0; // ... and the first heap where it occurred
    [[nodiscard]] double mean() const {
        return common_heaps ? static_cast<double>(total_length) / static_cast<double>(common_heaps) : 0.0;
    }
    bool operator==(const ScanStats&) const = default;
};

class SparseSweep {
public:
    // The largest max_heap accepted: heap numbers in the sweep's tables are 32-bit.
    static constexpr std::uint64_t MAX_HEAP_LIMIT = 0xFFFF'FFFEull;

    // A sweep that will compute G(0..max_heap); allocates 2 * (max_heap + 1) bytes at once.
    // std::invalid_argument if max_heap exceeds MAX_HEAP_LIMIT or `kernel` is not available.
    explicit SparseSweep(std::uint64_t max_heap, ScanKernel kernel = fastest_scan_kernel());

    // Resumes a sweep saved as (values(), scan_stats()) after any number of heaps: the other
    // tables are rebuilt from the values, so the resumed sweep continues exactly as the
    // uninterrupted one would. std::invalid_argument if there are more values than
    // max_heap + 1 or a value is 512 or more.
    SparseSweep(std::uint64_t max_heap, std::span<const std::uint16_t> values, const ScanStats& scan,
                ScanKernel kernel = fastest_scan_kernel());

    // Computes G(next_heap()) .. G(last). std::invalid_argument if last > max_heap();
    // std::overflow_error (naming the heap) if a value would reach 512, in which case the
    // sweep stays as it was before that heap.
    void run_through(std::uint64_t last);

    [[nodiscard]] std::uint64_t max_heap() const { return m_values.size() - 1; }
    // G(0..next_heap() - 1) are known.
    [[nodiscard]] std::uint64_t next_heap() const { return m_next; }
    [[nodiscard]] ScanKernel kernel() const { return m_kernel; }
    [[nodiscard]] std::span<const std::uint16_t> values() const { return {m_values.data(), m_next}; }
    // Hands over G(0..next_heap() - 1) without a copy (2 bytes a heap: 2 GiB at 2^30); the
    // sweep is left with no values and must not be run or read afterwards.
    [[nodiscard]] std::vector<std::uint16_t> release_values() &&;

    // Heaps with a sparse value, ascending (0, 1, 2, 3, 4, 6, ...).
    [[nodiscard]] const std::vector<HeapValue>& sparse_heaps() const { return m_sparse; }
    // Heaps whose value exceeds every value before (0, 3, 5, 13, 18, ...).
    [[nodiscard]] const std::vector<HeapValue>& records() const { return m_records; }
    // Per value v < 512: how many heaps so far have value v, and the last such heap
    // (0 where the count is 0).
    [[nodiscard]] const std::array<std::uint64_t, SWEEP_VALUE_LIMIT>& value_counts() const { return m_count; }
    [[nodiscard]] const std::array<std::uint64_t, SWEEP_VALUE_LIMIT>& value_last() const { return m_last; }
    [[nodiscard]] const ScanStats& scan_stats() const { return m_scan; }

private:
    void record(std::uint64_t n, Grundy value);
    // G(n) for heap n = n0 + j of the current block, whose marks by the parts of
    // m_block_parts are in row j of m_marks.
    Grundy value_of(std::uint64_t n, unsigned j);

    std::vector<std::uint16_t> m_values; // G(0..max_heap), valid below m_next
    std::uint64_t m_next = 0;
    ScanKernel m_kernel;
    std::vector<HeapValue> m_sparse;
    ScanStats m_scan;
    std::vector<HeapValue> m_records;
    std::array<std::uint64_t, SWEEP_VALUE_LIMIT> m_count{};
    std::array<std::uint64_t, SWEEP_VALUE_LIMIT> m_last{};
    // Step 1 splits the sparse heaps r >= 1 in two: those of 32 or more found before the
    // current block are marked for the whole block at once (mark_sparse_parts); the few below
    // 32, and those found inside the block, are marked heap by heap.
    std::vector<SparsePart> m_block_parts;
    std::vector<SparsePart> m_heap_parts;
    std::size_t m_sparse_in_block_parts = 0; // how many of m_sparse were considered for m_block_parts
    std::uint64_t m_block_start = 0;
    // Row j holds the marks of heap m_block_start + j: value v is marked iff
    // m_marks[j * 512 + v] == m_stamp (a new stamp per block saves clearing 16 KiB; the table
    // is cleared when the 8-bit stamp wraps).
    std::vector<std::uint8_t> m_marks;
    std::uint8_t m_stamp = 0;
};

} // namespace cgt::impartial
