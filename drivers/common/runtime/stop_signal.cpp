#include "common/runtime/stop_signal.hpp"

#include "common/plumbing/mpi_environment.hpp"

#include <csignal>
#include <vector>

namespace cgt::common {

namespace {
constexpr int TAG_STOP = 7301;
volatile std::sig_atomic_t g_received = 0;
extern "C" void on_stop_signal(int) { g_received = 1; }
} // namespace

void StopSignal::install() {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART; // system calls in flight go on: a write is not cut short
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGUSR1, &action, nullptr);
}

bool StopSignal::received() { return g_received != 0; }

StopSignal::StopSignal(MPI_Comm comm) {
    check_mpi(MPI_Comm_dup(comm, &m_comm), "MPI_Comm_dup");
    check_mpi(MPI_Comm_rank(m_comm, &m_rank), "MPI_Comm_rank");
    check_mpi(MPI_Comm_size(m_comm, &m_size), "MPI_Comm_size");
}

StopSignal::~StopSignal() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized && m_comm != MPI_COMM_NULL) MPI_Comm_free(&m_comm);
}

bool StopSignal::requested() const { return received() || m_local.load() || m_remote.load(); }

void StopSignal::poll() {
    if ((received() || m_local.load()) && !m_told) {
        m_told = true;
        // One-word messages go out eagerly: these sends do not wait for the receivers.
        const int word = 1;
        for (int r = 0; r < m_size; ++r)
            if (r != m_rank) check_mpi(MPI_Send(&word, 1, MPI_INT, r, TAG_STOP, m_comm), "MPI_Send");
    }
    for (;;) {
        int flag = 0;
        MPI_Status status;
        check_mpi(MPI_Iprobe(MPI_ANY_SOURCE, TAG_STOP, m_comm, &flag, &status), "MPI_Iprobe");
        if (!flag) return;
        int word = 0;
        check_mpi(MPI_Recv(&word, 1, MPI_INT, status.MPI_SOURCE, TAG_STOP, m_comm, MPI_STATUS_IGNORE), "MPI_Recv");
        ++m_heard;
        m_remote = true;
    }
}

bool StopSignal::finish() {
    poll();
    int told = m_told ? 1 : 0, tellers = 0;
    check_mpi(MPI_Allreduce(&told, &tellers, 1, MPI_INT, MPI_SUM, m_comm), "MPI_Allreduce");
    // Every rank that told sent one notice to each other rank.
    const int expected = tellers - told;
    while (m_heard < expected) {
        int word = 0;
        check_mpi(MPI_Recv(&word, 1, MPI_INT, MPI_ANY_SOURCE, TAG_STOP, m_comm, MPI_STATUS_IGNORE), "MPI_Recv");
        ++m_heard;
    }
    int mine = requested() ? 1 : 0, any = 0;
    check_mpi(MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_LOR, m_comm), "MPI_Allreduce");
    return any != 0;
}

} // namespace cgt::common
