#include "common/runtime/stop_signal.hpp"

#include <csignal>

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

StopSignal::StopSignal(const Comm& comm) : m_comm(comm) {}

bool StopSignal::requested() const { return received() || m_local.load() || m_remote.load(); }

void StopSignal::poll() {
    if ((received() || m_local.load()) && !m_told) {
        m_told = true;
        // One-word messages go out eagerly: these sends do not wait for the receivers.
        const int word = 1;
        for (int r = 0; r < m_comm.size(); ++r)
            if (r != m_comm.rank()) m_comm.send(word, r, TAG_STOP);
    }
    while (const auto notice = m_comm.probe(Comm::ANY_SOURCE, TAG_STOP)) {
        int word = 0;
        m_comm.receive(word, notice->source, TAG_STOP);
        ++m_heard;
        m_remote = true;
    }
}

bool StopSignal::finish() {
    poll();
    const std::uint64_t told = m_told ? 1 : 0;
    const std::uint64_t tellers = m_comm.sum(told);
    // Every rank that told sent one notice to each other rank.
    const std::uint64_t expected = tellers - told;
    while (static_cast<std::uint64_t>(m_heard) < expected) {
        int word = 0;
        m_comm.receive(word, Comm::ANY_SOURCE, TAG_STOP);
        ++m_heard;
    }
    return m_comm.any(requested());
}

} // namespace cgt::common
