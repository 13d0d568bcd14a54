#include "common/runtime/contiguous_rows.hpp"

#include "common/plumbing/partition.hpp"
#include "common/runtime/block_placement.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace cgt::common {

namespace {
// What an exchange names when it passes the MPI limit of 2^31 - 1 elements.
constexpr const char* ROWS = "make_rows_contiguous: rows";
constexpr const char* TEXT_BYTES = "make_rows_contiguous: text bytes";
} // namespace

void make_rows_contiguous(const Comm& comm, LocalTable& table) {
    const int rank = comm.rank(), size = comm.size();
    table.end_blocks();
    if (size == 1) return; // one rank: its blocks are the whole file already
    const auto& blocks = table.blocks();

    // Global offsets of the local blocks, as ResultFile::write_table finds them.
    const BlockPlacement placement = place_blocks(comm, blocks);
    const std::vector<std::uint64_t>& offsets = placement.offsets;
    const std::uint64_t total = placement.total_rows;
    const auto parts = static_cast<std::uint64_t>(size);
    const Range mine = block_range(total, parts, static_cast<std::uint64_t>(rank));

    // Every local row's destination, and the order rows are sent in: by destination, then
    // by global position (so each destination's rows arrive in file order).
    std::vector<std::uint64_t> global(table.rows());
    for (std::size_t k = 0; k < blocks.size(); ++k)
        for (std::uint64_t i = 0; i < blocks[k].rows; ++i) global[blocks[k].first_row + i] = offsets[k] + i;
    std::vector<std::uint64_t> send_order(table.rows());
    std::iota(send_order.begin(), send_order.end(), std::uint64_t{0});
    std::sort(send_order.begin(), send_order.end(), [&](auto a, auto b) { return global[a] < global[b]; });
    std::vector<std::uint64_t> send_rows(static_cast<std::size_t>(size), 0);
    for (std::uint64_t g : global) ++send_rows[block_owner(total, parts, g)];
    const std::vector<std::uint64_t> recv_rows = comm.alltoall(send_rows);
    // Senders hold their rows in global order and ranks own runs in rank order, so the rows
    // received, taken source by source, are not yet in order; their global positions say
    // where each goes.
    std::vector<std::uint64_t> sent_global(send_order.size());
    for (std::size_t i = 0; i < send_order.size(); ++i) sent_global[i] = global[send_order[i]];
    const std::vector<std::uint64_t> got_global =
        comm.alltoallv(std::span<const std::uint64_t>(sent_global), send_rows, recv_rows, ROWS);
    for (std::uint64_t g : got_global)
        if (g < mine.begin || g >= mine.end) throw std::logic_error("make_rows_contiguous: a row came to the wrong rank");

    // The same columns, one block keyed by this rank holding its run.
    LocalTable result;
    for (const Column& column : table.columns())
        std::visit([&](const auto& values) {
            using T = typename std::decay_t<decltype(values)>::value_type;
            result.add_column<T>(column.name);
        }, column.data);
    result.begin_block(static_cast<std::uint64_t>(rank));
    for (const Column& column : table.columns()) {
        std::visit([&](const auto& values) {
            using T = typename std::decay_t<decltype(values)>::value_type;
            auto& out = result.column<T>(column.name);
            out.resize(mine.size());
            if constexpr (std::is_same_v<T, std::string>) {
                std::vector<std::uint64_t> lengths;
                std::vector<char> bytes;
                std::vector<std::uint64_t> send_bytes(static_cast<std::size_t>(size), 0);
                for (std::uint64_t r : send_order) {
                    lengths.push_back(values[r].size());
                    bytes.insert(bytes.end(), values[r].begin(), values[r].end());
                    send_bytes[block_owner(total, parts, global[r])] += values[r].size();
                }
                const std::vector<std::uint64_t> recv_bytes = comm.alltoall(send_bytes);
                const std::vector<std::uint64_t> got_lengths =
                    comm.alltoallv(std::span<const std::uint64_t>(lengths), send_rows, recv_rows, ROWS);
                const std::vector<char> got_bytes =
                    comm.alltoallv(std::span<const char>(bytes), send_bytes, recv_bytes, TEXT_BYTES);
                std::size_t at = 0;
                for (std::size_t i = 0; i < got_global.size(); ++i) {
                    out[got_global[i] - mine.begin].assign(got_bytes.data() + at, got_lengths[i]);
                    at += got_lengths[i];
                }
            } else {
                std::vector<T> packed(send_order.size());
                for (std::size_t i = 0; i < send_order.size(); ++i) packed[i] = values[send_order[i]];
                const std::vector<T> got = comm.alltoallv(std::span<const T>(packed), send_rows, recv_rows, ROWS);
                for (std::size_t i = 0; i < got_global.size(); ++i) out[got_global[i] - mine.begin] = got[i];
            }
        }, column.data);
    }
    result.end_blocks();
    table = std::move(result);
}

} // namespace cgt::common
