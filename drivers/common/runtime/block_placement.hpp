#pragma once
// Where each rank's blocks of a table land in the file: every rank's (key, rows) pairs are
// shared, and the blocks are placed in the global order of their keys (table.hpp), so the
// file's row order is the same whatever the rank count. The one exchange behind both the
// collective write (ResultFile::write_table) and make_rows_contiguous.
#include "common/plumbing/comm.hpp"
#include "common/runtime/table.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cgt::common {

struct BlockPlacement {
    std::vector<std::uint64_t>
        offsets;                  // the global first row of each local block, in the local order
    std::uint64_t total_rows = 0; // the rows of every rank together
};

// Collective. Every rank passes its blocks (ranks with none still call). Throws
// std::invalid_argument if two blocks share a key (block_offsets).
BlockPlacement place_blocks(const Comm& comm, std::span<const Block> blocks);

} // namespace cgt::common
