#include "impartial/sparse_sweep.hpp"

#include "impartial/grundy_game.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace cgt::impartial {

namespace {

// The common values below 512, ascending: the candidates for c in step 1.
constexpr std::array<std::uint16_t, SWEEP_VALUE_LIMIT / 2> COMMON_VALUES = [] {
    std::array<std::uint16_t, SWEEP_VALUE_LIMIT / 2> out{};
    unsigned k = 0;
    for (unsigned v = 0; v < SWEEP_VALUE_LIMIT; ++v)
        if (!is_sparse_value(v)) out[k++] = static_cast<std::uint16_t>(v);
    return out;
}();

void require_kernel(ScanKernel kernel) {
    if (!scan_kernel_available(kernel))
        throw std::invalid_argument(std::string("scan kernel ") + scan_kernel_name(kernel) +
                                    " is not available on this processor");
}

std::vector<std::uint16_t> allocate_values(std::uint64_t max_heap) {
    if (max_heap > SparseSweep::MAX_HEAP_LIMIT)
        throw std::invalid_argument("max heap " + std::to_string(max_heap) + " exceeds " +
                                    std::to_string(SparseSweep::MAX_HEAP_LIMIT));
    return std::vector<std::uint16_t>(max_heap + 1, 0);
}

} // namespace

SparseSweep::SparseSweep(std::uint64_t max_heap, ScanKernel kernel)
    : m_values(allocate_values(max_heap)), m_kernel(kernel),
      m_marks(std::size_t{MARK_BLOCK} * SWEEP_VALUE_LIMIT, 0) {
    require_kernel(kernel);
}

SparseSweep::SparseSweep(std::uint64_t max_heap, std::span<const std::uint16_t> values,
                         const ScanStats& scan, ScanKernel kernel)
    : SparseSweep(max_heap, kernel) {
    if (values.size() > m_values.size())
        throw std::invalid_argument("cannot resume: " + std::to_string(values.size()) +
                                    " values saved but max heap is " + std::to_string(max_heap));
    for (std::uint64_t n = 0; n < values.size(); ++n) {
        if (values[n] >= SWEEP_VALUE_LIMIT)
            throw std::invalid_argument("cannot resume: saved G(" + std::to_string(n) + ") = " +
                                        std::to_string(values[n]) + " is not below 512");
        m_values[n] = values[n];
        record(n, values[n]);
    }
    m_next = values.size();
    m_scan = scan;
}

std::vector<std::uint16_t> SparseSweep::release_values() && {
    m_values.resize(m_next);
    m_next = 0;
    return std::move(m_values);
}

void SparseSweep::record(std::uint64_t n, Grundy value) {
    if (is_sparse_value(value)) {
        m_sparse.push_back({n, value});
        // Heap 0 is no part of a split. Small heaps stay heap-by-heap parts for good; larger
        // ones join the block parts when the next block starts.
        if (n > 0 && n < MARK_BLOCK) m_heap_parts.push_back({static_cast<std::uint32_t>(n), value});
    }
    if (m_records.empty() || value > m_records.back().value) m_records.push_back({n, value});
    ++m_count[value];
    m_last[value] = n;
}

Grundy SparseSweep::value_of(std::uint64_t n, unsigned j) {
    std::uint8_t* const marks = m_marks.data() + std::size_t{j} * SWEEP_VALUE_LIMIT;
    const std::uint16_t* const g = m_values.data();
    // Step 1, the parts not marked for the block: below 32, or found in this block (below n).
    // A part equal to its complement (r = n - r) or with a sparse complement gives a sparse
    // value, which c ignores, so neither needs excluding.
    for (const SparsePart& p : m_heap_parts)
        if (p.heap < n) marks[g[n - p.heap] ^ p.value] = m_stamp;
    for (auto it = m_sparse.rbegin(); it != m_sparse.rend() && it->heap >= m_block_start; ++it)
        if (it->heap >= MARK_BLOCK) marks[g[n - it->heap] ^ it->value] = m_stamp;
    Grundy c = SWEEP_VALUE_LIMIT;
    for (std::uint16_t v : COMMON_VALUES)
        if (marks[v] != m_stamp) {
            c = v;
            break;
        }
    if (c == SWEEP_VALUE_LIMIT)
        throw std::overflow_error("G(" + std::to_string(n) +
                                  ") may reach 512: every common value below 512 is an option, "
                                  "and the sweep's tables hold values below 512 only");

    // Step 2.
    ValueSet wanted = ValueSet::sparse_below(c);
    const std::uint64_t last_split = n >= 1 ? (n - 1) / 2 : 0;
    const std::uint64_t stop = last_split >= 1 ? scan_splits(m_kernel, g, n, last_split, wanted) : 0;
    if (!stop) return wanted.smallest(); // a new sparse heap
    ++m_scan.common_heaps;
    m_scan.total_length += stop;
    if (stop > m_scan.longest) {
        m_scan.longest = stop;
        m_scan.longest_heap = n;
    }
    return c;
}

void SparseSweep::run_through(std::uint64_t last) {
    if (last > max_heap())
        throw std::invalid_argument("cannot sweep to heap " + std::to_string(last) +
                                    ": this sweep was sized for heaps up to " + std::to_string(max_heap()));
    while (m_next <= last) {
        // A new block at m_next: every sparse heap of 32 or more found so far is below it.
        m_block_start = m_next;
        for (; m_sparse_in_block_parts < m_sparse.size(); ++m_sparse_in_block_parts) {
            const HeapValue& s = m_sparse[m_sparse_in_block_parts];
            if (s.heap >= MARK_BLOCK) m_block_parts.push_back({static_cast<std::uint32_t>(s.heap), s.value});
        }
        if (++m_stamp == 0) {
            std::fill(m_marks.begin(), m_marks.end(), std::uint8_t{0});
            m_stamp = 1;
        }
        mark_sparse_parts(m_kernel, m_values.data(), m_block_start, m_block_parts, m_marks.data(), m_stamp);
        const std::uint64_t block_end = std::min(last, m_block_start + MARK_BLOCK - 1);
        for (std::uint64_t n = m_block_start; n <= block_end; ++n) {
            const Grundy value = value_of(n, static_cast<unsigned>(n - m_block_start));
            m_values[n] = static_cast<std::uint16_t>(value);
            record(n, value);
            m_next = n + 1;
        }
    }
}

} // namespace cgt::impartial
