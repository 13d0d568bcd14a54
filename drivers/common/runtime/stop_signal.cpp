#include "common/runtime/stop_signal.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <mutex>
#include <pthread.h>
#include <unistd.h>

namespace cgt::common {

namespace {
constexpr int TAG_STOP = 7301;
volatile std::sig_atomic_t g_received = 0;      // the first stop signal
volatile std::sig_atomic_t g_from_launcher = 0; // a stop signal came from the launcher of ranks
bool g_launched = false;                        // this process is a rank of an MPI launcher
bool g_other_rank = false;                      // ... and not rank 0
volatile std::sig_atomic_t g_waiting = 0;       // a rank other than 0 waits for rank 0 to end
char g_wait_mark[4096] = "";                    // CGT_TEST_MARK_WAIT_FOR_ROOT (tests only)
std::atomic<std::int64_t> g_received_at{0};     // its CLOCK_MONOTONIC time in ns
std::atomic<int> g_listening{0};                // open Listening scopes
std::atomic<bool> g_taken_up{false};            // finish() saw the signal: the caller acts on it

// How the handler ends the process. Two copies, the one in use named by g_current: a setter
// fills the other and then switches, so that the handler never reads a half-written one.
struct Ending {
    char rest[4096] = "";
    char remove[4096] = "";
    int status = -1; // -1: 128 + the signal
    bool print = true;
};
Ending g_endings[2];
std::atomic<int> g_current{0};
std::mutex g_setter;

template <class Change> void change_ending(Change change) {
    const std::lock_guard<std::mutex> lock(g_setter);
    const int next = 1 - g_current.load();
    g_endings[next] = g_endings[g_current.load()];
    change(g_endings[next]);
    g_current.store(next);
}

void copy_text(char (&to)[4096], const std::string& from) {
    const std::size_t n = std::min(from.size(), sizeof to - 1);
    std::memcpy(to, from.data(), n);
    to[n] = '\0';
}

const char* signal_name(int signal) {
    switch (signal) {
    case SIGTERM:
        return "SIGTERM";
    case SIGINT:
        return "SIGINT";
    case SIGUSR1:
        return "SIGUSR1";
    default:
        return "a signal";
    }
}

// Async-signal-safe: write, unlink and _exit only.
void put(const char* text) {
    std::size_t left = std::strlen(text);
    while (left > 0) {
        const ssize_t n = ::write(STDERR_FILENO, text, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        text += n;
        left -= static_cast<std::size_t>(n);
    }
}

std::int64_t monotonic_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t); // async-signal-safe
    return std::int64_t{t.tv_sec} * 1000000000 + t.tv_nsec;
}

// A rank other than 0 that ends by itself on a stop (a task that never asks, a step outside
// the task loop) waits for rank 0 to end first: the launcher ends the whole job once any rank
// has ended with a non-zero status (at once where odls_base_sigkill_timeout is 0, as jobs/run
// sets it), and rank 0, which prints the stop line, could be killed before it. Rank 0 gets
// the signal too (mpiexec, orted and Slurm signal every rank) and ends by itself within its
// own allowance; its end brings the launcher's SIGTERM, which ends this rank from a nested
// handler (SIGTERM is let through here). The wait is bounded, for a signal sent to this rank
// alone (then rank 0 may never end by itself): past the bound the rank ends as before.
constexpr std::int64_t WAIT_FOR_ROOT_NS = 10'000'000'000;
void wait_for_root() {
    g_waiting = 1;
    sigset_t term;
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &term, nullptr);
    // For tests only: the rank says it waits, and waits without the bound.
    if (g_wait_mark[0] != '\0') {
        const int fd = ::open(g_wait_mark, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
        if (fd >= 0) ::close(fd);
    }
    const std::int64_t until = monotonic_ns() + WAIT_FOR_ROOT_NS;
    while (g_wait_mark[0] != '\0' || monotonic_ns() < until) {
        timespec pause{0, 10'000'000};
        nanosleep(&pause, nullptr);
    }
}

// `launcher_now`: the signal that ends the process now is the launcher's SIGTERM.
[[noreturn]] void end_now_with(int signal, bool launcher_now = false) {
    const Ending& e = g_endings[g_current.load()];
    // Once the run has its status (a status without a rest: run_job's end) there is no line to
    // wait for; before any rest is set (reading --config, from a FIFO too) rank 0's line is the
    // bare "stopped by". A second thread that comes here while one waits waits as well.
    if (g_other_rank && !launcher_now && (e.rest[0] != '\0' || e.status < 0) &&
        !(signal == SIGTERM && g_from_launcher != 0))
        wait_for_root();
    if (e.remove[0] != '\0') ::unlink(e.remove);
    // A SIGTERM from the launcher that started this rank (mpiexec's orted, slurmstepd) ends a
    // job that another rank aborted, or a whole job (mpiexec turns its own SIGTERM into one to
    // every rank and exits 1 itself): no line, the other rank's says why.
    if (e.print && !(signal == SIGTERM && g_from_launcher != 0)) {
        put(program_invocation_short_name);
        put(": stopped by ");
        put(signal_name(signal));
        put(e.rest);
        put("\n");
    }
    ::_exit(e.status >= 0 ? e.status : 128 + signal);
}

extern "C" void on_stop_signal(int signal, siginfo_t* info, void*) {
    const bool launcher_now =
        g_launched && info && info->si_code == SI_USER && info->si_pid == ::getppid();
    if (launcher_now) g_from_launcher = 1;
    // Rank 0 has ended: the launcher ends this rank, which waited for it.
    if (g_waiting != 0 && launcher_now && signal == SIGTERM) end_now_with(signal, true);
    if (g_received == 0) {
        g_received_at = monotonic_ns();
        g_received = signal;
    }
    if (g_listening.load() > 0) return;
    end_now_with(signal);
}
} // namespace

