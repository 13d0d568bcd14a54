#pragma once
// Reading result files back, for verify programs and tests. Serial: needs no MPI.
// A reader refuses (ResultRefused) a file that is still PATH.partial, lacks complete = 1,
// or was written by another program; reading a table whose data no longer matches its
// checksum throws ResultRefused too ("data altered"), and so does a file HDF5 cannot read
// (a truncated or overwritten file: "is damaged: H5Dread failed on ..."), so that every
// program reports a damaged or foreign input as a refused file (status 2), never as an
// internal failure.
#include "common/plumbing/hdf5_file.hpp"
#include "common/runtime/schema.hpp"
#include "common/runtime/table.hpp"

#include <optional>
#include <string>
#include <vector>

namespace cgt::common {

class ResultRefused : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A table read back: its columns in the written order.
struct Table {
    std::string name;
    std::string order;
    std::uint64_t rows = 0;
    std::vector<Column> columns;

    [[nodiscard]] const Column& column(const std::string& column_name) const;
    // The column as signed integers (any integer column type), or throws.
    [[nodiscard]] std::vector<std::int64_t> ints(const std::string& column_name) const;
    [[nodiscard]] const std::vector<double>& floats(const std::string& column_name) const;
    [[nodiscard]] const std::vector<std::string>& texts(const std::string& column_name) const;
};

class ResultReader {
public:
    // Opens PATH and checks it is a finished file of `expected_program` (e.g. "cgt-nim").
    ResultReader(const std::string& path, const std::string& expected_program);

    [[nodiscard]] std::string text_attribute(const std::string& name) const;
    [[nodiscard]] std::int64_t int_attribute(const std::string& name) const;
    [[nodiscard]] double float_attribute(const std::string& name) const;
    [[nodiscard]] bool has_table(const std::string& name) const;
    // Reads every column of the group `name` and verifies its checksum.
    [[nodiscard]] Table read_table(const std::string& name) const;
    // The same for a table declared by a schema; also refuses the file if a column of the
    // schema is missing or of another kind (number, float or text).
    [[nodiscard]] Table read_table(const TableSchema& schema) const;
    // A text attribute of a table group.
    [[nodiscard]] std::string table_attribute(const std::string& table, const std::string& name) const;

    [[nodiscard]] const std::string& path() const { return m_path; }
    // The most bytes of a text column held in HDF5's fixed-width form at once while it is
    // read (16 MiB): texts are stored as wide as the longest, so the column is read a slab
    // of rows at a time and memory holds only the texts themselves. Smaller values are for
    // tests.
    void set_text_slab_bytes(std::uint64_t bytes) { m_text_slab_bytes = bytes > 0 ? bytes : 1; }

private:
    // Runs `read`; an HDF5 failure in it (std::runtime_error from the plumbing) is the
    // file's damage: ResultRefused naming the path and the call.
    template <class Read>
    auto checked(Read&& read) const -> decltype(read());
    Table read_table_unchecked(const std::string& name) const;
    void check_provenance(const std::string& expected_program) const;

    std::string m_path;
    std::uint64_t m_text_slab_bytes = std::uint64_t{16} << 20;
    std::optional<Hdf5File> m_file;
};

} // namespace cgt::common
