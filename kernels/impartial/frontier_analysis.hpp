#pragma once
// One game to its ceiling: the frontier sweep run in steps, the Guy-Smith proof tried after
// each, until a period is proven or the ceiling is reached. What the frontier job stores per
// game and what cgt-octal --ceiling prints.
#include "impartial/frontier_sweep.hpp"
#include "impartial/octal_analysis.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace cgt::impartial {

struct FrontierLimits {
    std::uint64_t ceiling = std::uint64_t{1} << 24; // heaps 0..ceiling-1 at most
    // A game valued by the definition (the split does not pay: cost n per heap) stops at the
    // first step past this many heaps, if that is below the ceiling.
    std::uint64_t definition_ceiling = std::uint64_t{1} << 32;
    // Values already known (a resumed run): the sweep continues from them.
    std::span<const std::uint16_t> resume;
    // The counters of the run that saved `resume` (FrontierSweep::resume_counters).
    FrontierSweep::Counters resume_counters;
    // Called after every step with the sweep as it stands (to save a checkpoint).
    std::function<void(const FrontierSweep&)> after_step;
    // Called after every chunk of at most chunk_heaps heaps (a step is one chunk or more),
    // and after every step: false stops the run where it stands (FrontierResult::stopped;
    // the caller saves the values from the sweep it was shown, to resume from them).
    std::function<bool(const FrontierSweep&)> between_chunks;
    std::uint64_t chunk_heaps = std::uint64_t{1} << 20;
};

struct FrontierResult {
    std::string game;
    Status status = Status::not_yet_periodic;
    ProofRule rule = ProofRule::guy_smith;
    Heap largest_removal = 0;
    std::optional<Period> period;
    std::uint64_t check_end = 0; // the proof compared G(n), G(n+p) for n0 <= n < check_end
    std::uint64_t ceiling = 0;
    std::uint64_t heaps = 0;       // G(0..heaps-1) were computed (<= ceiling)
    Grundy largest_value = 0;      // over every heap if periodic, else over those computed
    std::uint64_t largest_at = 0;  // its first heap
    std::vector<PowerStats> stats; // every power of two <= heaps
    FrontierSweep::Counters counters;
    std::vector<std::uint16_t> sequence; // G(0..n0+p-1) if periodic and n0 + p <= max_sequence,
                                         // else the first values (up to keep_values)
    bool stopped = false; // between_chunks stopped the run: only `heaps` is filled in
};

// The sizes at which a run to a ceiling tries its proof: 64 heaps, then steps of 1/8 (1/4
// past 2^20) that land on every power of two, none past the ceiling. next_proof_target: the
// size after `heaps`; first_proof_target: the first size at or past `done` heaps that a fresh
// run tries, so that a resumed run tries the proof at the same sizes. Shared by
// analyse_to_ceiling and analyse_windowed (windowed_analysis.hpp), whose results agree.
std::uint64_t next_proof_target(std::uint64_t heaps, std::uint64_t ceiling);
std::uint64_t first_proof_target(std::uint64_t done, std::uint64_t ceiling);

// The paces a forecast is read at, on one core here (drivers/grundy/NOTES.md): the sweep values
// about a million heaps a second where each heap costs the same (Grundy's game to 2^24 in
// 14.5 s, .161 in 6.7 s); the definition reads about 2.5-2.8e9 splits a second (.06 to 2^19
// in 24.7 s, its analysis to 2^20 in 106 s; .76 in 221 s): 2e9 taken. Below
// FORECAST_WORTH_PAST heaps a game of the definition costs at most 2^40/4 splits a split
// length, about two minutes, and the probe (up to about a second) is not worth running.
inline constexpr double FRONTIER_HEAPS_PER_SECOND = 1e6;
inline constexpr double DEFINITION_SPLITS_PER_SECOND = 2e9;
inline constexpr std::uint64_t FORECAST_WORTH_PAST = std::uint64_t{1} << 20;

// The splits the definition reads to value heaps 0..heaps-1: n/2 a heap for each split length
// (HeapRules::leave_two), n^2/4 in all for each.
inline double definition_splits(std::size_t split_lengths, std::uint64_t heaps) {
    const double n = static_cast<double>(heaps);
    return n * n / 4 * static_cast<double>(split_lengths);
}

// How a run to `ceiling` heaps will value them, judged by a first run of the sweep to `probe`
// heaps (at most the ceiling): its period proven there (a run stops at the same proof), or
// each heap costing about the same (the split, once its rare heaps stop growing), or about n
// (`quadratic`: the rare heaps found over the probe's last doubling were more than one heap
// in 32, the share the split needs once values pass 512; the definition then values the
// heaps, or the split with as many marks). The cost of the latter is given as the definition's,
// n/2 splits a heap for each split length (leave_two): `definition_splits` in all, to
// `ceiling` or the first proof size past `definition_ceiling` (where such a game stops). A
// game that does not split costs a few options a heap. 2^16 heaps: on Czajka's 82 unsolved
// codes the rare heaps of 2^15..2^16 tell the games whose rare heaps still grow by more than
// one in 32 over 2^16..2^17 from the others, but for four whose growth stops between 2^16 and
// 2^17 (.206, .344, .764, 4.004: forecast as quadratic, an overestimate); 2^14 does not (.14,
// .172 and .014 still gain a rare heap in 16 there).
struct FrontierForecast {
    bool proven = false;
    bool quadratic = false;  // valued by the definition: `definition_splits`
    std::uint64_t heaps = 0; // heaps the run will value: the ceiling, the definition
                             // stop, or (proven) at most the probe
    double definition_splits = 0;
    // The run's time on one core at the paces above.
    double core_seconds() const {
        return quadratic ? definition_splits / DEFINITION_SPLITS_PER_SECOND
                         : static_cast<double>(heaps) / FRONTIER_HEAPS_PER_SECOND;
    }
};
FrontierForecast forecast_frontier(const HeapRules& rules, std::uint64_t ceiling,
                                   std::uint64_t definition_ceiling = FrontierSweep::MAX_HEAPS,
                                   std::uint64_t probe = std::uint64_t{1} << 16);

// Runs the sweep to 64 heaps, then on by 1/8 (1/4 past 2^20) and through every power of
// two, trying the proof after each step; the result depends only on the game and the
// ceiling (not on resume, chunks, or the steps a resumed run took). Guy and Smith's bound proves
// octal games and Grundy's game alike (the window rule of subtraction games is the shorter one the
// family sweep uses).
FrontierResult analyse_to_ceiling(const HeapRules& rules, const FrontierLimits& limits,
                                  std::size_t keep_values = 32,
                                  std::uint64_t max_sequence = 1u << 20);

} // namespace cgt::impartial
