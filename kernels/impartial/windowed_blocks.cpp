// The windowed sweep's blocks: one heap at a time on one thread; on more, blocks whose heaps
// the threads guess in parallel and settle in order (run_frontier). run_pipeline (a block
// guessed from the values before it, then settled) is what one thread runs with a block size
// other than 32, which the tests use.
#include "impartial/sweep_pool.hpp"
#include "impartial/windowed_block.hpp"
#include "impartial/windowed_sweep.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace cgt::impartial {

namespace {
// Heaps a thread claims at once in run_frontier: the settling takes over a chunk at a time.
// Chunks of 4, 8 and 16 heaps measured alike (Grundy's game and .161 to 2^24 on 2 threads,
// drivers/grundy/NOTES.md); one heap a chunk handed the settling over every heap and cost a
// third more CPU.
constexpr std::uint64_t FRONTIER_CHUNK = 8;
constexpr unsigned SPINS_BEFORE_YIELD = 8192;
} // namespace

void WindowedSweep::run_blocks(std::uint64_t heaps) {
    const bool fused = m_config.threads == 1 && m_config.block_heaps == MARK_BLOCK;
    while (size() < heaps) {
        const std::uint64_t n = size();
        if (!m_split || m_bound > SIMD_BOUND) {
            before_dropping(n + 1);
            const Grundy g = m_split ? by_portable(n) : by_definition(n);
            ++(m_split ? m_counters.by_portable : m_counters.by_definition);
            push(n, g);
        } else if (fused) {
            const std::uint64_t end = block_end(n, heaps);
            before_dropping(end);
            run_fused(n, end);
        } else if (m_pool) {
            run_frontier(heaps);
        } else {
            run_pipeline(heaps);
        }
    }
}

// A block ends before the next power of two, where the mask may change.
std::uint64_t WindowedSweep::block_end(std::uint64_t n0, std::uint64_t heaps) const {
    return std::min({heaps, n0 + m_config.block_heaps, std::bit_ceil(n0 + 1)});
}

void WindowedSweep::prepare(Block& b, std::uint64_t n0, std::uint64_t end, bool fused) {
    m_values.reserve(end); // nothing moves while b.view is read
    b.view = m_values.view_until(end);
    b.n0 = n0;
    b.count = end - n0;
    b.fused = fused;
    const std::size_t rows = std::size_t{m_config.block_heaps};
    if (b.marks.size() < rows * SIMD_BOUND) {
        b.marks.assign(rows * SIMD_BOUND, 0);
        b.stamp = 0;
    }
    if (++b.stamp == 0) {
        std::fill(b.marks.begin(), b.marks.end(), std::uint8_t{0});
        b.stamp = 1;
    }
    b.specs.resize(rows);
    b.seen.resize(rows * SEEN_PER_HEAP);
    const std::uint64_t groups = (b.count + MARK_BLOCK - 1) / MARK_BLOCK;
    b.ranges.assign(groups * std::max<std::size_t>(1, m_rules.leave_two.size()), {0, 0, 0, 0});
}

void WindowedSweep::run_fused(std::uint64_t n0, std::uint64_t end) {
    Block& b = *m_block;
    prepare(b, n0, end, true);
    mark_groups(b, 0, n0, m_rare);
    for (std::uint64_t n = n0; n < end; ++n) {
        HeapSpec& spec = b.specs[n - n0];
        spec.known = n;
        guess(b, n, spec, m_rare);
        push(n, settle(b, n, spec));
        // A value of 512 or more: the block's rows of 512 marks cannot hold what the next
        // heaps would mark with it; they are valued in portable code (run_blocks).
        if (m_bound > SIMD_BOUND) return;
    }
}

void WindowedSweep::guess_block(Block& b) {
    for (std::uint64_t j = 0; j < b.count; ++j) {
        b.specs[j].known = b.n0;
        guess(b, b.n0 + j, b.specs[j], m_rare);
    }
}

void WindowedSweep::settle_block(Block& b) {
    b.rare_from_block = static_cast<std::size_t>(
        std::lower_bound(m_rare.begin(), m_rare.end(), std::max<std::uint64_t>(b.n0, 1),
                         [](const SparsePart& p, std::uint64_t h) { return p.heap < h; }) -
        m_rare.begin());
    for (std::uint64_t n = b.n0; n < b.n0 + b.count; ++n) {
        push(n, settle(b, n, b.specs[n - b.n0]));
        if (m_bound > SIMD_BOUND) return; // as run_fused: the rest in portable code
    }
}

