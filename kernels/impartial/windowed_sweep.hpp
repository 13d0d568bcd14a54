#pragma once
// The windowed sweep: G(0), G(1), ... of Grundy's game or an octal game by the rare/common
// split (frontier_sweep.hpp gives the method) in memory that does not grow with the number of
// heaps, on any number of threads, with the statistics of every power of two as its result.
//
// Memory. The values are held in a ValueWindow: a prefix G(0..P-1) and the last W values.
// Step 1 reads G(L - r) for every rare heap r, so W must exceed the largest rare heap (with a
// margin of a block and the largest split removal); step 2 reads G(a) and G(L - a) for the
// splits a it scans, which stop early. The rare heaps and their values are kept apart.
// Besides them the sweep holds per value and position parity a count and the last heap
// (a few KiB), the tables of every power of two, and its records.
//
// Exactness. Nothing is assumed about which values are needed. While no value has been
// dropped the window grows in place as needed (a game valued by the definition keeps
// everything). Once values are dropped, a scan or a rare heap that would need one of them
// makes the sweep start again from heap 0 with the prefix or window doubled as far as needed
// (recomputing is exact, needs no disk, and happens only at a new rare heap past the window
// or a scan longer than the prefix; restarts() counts them). Past max_memory_heaps, or past
// max_growth times the configured prefix or window, it throws; on_growth hears every growth.
//
// Threads. Heaps are computed in blocks. Within a block [n0, n0 + B) the marks that read
// values before n0 (the rare parts r > n - n0 - k, a group of 32 heaps at once) are made for
// all heaps in parallel; then the threads claim the block's heaps 8 at a time, and each heap's
// guess reads the values settled when it began (the marks of the other rare parts it can,
// the scan of the splits a > n - known - k_min, a guess of c). The rest (the marks and splits
// that read the few heaps between, the exact c, the statistics) is done heap by heap in order
// by whichever thread holds the settling, no thread waiting for another within a block. A
// guess that proves wrong is finished in order too. Values and every statistic are the same
// whatever the thread count or block size.
//
// Usage:
//   WindowedSweep sweep(HeapRules::grundys_game(), WindowConfig{.threads = 2});
//   sweep.run_to(1u << 26);            // G(0 .. 2^26 - 1)
//   sweep.stats().back().frequency;    // heaps per value at 2^26
#include "impartial/frontier_sweep.hpp"
#include "impartial/periodicity.hpp"
#include "impartial/sparse_sweep.hpp"
#include "impartial/sweep_pool.hpp"
#include "impartial/value_window.hpp"
#include "impartial/window_kernels.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace cgt::impartial {

struct SplitLengths;

// Thrown by run_to when the prefix or window would grow past WindowConfig::max_growth times
// the configured one.
struct GrowthLimit : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// One growth of the prefix or window (WindowConfig::on_growth).
struct WindowGrowth {
    bool restart = false;         // true: started again from heap 0; false: grown in place
    std::uint64_t heaps_done = 0; // heaps computed when more was needed
    std::uint64_t prefix_heaps = 0, window_heaps = 0;         // before
    std::uint64_t new_prefix_heaps = 0, new_window_heaps = 0; // after
    // The new prefix and window's values, 2 bytes each.
    [[nodiscard]] std::uint64_t value_bytes() const {
        return 2 * (new_prefix_heaps + new_window_heaps);
    }
};

// "starting again from heap 0 at heap N: the sweep's prefix A -> B heaps, window C -> D
// heaps, X MiB of values" (or "growing in place at heap N: ...").
std::string growth_text(const WindowGrowth& growth);

struct WindowConfig {
    std::uint64_t prefix_heaps = std::uint64_t{1} << 21; // P, kept for good
    std::uint64_t window_heaps = std::uint64_t{1} << 26; // W (a power of two), the last values
    unsigned threads = 1;
    // Heaps a block, a multiple of 32 up to 512; 0 picks 32 on one thread (one heap at a time)
    // and 128 a thread on more (the threads meet twice a block; drivers/grundy/NOTES.md).
    unsigned block_heaps = 0;
    ScanKernel kernel = fastest_scan_kernel();
    // Grundy's classes from heap 0 (rare = sparse, mask ...1110, never changed), as
    // SparseSweep; otherwise the mask is chosen at every power of two as FrontierSweep does.
    bool fixed_sparse_classes = false;
    // Restarts never make prefix + window exceed this many heaps.
    std::uint64_t max_memory_heaps = std::uint64_t{1} << 33;
    // 0: the prefix and window grow as far as max_memory_heaps allows. Else neither ever
    // exceeds this many times its configured size (a restored sweep: the size configured for
    // the run that restores it); a sweep that would need more throws std::runtime_error.
    unsigned max_growth = 0;
    // Called at every growth of the prefix or window, before the sweep goes on.
    std::function<void(const WindowGrowth&)> on_growth;
    // Asked every RECOMPUTE_STEP heaps while a restart computes again from heap 0 what was
    // already computed (the callers poll their stop between their own run_to calls, but a
    // restart may recompute billions of heaps within one): false makes run_to return at once
    // with size() below its target, the state exact and saveable, as a stop.
    std::function<bool()> keep_going;
};

