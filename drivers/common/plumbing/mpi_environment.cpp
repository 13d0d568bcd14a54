#include "common/plumbing/mpi_environment.hpp"

#include "common/plumbing/printable.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <new>
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

namespace {
// The message of the lowest rank that passed one, on every rank; none if no rank did.
std::optional<std::string> first_error(MPI_Comm comm, const std::optional<std::string>& error) {
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const int mine = error ? rank : size;
    int first = size;
    check_mpi(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm), "MPI_Allreduce");
    if (first == size) return std::nullopt;
    std::string message = (rank == first) ? *error : std::string();
    unsigned long length = message.size();
    check_mpi(MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG, first, comm), "MPI_Bcast");
    message.resize(length);
    check_mpi(MPI_Bcast(message.data(), static_cast<int>(length), MPI_CHAR, first, comm), "MPI_Bcast");
    return message;
}
} // namespace

void agree_on_usage(MPI_Comm comm, const std::optional<std::string>& error) {
    if (auto message = first_error(comm, error)) throw UsageError(*message);
}

void agree_on_failure(MPI_Comm comm, const std::optional<std::string>& error) {
    if (auto message = first_error(comm, error)) throw JobFailure(*message);
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
    const std::string rank = env.size() > 1 ? " (rank " + std::to_string(env.rank()) + ")" : "";
    auto fail = [&](const std::string& message) -> int {
        std::fprintf(stderr, "error: %s%s\n", printable(message).c_str(), rank.c_str());
        if (env.size() == 1) return 1; // no other rank waits: no abort, no MPI_ABORT banner
        env.abort(1);
    };
    try {
        return body(env);
    } catch (const UsageError& e) {
        if (env.is_root()) std::fprintf(stderr, "error: %s\n", printable(e.what()).c_str());
        return 2;
    } catch (const JobFailure& e) {
        if (env.is_root()) std::fprintf(stderr, "error: %s\n", printable(e.what()).c_str());
        return 1;
    } catch (const std::bad_alloc&) {
        return fail("out of memory (std::bad_alloc)");
    } catch (const std::exception& e) {
        return fail(e.what());
    }
}

} // namespace cgt::common
