#pragma once
// Jobs and their results as bytes, for a master and workers in different processes (one
// program's build: the words as they lie in memory, as the saved searches, byte_io.hpp).
//
//   std::vector<std::byte> bytes;
//   encode_job(job, bytes);                 // rank 0
//   Job same = decode_job(shape, bytes);    // a worker's rank
#include "hex/board/geometry.hpp"
#include "hex/parallel/job.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace cgt::hex {

// Appends the job (or result) to `out`.
void encode_job(const Job& job, std::vector<std::byte>& out);
void encode_result(const JobResult& result, std::vector<std::byte>& out);
// What encode_job (encode_result) wrote, the proven positions of the board `shape`;
// std::invalid_argument on bytes that are not one.
Job decode_job(Shape shape, std::span<const std::byte> in);
JobResult decode_result(Shape shape, std::span<const std::byte> in);

} // namespace cgt::hex
