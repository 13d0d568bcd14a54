#pragma once
// A fixed team of threads for the windowed sweep's blocks: run(items, work) calls work(i) for
// every i < items exactly once, spread over the team and the calling thread, and returns when
// all are done. Which thread runs an item is not fixed, so work must write only what belongs
// to item i; results then never depend on the number of threads.
//
// The caller never waits for a thread that took no item: it takes items itself and waits only
// for items another thread is running. A thread that wakes late for a job finds its items
// taken and goes back to sleep; one that wakes in time helps. So a run costs no more than on
// one thread even where threads are slow to wake (a machine with more threads than cores).
#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

namespace cgt::impartial {

// One turn of a spin-wait loop: x86's PAUSE, which yields to a sibling hardware thread and
// spares the pipeline flush when the awaited store arrives; nothing on other processors.
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

class SweepPool {
  public:
    // threads >= 1 counts the calling thread: threads - 1 are started.
    explicit SweepPool(unsigned threads);
    ~SweepPool();
    SweepPool(const SweepPool&) = delete;
    SweepPool& operator=(const SweepPool&) = delete;

    [[nodiscard]] unsigned threads() const { return static_cast<unsigned>(m_workers.size()) + 1; }
    // work(i) for i = 0..items-1 (items < 65536), taken `chunk` at a time. work must not throw.
    void run(std::uint64_t items, const std::function<void(std::uint64_t)>& work,
             std::uint64_t chunk = 1) {
        start(items, work, chunk);
        finish();
    }

  private:
    // run's two halves: start() hands the items to the other threads and returns at once;
    // finish() takes what is left and returns when every item is done.
    void start(std::uint64_t items, const std::function<void(std::uint64_t)>& work,
               std::uint64_t chunk);
    void finish();
    void worker_loop();
    // Takes items of job `generation` until none is left or another job started.
    void take_items(std::uint32_t generation);

    std::vector<std::thread> m_workers;
    // The job: generation (bits 32..63), item count (16..31), next item to take (0..15).
    std::atomic<std::uint64_t> m_job{0};
    std::atomic<std::uint32_t> m_signal{0};     // the generation, for threads that sleep on it
    std::atomic<unsigned> m_sleepers{0};        // workers asleep on m_signal (or about to be)
    std::atomic<std::uint64_t> m_done{0};       // items of the current job finished
    std::atomic<const std::function<void(std::uint64_t)>*> m_work{nullptr};
    std::atomic<std::uint64_t> m_chunk{1};
    std::uint64_t m_items = 0; // of the job started last (the caller's alone)
    std::uint32_t m_generation = 0;
    std::atomic<bool> m_quit{false};
};

} // namespace cgt::impartial
