#pragma once
// The Grundy's game job: G(0..N) by the sparse-space sweep (impartial/sparse_sweep.hpp) in
// one sequential task, whose state the journal keeps while it runs, then one result file
// with the tables of grundy_schema.hpp: grundy (G(n) in row n), sparse, records,
// value_counts, scan. Nothing here talks MPI: the sweep is sequential by nature (G(n)
// needs every G below n).
#include "common/runtime/table.hpp"
#include "impartial/sparse_sweep.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::grundy {

inline constexpr const char* PROGRAM = "cgt-grundy";

// --kernel: "auto" (the fastest this processor runs), "avx512", "avx2" or "portable".
// Throws std::invalid_argument naming the choices, or saying the processor lacks it.
impartial::ScanKernel parse_kernel(const std::string& text);

// The sweep's state since heap `from` as a delta for the journal (common/runtime/job.hpp,
// TaskContext::save_state): the values G(from..next-1) and the scan statistics so far.
// Everything else of the sweep is rebuilt from the values.
std::vector<std::byte> encode_state(const impartial::SparseSweep& sweep, std::uint64_t from);

// A sweep for heaps up to `max_heap` that continues from the deltas saved so far (oldest
// first); a fresh sweep if there are none. Throws std::invalid_argument if they do not join
// up from heap 0 or hold more than max_heap + 1 values.
impartial::SparseSweep sweep_from_state(const std::vector<std::vector<std::byte>>& deltas, std::uint64_t max_heap,
                                        impartial::ScanKernel kernel);

// The result tables of a finished sweep. The values are moved out of the sweep (no copy of
// the 2 bytes a heap), which is left empty.
struct Tables {
    common::LocalTable grundy, sparse, records, value_counts, scan;
};
Tables make_tables(impartial::SparseSweep&& sweep);

} // namespace cgt::jobs::grundy
