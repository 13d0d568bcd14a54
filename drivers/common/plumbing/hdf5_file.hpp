#pragma once
// The one checked writer and reader of HDF5 files (HighFive's shape): files, groups, their
// attributes and 1-D datasets. Every HDF5 C call of the project is made here or in
// hdf5_handle.cpp, and every failing one throws Hdf5Error naming the call and the object
// ("H5Dcreate2 failed on out.h5.partial (table rows) column value"), except the few whose
// failure one rank of a parallel write may see alone: those return false, so that the
// caller tells every rank before any of them throws (ResultFile does).
//
// A parallel file (Hdf5File::create) is written by every rank together: creating a group or a
// dataset and writing attributes are collective (the same calls with the same values on
// every rank), and so is write_selection (a rank with no rows still takes part). A file
// opened with Hdf5File::open is read or changed by one process.
//
//   std::optional<Hdf5File> file = Hdf5File::open("nim.h5", Hdf5File::Access::read_only);
//   Hdf5Dataset values = file->open_dataset("positions/value", "nim.h5 (positions/value)");
//   std::vector<std::int64_t> v = values.read_all<std::int64_t>();
#include "common/plumbing/comm.hpp"
#include "common/plumbing/hdf5_handle.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cgt::common {

// The HDF5 calls whose failure the caller reports itself (Hdf5File::create, flush and
// close_file, Hdf5Dataset::write_selection), by name, for its message; the one
// Hdf5File::open makes; and H5Dcreate2 (Hdf5Group::create_dataset), after which the ranks
// agree on an MPI-IO failure in writing a compressed column's chunks.
inline constexpr const char* HDF5_CREATE_CALL = "H5Fcreate";
inline constexpr const char* HDF5_OPEN_CALL = "H5Fopen";
inline constexpr const char* HDF5_FLUSH_CALL = "H5Fflush";
inline constexpr const char* HDF5_CLOSE_CALL = "H5Fclose";
inline constexpr const char* HDF5_WRITE_CALL = "H5Dwrite";
inline constexpr const char* HDF5_CREATE_DATASET_CALL = "H5Dcreate2";

// How a 1-D dataset is stored: contiguous, or in chunks of `chunk_rows` rows, each passed
// through the shuffle filter (the bytes of numbers grouped by significance, which deflate
// packs better) and deflate at `deflate_level` (1 fastest .. 9 smallest).
struct DatasetStorage {
    std::uint64_t chunk_rows = 0; // 0: contiguous, unfiltered
    bool shuffle = false;
    unsigned deflate_level = 0; // 0: not deflated

    // Chunks of about 1 MiB of `element_size`-byte elements (and at most `rows` rows); a
    // dataset of no rows is stored contiguous.
    static DatasetStorage compressed(std::uint64_t rows, std::size_t element_size, bool shuffle,
                                     unsigned deflate_level);
};

// The element type of a dataset: a native number type, or UTF-8 text of a fixed width.
class ElementType {
  public:
    enum class Kind { integer, floating, text, other };

    template <class T> static ElementType number(const std::string& where) {
        return ElementType(native_type<T>(), where);
    }
    // Texts of up to `width` bytes, NUL-terminated (one byte wider), so h5dump prints clean
    // strings.
    static ElementType text(std::size_t width, const std::string& where);

    [[nodiscard]] std::size_t size() const;
    [[nodiscard]] Kind kind() const;
    [[nodiscard]] bool is_signed() const; // an integer type that holds negative numbers
    [[nodiscard]] hid_t id() const { return m_type.get(); }

  private:
    friend class Hdf5Dataset;
    ElementType(hid_t native, const std::string& where);
    explicit ElementType(H5Id type) : m_type(std::move(type)) {}
    H5Id m_type;
};

// A run of a dataset's rows: `rows` rows from row `first` on.
struct RowRun {
    std::uint64_t first = 0;
    std::uint64_t rows = 0;
};

// An open file, group or dataset, with the name its errors give.
class Hdf5Object {
  public:
    [[nodiscard]] const std::string& where() const { return m_where; }
    [[nodiscard]] bool has_attribute(const std::string& name) const;
    // A scalar attribute, replacing one of the same name.
    void set_attribute(const std::string& name, const std::string& value);
    void set_attribute(const std::string& name, std::int64_t value);
    void set_attribute(const std::string& name, double value);
    [[nodiscard]] std::string text_attribute(const std::string& name) const;
    [[nodiscard]] std::int64_t int_attribute(const std::string& name) const;
    [[nodiscard]] double float_attribute(const std::string& name) const;
    // Closes it now (Hdf5Error if that fails); otherwise it is closed on destruction.
    void close();

