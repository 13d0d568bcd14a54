#include "hackenbush-common/shared_tables.hpp"

#include "common/mpi_environment.hpp"

#include <cstdio>
#include <vector>

namespace cgt::jobs::hackenbush_common {

void run_round_robin(MPI_Comm comm, std::uint64_t count, common::Progress& progress,
                     const std::function<void(std::uint64_t)>& run) {
    int rank = 0, size = 1;
    common::check_mpi(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
    common::check_mpi(MPI_Comm_size(comm, &size), "MPI_Comm_size");
    for (auto task = static_cast<std::uint64_t>(rank); task < count; task += static_cast<std::uint64_t>(size)) {
        run(task);
        progress.advance(1);
    }
    progress.finish();
}

void write_values_table(common::ResultFile& file, MPI_Comm comm, const std::string& name,
                        common::DistinctTexts& values) {
    int rank = 0;
    common::check_mpi(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
    common::LocalTable table;
    auto& index = table.add_column<std::uint64_t>("value");
    auto& text = table.add_column<std::string>("text");
    table.begin_block(static_cast<std::uint64_t>(rank)); // shares are in rank order
    for (std::size_t k = 0; k < values.owned.size(); ++k) index.push_back(values.first + k);
    text = std::move(values.owned);
    values.owned.clear();
    file.write_table(name, table, "value", true);
}

void record_rank_cpu(common::ResultFile& file, MPI_Comm comm, double seconds) {
    int size = 1;
    MPI_Comm_size(comm, &size);
    std::vector<double> all(static_cast<std::size_t>(size));
    common::check_mpi(MPI_Allgather(&seconds, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, comm), "MPI_Allgather");
    std::string text;
    for (double s : all) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", s);
        text += (text.empty() ? "" : " ") + std::string(buf);
    }
    file.set_attribute("/", "rank_cpu_seconds", text);
}

} // namespace cgt::jobs::hackenbush_common
