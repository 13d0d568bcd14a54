#include "common/runtime/contiguous_rows.hpp"

#include "common/plumbing/mpi_environment.hpp"
#include "common/plumbing/partition.hpp"

#include <climits>
#include <cstring>
#include <numeric>
#include <stdexcept>

namespace cgt::common {

namespace {

std::vector<int> int_counts(const std::vector<std::uint64_t>& n, const char* what) {
    std::vector<int> out(n.size());
    std::uint64_t total = 0;
    for (std::size_t r = 0; r < n.size(); ++r) {
        total += n[r];
        if (n[r] > static_cast<std::uint64_t>(INT_MAX) || total > static_cast<std::uint64_t>(INT_MAX))
            throw std::runtime_error(std::string("make_rows_contiguous: ") + what +
                                     " exceed the MPI limit of 2^31 - 1 per exchange (use more ranks)");
        out[r] = static_cast<int>(n[r]);
    }
    return out;
}

std::vector<int> displacements(const std::vector<int>& counts) {
    std::vector<int> d(counts.size(), 0);
    std::exclusive_scan(counts.begin(), counts.end(), d.begin(), 0);
    return d;
}

template <class T> MPI_Datatype mpi_type() {
    if constexpr (std::is_same_v<T, std::int64_t>) return MPI_INT64_T;
    else if constexpr (std::is_same_v<T, std::uint64_t>) return MPI_UINT64_T;
    else if constexpr (std::is_same_v<T, std::uint16_t>) return MPI_UINT16_T;
    else if constexpr (std::is_same_v<T, std::uint8_t>) return MPI_UINT8_T;
    else return MPI_DOUBLE;
}

} // namespace

void make_rows_contiguous(MPI_Comm comm, LocalTable& table) {
    int rank = 0, size = 1;
    check_mpi(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
    check_mpi(MPI_Comm_size(comm, &size), "MPI_Comm_size");
    table.end_blocks();
    if (size == 1) return; // one rank: its blocks are the whole file already
    const auto& blocks = table.blocks();

    // Global offsets of the local blocks, as ResultFile::write_table finds them.
    const int nb = static_cast<int>(blocks.size());
    std::vector<int> block_counts(static_cast<std::size_t>(size));
    check_mpi(MPI_Allgather(&nb, 1, MPI_INT, block_counts.data(), 1, MPI_INT, comm), "MPI_Allgather");
    const std::vector<int> block_displs = displacements(block_counts);
    const auto total_blocks = static_cast<std::size_t>(block_displs.back() + block_counts.back());
    std::vector<std::uint64_t> my_keys, my_rows, all_keys(total_blocks), all_rows(total_blocks);
    for (const Block& b : blocks) {
        my_keys.push_back(b.key);
        my_rows.push_back(b.rows);
    }
    check_mpi(MPI_Allgatherv(my_keys.data(), nb, MPI_UINT64_T, all_keys.data(), block_counts.data(),
                             block_displs.data(), MPI_UINT64_T, comm), "MPI_Allgatherv");
    check_mpi(MPI_Allgatherv(my_rows.data(), nb, MPI_UINT64_T, all_rows.data(), block_counts.data(),
                             block_displs.data(), MPI_UINT64_T, comm), "MPI_Allgatherv");
    const std::vector<std::uint64_t> offsets = block_offsets(blocks, all_keys, all_rows);
    const std::uint64_t total = std::accumulate(all_rows.begin(), all_rows.end(), std::uint64_t{0});
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
    std::vector<std::uint64_t> recv_rows(static_cast<std::size_t>(size));
    check_mpi(MPI_Alltoall(send_rows.data(), 1, MPI_UINT64_T, recv_rows.data(), 1, MPI_UINT64_T, comm),
              "MPI_Alltoall");
    const std::vector<int> sc = int_counts(send_rows, "rows"), rc = int_counts(recv_rows, "rows");
    const std::vector<int> sd = displacements(sc), rd = displacements(rc);
    // Senders hold their rows in global order and ranks own runs in rank order, so the rows
    // received, taken source by source, are not yet in order; their global positions say
    // where each goes.
    std::vector<std::uint64_t> sent_global(send_order.size()), got_global(mine.size());
    for (std::size_t i = 0; i < send_order.size(); ++i) sent_global[i] = global[send_order[i]];
    check_mpi(MPI_Alltoallv(sent_global.data(), sc.data(), sd.data(), MPI_UINT64_T, got_global.data(), rc.data(),
                            rd.data(), MPI_UINT64_T, comm), "MPI_Alltoallv");
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
                std::string bytes;
                std::vector<std::uint64_t> send_bytes(static_cast<std::size_t>(size), 0);
                for (std::uint64_t r : send_order) {
                    lengths.push_back(values[r].size());
                    bytes += values[r];
                    send_bytes[block_owner(total, parts, global[r])] += values[r].size();
                }
                std::vector<std::uint64_t> recv_bytes(static_cast<std::size_t>(size));
                check_mpi(MPI_Alltoall(send_bytes.data(), 1, MPI_UINT64_T, recv_bytes.data(), 1, MPI_UINT64_T, comm),
                          "MPI_Alltoall");
                const std::vector<int> sbc = int_counts(send_bytes, "text bytes"), rbc = int_counts(recv_bytes, "text bytes");
                const std::vector<int> sbd = displacements(sbc), rbd = displacements(rbc);
                std::vector<std::uint64_t> got_lengths(mine.size());
                std::string got_bytes(static_cast<std::size_t>(rbd.back() + rbc.back()), '\0');
                check_mpi(MPI_Alltoallv(lengths.data(), sc.data(), sd.data(), MPI_UINT64_T, got_lengths.data(),
                                        rc.data(), rd.data(), MPI_UINT64_T, comm), "MPI_Alltoallv");
                check_mpi(MPI_Alltoallv(bytes.data(), sbc.data(), sbd.data(), MPI_CHAR, got_bytes.data(), rbc.data(),
                                        rbd.data(), MPI_CHAR, comm), "MPI_Alltoallv");
                std::size_t at = 0;
                for (std::size_t i = 0; i < got_global.size(); ++i) {
                    out[got_global[i] - mine.begin].assign(got_bytes, at, got_lengths[i]);
                    at += got_lengths[i];
                }
            } else {
                std::vector<T> packed(send_order.size()), got(mine.size());
                for (std::size_t i = 0; i < send_order.size(); ++i) packed[i] = values[send_order[i]];
                check_mpi(MPI_Alltoallv(packed.data(), sc.data(), sd.data(), mpi_type<T>(), got.data(), rc.data(),
                                        rd.data(), mpi_type<T>(), comm), "MPI_Alltoallv");
                for (std::size_t i = 0; i < got_global.size(); ++i) out[got_global[i] - mine.begin] = got[i];
            }
        }, column.data);
    }
    result.end_blocks();
    table = std::move(result);
}

} // namespace cgt::common