void StopSignal::install() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Before MPI_Init a rank knows its number only from its launcher: all but rank 0
        // end silently, so that a signal to every rank prints one line.
        const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
        if (!rank) rank = std::getenv("PMI_RANK");
        if (!rank) rank = std::getenv("SLURM_PROCID");
        if (rank && std::strcmp(rank, "0") != 0) g_endings[0].print = g_endings[1].print = false;
        g_launched = rank != nullptr;
        g_other_rank = rank && std::strcmp(rank, "0") != 0;
        if (const char* mark = std::getenv("CGT_TEST_MARK_WAIT_FOR_ROOT"))
            copy_text(g_wait_mark, mark);
    });
    struct sigaction action {};
    action.sa_sigaction = on_stop_signal;
    sigemptyset(&action.sa_mask);
    // Where the program listens, system calls in flight go on (a write is not cut short);
    // elsewhere the handler does not return.
    action.sa_flags = SA_RESTART | SA_SIGINFO;
    for (const int signal : {SIGTERM, SIGINT, SIGUSR1})
        sigaddset(&action.sa_mask, signal);
    for (const int signal : {SIGTERM, SIGINT, SIGUSR1})
        sigaction(signal, &action, nullptr);
}

bool StopSignal::received() {
    return g_received != 0;
}
int StopSignal::signal_number() {
    return g_received;
}

double StopSignal::seconds_since_received() {
    return g_received == 0 ? 0.0
                           : 1e-9 * static_cast<double>(monotonic_ns() - g_received_at.load());
}

void StopSignal::end_now() {
    end_now_with(g_received != 0 ? g_received : SIGTERM);
}

StopSignal::Listening::Listening() {
    g_listening.fetch_add(1);
}

StopSignal::Listening::~Listening() {
    if (g_listening.fetch_sub(1) == 1 && g_received != 0 && !g_taken_up.load())
        end_now_with(g_received);
}

void StopSignal::set_stopped_line(int status, const std::string& rest, bool print) {
    change_ending([&](Ending& e) {
        copy_text(e.rest, rest);
        e.status = status;
        e.print = print;
    });
}

void StopSignal::remove_when_stopped(const std::string& path) {
    change_ending([&](Ending& e) { copy_text(e.remove, path); });
}

StopSignal::StopSignal(const Comm& comm) : m_comm(comm) {}

bool StopSignal::requested() const {
    return received() || m_local.load() || m_remote.load();
}

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
    if (received()) g_taken_up = true;
    return m_comm.any(requested());
}

} // namespace cgt::common
