#pragma once
// Failed writes of a parallel HDF5 file, made safe to report. Parallel HDF5 (1.10) does not
// survive a write that fails on one rank only: that rank leaves the collective sequence of
// a flush while the others wait in it for ever, and a file whose close failed crashes the
// library when MPI_Finalize shuts it down. So every MPI-IO call that changes a file
// (MPI_File_write_at, MPI_File_write_at_all, MPI_File_set_size, MPI_File_sync,
// MPI_File_close) goes through a wrapper of MPI's profiling interface (mpi_io_guard.cpp):
// a failure is recorded here and reported to HDF5 as success, so that every rank makes the
// same calls to the end and the file closes cleanly. The file's content is then worthless:
// the writer asks after each step whether a call failed on any rank (Hdf5Dataset's
// write_selection, Hdf5File's flush and close_file return false) and, if one did, every
// rank gives the file up together. Open MPI's own complaint about a failed write (a line
// "mca_fbtl_posix_pwritev: error in (p)write(v)...") is held back; the caller's one error
// line says what failed.
#include <optional>
#include <string>

namespace cgt::common {

// The first MPI-IO failure of this process since it was last taken, in words
// ("MPI_File_write_at_all: no space left on device"); nothing if none.
[[nodiscard]] const std::optional<std::string>& mpi_io_failure();
// The same, and clears it.
[[nodiscard]] std::optional<std::string> take_mpi_io_failure();

} // namespace cgt::common
