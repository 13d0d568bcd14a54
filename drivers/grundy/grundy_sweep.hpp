#pragma once
// The Grundy's game job's sweep: G(0..N) by the windowed sweep (impartial/windowed_sweep.hpp),
// whose memory does not grow with N, on --threads threads (the same values on any number),
// then one result file with the tables of grundy_schema.hpp: grundy (G(n) in row n, up to
// --store-values), sparse, records, value_counts, scan, and the statistics and value
// frequencies of every power of two (stats, frequencies). Nothing here talks MPI: the sweep
// is one task (G(n) needs every G below n).
#include "common/runtime/table.hpp"
#include "impartial/windowed_sweep.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cgt::jobs::grundy {

inline constexpr const char* PROGRAM = "cgt-grundy";

// --kernel: "auto" (the fastest this processor runs), "avx512", "avx2" or "portable".
// Throws std::invalid_argument naming the choices, or saying the processor lacks it.
impartial::ScanKernel parse_kernel(const std::string& text);

struct SweepSettings {
    std::uint64_t max_heap = 0;     // G(0..max_heap)
    std::uint64_t store_values = 0; // the grundy table holds G(0..min(max_heap, store_values))
    unsigned threads = 1;
    impartial::ScanKernel kernel = impartial::fastest_scan_kernel();
    std::uint64_t prefix_heaps = 0; // --prefix-heaps; 0: PREFIX_HEAPS (below)
    std::uint64_t window_heaps = 0; // --window-heaps (a power of two); 0: WINDOW_HEAPS
};

// The sweep's prefix and window grow at most this many times what is configured (each
// growth is a restart from heap 0, reported through WindowConfig::on_growth); past it the
// run ends with an error that asks for a larger --prefix-heaps or --window-heaps.
inline constexpr unsigned MAX_GROWTH = 4;
// The window is 2^26 heaps (Grundy's last sparse heap, 48,399,022, lies within it of every
// heap). The prefix is 2^26 heaps: the longest scan to 2^26 reads G(0..7,250,049), but the
// scans reach 49.96 M splits by 2^32 (measured: with a prefix of 2^25 the run to 2^32
// started again with ever larger ones and peaked at 3.56 GB). Up to 2^25 heaps the prefix
// of 2^25 holds them all. G(0..store_values) if more, so that the stored values are read
// from the prefix at the end.
inline constexpr std::uint64_t PREFIX_HEAPS = std::uint64_t{1} << 26;
inline constexpr std::uint64_t SMALL_PREFIX_HEAPS = std::uint64_t{1} << 25;
inline constexpr std::uint64_t WINDOW_HEAPS = std::uint64_t{1} << 26;
// Below 2^25 heaps, with neither --prefix-heaps nor --window-heaps given, both are an eighth of
// the heaps swept (a power of two, at least 2^18) rather than every value twice: the longest
// scan to 2^23 reads 115,970 splits and the last sparse heap below it is 82,860 (measured:
// 2^23 heaps in 27.9 MB against 54.9 MB, the same tables). Should a scan or a sparse heap
// need more, they grow (a restart, exact and logged) without the MAX_GROWTH bound: they
// never pass the heaps swept.
inline constexpr std::uint64_t SMALL_MIN_HEAPS = std::uint64_t{1} << 18;
// The sweep's hooks: every growth of its prefix or window, and the stop asked for while a
// restart recomputes (WindowConfig::on_growth, keep_going).
struct SweepHooks {
    std::function<void(const impartial::WindowGrowth&)> on_growth;
    std::function<bool()> keep_going;
};
impartial::WindowConfig window_config(const SweepSettings& settings, SweepHooks hooks = {});
// One line for the log about a growth of the sweep's prefix or window.
std::string growth_text(const impartial::WindowGrowth& growth);
// The bytes the sweep holds at its peak for these settings (values, tables, blocks, and a
// snapshot of the values being written to the journal).
double sweep_bytes(const SweepSettings& settings);

// The sweep's state for the journal (a snapshot): WindowedSweep::save_state, of a size that
// does not grow with the heaps swept.
std::vector<std::byte> encode_state(const impartial::WindowedSweep& sweep);

// A sweep that continues from the last snapshot saved (a fresh one if there is none).
// Throws std::invalid_argument if it is damaged, from another game or classes, or holds
// more than max_heap + 1 values.
impartial::WindowedSweep sweep_from_state(const std::vector<std::vector<std::byte>>& saved,
                                          const SweepSettings& settings, SweepHooks hooks = {});

// The result tables of a finished sweep of G(0..settings.max_heap). The stored values are
// moved out of the sweep's prefix (no copy), and the sweep is freed.
struct Tables {
    common::LocalTable grundy, sparse, records, value_counts, scan, stats, frequencies;
};
Tables make_tables(impartial::WindowedSweep&& sweep, const SweepSettings& settings);

} // namespace cgt::jobs::grundy
