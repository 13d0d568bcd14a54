// The Catch2 main of MPI test executables: every rank runs every test case between
// MPI_Init and MPI_Finalize; the process status is the rank's own result, and mpiexec
// fails if any rank fails.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <mpi.h>

int main(int argc, char* argv[]) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    Catch::Session session;
    if (rank != 0) session.configData().reporterName = "compact"; // rank 0 reports in full
    const int rc = session.applyCommandLine(argc, argv);
    const int result = rc != 0 ? rc : session.run();
    MPI_Finalize();
    return result;
}
