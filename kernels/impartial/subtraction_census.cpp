#include "impartial/subtraction_census.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace cgt::impartial {

namespace {
constexpr std::size_t GROW = 4096;

void check_set(std::span<const unsigned> set) {
    if (set.empty()) throw std::invalid_argument("a subtraction set needs at least one element");
    for (std::size_t i = 0; i < set.size(); ++i) {
        if (set[i] < 1 || set[i] > CENSUS_MAX_REMOVAL)
            throw std::invalid_argument("subtraction set element " + std::to_string(set[i]) +
                                        " is not in 1.." + std::to_string(CENSUS_MAX_REMOVAL));
        if (i > 0 && set[i] <= set[i - 1])
            throw std::invalid_argument(
                "the subtraction set must be ascending and without repeats");
    }
    if (set.size() > 255)
        throw std::invalid_argument("the census takes sets of at most 255 elements");
}

// Computes G(n) for n from `from` to `to` - 1 into g, for a set of K elements (K = 0: any).
template <unsigned K>
void extend(const unsigned* s, std::size_t count, bool misere, std::uint8_t* g, std::uint64_t from,
            std::uint64_t to) {
    const std::size_t k = K ? K : count;
    for (std::uint64_t n = from; n < to; ++n) {
        // Values are at most |S| <= 255: the options fit 256 bits.
        std::uint64_t seen[4] = {0, 0, 0, 0};
        std::size_t moves = 0;
        for (; moves < k && n >= s[moves]; ++moves) { // ascending: no larger removal fits either
            const unsigned v = g[n - s[moves]];
            seen[v >> 6] |= std::uint64_t{1} << (v & 63);
        }
        unsigned w = 0;
        while (seen[w] == ~std::uint64_t{0})
            ++w;
        const unsigned mex = 64 * w + static_cast<unsigned>(__builtin_ctzll(~seen[w]));
        g[n] = static_cast<std::uint8_t>(misere && moves == 0 ? 1 : mex);
    }
}

using Extend = void (*)(const unsigned*, std::size_t, bool, std::uint8_t*, std::uint64_t,
                        std::uint64_t);

Extend extend_for(std::size_t count) {
    switch (count) {
    case 1:
        return extend<1>;
    case 2:
        return extend<2>;
    case 3:
        return extend<3>;
    case 4:
        return extend<4>;
    default:
        return extend<0>;
    }
}

// Whether the windows ending before heaps x and y (t values each) are equal.
bool same_window(const std::uint8_t* g, std::uint64_t x, std::uint64_t y, unsigned t) {
    if (t >= 8) {
        std::uint64_t wx, wy;
        std::memcpy(&wx, g + x - 8, 8);
        std::memcpy(&wy, g + y - 8, 8);
        if (wx != wy) return false;
    }
    return std::memcmp(g + x - t, g + y - t, t) == 0;
}
} // namespace

std::vector<unsigned> set_of_mask(std::uint32_t mask) {
    std::vector<unsigned> out;
    for (unsigned s = 1; s <= 32; ++s)
        if ((mask >> (s - 1)) & 1) out.push_back(s);
    return out;
}

WindowPeriod subtraction_period(std::span<const unsigned> set, Play play, std::uint64_t max_heaps,
                                std::vector<std::uint8_t>& g) {
    check_set(set);
    const unsigned t = set.back();
    const Extend step = extend_for(set.size());
    const bool misere = play == Play::misere;
    std::uint64_t computed = 0;
    // Values are computed ahead in chunks; the search reads G(0..n-1).
    const auto ensure = [&](std::uint64_t n) {
        if (n <= computed) return;
        // Ahead by as much as was computed (at least 64): most games repeat early.
        const std::uint64_t end = std::min(max_heaps, std::max(n, 2 * computed + 64));
        if (g.size() < end)
            g.resize(std::min(max_heaps, std::max<std::uint64_t>(end, 2 * g.size() + GROW)));
        step(set.data(), set.size(), misere, g.data(), computed, end);
        computed = end;
    };
    WindowPeriod out;
    if (max_heaps <= t) {
        ensure(max_heaps);
        out.heaps = computed;
        return out;
    }
    // Brent: the tortoise waits at window x_T (the t values before heap T); the hare x_n runs
    // on, and every power of two steps the tortoise jumps to it. The first hare equal to the
    // tortoise gives the least period.
    std::uint64_t power = 1, lambda = 1, tortoise = t, n = t + 1;
    ensure(n);
    while (!same_window(g.data(), n, tortoise, t)) {
        if (n >= max_heaps) {
            out.heaps = n;
            return out;
        }
        if (power == lambda) {
            tortoise = n;
            power *= 2;
            lambda = 0;
        }
        ensure(++n);
        ++lambda;
    }
    out.found = true;
    out.period = lambda;
    out.heaps = n;
    // G(m) = G(m + p) from the repeat on; the preperiod ends after the last m that differs.
    for (std::uint64_t m = n - lambda; m-- > 0;)
        if (g[m] != g[m + lambda]) {
            out.preperiod = m + 1;
            break;
        }
    return out;
}

OutcomePeriod outcome_period(std::span<const std::uint8_t> g, const WindowPeriod& p) {
    if (!p.found) throw std::invalid_argument("outcome_period needs a proven period");
    if (g.size() < p.preperiod + p.period)
        throw std::invalid_argument("outcome_period needs n0 + p values");
    const auto win = [&](std::uint64_t m) {
        // Beyond the values given, periodicity gives them.
        const std::uint64_t i =
            m < p.preperiod + p.period ? m : p.preperiod + (m - p.preperiod) % p.period;
        return g[i] != 0;
    };
    OutcomePeriod out;
    for (std::uint64_t d = 1; d <= p.period; ++d) {
        if (p.period % d) continue;
        bool ok = true;
        for (std::uint64_t m = p.preperiod; m < p.preperiod + p.period && ok; ++m)
            ok = win(m) == win(m + d);
        if (ok) {
            out.period = d;
            break;
        }
    }
    out.preperiod = 0;
    for (std::uint64_t m = p.preperiod; m-- > 0;)
        if (win(m) != win(m + out.period)) {
            out.preperiod = m + 1;
            break;
        }
    return out;
}

} // namespace cgt::impartial
