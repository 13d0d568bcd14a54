#include "common/runtime/result_file.hpp"

#include "common/plumbing/hash.hpp"
#include "common/plumbing/mpi_environment.hpp"
#include "common/plumbing/mpi_io_guard.hpp"
#include "common/plumbing/output_file.hpp"
#include "common/runtime/block_placement.hpp"

#include <algorithm>
#include <cstring>
#include <cstdio>
#include <ctime>
#include <exception>
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
} // namespace

ResultFile::ResultFile(const Comm& comm, std::string path, std::string program, std::string parameters,
                       double run_seconds)
    : m_comm(comm), m_path(std::move(path)),
      m_start(std::chrono::steady_clock::now() -
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(run_seconds))) {
    const std::string where = partial_path();
    (void)take_mpi_io_failure(); // one of another file, closed before, is no failure of this one
    lock_partial_file();
    std::string why;
    std::optional<Hdf5File> file = Hdf5File::create(m_comm, where, why);
    std::optional<std::string> failed;
    if (!file) failed = "cannot write '" + where + "': " + why;
    else if (m_comm.is_root() && !m_lock.holds(where))
        failed = "cannot write '" + where + "': another program replaced it while it was being created";
    try {
        m_comm.agree_on_failure(failed);
    } catch (const JobFailure&) {
        if (file) file->abandon(); // a rank without the file would never join its collective close
        if (m_comm.is_root() && m_lock.holds(where)) ::unlink(where.c_str()); // nothing is left
        m_lock.release();
        throw;
    }
    m_file = std::move(file);

    // Every rank writes the same attribute values: rank 0's clock decides `started`.
    std::string started = iso8601_now(run_seconds);
    m_comm.broadcast(started);
    set_attribute("/", "program", program);
    set_attribute("/", "version", program_version());
    set_attribute("/", "parameters", parameters);
    set_attribute("/", "parameters_checksum", parameters_checksum(parameters));
    set_attribute("/", "ranks", std::int64_t{m_comm.size()});
    set_attribute("/", "started", started);
    set_attribute("/", "complete", std::int64_t{0});
    // On disk now, so a run that dies leaves a readable PATH.partial that says complete = 0.
    agree_on_write(m_file->flush(), HDF5_FLUSH_CALL);
}

ResultFile::~ResultFile() {
    // Left by an exception (an error on any rank: they unwind together): no PATH.partial
    // stays to be mistaken for a result, the journal keeps the run's tasks. Its space goes
    // once every rank has closed it.
    if (!m_finished && std::uncaught_exceptions() > m_uncaught_exceptions && m_comm.is_root() &&
        m_lock.holds(partial_path()))
        ::unlink(partial_path().c_str());
}

void ResultFile::agree_on_write(bool written, const std::string& call) {
    // A write may fail on one rank only (its part of a full disk): every rank learns it here,
    // before the next collective call, and they all unwind together (no rank left waiting).
    std::optional<std::string> failed;
    const std::optional<std::string> io_failure = take_mpi_io_failure();
    if (!written || (call.starts_with(HDF5_WRITE_CALL) && test_write_fails("result", m_comm.rank())))
        failed = "cannot write '" + partial_path() + "' (" + call +
                 "): " + write_failure_cause(partial_path(), io_failure.value_or("the write failed")) +
                 "; the run's tasks stay in its journal: make room and run it again with --resume";
    try {
        m_comm.agree_on_failure(failed);
    } catch (const JobFailure&) {
        // The file is no use now and may be what filled the disk: its name goes (rank 0 holds
        // it), its space once every rank has closed it, as the ranks unwind.
        if (m_comm.is_root()) ::unlink(partial_path().c_str());
        m_lock.release();
        throw;
    }
}

void ResultFile::lock_partial_file() {
    // Rank 0 creates and locks PATH.partial before anyone truncates it, so a second run to
    // the same --out is refused rather than overwriting this one's file.
    std::optional<std::string> error;
    OutputLock::Refusal refusal = OutputLock::Refusal::none;
    if (m_comm.is_root()) error = m_lock.acquire(partial_path(), refusal);
    const bool usage =
        refusal == OutputLock::Refusal::busy || refusal == OutputLock::Refusal::no_locks;
    m_comm.agree_on_usage(usage ? error : std::nullopt);
    m_comm.agree_on_failure(refusal == OutputLock::Refusal::failed ? error : std::nullopt);
}

double ResultFile::wall_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

void ResultFile::set_attribute(const std::string& object, const std::string& name, const std::string& value) {
    m_file->open_object(object, partial_path() + " (" + object + ")").set_attribute(name, value);
}
void ResultFile::set_attribute(const std::string& object, const std::string& name, std::int64_t value) {
    m_file->open_object(object, partial_path() + " (" + object + ")").set_attribute(name, value);
}
void ResultFile::set_attribute(const std::string& object, const std::string& name, double value) {
    m_file->open_object(object, partial_path() + " (" + object + ")").set_attribute(name, value);
}