class WindowedSweep {
  public:
    static constexpr std::uint64_t MAX_HEAPS = std::uint64_t{1} << 40;
    static constexpr std::uint32_t VALUE_LIMIT = 1u << 16;
    static constexpr std::uint64_t RECOMPUTE_STEP = std::uint64_t{1} << 18;

    // std::invalid_argument for a bad configuration (window not a power of two, no thread,
    // a kernel the processor lacks, a block not a multiple of 32).
    WindowedSweep(HeapRules rules, WindowConfig config);
    ~WindowedSweep();
    WindowedSweep(WindowedSweep&&) noexcept;
    WindowedSweep& operator=(WindowedSweep&&) noexcept;

    // Computes G(size()) .. G(heaps - 1), or returns before if keep_going says so during a
    // restart (size() may then be below what it was before the call). std::overflow_error if a
    // value reaches 2^16; std::runtime_error if a restart would need more than max_memory_heaps;
    // GrowthLimit (a runtime_error) for a prefix or window past max_growth times the configured
    // one.
    void run_to(std::uint64_t heaps);
    // Allocates the values' storage for a run to `heaps` at once (run_to does it for its own
    // target): a caller that runs in steps avoids growing it step by step.
    void reserve(std::uint64_t heaps) { m_values.reserve(heaps); }

    [[nodiscard]] const HeapRules& rules() const { return m_rules; }
    [[nodiscard]] const WindowConfig& config() const { return m_config; }
    [[nodiscard]] std::uint64_t size() const { return m_values.size(); }
    [[nodiscard]] const ValueWindow& values() const { return m_values; }
    // G(0..min(size(), P) - 1) moved out of a sweep that is done with; it holds nothing after.
    [[nodiscard]] std::vector<std::uint16_t> release_prefix() && {
        return std::move(m_values).release_prefix();
    }

    // One entry per power of two 1, 2, 4, ... <= size(), as FrontierSweep::stats().
    [[nodiscard]] const std::vector<PowerStats>& stats() const { return m_stats; }
    // Heaps whose value exceeds every value before (0 first).
    [[nodiscard]] const std::vector<HeapValue>& records() const { return m_records; }
    // Heaps 0..size()-1 with value v, and the last of them (-1: none).
    [[nodiscard]] std::uint64_t value_count(Grundy v) const;
    [[nodiscard]] std::int64_t value_last(Grundy v) const;
    [[nodiscard]] Grundy largest() const { return m_largest; }
    // The rare heaps >= 1 under the mask in use, ascending, with their values.
    [[nodiscard]] const std::vector<SparsePart>& rare_heaps() const { return m_rare; }
    [[nodiscard]] bool split_in_use() const { return m_split; }
    [[nodiscard]] const RareMask& mask() const { return m_mask; }
    // Step 2's lengths: for a heap valued c by the split, the least A such that the splits
    // a <= A (of every split length) give every wanted value; for Grundy's game the scan
    // length of SparseSweep.
    [[nodiscard]] const ScanStats& scan_stats() const { return m_scan; }

    // The least period Guy and Smith's bound proves from the values held (G(n) = G(n + p) for
    // n0 <= n < 2 n0 + p + t, as proven_period_guy_smith): exact while no value has been
    // dropped. Once values are dropped, a run of G(n) = G(n + p) (of 2p values or more) that
    // reaches back to the window's start proves nothing about the preperiod: it is not
    // returned, and *before_window (if given) is set; holding more values would settle it.
    [[nodiscard]] std::optional<Period> proven_period(bool* before_window = nullptr) const;

    struct Counters {
        std::uint64_t by_definition = 0;  // every option, no split in use
        std::uint64_t by_split = 0;       // the split with the SIMD kernels (values below 512)
        std::uint64_t by_portable = 0;    // the split in portable code (a value of 512 or more)
        std::uint64_t full_scans = 0;     // the scan ran to the end: a new rare heap
        std::uint64_t guesses_missed = 0; // parallel part's c differed: finished in order
        std::uint64_t restarts = 0;
        friend bool operator==(const Counters&, const Counters&) = default;
    };
    [[nodiscard]] const Counters& counters() const { return m_counters; }
    [[nodiscard]] std::uint64_t memory_bytes() const;

    // The whole state, whose size does not grow with size(): prefix, window, rare heaps,
    // tables. A sweep restored from it continues exactly as this one would.
    [[nodiscard]] std::vector<std::byte> save_state() const;
    // std::invalid_argument if the bytes are damaged or from another game.
    static WindowedSweep restore(HeapRules rules, WindowConfig config,
                                 std::span<const std::byte> state);

