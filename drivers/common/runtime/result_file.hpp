#pragma once
// One result file per run of a job, written collectively by every rank with parallel HDF5.
//
// Root attributes: program, version (git describe at build time), parameters (the full
// option set as INI text), ranks, started (ISO 8601, UTC), wall_seconds, complete (0 until
// finish(), then 1). Tables are groups of equal-length 1-D datasets, one per column, with
// group attributes `order` (the column(s) rows are sorted by), `columns` (column names in
// order), `rows`, and `checksum` (see table.hpp) that readers verify.
//
// The file is created as PATH.partial and renamed to PATH by finish() after every rank has
// written and the file is closed; a run that dies leaves only PATH.partial, marked
// complete = 0; one that fails (a ResultFile left by an exception) removes it. PATH.partial stays locked by rank 0 while the run writes it, and neither
// it nor PATH is ever anything but a regular file (output_file.hpp).
#include "common/plumbing/comm.hpp"
#include "common/plumbing/hdf5_file.hpp"
#include "common/plumbing/output_file.hpp"
#include "common/runtime/schema.hpp"
#include "common/runtime/table.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>

namespace cgt::common {

class RowLayout; // where a rank's rows of a table go in the file (result_file.cpp)

// The build's `git describe`.
std::string program_version();
// The root attribute `parameters_checksum`: hash_bytes of the parameters text, in decimal.
// A reader refuses a file whose parameters do not match it (edited provenance).
std::string parameters_checksum(const std::string& parameters);

class ResultFile {
public:
    // Collective. Creates PATH.partial (replacing any old one) and writes the provenance
    // attributes with complete = 0. `run_seconds`: how long the run has been going already
    // (the driver skeleton creates the file once the tasks are done), so that `started` and
    // `wall_seconds` cover the whole run. Throws UsageError on every rank when another run
    // holds PATH.partial, JobFailure on every rank when it cannot be created.
    ResultFile(const Comm& comm, std::string path, std::string program, std::string parameters,
               double run_seconds = 0.0);
    ~ResultFile();
    ResultFile(const ResultFile&) = delete;
    ResultFile& operator=(const ResultFile&) = delete;

    // Collective. Writes `table` as the group `name`: each rank passes its own rows (ranks
    // without rows still call), and rows land in the global order of the block keys.
    // `order` names the sort column(s), e.g. "size,row,col". With `compress`, every column
    // is chunked (1 MiB chunks) and deflate-compressed: for big arrays such as Grundy
    // values, and for text columns, which are stored as wide as their longest text.
    void write_table(const std::string& name, LocalTable& table, const std::string& order,
                     bool compress = false);
    // The most bytes of one column a rank hands to HDF5 in one write (64 MiB): bigger
    // columns go in rounds, so a write costs a bounded buffer on top of the table. The
    // same on every rank; smaller values are for tests.
    void set_write_slab_bytes(std::uint64_t bytes) { m_write_slab_bytes = std::max<std::uint64_t>(1, bytes); }
    // Collective. The same for a table declared by a schema (schema.hpp): its name, order
    // and compression, and a `description` attribute on the group and on every column.
    // std::logic_error if the table's columns are not the schema's.
    void write_table(const TableSchema& schema, LocalTable& table);

    // Collective, same value on every rank: an attribute on the root ("/") or a table group.
    void set_attribute(const std::string& object, const std::string& name, const std::string& value);
    void set_attribute(const std::string& object, const std::string& name, std::int64_t value);
    void set_attribute(const std::string& object, const std::string& name, double value);

    // Collective: wall_seconds, complete = 1, close, rename PATH.partial -> PATH (JobFailure
    // on every rank if PATH is a directory, a device or the like: it is never replaced).
    void finish();

    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] std::string partial_path() const { return m_path + ".partial"; }
    [[nodiscard]] double wall_seconds() const;

private:
    void lock_partial_file();
    // Collective: one column of a table, written in rounds (write_table).
    void write_column(Hdf5Group& group, const std::string& table_name, const Column& column,
                      const RowLayout& layout, std::uint64_t total_rows, bool compress, const std::string& where);
    // Collective, after a write every rank made: JobFailure on every rank (naming the call
    // and, if it can tell, a full disk) if it failed on any, PATH.partial then removed.
    void agree_on_write(bool written, const std::string& call);

    Comm m_comm;
    std::uint64_t m_write_slab_bytes = std::uint64_t{64} << 20;
    std::string m_path;
    std::chrono::steady_clock::time_point m_start;
    OutputLock m_lock; // rank 0 only
    std::optional<Hdf5File> m_file;
    bool m_finished = false;
    int m_uncaught_exceptions = std::uncaught_exceptions(); // at construction
};

} // namespace cgt::common
