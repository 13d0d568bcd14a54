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
#include <stdexcept>
#include <vector>

namespace cgt::hex {

// Appends the job (or result) to `out`.
void encode_job(const Job& job, std::vector<std::byte>& out);
void encode_result(const JobResult& result, std::vector<std::byte>& out);
// What encode_job (encode_result) wrote, the proven positions of the board `shape`;
// std::invalid_argument on bytes that are not one.
Job decode_job(Shape shape, std::span<const std::byte> in);
JobResult decode_result(Shape shape, std::span<const std::byte> in);

// Proven positions as bytes, as jobs, results and a saved JobTree hold them: a count, then
// each position's stones, proof set, mover and winner, and work.
void append_positions(std::vector<std::byte>& out, const std::vector<StoredPosition>& positions);
// What append_positions wrote, for the board `shape`: take_bytes' std::invalid_argument
// (naming `what`) when the bytes end early, DamagedPositions when a count, a colour or a
// position is impossible.
struct DamagedPositions : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};
std::vector<StoredPosition> take_positions(Shape shape, std::span<const std::byte>& in,
                                           const char* what);

// The `keep` positions with the most work below them (ties: the first in the list), in the
// order of the list: what a job sends back of those it proved, and what a saved JobTree keeps.
std::vector<StoredPosition> most_worked(std::vector<StoredPosition> positions, std::size_t keep);

} // namespace cgt::hex
