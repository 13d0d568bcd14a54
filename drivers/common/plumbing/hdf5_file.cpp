#include "common/plumbing/hdf5_file.hpp"

#include "common/plumbing/mpi_io_guard.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace cgt::common {

DatasetStorage DatasetStorage::compressed(std::uint64_t rows, std::size_t element_size,
                                          bool shuffle, unsigned deflate_level) {
    if (rows == 0) return {};
    const std::uint64_t chunk =
        std::min<std::uint64_t>(rows, std::max<std::uint64_t>(1, (1u << 20) / element_size));
    return {chunk, shuffle, deflate_level};
}

ElementType::ElementType(hid_t native, const std::string& where)
    : m_type(h5_check(H5Tcopy(native), "H5Tcopy", where), H5Tclose) {}

ElementType ElementType::text(std::size_t width, const std::string& where) {
    return ElementType(utf8_string_type(width, where));
}

std::size_t ElementType::size() const {
    return H5Tget_size(m_type);
}

ElementType::Kind ElementType::kind() const {
    switch (H5Tget_class(m_type)) {
    case H5T_INTEGER:
        return Kind::integer;
    case H5T_FLOAT:
        return Kind::floating;
    case H5T_STRING:
        return Kind::text;
    default:
        return Kind::other;
    }
}

bool ElementType::is_signed() const {
    return H5Tget_class(m_type) == H5T_INTEGER && H5Tget_sign(m_type) == H5T_SGN_2;
}

// --- attributes

bool Hdf5Object::has_attribute(const std::string& name) const {
    return common::has_attribute(m_id, name);
}
void Hdf5Object::set_attribute(const std::string& name, const std::string& value) {
    write_attribute(m_id, name, value, m_where);
}
void Hdf5Object::set_attribute(const std::string& name, std::int64_t value) {
    write_attribute(m_id, name, value, m_where);
}
void Hdf5Object::set_attribute(const std::string& name, double value) {
    write_attribute(m_id, name, value, m_where);
}
std::string Hdf5Object::text_attribute(const std::string& name) const {
    return read_string_attribute(m_id, name, m_where);
}
std::int64_t Hdf5Object::int_attribute(const std::string& name) const {
    return read_int_attribute(m_id, name, m_where);
}
double Hdf5Object::float_attribute(const std::string& name) const {
    return read_double_attribute(m_id, name, m_where);
}
void Hdf5Object::close() {
    m_id.close(m_close_call, m_where);
}

// --- datasets

std::uint64_t Hdf5Dataset::rows() const {
    H5Id space(h5_check(H5Dget_space(m_id), "H5Dget_space", m_where), H5Sclose);
    return static_cast<std::uint64_t>(
        h5_check(H5Sget_simple_extent_npoints(space), "H5Sget_simple_extent_npoints", m_where));
}

ElementType Hdf5Dataset::type() const {
    return ElementType(H5Id(h5_check(H5Dget_type(m_id), "H5Dget_type", m_where), H5Tclose));
}

std::uint64_t Hdf5Dataset::chunk_rows() const {
    H5Id dcpl(h5_check(H5Dget_create_plist(m_id), "H5Dget_create_plist", m_where), H5Pclose);
    hsize_t chunk[1] = {0};
    if (H5Pget_layout(dcpl) == H5D_CHUNKED && H5Pget_chunk(dcpl, 1, chunk) == 1) return chunk[0];
    return 0;
}

namespace {
// The file space of `set` with rows first .. first + count - 1 selected.
H5Id select_run(hid_t set, std::uint64_t first, std::uint64_t count, const std::string& where) {
    H5Id space(h5_check(H5Dget_space(set), "H5Dget_space", where), H5Sclose);
    const hsize_t start[1] = {first}, n[1] = {count};
    h5_check(H5Sselect_hyperslab(space, H5S_SELECT_SET, start, nullptr, n, nullptr),
             "H5Sselect_hyperslab", where);
    return space;
}
H5Id memory_space(std::uint64_t count, const std::string& where) {
    const hsize_t n[1] = {std::max<std::uint64_t>(count, 1)};
    H5Id space(h5_check(H5Screate_simple(1, n, nullptr), "H5Screate_simple", where), H5Sclose);
    if (count == 0) h5_check(H5Sselect_none(space), "H5Sselect_none", where);
    return space;
}
} // namespace