// Where this rank's rows go in the file: its blocks by ascending global offset (HDF5 pairs
// memory elements with the file selection in ascending file order), as segments of local
// rows and as runs of file rows (runs that touch merged).
class RowLayout {
public:
    RowLayout(const std::vector<Block>& blocks, const std::vector<std::uint64_t>& offsets, std::uint64_t table_rows) {
        std::vector<std::size_t> by_offset(blocks.size());
        std::iota(by_offset.begin(), by_offset.end(), std::size_t{0});
        std::sort(by_offset.begin(), by_offset.end(), [&](auto a, auto b) { return offsets[a] < offsets[b]; });
        for (std::size_t i : by_offset) {
            const Block& b = blocks[i];
            if (b.rows == 0) continue;
            m_segments.push_back({b.first_row, offsets[i], b.rows});
            m_rows += b.rows;
            if (!m_runs.empty() && m_runs.back().first + m_runs.back().rows == offsets[i]) m_runs.back().rows += b.rows;
            else m_runs.push_back({offsets[i], b.rows});
        }
        m_in_order = m_rows == table_rows;
        for (std::size_t i = 0, next = 0; m_in_order && i < m_segments.size(); next += m_segments[i].rows, ++i)
            m_in_order = m_segments[i].local_first == next;
    }
    // This rank's rows in file order.
    [[nodiscard]] const std::vector<Segment>& segments() const { return m_segments; }
    [[nodiscard]] std::uint64_t rows() const { return m_rows; }
    // Whether a column's own storage is already in file order (no copy needed).
    [[nodiscard]] bool in_order() const { return m_in_order; }
    // Calls f(file_index, local_row) for this rank's rows in file order whose file index
    // (0 .. rows() - 1 among this rank's rows) is in [lo, hi).
    template <class F> void for_each_row(std::uint64_t lo, std::uint64_t hi, F&& f) const {
        std::uint64_t k = 0;
        for (const Segment& s : m_segments) {
            if (k >= hi) break;
            const std::uint64_t from = lo > k ? lo - k : 0, to = std::min(s.rows, hi - k);
            for (std::uint64_t r = from; r < to; ++r) f(k + r - lo, s.local_first + r);
            k += s.rows;
        }
    }
    // The places in the file of this rank's rows lo .. hi - 1.
    [[nodiscard]] std::vector<RowRun> runs_of_rows(std::uint64_t lo, std::uint64_t hi) const {
        std::vector<RowRun> selected;
        std::uint64_t k = 0;
        for (const RowRun& run : m_runs) {
            const std::uint64_t a = std::max(lo, k), b = std::min(hi, k + run.rows);
            if (a < b) selected.push_back({run.first + (a - k), b - a});
            k += run.rows;
        }
        return selected;
    }

private:
    std::vector<Segment> m_segments;
    std::vector<RowRun> m_runs;
    std::uint64_t m_rows = 0;
    bool m_in_order = false;
};

namespace {
// A column's element type: texts are as wide as the longest of any rank (collective).
ElementType element_type(const Comm& comm, const Column& column, const RowLayout& layout, const std::string& at) {
    return std::visit(
        [&](const auto& v) {
            using T = typename std::decay_t<decltype(v)>::value_type;
            if constexpr (std::is_same_v<T, std::string>) {
                std::uint64_t width = 0;
                layout.for_each_row(0, layout.rows(), [&](std::uint64_t, std::uint64_t r) {
                    width = std::max<std::uint64_t>(width, v[r].size());
                });
                return ElementType::text(comm.max(width), at);
            } else {
                return ElementType::number<T>(at);
            }
        },
        column.data);
}

// This rank's rows lo .. hi - 1 of `column` in file order, as HDF5 reads them: the column's
// own storage when it is in file order, else a copy in `buffer`.
const void* slab_data(const Column& column, const RowLayout& layout, std::uint64_t lo, std::uint64_t hi,
                      std::size_t element, std::vector<unsigned char>& buffer) {
    return std::visit(
        [&](const auto& v) -> const void* {
            using T = typename std::decay_t<decltype(v)>::value_type;
            if constexpr (std::is_same_v<T, std::string>) {
                buffer.assign(std::max<std::uint64_t>(hi - lo, 1) * element, 0);
                layout.for_each_row(lo, hi, [&](std::uint64_t i, std::uint64_t r) {
                    std::memcpy(buffer.data() + i * element, v[r].data(), v[r].size());
                });
                return buffer.data();
            } else if (layout.in_order() && hi > lo) {
                return v.data() + lo;
            } else {
                buffer.resize(std::max<std::uint64_t>(hi - lo, 1) * sizeof(T));
                layout.for_each_row(lo, hi, [&](std::uint64_t i, std::uint64_t r) {
                    std::memcpy(buffer.data() + i * sizeof(T), &v[r], sizeof(T));
                });
                return buffer.data();
            }
        },
        column.data);
}
} // namespace

