#include "common/runtime/result_file.hpp"

#include "common/plumbing/hash.hpp"
#include "common/plumbing/mpi_environment.hpp"
#include "common/plumbing/output_file.hpp"

#include <algorithm>
#include <cstring>
#include <cstdio>
#include <ctime>
#include <numeric>
#include <optional>
#include <unistd.h>

namespace cgt {
const char* build_version(); // generated at build time (cmake/WriteVersion.cmake)
}

namespace cgt::common {

std::string program_version() { return build_version(); }

std::string parameters_checksum(const std::string& parameters) {
    return std::to_string(hash_bytes(parameters.data(), parameters.size()));
}

namespace {
std::string iso8601_now(double seconds_ago) {
    const std::time_t t = std::time(nullptr) - static_cast<std::time_t>(seconds_ago);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return buf;
}

template <class T> std::uint64_t to_u64(T v) { return static_cast<std::uint64_t>(v); }
} // namespace

ResultFile::ResultFile(MPI_Comm comm, std::string path, std::string program, std::string parameters,
                       double run_seconds)
    : m_comm(comm), m_path(std::move(path)),
      m_start(std::chrono::steady_clock::now() -
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(run_seconds))) {
    MPI_Comm_rank(comm, &m_rank);
    MPI_Comm_size(comm, &m_size);
    silence_hdf5_errors();
    const std::string where = partial_path();
    lock_partial_file();
    H5Id fapl(h5_check(H5Pcreate(H5P_FILE_ACCESS), "H5Pcreate", where), H5Pclose);
    h5_check(H5Pset_fapl_mpio(fapl, comm, MPI_INFO_NULL), "H5Pset_fapl_mpio", where);
    const hid_t file = H5Fcreate(where.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    std::optional<std::string> failed;
    if (file < 0) failed = "cannot write '" + where + "': H5Fcreate failed";
    else if (m_rank == 0 && !m_lock.holds(where))
        failed = "cannot write '" + where + "': another program replaced it while it was being created";
    agree_on_failure(comm, failed);
    m_file = H5Id(file, H5Fclose);

    // Every rank writes the same attribute values: rank 0's clock decides `started`.
    std::string started = iso8601_now(run_seconds);
    started.resize(32, '\0');
    check_mpi(MPI_Bcast(started.data(), 32, MPI_CHAR, 0, comm), "MPI_Bcast");
    started.resize(std::strlen(started.c_str()));
    set_attribute("/", "program", program);
    set_attribute("/", "version", program_version());
    set_attribute("/", "parameters", parameters);
    set_attribute("/", "parameters_checksum", parameters_checksum(parameters));
    set_attribute("/", "ranks", std::int64_t{m_size});
    set_attribute("/", "started", started);
    set_attribute("/", "complete", std::int64_t{0});
    // On disk now, so a run that dies leaves a readable PATH.partial that says complete = 0.
    agree_on_write(H5Fflush(m_file, H5F_SCOPE_GLOBAL), "H5Fflush");
}

ResultFile::~ResultFile() = default; // an unfinished file stays PATH.partial, complete = 0

void ResultFile::agree_on_write(herr_t status, const std::string& call) {
    // A write may fail on one rank only (its part of a full disk): every rank learns it here,
    // before the next collective call, and they all unwind together (no rank left waiting).
    std::optional<std::string> failed;
    if (status < 0 || (call.starts_with("H5Dwrite") && test_write_fails("result", m_rank)))
        failed = "cannot write '" + partial_path() + "' (" + call +
                 "): " + write_failure_cause(partial_path(), "the write failed") +
                 "; the run's tasks stay in its journal: make room and run it again with --resume";
    try {
        agree_on_failure(m_comm, failed);
    } catch (const JobFailure&) {
        // The file is no use now and may be what filled the disk: its name goes (rank 0 holds
        // it), its space once every rank has closed it, as the ranks unwind.
        if (m_rank == 0) ::unlink(partial_path().c_str());
        m_lock.release();
        throw;
    }
}

void ResultFile::lock_partial_file() {
    // Rank 0 creates and locks PATH.partial before anyone truncates it, so a second run to
    // the same --out is refused rather than overwriting this one's file.
    std::optional<std::string> error;
    OutputLock::Refusal refusal = OutputLock::Refusal::none;
    if (m_rank == 0) error = m_lock.acquire(partial_path(), refusal);
    agree_on_usage(m_comm, refusal == OutputLock::Refusal::busy ? error : std::nullopt);
    agree_on_failure(m_comm, refusal == OutputLock::Refusal::failed ? error : std::nullopt);
}

double ResultFile::wall_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

H5Id ResultFile::open_object(const std::string& object) {
    const std::string where = partial_path() + " (" + object + ")";
    return H5Id(h5_check(H5Oopen(m_file, object.c_str(), H5P_DEFAULT), "H5Oopen", where), H5Oclose);
}

void ResultFile::set_attribute(const std::string& object, const std::string& name, const std::string& value) {
    H5Id o = open_object(object);
    write_attribute(o, name, value, partial_path());
}
void ResultFile::set_attribute(const std::string& object, const std::string& name, std::int64_t value) {
    H5Id o = open_object(object);
    write_attribute(o, name, value, partial_path());
}
void ResultFile::set_attribute(const std::string& object, const std::string& name, double value) {
    H5Id o = open_object(object);
    write_attribute(o, name, value, partial_path());
}

void ResultFile::write_table(const std::string& name, LocalTable& table, const std::string& order,
                             bool compress) {
    const std::string where = partial_path() + " (table " + name + ")";
    table.end_blocks();
    const auto& blocks = table.blocks();
    if (table.rows() > 0 && blocks.empty())
        throw std::logic_error("write_table: rows appended before any begin_block");

    // Every rank's (key, rows) pairs -> the global offset of each local block.
    const int nb = static_cast<int>(blocks.size());
    std::vector<int> counts(m_size), displs(m_size);
    check_mpi(MPI_Allgather(&nb, 1, MPI_INT, counts.data(), 1, MPI_INT, m_comm), "MPI_Allgather");
    std::exclusive_scan(counts.begin(), counts.end(), displs.begin(), 0);
    const int total_blocks = displs.back() + counts.back();
    std::vector<std::uint64_t> my_keys, my_rows, all_keys(total_blocks), all_rows(total_blocks);
    for (const auto& b : blocks) {
        my_keys.push_back(b.key);
        my_rows.push_back(b.rows);
    }
    check_mpi(MPI_Allgatherv(my_keys.data(), nb, MPI_UINT64_T, all_keys.data(), counts.data(),
                             displs.data(), MPI_UINT64_T, m_comm), "MPI_Allgatherv");
    check_mpi(MPI_Allgatherv(my_rows.data(), nb, MPI_UINT64_T, all_rows.data(), counts.data(),
                             displs.data(), MPI_UINT64_T, m_comm), "MPI_Allgatherv");
    const auto offsets = block_offsets(blocks, all_keys, all_rows);
    const std::uint64_t total_rows = std::accumulate(all_rows.begin(), all_rows.end(), std::uint64_t{0});

    // HDF5 pairs memory elements with the file selection in ascending file order, so the
    // local rows are laid out by ascending global offset; runs that touch are merged.
    std::vector<std::size_t> by_offset(blocks.size());
    std::iota(by_offset.begin(), by_offset.end(), std::size_t{0});
    std::sort(by_offset.begin(), by_offset.end(), [&](auto a, auto b) { return offsets[a] < offsets[b]; });
    std::vector<Segment> segments; // this rank's rows in file order
    std::vector<std::pair<std::uint64_t, std::uint64_t>> runs; // merged (global start, rows)
    std::uint64_t local_rows = 0;
    for (std::size_t i : by_offset) {
        const Block& b = blocks[i];
        if (b.rows == 0) continue;
        segments.push_back({b.first_row, offsets[i], b.rows});
        local_rows += b.rows;
        if (!runs.empty() && runs.back().first + runs.back().second == offsets[i]) runs.back().second += b.rows;
        else runs.emplace_back(offsets[i], b.rows);
    }
    // Whether the column's own storage is already in file order (no copy needed).
    bool in_order = local_rows == table.rows();
    for (std::size_t i = 0, next = 0; in_order && i < segments.size(); next += segments[i].rows, ++i)
        in_order = segments[i].local_first == next;
    // Calls f(file_index, local_row) for this rank's rows in file order whose file index
    // (0 .. local_rows - 1 among this rank's rows) is in [lo, hi).
    auto for_each_row = [&](std::uint64_t lo, std::uint64_t hi, auto&& f) {
        std::uint64_t k = 0;
        for (const Segment& s : segments) {
            if (k >= hi) break;
            const std::uint64_t from = lo > k ? lo - k : 0, to = std::min(s.rows, hi - k);
            for (std::uint64_t r = from; r < to; ++r) f(k + r - lo, s.local_first + r);
            k += s.rows;
        }
    };
    // Selects in `file_space` the places in the file of this rank's rows lo .. hi - 1.
    auto select_rows = [&](hid_t file_space, std::uint64_t lo, std::uint64_t hi, const std::string& at) {
        h5_check(H5Sselect_none(file_space), "H5Sselect_none", at);
        std::uint64_t k = 0;
        for (const auto& [start, count] : runs) {
            const std::uint64_t a = std::max(lo, k), b = std::min(hi, k + count);
            if (a < b) {
                const hsize_t s[1] = {start + (a - k)}, c[1] = {b - a};
                h5_check(H5Sselect_hyperslab(file_space, H5S_SELECT_OR, s, nullptr, c, nullptr),
                         "H5Sselect_hyperslab", at);
            }
            k += count;
        }
    };

    H5Id group(h5_check(H5Gcreate2(m_file, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                        "H5Gcreate2", where), H5Gclose);
    H5Id dxpl(h5_check(H5Pcreate(H5P_DATASET_XFER), "H5Pcreate", where), H5Pclose);
    h5_check(H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE), "H5Pset_dxpl_mpio", where);

    std::uint64_t checksum = 0;
    std::string column_names;
    for (const Column& column : table.columns()) {
        const std::string at = where + " column " + column.name;
        column_names += (column_names.empty() ? "" : ",") + column.name;
        checksum += column_checksum(column.name, column.data, segments);

        // The element type: texts are as wide as the longest of any rank.
        H5Id type;
        std::visit([&](const auto& v) {
            using T = typename std::decay_t<decltype(v)>::value_type;
            if constexpr (std::is_same_v<T, std::string>) {
                std::uint64_t width = 0;
                for_each_row(0, local_rows, [&](std::uint64_t, std::uint64_t r) {
                    width = std::max<std::uint64_t>(width, v[r].size());
                });
                std::uint64_t global_width = 0;
                check_mpi(MPI_Allreduce(&width, &global_width, 1, MPI_UINT64_T, MPI_MAX, m_comm), "MPI_Allreduce");
                type = utf8_string_type(global_width, at);
            } else {
                type = H5Id(h5_check(H5Tcopy(native_type<T>()), "H5Tcopy", at), H5Tclose);
            }
        }, column.data);
        const std::size_t element = H5Tget_size(type);

        const hsize_t dims[1] = {total_rows};
        H5Id file_space(h5_check(H5Screate_simple(1, dims, nullptr), "H5Screate_simple", at), H5Sclose);
        H5Id dcpl(h5_check(H5Pcreate(H5P_DATASET_CREATE), "H5Pcreate", at), H5Pclose);
        hsize_t chunk_rows = 1;
        if (compress && total_rows > 0) {
            chunk_rows = std::min<hsize_t>(total_rows, std::max<hsize_t>(1, (1u << 20) / element));
            const hsize_t chunk[1] = {chunk_rows};
            h5_check(H5Pset_chunk(dcpl, 1, chunk), "H5Pset_chunk", at);
            if (column.type() != ColumnType::Text) h5_check(H5Pset_shuffle(dcpl), "H5Pset_shuffle", at);
            h5_check(H5Pset_deflate(dcpl, 1), "H5Pset_deflate", at);
        }
        H5Id set(h5_check(H5Dcreate2(group, column.name.c_str(), type, file_space, H5P_DEFAULT, dcpl, H5P_DEFAULT),
                          "H5Dcreate2", at), H5Dclose);
        // Written in rounds of at most m_write_slab_bytes per rank (whole chunks where the
        // column is compressed), so that neither the copy of a rank's rows in file order
        // nor the chunks HDF5 assembles from it grow with the table: a text column is as
        // wide as its longest text, many times the average. Every rank takes part in every
        // round, with no rows once its own are written.
        const std::uint64_t slab =
            chunk_rows * std::max<std::uint64_t>(1, m_write_slab_bytes / (chunk_rows * element));
        std::uint64_t rounds = (local_rows + slab - 1) / slab, global_rounds = 0;
        check_mpi(MPI_Allreduce(&rounds, &global_rounds, 1, MPI_UINT64_T, MPI_MAX, m_comm), "MPI_Allreduce");
        std::vector<unsigned char> buffer;
        for (std::uint64_t round = 0; round < global_rounds; ++round) {
            const std::uint64_t lo = std::min(local_rows, round * slab), hi = std::min(local_rows, lo + slab);
            const void* data = nullptr;
            std::visit([&](const auto& v) {
                using T = typename std::decay_t<decltype(v)>::value_type;
                if constexpr (std::is_same_v<T, std::string>) {
                    buffer.assign(std::max<std::uint64_t>(hi - lo, 1) * element, 0);
                    for_each_row(lo, hi, [&](std::uint64_t i, std::uint64_t r) {
                        std::memcpy(buffer.data() + i * element, v[r].data(), v[r].size());
                    });
                    data = buffer.data();
                } else if (in_order && hi > lo) {
                    data = v.data() + lo;
                } else {
                    buffer.resize(std::max<std::uint64_t>(hi - lo, 1) * sizeof(T));
                    for_each_row(lo, hi, [&](std::uint64_t i, std::uint64_t r) {
                        std::memcpy(buffer.data() + i * sizeof(T), &v[r], sizeof(T));
                    });
                    data = buffer.data();
                }
            }, column.data);
            select_rows(file_space, lo, hi, at);
            const hsize_t mdims[1] = {std::max<std::uint64_t>(hi - lo, 1)};
            H5Id mem_space(h5_check(H5Screate_simple(1, mdims, nullptr), "H5Screate_simple", at), H5Sclose);
            if (hi == lo) h5_check(H5Sselect_none(mem_space), "H5Sselect_none", at);
            agree_on_write(H5Dwrite(set, type, mem_space, file_space, dxpl, data), "H5Dwrite of " + name + "/" + column.name);
        }
        set.close("H5Dclose", at);
    }
    std::uint64_t global_checksum = 0;
    check_mpi(MPI_Allreduce(&checksum, &global_checksum, 1, MPI_UINT64_T, MPI_SUM, m_comm), "MPI_Allreduce");
    write_attribute(group, "order", order, where);
    write_attribute(group, "columns", column_names, where);
    write_attribute(group, "rows", static_cast<std::int64_t>(total_rows), where);
    // Stored as text: HDF5 attributes have no portable unsigned 64-bit reader everywhere.
    write_attribute(group, "checksum", std::to_string(global_checksum), where);
    group.close("H5Gclose", where);
}

void ResultFile::write_table(const TableSchema& schema, LocalTable& table) {
    schema.check(table);
    write_table(schema.name, table, schema.order, schema.compress);
    set_attribute(schema.name, "description", schema.meaning);
    for (const ColumnSchema& column : schema.columns)
        set_attribute(schema.name + "/" + column.name, "description", column.meaning);
}

void ResultFile::finish() {
    if (m_finished) return;
    double wall = wall_seconds();
    check_mpi(MPI_Bcast(&wall, 1, MPI_DOUBLE, 0, m_comm), "MPI_Bcast");
    set_attribute("/", "wall_seconds", wall);
    set_attribute("/", "complete", std::int64_t{1});
    const hid_t file = m_file.release();
    agree_on_write(H5Fclose(file), "H5Fclose"); // also the barrier before the rename
    std::optional<std::string> error;
    if (m_rank == 0) {
        try {
            rename_over_regular_file(partial_path(), m_path);
            m_lock.release();
        } catch (const std::runtime_error& e) {
            error = std::string(e.what()) + " (the complete result stays in '" + partial_path() + "')";
        }
    }
    agree_on_failure(m_comm, error);
    m_finished = true;
}

} // namespace cgt::common
