#pragma once
// The Grundy's game job: G(0..N) by the sparse-space sweep (impartial/sparse_sweep.hpp) in
// one sequential process, checkpointed, then one result file with these tables:
//   grundy        value                     G(n) in row n, n = 0..N (chunked, compressed)
//   sparse        heap, value               the heaps with a sparse value
//   records       heap, value               the heaps whose value exceeds all before
//   value_counts  value, class, count, last per value 0..max: heaps with it, the last one
//                                           (-1 where none); class is sparse or common
//   scan          common_heaps, total_length, mean, longest, longest_heap
//                                           step 2 of the sweep over the common heaps
// Nothing here talks MPI: the sweep is sequential by nature (G(n) needs every G below n).
#include "common/table.hpp"
#include "impartial/sparse_sweep.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::grundy {

inline constexpr const char* PROGRAM = "cgt-grundy";

// --kernel: "auto" (the fastest this processor runs), "avx512", "avx2" or "portable".
// Throws std::invalid_argument naming the choices, or saying the processor lacks it.
impartial::ScanKernel parse_kernel(const std::string& text);

// Writes the sweep so far (its values and scan statistics: everything else is rebuilt from
// the values) to `path`, atomically (common/checkpoint.hpp): a crash leaves the previous
// checkpoint or this one, never a broken file.
void save_checkpoint(const std::string& path, const impartial::SparseSweep& sweep);

// Heaps saved in the checkpoint at `path` (G(0..k-1) known). Throws std::runtime_error if
// it is missing, not a finished cgt-grundy checkpoint, or inconsistent.
std::uint64_t checkpoint_heaps(const std::string& path);

// A sweep for heaps up to `max_heap` that continues from the checkpoint at `path`.
// Throws std::runtime_error as checkpoint_heaps, std::invalid_argument if the checkpoint
// holds more than max_heap + 1 values.
impartial::SparseSweep resume_from_checkpoint(const std::string& path, std::uint64_t max_heap,
                                              impartial::ScanKernel kernel);

// The result tables of a finished sweep. The values are moved out of the sweep (no copy of
// the 2 bytes a heap), which is left empty.
struct Tables {
    common::LocalTable grundy, sparse, records, value_counts, scan;
};
Tables make_tables(impartial::SparseSweep&& sweep);

} // namespace cgt::jobs::grundy
