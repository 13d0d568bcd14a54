#pragma once
// The census kernel for subtraction games: the eventual period of G(0), G(1), ... of one game
// S (normal or misere play), proven by a repeated window, fast enough for millions of games
// (every S within {1..20}, every {a < b < c} with c <= 500).
//
// G(n) depends only on G(n - t .. n - 1), t = max(S), so the windows x_n = (G(n - t), ...,
// G(n - 1)), n >= t, follow x_{n+1} = f(x_n): once a window repeats, x_{n+p} = x_n, the
// sequence is periodic from there on. Brent's cycle finding walks the windows (a window is
// compared in full only when its last 8 values already agree) and gives the least p, which is
// also the least period of G; the preperiod is then the least n0 with G(m) = G(m + p) for all
// m >= n0, found by walking back from where the repeat was seen. No period is ever guessed.
#include "impartial/octal.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cgt::impartial {

struct WindowPeriod {
    bool found = false;          // false: `max_heaps` values were computed without a repeat
    std::uint64_t preperiod = 0; // n0, the least
    std::uint64_t period = 0;    // p, the least
    std::uint64_t heaps = 0;     // values computed (the proof's window lies within them)
    friend bool operator==(const WindowPeriod&, const WindowPeriod&) = default;
};

// The largest subtraction set element and value the census handles (values are bytes).
inline constexpr unsigned CENSUS_MAX_REMOVAL = 1u << 16;

// The period of the subtraction game `set` (ascending, distinct, 1 <= s <= 65536, not empty).
// `values` receives G(0..heaps-1) (misere values under Play::misere: 1 for a heap with no
// move, otherwise the mex). std::invalid_argument for a bad set.
WindowPeriod subtraction_period(std::span<const unsigned> set, Play play, std::uint64_t max_heaps,
                                std::vector<std::uint8_t>& values);

// The set as a bit mask (bit s - 1 for s), for sets within {1..32}.
std::vector<unsigned> set_of_mask(std::uint32_t mask);

// The period of the outcome sequence o(n) = (G(n) != 0) (the player to move wins), from
// values that a WindowPeriod proved periodic: its least period divides the values' period.
struct OutcomePeriod {
    std::uint64_t preperiod = 0;
    std::uint64_t period = 0;
    friend bool operator==(const OutcomePeriod&, const OutcomePeriod&) = default;
};
OutcomePeriod outcome_period(std::span<const std::uint8_t> values, const WindowPeriod& period);

} // namespace cgt::impartial