  protected:
    friend class Hdf5Group;
    Hdf5Object(H5Id id, std::string where, const char* close_call, bool parallel)
        : m_id(std::move(id)), m_where(std::move(where)), m_close_call(close_call),
          m_parallel(parallel) {}
    H5Id m_id;
    std::string m_where;
    const char* m_close_call;
    bool m_parallel; // of a file written by every rank together
};

class Hdf5Dataset : public Hdf5Object {
  public:
    [[nodiscard]] std::uint64_t rows() const;
    [[nodiscard]] ElementType type() const;
    // The rows of one chunk; 0 when the dataset is contiguous.
    [[nodiscard]] std::uint64_t chunk_rows() const;

    // Reads rows first .. first + count - 1 into `out` as elements of `type`.
    void read_rows(std::uint64_t first, std::uint64_t count, const ElementType& type,
                   void* out) const;
    template <class T> [[nodiscard]] std::vector<T> read_all() const {
        std::vector<T> out(rows());
        if (!out.empty()) read_rows(0, out.size(), ElementType::number<T>(m_where), out.data());
        return out;
    }
    // Writes rows first .. first + count - 1 from `data`, elements of `type`.
    void write_rows(std::uint64_t first, std::uint64_t count, const ElementType& type,
                    const void* data);
    // Collective in a parallel file: writes `data` (elements of `type`, in file order) to
    // the rows of `runs` (ascending, disjoint; `count` rows in all, none for a rank with no
    // rows). Returns whether HDF5 wrote them and no MPI-IO call of this process has failed
    // (mpi_io_guard.hpp): false on one rank only (its part of a full disk) is possible, and
    // the caller must tell every rank before anyone throws.
    [[nodiscard]] bool write_selection(std::span<const RowRun> runs, std::uint64_t count,
                                       const ElementType& type, const void* data);

  private:
    friend class Hdf5Group;
    using Hdf5Object::Hdf5Object;
};

class Hdf5Group : public Hdf5Object {
  public:
    // Whether a link `name` (a group or dataset, "table/column" for one inside) exists.
    [[nodiscard]] bool has(const std::string& name) const;
    Hdf5Group create_group(const std::string& name, const std::string& where);
    [[nodiscard]] Hdf5Group open_group(const std::string& name, const std::string& where) const;
    // Any object by its path from here, for its attributes.
    [[nodiscard]] Hdf5Object open_object(const std::string& name, const std::string& where) const;
    Hdf5Dataset create_dataset(const std::string& name, const ElementType& type, std::uint64_t rows,
                               const DatasetStorage& storage, const std::string& where);
    [[nodiscard]] Hdf5Dataset open_dataset(const std::string& name, const std::string& where) const;

    // One process's write of a whole 1-D dataset of numbers, and its read.
    template <class T>
    void write_array(const std::string& name, std::span<const T> values,
                     const DatasetStorage& storage) {
        const std::string at = m_where + " (dataset " + name + ")";
        const ElementType type = ElementType::number<T>(at);
        Hdf5Dataset set = create_dataset(name, type, values.size(), storage, at);
        if (!values.empty()) set.write_rows(0, values.size(), type, values.data());
        set.close();
    }
    template <class T> [[nodiscard]] std::vector<T> read_array(const std::string& name) const {
        return open_dataset(name, m_where + " (dataset " + name + ")").template read_all<T>();
    }

  protected:
    using Hdf5Object::Hdf5Object;
};

class Hdf5File : public Hdf5Group {
  public:
    enum class Access { read_only, read_write };
    // Collective over `comm`: opens PATH (created by the caller, emptied here) for a parallel
    // write by every rank. Nothing, and `why` in words, on every rank where some rank cannot
    // open it; nothing on this rank only where HDF5 fails (the caller tells the others).
    static std::optional<Hdf5File> create(const Comm& comm, const std::string& path,
                                          std::string& why);
    // Opens an existing PATH for one process; nothing where it is not an HDF5 file HDF5 can open.
    static std::optional<Hdf5File> open(const std::string& path, Access access);

    // Writes what is buffered to the disk (collective in a parallel file). Whether it worked
    // and no MPI-IO call of this process has failed (mpi_io_guard.hpp).
    [[nodiscard]] bool flush();
    // Closes the file (collective in a parallel file). Whether it worked, as flush() says;
    // closed either way.
    [[nodiscard]] bool close_file();
    // Lets go of the file without closing it: for a parallel file that not every rank
    // opened (closing is collective, and would wait for the ranks that did not).
    void abandon() { static_cast<void>(m_id.release()); }

  private:
    using Hdf5Group::Hdf5Group;
};

} // namespace cgt::common
