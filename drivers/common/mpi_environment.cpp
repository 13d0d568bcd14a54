#include "common/mpi_environment.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cgt::common {

MpiEnvironment::MpiEnvironment(int& argc, char**& argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    if (provided < MPI_THREAD_SERIALIZED) {
        std::fprintf(stderr, "error: this MPI library does not support MPI_THREAD_SERIALIZED\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    // Errors come back as codes and are turned into exceptions naming the call.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &m_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m_size);
}

MpiEnvironment::~MpiEnvironment() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
}

void MpiEnvironment::agree_on_usage(const std::optional<std::string>& error) const {
    cgt::common::agree_on_usage(comm(), error);
}

void agree_on_usage(MPI_Comm comm, const std::optional<std::string>& error) {
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const int mine = error ? rank : size;
    int first = size;
    check_mpi(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm), "MPI_Allreduce");
    if (first == size) return;
    std::string message = (rank == first) ? *error : std::string();
    unsigned long length = message.size();
    check_mpi(MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG, first, comm), "MPI_Bcast");
    message.resize(length);
    check_mpi(MPI_Bcast(message.data(), static_cast<int>(length), MPI_CHAR, first, comm), "MPI_Bcast");
    throw UsageError(message);
}

void MpiEnvironment::abort(int status) const {
    std::fflush(stdout);
    std::fflush(stderr);
    MPI_Abort(comm(), status);
    std::_Exit(status); // MPI_Abort does not return; this keeps [[noreturn]] honest
}

void check_mpi(int rc, const char* call) {
    if (rc == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(rc, text, &length);
    throw std::runtime_error(std::string(call) + " failed: " + std::string(text, length));
}

int run_driver(int argc, char** argv, const std::function<int(MpiEnvironment&)>& body) {
    MpiEnvironment env(argc, argv);
    try {
        return body(env);
    } catch (const UsageError& e) {
        if (env.is_root()) std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s%s\n", e.what(),
                     env.size() > 1 ? (" (rank " + std::to_string(env.rank()) + ")").c_str() : "");
        env.abort(1);
    }
}

} // namespace cgt::common