void ResultFile::write_column(Hdf5Group& group, const std::string& table_name, const Column& column,
                              const RowLayout& layout, std::uint64_t total_rows, bool compress,
                              const std::string& where) {
    const std::string at = where + " column " + column.name;
    const ElementType type = element_type(m_comm, column, layout, at);
    const std::size_t element = type.size();
    // Compressed: chunks of about 1 MiB, deflate level 1 (fast: the files are written once
    // per run), numbers shuffled first.
    const DatasetStorage storage = compress ? DatasetStorage::compressed(total_rows, element,
                                                                         column.type() != ColumnType::Text, 1)
                                            : DatasetStorage{};
    const std::uint64_t chunk_rows = std::max<std::uint64_t>(1, storage.chunk_rows);
    Hdf5Dataset set = group.create_dataset(column.name, type, total_rows, storage, at);
    // A compressed column's chunks are written at creation (parallel HDF5 allocates them
    // early) and the last, partial one is read back by its writer: one that did not reach
    // the disk would fail that rank alone inside the collective write. Agreed here first.
    agree_on_write(!mpi_io_failure(), std::string(HDF5_CREATE_DATASET_CALL) + " of " + table_name + "/" + column.name);
    // Written in rounds of at most m_write_slab_bytes per rank (whole chunks where the
    // column is compressed), so that neither the copy of a rank's rows in file order nor
    // the chunks HDF5 assembles from it grow with the table: a text column is as wide as
    // its longest text, many times the average. Every rank takes part in every round, with
    // no rows once its own are written.
    const std::uint64_t slab = chunk_rows * std::max<std::uint64_t>(1, m_write_slab_bytes / (chunk_rows * element));
    const std::uint64_t global_rounds = m_comm.max((layout.rows() + slab - 1) / slab);
    std::vector<unsigned char> buffer;
    for (std::uint64_t round = 0; round < global_rounds; ++round) {
        const std::uint64_t lo = std::min(layout.rows(), round * slab), hi = std::min(layout.rows(), lo + slab);
        const void* data = slab_data(column, layout, lo, hi, element, buffer);
        agree_on_write(set.write_selection(layout.runs_of_rows(lo, hi), hi - lo, type, data),
                       std::string(HDF5_WRITE_CALL) + " of " + table_name + "/" + column.name);
    }
    set.close();
}

void ResultFile::write_table(const std::string& name, LocalTable& table, const std::string& order,
                             bool compress) {
    const std::string where = partial_path() + " (table " + name + ")";
    table.end_blocks();
    if (table.rows() > 0 && table.blocks().empty())
        throw std::logic_error("write_table: rows appended before any begin_block");
    // Every rank's (key, rows) pairs -> the global offset of each local block.
    const BlockPlacement placement = place_blocks(m_comm, table.blocks());
    const RowLayout layout(table.blocks(), placement.offsets, table.rows());

    Hdf5Group group = m_file->create_group(name, where);
    std::uint64_t checksum = 0;
    std::string column_names;
    for (const Column& column : table.columns()) {
        column_names += (column_names.empty() ? "" : ",") + column.name;
        checksum += column_checksum(column.name, column.data, layout.segments());
        write_column(group, name, column, layout, placement.total_rows, compress, where);
    }
    group.set_attribute("order", order);
    group.set_attribute("columns", column_names);
    group.set_attribute("rows", static_cast<std::int64_t>(placement.total_rows));
    // Stored as text: HDF5 attributes have no portable unsigned 64-bit reader everywhere.
    group.set_attribute("checksum", std::to_string(m_comm.sum(checksum)));
    group.close();
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
    m_comm.broadcast(wall);
    set_attribute("/", "wall_seconds", wall);
    set_attribute("/", "complete", std::int64_t{1});
    agree_on_write(m_file->close_file(), HDF5_CLOSE_CALL); // also the barrier before the rename
    std::optional<std::string> error;
    if (m_comm.is_root()) {
        try {
            rename_over_regular_file(partial_path(), m_path);
            m_lock.release();
        } catch (const std::runtime_error& e) {
            // The journal still holds every task: --resume writes the file again, and no
            // PATH.partial that says complete = 1 is left to be taken for a result.
            ::unlink(partial_path().c_str());
            m_lock.release();
            error = std::string(e.what()) + "; the run's tasks stay in its journal: run it again with --resume";
        }
    }
    m_comm.agree_on_failure(error);
    m_finished = true;
}

} // namespace cgt::common
