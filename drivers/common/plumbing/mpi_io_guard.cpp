#include "common/plumbing/mpi_io_guard.hpp"

#include <mpi.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace cgt::common {

namespace {

std::optional<std::string> g_failure; // the first failure since take_mpi_io_failure

std::string describe(int rc) {
    int error_class = 0;
    MPI_Error_class(rc, &error_class);
    if (error_class == MPI_ERR_NO_SPACE) return "no space left on device";
    if (error_class == MPI_ERR_QUOTA) return "disk quota exceeded";
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(rc, text, &length);
    return std::string(text, static_cast<std::size_t>(length));
}

// fd 2 sent to an in-memory file for the length of one MPI-IO call, so that what Open MPI
// prints about a failed write can be held back (the project makes MPI-IO calls from one
// thread, and prints nothing meanwhile). Without memfd_create (or on any error setting it
// up) nothing is held.
class HeldStderr {
  public:
    HeldStderr() {
        static const int sink = memfd_create("cgt-mpi-io-stderr", MFD_CLOEXEC);
        if (sink < 0 || ftruncate(sink, 0) != 0) return;
        std::fflush(stderr);
        m_saved = dup(STDERR_FILENO);
        if (m_saved < 0) return;
        if (dup2(sink, STDERR_FILENO) < 0) {
            close(m_saved);
            m_saved = -1;
            return;
        }
        m_sink = sink;
    }
    HeldStderr(const HeldStderr&) = delete;
    HeldStderr& operator=(const HeldStderr&) = delete;
    // Puts fd 2 back and writes out what was held, unless the call failed: then what Open
    // MPI printed about it ("mca_fbtl_posix_pwritev: error in (p)write(v)...", "OUT OF
    // MEMORY") is dropped, the caller's one error line says what failed.
    ~HeldStderr() {
        if (m_saved < 0) return;
        std::fflush(stderr);
        dup2(m_saved, STDERR_FILENO);
        close(m_saved);
        if (m_failed) return;
        char buffer[4096];
        for (off_t at = 0;;) {
            const ssize_t n = pread(m_sink, buffer, sizeof buffer, at);
            if (n <= 0) break;
            at += n;
            for (ssize_t done = 0; done < n;) {
                const ssize_t w =
                    write(STDERR_FILENO, buffer + done, static_cast<std::size_t>(n - done));
                if (w <= 0) break;
                done += w;
            }
        }
    }
    void set_failed() { m_failed = true; }

  private:
    int m_saved = -1;
    int m_sink = -1;
    bool m_failed = false;
};

void record(const char* name, const std::string& why) {
    if (!g_failure) g_failure = std::string(name) + ": " + why;
}

// A call that writes `count` elements of `type`, as HDF5 is to see it: always done in full.
// Open MPI's file layer reports a write(2) that failed with MPI_SUCCESS and a short count
// in the status (and prints a line), so a short count is a failure too.
template <class Call>
int guarded_write(const char* name, MPI_Datatype type, int count, MPI_Status* status, Call call) {
    HeldStderr held;
    MPI_Status own{};
    MPI_Status* const used = status == MPI_STATUS_IGNORE ? &own : status;
    errno = 0;
    const int rc = call(used);
    const int error = errno;
    MPI_Count type_bytes = 0, written = 0;
    MPI_Type_size_x(type, &type_bytes);
    const MPI_Count wanted = type_bytes * count;
    if (rc == MPI_SUCCESS && MPI_Get_elements_x(used, MPI_BYTE, &written) == MPI_SUCCESS &&
        written == wanted)
        return rc;
    held.set_failed();
    if (rc != MPI_SUCCESS)
        record(name, describe(rc));
    else if (error != 0)
        record(name, std::strerror(error));
    else
        record(name,
               "wrote " + std::to_string(written) + " of " + std::to_string(wanted) + " bytes");
    MPI_Status_set_elements_x(used, MPI_BYTE, wanted);
    return MPI_SUCCESS;
}

// A call that changes a file without writing data: always done, as HDF5 is to see it.
template <class Call> int guarded(const char* name, Call call) {
    HeldStderr held;
    const int rc = call();
    if (rc == MPI_SUCCESS) return rc;
    held.set_failed();
    record(name, describe(rc));
    return MPI_SUCCESS;
}

} // namespace

const std::optional<std::string>& mpi_io_failure() {
    return g_failure;
}

std::optional<std::string> take_mpi_io_failure() {
    std::optional<std::string> failure;
    failure.swap(g_failure);
    return failure;
}

} // namespace cgt::common

// The wrappers, found by the dynamic linker before Open MPI's own (MPI's profiling
// interface: the real calls are PMPI_*). Each is defined with the signature mpi.h declares.
extern "C" {

int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void* buf, int count,
                      MPI_Datatype datatype, MPI_Status* status) {
    return cgt::common::guarded_write(
        "MPI_File_write_at", datatype, count, status,
        [&](MPI_Status* s) { return PMPI_File_write_at(fh, offset, buf, count, datatype, s); });
}

int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void* buf, int count,
                          MPI_Datatype datatype, MPI_Status* status) {
    return cgt::common::guarded_write(
        "MPI_File_write_at_all", datatype, count, status,
        [&](MPI_Status* s) { return PMPI_File_write_at_all(fh, offset, buf, count, datatype, s); });
}

int MPI_File_set_size(MPI_File fh, MPI_Offset size) {
    return cgt::common::guarded("MPI_File_set_size", [&] { return PMPI_File_set_size(fh, size); });
}

int MPI_File_sync(MPI_File fh) {
    return cgt::common::guarded("MPI_File_sync", [&] { return PMPI_File_sync(fh); });
}

int MPI_File_close(MPI_File* fh) {
    return cgt::common::guarded("MPI_File_close", [&] { return PMPI_File_close(fh); });
}

} // extern "C"
