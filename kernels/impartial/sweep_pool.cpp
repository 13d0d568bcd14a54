#include "impartial/sweep_pool.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace cgt::impartial {

namespace {
// Spins before sleeping. A worker waits between two blocks' jobs for as long as the caller
// takes to settle a block (tens of microseconds), and the caller for the items the worker
// runs (microseconds): each spins through that (about 0.2-0.5 ms of pauses) so that neither
// enters the kernel once a block (a futex wake and sleep per block cost a 2-thread sweep more
// than a tenth of its CPU, and the woken thread came late for its items), then sleeps on the
// count it waits for (a machine with more threads than cores needs the core); the other
// thread wakes it only if it sleeps.
constexpr unsigned SPINS_BEFORE_SLEEP = 8192;
constexpr std::uint64_t MAX_ITEMS = 0xFFFF;


// Waits until count >= target: spins a while (the other thread's items usually end within
// microseconds), then sleeps on the count (take_items notifies it) instead of yielding in a
// loop, which burned a whole core whenever the core was idle.
void wait_until(const std::atomic<std::uint64_t>& count, std::uint64_t target) {
    for (unsigned spins = 0;; ++spins) {
        const std::uint64_t now = count.load(std::memory_order_acquire);
        if (now >= target) return;
        if (spins < SPINS_BEFORE_SLEEP)
            spin_pause();
        else
            count.wait(now, std::memory_order_acquire); // returns once count is not `now`
    }
}

std::uint64_t job_word(std::uint64_t generation, std::uint64_t items, std::uint64_t next) {
    return (generation << 32) | (items << 16) | next;
}
} // namespace

SweepPool::SweepPool(unsigned threads) {
    if (threads < 1) throw std::invalid_argument("a sweep needs at least one thread");
    m_workers.reserve(threads - 1);
    for (unsigned t = 1; t < threads; ++t)
        m_workers.emplace_back([this] { worker_loop(); });
}

SweepPool::~SweepPool() {
    m_quit.store(true, std::memory_order_release);
    m_signal.fetch_add(1, std::memory_order_acq_rel);
    m_signal.notify_all();
    for (auto& t : m_workers)
        t.join();
}

void SweepPool::take_items(std::uint32_t generation) {
    std::uint64_t job = m_job.load(std::memory_order_acquire);
    for (;;) {
        if ((job >> 32) != generation) return;
        const std::uint64_t items = (job >> 16) & MAX_ITEMS, next = job & MAX_ITEMS;
        if (next >= items) return;
        const std::uint64_t end = std::min(items, next + m_chunk.load(std::memory_order_relaxed));
        if (!m_job.compare_exchange_weak(job, job_word(generation, items, end),
                                         std::memory_order_acq_rel))
            continue; // job was reloaded
        // The job cannot change before these items are done: m_work is this job's.
        const auto* work = m_work.load(std::memory_order_acquire);
        for (std::uint64_t i = next; i < end; ++i)
            (*work)(i);
        m_done.fetch_add(end - next, std::memory_order_acq_rel);
        m_done.notify_all();
        job = m_job.load(std::memory_order_acquire);
    }
}

void SweepPool::worker_loop() {
    std::uint32_t seen = 0;
    for (;;) {
        for (unsigned spins = 0; m_signal.load(std::memory_order_acquire) == seen; ++spins) {
            if (spins < SPINS_BEFORE_SLEEP) {
                spin_pause();
                continue;
            }
            // Counted as a sleeper before the signal is read again (both sequentially
            // consistent): start() either sees the sleeper and wakes it, or stored the new
            // signal before this read, and then wait() returns at once.
            m_sleepers.fetch_add(1);
            m_signal.wait(seen);
            m_sleepers.fetch_sub(1);
        }
        seen = m_signal.load(std::memory_order_acquire);
        if (m_quit.load(std::memory_order_acquire)) return;
        take_items(seen);
    }
}

void SweepPool::start(std::uint64_t items, const std::function<void(std::uint64_t)>& work,
                      std::uint64_t chunk) {
    if (items > MAX_ITEMS)
        throw std::invalid_argument("a pool job has at most 65535 items, not " +
                                    std::to_string(items));
    // No item of the previous job is running: finish() returned only when all were done.
    m_items = items;
    m_work.store(&work, std::memory_order_relaxed);
    m_chunk.store(std::max<std::uint64_t>(chunk, 1), std::memory_order_relaxed);
    m_done.store(0, std::memory_order_relaxed);
    m_generation = static_cast<std::uint32_t>((m_job.load(std::memory_order_relaxed) >> 32) + 1);
    m_job.store(job_word(m_generation, items, 0), std::memory_order_release);
    if (!m_workers.empty() && items > 0) {
        m_signal.store(m_generation);
        if (m_sleepers.load() > 0) m_signal.notify_all(); // a spinning worker sees the store
    }
}

void SweepPool::finish() {
    take_items(m_generation);
    // Only items another thread took and is still running are left.
    wait_until(m_done, m_items);
}

} // namespace cgt::impartial