void Hdf5Dataset::read_rows(std::uint64_t first, std::uint64_t count, const ElementType& type,
                            void* out) const {
    if (count == 0) return;
    if (first == 0 && count == rows()) {
        h5_check(H5Dread(m_id, type.id(), H5S_ALL, H5S_ALL, H5P_DEFAULT, out), "H5Dread", m_where);
        return;
    }
    const H5Id file_space = select_run(m_id, first, count, m_where);
    const H5Id mem_space = memory_space(count, m_where);
    h5_check(H5Dread(m_id, type.id(), mem_space, file_space, H5P_DEFAULT, out), "H5Dread", m_where);
}

void Hdf5Dataset::write_rows(std::uint64_t first, std::uint64_t count, const ElementType& type,
                             const void* data) {
    if (count == 0) return;
    if (first == 0 && count == rows()) {
        h5_check(H5Dwrite(m_id, type.id(), H5S_ALL, H5S_ALL, H5P_DEFAULT, data), "H5Dwrite",
                 m_where);
        return;
    }
    const H5Id file_space = select_run(m_id, first, count, m_where);
    const H5Id mem_space = memory_space(count, m_where);
    h5_check(H5Dwrite(m_id, type.id(), mem_space, file_space, H5P_DEFAULT, data), "H5Dwrite",
             m_where);
}

bool Hdf5Dataset::write_selection(std::span<const RowRun> runs, std::uint64_t count,
                                  const ElementType& type, const void* data) {
    H5Id file_space(h5_check(H5Dget_space(m_id), "H5Dget_space", m_where), H5Sclose);
    h5_check(H5Sselect_none(file_space), "H5Sselect_none", m_where);
    for (const RowRun& run : runs) {
        const hsize_t start[1] = {run.first}, n[1] = {run.rows};
        h5_check(H5Sselect_hyperslab(file_space, H5S_SELECT_OR, start, nullptr, n, nullptr),
                 "H5Sselect_hyperslab", m_where);
    }
    const H5Id mem_space = memory_space(count, m_where);
    H5Id dxpl(h5_check(H5Pcreate(H5P_DATASET_XFER), "H5Pcreate", m_where), H5Pclose);
    if (m_parallel)
        h5_check(H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE), "H5Pset_dxpl_mpio", m_where);
    return H5Dwrite(m_id, type.id(), mem_space, file_space, dxpl, data) >= 0 && !mpi_io_failure();
}

// --- groups

bool Hdf5Group::has(const std::string& name) const {
    return H5Lexists(m_id, name.c_str(), H5P_DEFAULT) > 0;
}

