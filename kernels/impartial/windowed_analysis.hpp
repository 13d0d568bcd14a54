#pragma once
// One game to its ceiling by the windowed sweep (windowed_sweep.hpp): as analyse_to_ceiling
// (frontier_analysis.hpp), the same steps and the same proof tried after each, so the same
// result, but in memory that does not grow with the heaps, on WindowConfig::threads threads,
// and resumable from a saved state of constant size.
#include "impartial/frontier_analysis.hpp"
#include "impartial/windowed_sweep.hpp"

#include <cstddef>
#include <functional>
#include <span>

namespace cgt::impartial {

struct WindowedLimits {
    std::uint64_t ceiling = std::uint64_t{1} << 24;
    std::uint64_t definition_ceiling = std::uint64_t{1} << 32;
    WindowConfig config;
    // A state saved by WindowedSweep::save_state (a resumed run); empty: from heap 0.
    std::span<const std::byte> resume;
    // Called after every chunk and every step: false stops the run where it stands
    // (FrontierResult::stopped; the caller saves the sweep's state to resume from it).
    std::function<bool(const WindowedSweep&)> between_chunks;
    std::uint64_t chunk_heaps = std::uint64_t{1} << 20;
};

// The counters of FrontierResult from the windowed sweep's.
FrontierSweep::Counters frontier_counters(const WindowedSweep::Counters& c);

// std::invalid_argument for a ceiling past 2^40 heaps or a state from another game;
// std::runtime_error if the sweep would need a window past config.max_memory_heaps.
// A period is claimed only when proven from values held (WindowedSweep::proven_period).
FrontierResult analyse_windowed(const HeapRules& rules, const WindowedLimits& limits,
                                std::size_t keep_values = 32,
                                std::uint64_t max_sequence = std::uint64_t{1} << 20);

} // namespace cgt::impartial
