#include "verify/subtraction-census/definition.hpp"

#include <algorithm>
#include <array>

namespace cgt::verify::subtraction_census {

std::vector<std::uint8_t> values_by_definition(const std::vector<unsigned>& set, bool misere,
                                               std::uint64_t heaps) {
    std::vector<std::uint8_t> g(heaps);
    for (std::uint64_t n = 0; n < heaps; ++n) {
        std::array<bool, 258> seen{}; // values are at most |S| <= 256
        bool moves = false;
        for (unsigned s : set)
            if (s <= n) {
                moves = true;
                seen[g[n - s]] = true;
            }
        std::uint8_t mex = 0;
        while (seen[mex])
            ++mex;
        g[n] = misere && !moves ? 1 : mex;
    }
    return g;
}

namespace {
// The check of a claim on any sequence x(m) known for m < size.
template <class At>
std::string check_sequence(std::size_t size, unsigned largest, const PeriodClaim& c, At x) {
    if (c.preperiod < 0 || c.period < 1) return "no period claimed";
    const auto n0 = static_cast<std::size_t>(c.preperiod), p = static_cast<std::size_t>(c.period);
    if (n0 + 2 * p + largest > size) return "too few values to check";
    for (std::size_t m = n0; m < n0 + largest; ++m)
        if (x(m) != x(m + p))
            return "G(" + std::to_string(m) + ") != G(" + std::to_string(m + p) + ")";
    if (n0 > 0 && x(n0 - 1) == x(n0 - 1 + p)) return "a smaller preperiod";
    for (std::size_t d = 1; d < p; ++d) {
        if (p % d) continue;
        bool differs = false;
        for (std::size_t m = n0; m < n0 + p && !differs; ++m)
            differs = x(m) != x(m + d);
        if (!differs) return "a smaller period " + std::to_string(d);
    }
    return "";
}
} // namespace

std::string check_claim(const std::vector<std::uint8_t>& g, unsigned largest,
                        const PeriodClaim& c) {
    return check_sequence(g.size(), largest, c, [&](std::size_t m) { return g[m]; });
}

std::string check_outcome_claim(const std::vector<std::uint8_t>& g, unsigned largest,
                                long long values_period, const PeriodClaim& c) {
    if (c.period >= 1 && values_period % c.period != 0) return "does not divide the period";
    return check_sequence(g.size(), largest, c, [&](std::size_t m) { return g[m] != 0; });
}

PeriodClaim outcome_of(const std::vector<std::uint8_t>& g, const PeriodClaim& c) {
    const auto win = [&](long long m) { return g[static_cast<std::size_t>(m)] != 0; };
    long long period = c.period;
    for (long long d = 1; d < c.period; ++d) {
        if (c.period % d) continue;
        bool same = true;
        for (long long m = c.preperiod; same && m < c.preperiod + c.period; ++m)
            same = win(m) == win(m + d);
        if (same) {
            period = d;
            break;
        }
    }
    long long n0 = c.preperiod;
    while (n0 > 0 && win(n0 - 1) == win(n0 - 1 + period))
        --n0;
    return {n0, period};
}

std::optional<PeriodClaim> least_period(const std::vector<unsigned>& set, bool misere,
                                        long long max_period) {
    const unsigned t = set.back();
    const auto heaps = static_cast<std::uint64_t>(4 * max_period + 4 * t + 64);
    const auto g = values_by_definition(set, misere, heaps);
    // The last window repeats with the least period p; then walk back for n0.
    const std::uint64_t end = heaps - t;
    for (long long p = 1; p <= max_period; ++p) {
        bool same = true;
        for (std::uint64_t m = end - static_cast<std::uint64_t>(p) - t; same && m < end - p; ++m)
            same = g[m] == g[m + static_cast<std::uint64_t>(p)];
        if (!same) continue;
        long long n0 = static_cast<long long>(end - static_cast<std::uint64_t>(p) - t);
        while (n0 > 0 &&
               g[static_cast<std::size_t>(n0 - 1)] == g[static_cast<std::size_t>(n0 - 1 + p)])
            --n0;
        return PeriodClaim{n0, p};
    }
    return std::nullopt;
}

std::vector<unsigned> set_of_mask(long long mask) {
    std::vector<unsigned> set;
    for (unsigned s = 1; s <= 62; ++s)
        if ((mask >> (s - 1)) & 1) set.push_back(s);
    return set;
}

std::string set_text(const std::vector<unsigned>& set) {
    std::string text = "{";
    for (std::size_t i = 0; i < set.size(); ++i)
        text += (i ? "," : "") + std::to_string(set[i]);
    return text + "}";
}

} // namespace cgt::verify::subtraction_census
