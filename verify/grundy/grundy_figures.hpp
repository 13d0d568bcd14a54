#pragma once
// What cgt-verify-grundy derives from the values G(0..N) alone, independently of the tables
// the sweep wrote beside them, so that each table can be checked against the values and the
// values against the literature. Pure: no HDF5 here.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace cgt::verify {

// (heap, value) pairs.
using HeapValues = std::vector<std::pair<std::uint64_t, unsigned>>;

struct GrundyFigures {
    HeapValues sparse;                     // heaps with a sparse value, ascending
    HeapValues records;                    // heaps whose value exceeds all before
    // Indexed by value 0..65535: heaps with the value, the first and the last (-1: none).
    std::vector<std::uint64_t> count = std::vector<std::uint64_t>(65536, 0);
    std::vector<std::int64_t> first = std::vector<std::int64_t>(65536, -1);
    std::vector<std::int64_t> last = std::vector<std::int64_t>(65536, -1);
};

// The figures of G(0..last) (last < values.size()).
GrundyFigures derive_figures(std::span<const std::uint16_t> values, std::uint64_t last);

// The values G(0..last) written as an OEIS b-file or a-file (lines "n G(n)\n"): its size in
// bytes and its SHA-256, to compare with the hashes the OEIS publishes.
struct TextDigest {
    std::uint64_t bytes = 0;
    std::string sha256;
};
TextDigest oeis_text_digest(std::span<const std::uint16_t> values, std::uint64_t last);

// The first n <= last where a and b differ; nothing if they agree on 0..last (both must
// hold at least last + 1 values).
std::optional<std::uint64_t> first_difference(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
                                              std::uint64_t last);

// How many of `pairs` have a heap <= bound.
std::size_t count_up_to(const HeapValues& pairs, std::uint64_t bound);

} // namespace cgt::verify
