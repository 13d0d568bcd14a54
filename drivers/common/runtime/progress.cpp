#include "common/runtime/progress.hpp"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <unistd.h>

namespace cgt::common {

namespace {
constexpr int TAG_COUNT = 7101;
constexpr int TAG_FINAL = 7102;
// finish() waits for the slowest rank, possibly for hours: without spinning (a blocking MPI
// call polls at full speed), waking at most every 5 ms.
constexpr std::chrono::microseconds FINISH_SLEEP_MAX{5000};
using Clock = std::chrono::steady_clock;
double seconds_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}
} // namespace

std::string format_duration(double seconds) {
    char buf[64];
    if (seconds < 60) std::snprintf(buf, sizeof buf, "%.0f s", seconds);
    else if (seconds < 3600)
        std::snprintf(buf, sizeof buf, "%d min %02d s", static_cast<int>(seconds) / 60,
                      static_cast<int>(seconds) % 60);
    else
        std::snprintf(buf, sizeof buf, "%d h %02d min", static_cast<int>(seconds) / 3600,
                      (static_cast<int>(seconds) % 3600) / 60);
    return buf;
}

Progress::Progress(const Comm& comm, std::uint64_t total_units, std::string label, bool quiet)
    : m_comm(comm), m_rank(comm.rank()), m_size(comm.size()), m_total(total_units), m_label(std::move(label)),
      m_quiet(quiet), m_tty(isatty(STDERR_FILENO) != 0) {
    m_start = m_last_print = m_last_send = m_last_drain = Clock::now();
}

double Progress::elapsed_seconds() const { return seconds_between(m_start, Clock::now()); }

void Progress::advance(std::uint64_t units) {
    if (m_rank == 0) {
        m_done += units;
        const auto now = Clock::now();
        if (m_size > 1 && seconds_between(m_last_drain, now) > 0.2) {
            m_last_drain = now;
            drain_messages(false);
        }
        maybe_print(false);
        return;
    }
    m_unsent += units;
    m_done += units;
    const auto now = Clock::now();
    if (seconds_between(m_last_send, now) >= 1.0) {
        // A one-word message goes eagerly: the send returns without waiting for rank 0.
        m_comm.send(m_unsent, 0, TAG_COUNT);
        m_unsent = 0;
        m_last_send = now;
    }
}

void Progress::record(std::uint64_t units) {
    m_done += units;
    maybe_print(false);
}

void Progress::drain_messages(bool blocking_for_finals) {
    int finals = 0;
    for (;;) {
        std::optional<Envelope> message;
        if (blocking_for_finals && finals < m_size - 1)
            message = m_comm.probe_politely(Comm::ANY_SOURCE, Comm::ANY_TAG, FINISH_SLEEP_MAX);
        else
            message = m_comm.probe(Comm::ANY_SOURCE, TAG_COUNT);
        if (!message) return;
        if (message->tag != TAG_COUNT && message->tag != TAG_FINAL)
            throw std::logic_error("Progress::finish: a message of another protocol is pending");
        std::uint64_t units = 0;
        m_comm.receive(units, message->source, message->tag);
        m_done += units;
        if (message->tag == TAG_FINAL) ++finals;
        if (blocking_for_finals && finals == m_size - 1) {
            // A probe for any tag matches a sender's messages in the order sent, so every
            // count has arrived before its sender's final; this drain is only a safeguard.
            while (const auto more = m_comm.probe(Comm::ANY_SOURCE, TAG_COUNT)) {
                m_comm.receive(units, more->source, TAG_COUNT);
                m_done += units;
            }
            return;
        }
        maybe_print(false);
    }
}

void Progress::finish() {
    if (m_finished) return;
    m_finished = true;
    if (m_rank != 0) {
        // Synchronous send: when it completes, rank 0 has matched it, and the count
        // messages sent before it (eager, same sender) have been delivered.
        Request request = m_comm.send_synchronous_later(m_unsent, 0, TAG_FINAL);
        request.wait_politely(FINISH_SLEEP_MAX);
        m_unsent = 0;
    } else if (m_size > 1) {
        drain_messages(true);
    }
    m_comm.barrier();
    if (m_rank == 0) maybe_print(true);
}

void Progress::maybe_print(bool final_line) {
    if (m_quiet || m_rank != 0) return;
    std::lock_guard lock(m_print_mutex);
    const auto now = Clock::now();
    const double since = seconds_between(m_last_print, now);
    if (!final_line && since < (m_tty ? 0.25 : 10.0)) return;
    m_last_print = now;
    const double elapsed = seconds_between(m_start, now);
    const std::uint64_t done = m_done.load();
    const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
    char line[256];
    if (final_line) {
        std::snprintf(line, sizeof line, "%s: %llu/%llu done in %s (%.4g/s)", m_label.c_str(),
                      static_cast<unsigned long long>(done), static_cast<unsigned long long>(m_total),
                      format_duration(elapsed).c_str(), rate);
    } else {
        const double pct = m_total ? 100.0 * static_cast<double>(done) / static_cast<double>(m_total) : 100.0;
        const std::string eta =
            rate > 0 && done < m_total
                ? format_duration(static_cast<double>(m_total - done) / rate) : std::string("-");
        std::snprintf(line, sizeof line, "%s: %llu/%llu (%.1f%%), %.4g/s, ETA %s", m_label.c_str(),
                      static_cast<unsigned long long>(done), static_cast<unsigned long long>(m_total),
                      pct, rate, eta.c_str());
    }
    if (m_tty) std::fprintf(stderr, "\r\033[K%s%s", line, final_line ? "\n" : "");
    else std::fprintf(stderr, "%s\n", line);
    std::fflush(stderr);
}

} // namespace cgt::common
