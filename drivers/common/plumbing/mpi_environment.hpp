#pragma once
// The MPI environment of a driver: MPI_Init_thread on construction (threads serialised, so
// the task queue's dispatcher thread may talk MPI while rank 0 computes), MPI_Finalize on
// destruction, and the conventions for errors:
//   - UsageError: the user's mistake. Options are validated identically on every rank
//     (agree_on_usage makes sure), rank 0 prints one line `error: ...`, every rank exits 2.
//   - JobFailure: a failure of the run's environment that every rank learned together
//     (agree_on_failure), such as a result file that cannot be created: rank 0 prints one
//     line, every rank exits 1, nothing is aborted.
//   - any other exception: an internal failure; the rank that saw it prints `error: ...`
//     and the whole job is aborted with status 1 (no rank is left waiting). On 1 rank there
//     is nobody to abort: the process exits 1. Running out of memory says so.
// Every message is printed through printable() (printable.hpp), so the user's text in it
// cannot act on the terminal or break the line.
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

class JobFailure : public std::runtime_error {
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
// The same for a failure of the environment: if any rank passes one, every rank throws
// JobFailure with the message of the lowest such rank.
void agree_on_failure(MPI_Comm comm, const std::optional<std::string>& error);

// Runs a driver's body inside the conventions above and returns the process status:
// the body's return value, 2 after a UsageError, 1 after a JobFailure, or it aborts the job
// with status 1.
int run_driver(int argc, char** argv, const std::function<int(MpiEnvironment&)>& body);

// Throws std::runtime_error naming the MPI call if `rc` is not MPI_SUCCESS.
void check_mpi(int rc, const char* call);

} // namespace cgt::common
