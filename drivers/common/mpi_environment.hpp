#pragma once
// The MPI environment of a driver: MPI_Init_thread on construction (threads serialised, so
// the task queue's dispatcher thread may talk MPI while rank 0 computes), MPI_Finalize on
// destruction, and the conventions for errors:
//   - UsageError: the user's mistake. Options are validated identically on every rank
//     (agree_on_usage makes sure), rank 0 prints one line `error: ...`, every rank exits 2.
//   - any other exception: an internal failure; the rank that saw it prints `error: ...`
//     and the whole job is aborted with status 1 (no rank is left waiting).
#include <mpi.h>

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace cgt::common {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class MpiEnvironment {
public:
    MpiEnvironment(int& argc, char**& argv);
    ~MpiEnvironment();
    MpiEnvironment(const MpiEnvironment&) = delete;
    MpiEnvironment& operator=(const MpiEnvironment&) = delete;

    [[nodiscard]] MPI_Comm comm() const { return MPI_COMM_WORLD; }
    [[nodiscard]] int rank() const { return m_rank; }
    [[nodiscard]] int size() const { return m_size; }
    [[nodiscard]] bool is_root() const { return m_rank == 0; }

    // Collective. Each rank passes the usage error it found (or none); if any rank found
    // one, every rank throws UsageError with the message of the lowest such rank, so all
    // ranks leave together and rank 0 can print the message.
    void agree_on_usage(const std::optional<std::string>& error) const;

    // Ends the whole job now with `status` (MPI_Abort); used for internal failures.
    [[noreturn]] void abort(int status) const;

private:
    int m_rank = 0;
    int m_size = 1;
};

// The collective behind MpiEnvironment::agree_on_usage, for any communicator.
void agree_on_usage(MPI_Comm comm, const std::optional<std::string>& error);

// Runs a driver's body inside the conventions above and returns the process status:
// the body's return value, 2 after a UsageError, or it aborts the job with status 1.
int run_driver(int argc, char** argv, const std::function<int(MpiEnvironment&)>& body);

// Throws std::runtime_error naming the MPI call if `rc` is not MPI_SUCCESS.
void check_mpi(int rc, const char* call);

} // namespace cgt::common
