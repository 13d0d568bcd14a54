#pragma once
// Progress on stderr from rank 0, aggregated over ranks: done/total, rate and ETA.
// On a terminal the line is redrawn (at most 4 times a second); in a batch log a plain
// line is written every ~10 s; with --quiet nothing at all. The final line is written on
// finish() in both cases (unless quiet).
//
// Two ways to feed it:
//  - static splits: every rank calls advance(units); non-root ranks forward their counts
//    to rank 0 at most once a second, and rank 0 collects them whenever it advances;
//    finish() is collective and collects the rest;
//  - the dynamic task queue: rank 0's queue calls record() (thread-safe, no MPI) as tasks
//    complete anywhere; workers call nothing. finish() is then called on every rank too.
#include "common/plumbing/comm.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace cgt::common {

class Progress {
public:
    // Collective: all ranks construct it with the same total and label.
    Progress(const Comm& comm, std::uint64_t total_units, std::string label, bool quiet);
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    // Static-split feeding: counts `units` done on this rank.
    void advance(std::uint64_t units = 1);
    // Queue feeding on rank 0: counts units done on any rank. Thread-safe.
    void record(std::uint64_t units = 1);
    // Collective: gathers the remaining counts and writes the final line.
    void finish();

    [[nodiscard]] std::uint64_t done() const { return m_done.load(); }
    [[nodiscard]] double elapsed_seconds() const;

private:
    void maybe_print(bool final_line);
    void drain_messages(bool blocking_for_finals);

    Comm m_comm;
    int m_rank = 0, m_size = 1;
    std::uint64_t m_total;
    std::string m_label;
    bool m_quiet;
    bool m_tty;
    std::atomic<std::uint64_t> m_done{0};
    std::uint64_t m_unsent = 0; // non-root: counted but not yet forwarded
    std::chrono::steady_clock::time_point m_start, m_last_print, m_last_send, m_last_drain;
    std::mutex m_print_mutex;
    bool m_finished = false;
};

// Formats seconds as "42 s", "3 min 20 s", "2 h 05 min".
std::string format_duration(double seconds);

} // namespace cgt::common