  private:
    struct Block;
    struct HeapSpec;
    friend struct WindowedSweepAccess;

    void reset(std::uint64_t prefix_heaps, std::uint64_t window_heaps);
    // The configured prefix and window that max_growth multiplies.
    void set_growth_base(const WindowConfig& asked);
    [[nodiscard]] std::uint64_t prefix_cap() const;
    [[nodiscard]] std::uint64_t window_cap() const;
    void report_growth(bool restart, std::uint64_t prefix_heaps, std::uint64_t window_heaps) const;
    // windowed_blocks.cpp: heaps in blocks.
    void run_blocks(std::uint64_t heaps);
    [[nodiscard]] std::uint64_t block_end(std::uint64_t n0, std::uint64_t heaps) const;
    void prepare(Block& block, std::uint64_t n0, std::uint64_t end, bool fused);
    void run_fused(std::uint64_t n0, std::uint64_t end);
    void run_pipeline(std::uint64_t heaps);
    void run_frontier(std::uint64_t heaps);
    void guess_block(Block& block);
    void settle_block(Block& block);
    void push(std::uint64_t n, Grundy value);
    void at_power_of_two();
    void use_mask(const RareMask& mask);
    void grow_bound(Grundy value);
    void before_dropping(std::uint64_t next);
    [[nodiscard]] PowerStats stats_now() const;
    [[nodiscard]] bool is_rare(std::uint64_t n, Grundy value) const;
    [[nodiscard]] unsigned common_class(std::uint64_t n) const;
    [[nodiscard]] std::uint64_t last_split(std::uint64_t length) const {
        return m_rules.equal_splits ? length / 2 : (length - 1) / 2;
    }

    // windowed_heap.cpp: one heap's value.
    [[nodiscard]] Grundy by_definition(std::uint64_t n);
    [[nodiscard]] Grundy by_portable(std::uint64_t n);
    // The marks of a group of 32 heaps from the parts p < known whose complement in every heap
    // of the group lies before `known`, p one of rare_heaps (a prefix of the rare heaps that
    // holds every one below `known`); the index ranges it marked go to block.ranges.
    void mark_groups(Block& block, std::uint64_t group, std::uint64_t known,
                     std::span<const SparsePart> rare_heaps);
    // The part of heap n's work that reads only values before spec.known and the rare heaps
    // below it (those of rare_heaps: all found so far, or a prefix another thread may extend).
    void guess(Block& block, std::uint64_t n, HeapSpec& spec,
               std::span<const SparsePart> rare_heaps) const;
    [[nodiscard]] Grundy settle(Block& block, std::uint64_t n, const HeapSpec& spec);
    [[nodiscard]] Grundy settle_fused(Block& block, std::uint64_t n, const HeapSpec& spec);
    [[nodiscard]] Grundy settle_scan(Block& block, std::uint64_t n, const HeapSpec& spec, Grundy c,
                                     const WantedSet& wanted);
    [[nodiscard]] bool seen_by(const SplitLengths& split, std::uint64_t h, WantedSet& w) const;
    unsigned new_stamp();
    void record_scan(std::uint64_t n, std::uint64_t stop);
    // The split lengths L = n - k >= 2 of heap n.
    unsigned split_lengths(std::uint64_t n, std::uint64_t* lengths) const;

    HeapRules m_rules;
    WindowConfig m_config;
    std::unique_ptr<SweepPool> m_pool;
    std::optional<unsigned> m_phase;
    Heap m_k_min = 0, m_k_max = 0; // the least and largest split removal
    std::uint64_t m_base_prefix = 0, m_base_window = 0; // as configured
    ValueWindow m_values;
    bool m_frozen = false; // values dropped: the mask no longer changes

    std::vector<std::uint64_t> m_counts; // [(v << 1) | ((n + phase) & 1)]
    std::vector<std::uint64_t> m_last;   // the last such heap
    Grundy m_bound = 2;
    Grundy m_largest = 0;
    std::uint64_t m_largest_at = 0;
    std::vector<PowerStats> m_stats;
    std::vector<HeapValue> m_records;
    ScanStats m_scan;
    Counters m_counters;

    bool m_split = false;
    RareMask m_mask;
    std::vector<SparsePart> m_rare;
    std::vector<std::uint16_t> m_class[2];
    std::array<std::uint64_t, 8> m_class_words[2]{};

    // The block's scratch (marks, guesses), reused block after block.
    std::unique_ptr<Block> m_block;
    // One stamp per value for a heap at a time (by_definition, by_portable).
    std::vector<std::uint32_t> m_stamp;
    std::uint32_t m_now = 0;
};

} // namespace cgt::impartial
