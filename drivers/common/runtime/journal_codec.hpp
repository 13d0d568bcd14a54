#pragma once
// The deflated form of a journal record's payload (journal.hpp): its first 8 bytes as they
// are, a u64 with the length of the rest, then the rest deflated (raw deflate, zlib's fastest
// level). The rows of a task compress well (game values as text, small numbers in wide columns),
// and deflating them at the fastest level costs a fraction of computing them. Pure C++ and zlib: no
// MPI here.
#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace cgt::common {

// Payloads shorter than this are stored as they are.
inline constexpr std::size_t DEFLATE_MIN_BYTES = 512;

// Writes the deflated form of the concatenation of `pieces` to `out` (resized; its memory
// is reused from call to call) and returns true, or returns false when the payload is
// shorter than DEFLATE_MIN_BYTES or deflating would not make it smaller.
bool deflate_pieces(std::span<const std::span<const std::byte>> pieces,
                    std::vector<std::byte>& out);

// Writes the payload a deflated form stands for to `out` (resized). Throws JournalError
// naming `what` if `stored` is not a whole deflated form.
void inflate_payload(std::span<const std::byte> stored, std::vector<std::byte>& out,
                     const std::string& what);

// Byte shuffling of fixed-width numbers, as HDF5's shuffle filter does it: the first byte of
// every number, then every second byte, and so on. The numbers of a column differ mostly in
// their low bytes, so that deflate finds long runs in the others (a task record's numbers,
// task_record.hpp). `in` holds a whole number of `width`-byte numbers; `out` has room for as
// many bytes, and unshuffle_bytes undoes shuffle_bytes.
void shuffle_bytes(std::span<const std::byte> in, std::size_t width, std::byte* out);
void unshuffle_bytes(std::span<const std::byte> in, std::size_t width, std::byte* out);

} // namespace cgt::common
