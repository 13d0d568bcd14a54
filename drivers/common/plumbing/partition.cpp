#include "common/plumbing/partition.hpp"

#include <stdexcept>

namespace cgt::common {

Range block_range(std::uint64_t total, std::uint64_t parts, std::uint64_t index) {
    if (parts == 0 || index >= parts) throw std::invalid_argument("block_range: bad part index");
    const std::uint64_t base = total / parts;
    const std::uint64_t extra = total % parts;
    const std::uint64_t begin = index * base + (index < extra ? index : extra);
    return {begin, begin + base + (index < extra ? 1 : 0)};
}

std::uint64_t block_owner(std::uint64_t total, std::uint64_t parts, std::uint64_t item) {
    if (parts == 0 || item >= total) throw std::invalid_argument("block_owner: bad item");
    const std::uint64_t base = total / parts;
    const std::uint64_t extra = total % parts;
    const std::uint64_t big = extra * (base + 1); // items held by the larger blocks
    if (item < big) return item / (base + 1);
    return extra + (item - big) / base;
}

} // namespace cgt::common