Hdf5Group Hdf5Group::create_group(const std::string& name, const std::string& where) {
    H5Id id(h5_check(H5Gcreate2(m_id, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                     "H5Gcreate2", where),
            H5Gclose);
    return Hdf5Group(std::move(id), where, "H5Gclose", m_parallel);
}

Hdf5Group Hdf5Group::open_group(const std::string& name, const std::string& where) const {
    H5Id id(h5_check(H5Gopen2(m_id, name.c_str(), H5P_DEFAULT), "H5Gopen2", where), H5Gclose);
    return Hdf5Group(std::move(id), where, "H5Gclose", m_parallel);
}

Hdf5Object Hdf5Group::open_object(const std::string& name, const std::string& where) const {
    H5Id id(h5_check(H5Oopen(m_id, name.c_str(), H5P_DEFAULT), "H5Oopen", where), H5Oclose);
    return Hdf5Object(std::move(id), where, "H5Oclose", m_parallel);
}

Hdf5Dataset Hdf5Group::create_dataset(const std::string& name, const ElementType& type,
                                      std::uint64_t rows, const DatasetStorage& storage,
                                      const std::string& where) {
    const hsize_t dims[1] = {rows};
    H5Id space(h5_check(H5Screate_simple(1, dims, nullptr), "H5Screate_simple", where), H5Sclose);
    H5Id dcpl(h5_check(H5Pcreate(H5P_DATASET_CREATE), "H5Pcreate", where), H5Pclose);
    if (storage.chunk_rows > 0) {
        const hsize_t chunk[1] = {storage.chunk_rows};
        h5_check(H5Pset_chunk(dcpl, 1, chunk), "H5Pset_chunk", where);
        if (storage.shuffle) h5_check(H5Pset_shuffle(dcpl), "H5Pset_shuffle", where);
        if (storage.deflate_level > 0)
            h5_check(H5Pset_deflate(dcpl, storage.deflate_level), "H5Pset_deflate", where);
    }
    H5Id id(
        h5_check(H5Dcreate2(m_id, name.c_str(), type.id(), space, H5P_DEFAULT, dcpl, H5P_DEFAULT),
                 "H5Dcreate2", where),
        H5Dclose);
    return Hdf5Dataset(std::move(id), where, "H5Dclose", m_parallel);
}

Hdf5Dataset Hdf5Group::open_dataset(const std::string& name, const std::string& where) const {
    H5Id id(h5_check(H5Dopen2(m_id, name.c_str(), H5P_DEFAULT), "H5Dopen2", where), H5Dclose);
    return Hdf5Dataset(std::move(id), where, "H5Dclose", m_parallel);
}

// --- files

std::optional<Hdf5File> Hdf5File::create(const Comm& comm, const std::string& path,
                                         std::string& why) {
    silence_hdf5_errors();
    // Open MPI's MPI_File_open waits for ever when the open fails on some ranks only, so
    // every rank first opens the file itself (the caller created it); the first rank that
    // cannot says why.
    const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    const std::uint64_t error = fd >= 0 ? 0 : static_cast<std::uint64_t>(errno == 0 ? EIO : errno);
    if (fd >= 0) ::close(fd);
    const std::uint64_t first =
        comm.max(error == 0 ? 0 : static_cast<std::uint64_t>(comm.size() - comm.rank()));
    if (first != 0) {
        const int rank = comm.size() - static_cast<int>(first);
        std::uint64_t rank_error = comm.rank() == rank ? error : 0;
        rank_error = comm.max(rank_error);
        why = "rank " + std::to_string(rank) + " cannot open it (" +
              std::strerror(static_cast<int>(rank_error)) +
              "): every rank must see --out's folder (a file system they share)";
        return std::nullopt;
    }
    why = HDF5_CREATE_CALL + std::string(" failed");
    H5Id fapl(h5_check(H5Pcreate(H5P_FILE_ACCESS), "H5Pcreate", path), H5Pclose);
    h5_check(H5Pset_fapl_mpio(fapl, comm.raw(), MPI_INFO_NULL), "H5Pset_fapl_mpio", path);
    const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    if (file < 0) return std::nullopt;
    return Hdf5File(H5Id(file, H5Fclose), path, "H5Fclose", true);
}

std::optional<Hdf5File> Hdf5File::open(const std::string& path, Access access) {
    silence_hdf5_errors();
    const hid_t file = H5Fopen(
        path.c_str(), access == Access::read_write ? H5F_ACC_RDWR : H5F_ACC_RDONLY, H5P_DEFAULT);
    if (file < 0) return std::nullopt;
    return Hdf5File(H5Id(file, H5Fclose), path, "H5Fclose", false);
}

bool Hdf5File::flush() {
    return H5Fflush(m_id, H5F_SCOPE_GLOBAL) >= 0 && !mpi_io_failure();
}

bool Hdf5File::close_file() {
    return H5Fclose(m_id.release()) >= 0 && !mpi_io_failure();
}

} // namespace cgt::common