// One block on one thread (a block size other than 32, which the tests use): its group marks,
// every guess from the values before it, then the block settled in order.
void WindowedSweep::run_pipeline(std::uint64_t heaps) {
    Block& b = *m_block;
    const std::uint64_t end = block_end(size(), heaps);
    before_dropping(end);
    prepare(b, size(), end, false);
    for (std::uint64_t q = 0; q < (b.count + MARK_BLOCK - 1) / MARK_BLOCK; ++q)
        mark_groups(b, q, b.n0, m_rare);
    guess_block(b);
    settle_block(b);
}

// Blocks whose heaps are claimed a few at a time (chunks) by the threads, with the marks of each
// group of 32 heaps. One list of items per block, claimed in order: the first groups' marks,
// then each group's chunks followed by the marks of the group `lag` groups on. A group's marks
// read the values settled when they began (the frontier then; they mark the rare parts whose
// complement lies before it in every heap of the group), so they are made close to the group:
// what a guess marks heap by heap is the parts whose complement lies between the two
// frontiers, a few dozen heaps, not the whole block before it. A chunk's guesses know every
// value settled when each began (the frontier); the chunks are settled in order by whichever
// thread holds the settling token: a thread that has guessed a chunk takes the token if it is
// free and settles every chunk from the frontier on that is guessed, then goes on to claim
// another item. The threads meet once a block (its end); inside it a thread waits only for a
// group's marks another thread is making, claimed `lag` groups earlier. The part left to the
// settling is that of the few heaps between a guess's frontier and its heap (h = n - known -
// k_min splits, and the marks of those parts). Deterministic: settle is exact whatever `known`
// a guess or a group's marks had.
//
// What other threads read while heaps are settled: the values below the frontier, through the
// block's view (b.view, made before the block: the ring and the prefix reserved to its end, so
// nothing moves; a guess deems held only what lies below its frontier, so it never reads a
// slot being pushed, nor the window's members, which change at every push), the rare heaps of
// the published count (their storage reserved), the mask and class words (changed only at
// powers of two, where blocks end, and written only if they change), the marks and scratch of
// their own heaps and groups. ThreadSanitizer finds no race in the tests' sweeps on 2-4
// threads (drivers/grundy/NOTES.md).
void WindowedSweep::run_frontier(std::uint64_t heaps) {
    Block& b = *m_block;
    // One block: run_blocks decides again after it (a power of two may change the mode).
    const std::uint64_t n0 = size(), end = block_end(n0, heaps);
    before_dropping(end);
    m_rare.reserve(m_rare.size() + (end - n0));
    prepare(b, n0, end, false);
    b.rare_from_block = m_rare.size();
    constexpr std::uint64_t PER_GROUP = MARK_BLOCK / FRONTIER_CHUNK;
    constexpr std::uint32_t MARKS = 0x8000; // an item that makes a group's marks
    const std::uint64_t groups = (b.count + MARK_BLOCK - 1) / MARK_BLOCK;
    const std::uint64_t chunks = (b.count + FRONTIER_CHUNK - 1) / FRONTIER_CHUNK;
    // Groups' marks made ahead of the chunks being claimed: two, and one more for every four
    // threads (each group is PER_GROUP = 4 chunks), so that a group's marks are done when its
    // first chunk is claimed.
    const std::uint64_t lag = 2 + m_pool->threads() / 4;
    std::array<std::uint32_t, MAX_BLOCK / MARK_BLOCK + MAX_BLOCK / FRONTIER_CHUNK> order{};
    std::size_t items = 0;
    for (std::uint64_t q = 0; q < std::min(lag, groups); ++q)
        order[items++] = MARKS | static_cast<std::uint32_t>(q);
    for (std::uint64_t q = 0; q < groups; ++q) {
        for (std::uint64_t k = q * PER_GROUP; k < std::min(chunks, (q + 1) * PER_GROUP); ++k)
            order[items++] = static_cast<std::uint32_t>(k);
        if (q + lag < groups) order[items++] = MARKS | static_cast<std::uint32_t>(q + lag);
    }

    // Each on its own cache line.
    alignas(64) std::atomic<std::uint64_t> frontier{n0}; // every heap below it is settled
    alignas(64) std::atomic<std::uint64_t> next{0};      // the next item to claim
    alignas(64) std::atomic<std::size_t> rare_count{m_rare.size()};
    alignas(64) std::atomic<bool> token{false};          // held by the thread settling
    alignas(64) std::atomic<bool> halt{false};
    // Chunks settled: written by the token's holder, read by a thread that just let it go.
    std::atomic<std::uint64_t> settled{0};
    std::array<std::atomic<bool>, MAX_BLOCK / FRONTIER_CHUNK> guessed{};
    std::array<std::atomic<bool>, MAX_BLOCK / MARK_BLOCK> marked{};
    std::exception_ptr error;
    std::mutex error_mutex;
    const auto fail = [&] {
        {
            const std::lock_guard lock(error_mutex);
            if (!error) error = std::current_exception();
        }
        halt.store(true);
    };
    // Settles the guessed chunks from the frontier on while the token is this thread's.
    const auto settle_ready = [&] {
        for (std::uint64_t s = settled.load(); s < chunks && guessed[s].load() && !halt.load();
             s = settled.load()) {
            const std::uint64_t first = n0 + s * FRONTIER_CHUNK,
                                last = std::min(end, first + FRONTIER_CHUNK);
            for (std::uint64_t m = first; m < last; ++m) {
                push(m, settle(b, m, b.specs[m - n0]));
                if (m_bound > SIMD_BOUND) {
                    // A value of 512 or more: the heaps after it in portable code.
                    halt.store(true);
                    return;
                }
            }
            settled.store(s + 1);
            rare_count.store(m_rare.size(), std::memory_order_release);
            frontier.store(last, std::memory_order_release);
        }
    };
    const std::function<void(std::uint64_t)> heaps_loop = [&](std::uint64_t) {
        for (;;) {
            if (halt.load()) return;
            const std::uint64_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= items) return;
            bool holding = false; // the token: let go on an error only by its holder
            try {
                if (order[i] & MARKS) {
                    const std::uint64_t q = order[i] & ~MARKS;
                    const std::uint64_t known = frontier.load(std::memory_order_acquire);
                    const std::size_t rare = rare_count.load(std::memory_order_acquire);
                    mark_groups(b, q, known, std::span<const SparsePart>(m_rare.data(), rare));
                    marked[q].store(true, std::memory_order_release);
                    continue;
                }
                const std::uint64_t k = order[i];
                // The group's marks were claimed before this chunk: wait until they are made.
                for (unsigned spins = 0; !marked[k / PER_GROUP].load(std::memory_order_acquire);
                     ++spins) {
                    if (halt.load()) return;
                    // Pauses first (the marks take microseconds); then the core is left to
                    // the thread making them, should it share it (more threads than cores).
                    if (spins < SPINS_BEFORE_YIELD)
                        spin_pause();
                    else
                        std::this_thread::yield();
                }
                const std::uint64_t first = n0 + k * FRONTIER_CHUNK,
                                    last = std::min(end, first + FRONTIER_CHUNK);
                for (std::uint64_t m = first; m < last; ++m) {
                    HeapSpec& spec = b.specs[m - n0];
                    spec.known = frontier.load(std::memory_order_acquire);
                    // Read after the frontier: at least the rare heaps below spec.known.
                    const std::size_t rare = rare_count.load(std::memory_order_acquire);
                    guess(b, m, spec, std::span<const SparsePart>(m_rare.data(), rare));
                }
                guessed[k].store(true); // sequentially consistent, as the token's operations
                // Take the token if it is free and settle what is ready; after letting it go,
                // look again: a chunk guessed meanwhile by a thread that found the token taken
                // is settled here (its guesser stored its flag before trying the token, this
                // thread let the token go before looking, so one of the two sees the other).
                while (!token.exchange(true)) {
                    holding = true;
                    settle_ready();
                    holding = false;
                    token.store(false);
                    const std::uint64_t s = settled.load();
                    if (halt.load() || s >= chunks || !guessed[s].load()) break;
                }
            } catch (...) {
                fail();
                if (holding) token.store(false);
                return;
            }
        }
    };
    m_pool->run(m_pool->threads(), heaps_loop);
    if (error) std::rethrow_exception(error);
}

} // namespace cgt::impartial
