#include "common/runtime/block_placement.hpp"

#include <numeric>

namespace cgt::common {

BlockPlacement place_blocks(const Comm& comm, std::span<const Block> blocks) {
    std::vector<std::uint64_t> my_keys, my_rows;
    my_keys.reserve(blocks.size());
    my_rows.reserve(blocks.size());
    for (const Block& b : blocks) {
        my_keys.push_back(b.key);
        my_rows.push_back(b.rows);
    }
    const std::vector<std::uint64_t> all_keys =
        comm.allgatherv(std::span<const std::uint64_t>(my_keys), "block keys");
    const std::vector<std::uint64_t> all_rows =
        comm.allgatherv(std::span<const std::uint64_t>(my_rows), "block rows");
    BlockPlacement placement;
    placement.offsets = block_offsets(blocks, all_keys, all_rows);
    placement.total_rows = std::accumulate(all_rows.begin(), all_rows.end(), std::uint64_t{0});
    return placement;
}

} // namespace cgt::common
