#include "core/piecewise_linear.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace cgt::core {

Dyadic times(const Dyadic& d, std::int64_t k) {
    // Binary method: |k| additions at most 2 log2 |k|, each exact.
    const bool negative = k < 0;
    auto n = static_cast<std::uint64_t>(negative ? -k : k);
    Dyadic result, power = d;
    while (n != 0) {
        if (n & 1) result = result + power;
        n >>= 1;
        if (n != 0) power = power + power;
    }
    return negative ? -result : result;
}

namespace {

// d / k for k a power of two (std::domain_error otherwise).
Dyadic divided(const Dyadic& d, std::int64_t k) {
    const bool negative = k < 0;
    const auto n = static_cast<std::uint64_t>(negative ? -k : k);
    if (n == 0 || !std::has_single_bit(n))
        throw std::domain_error("thermograph: two walls cross at a point that is not dyadic");
    const Dyadic q = Dyadic::fraction(d.numerator(), d.exponent() + std::countr_zero(n));
    return negative ? -q : q;
}

Dyadic value_of(const PiecewiseLinear::Piece& p, const Dyadic& t) {
    return p.value + times(t - p.start, p.slope);
}

} // namespace

PiecewiseLinear PiecewiseLinear::constant(const Dyadic& x) { return PiecewiseLinear({{base(), x, 0}}); }

PiecewiseLinear PiecewiseLinear::from_pieces(std::vector<Piece> pieces) {
    if (pieces.empty() || pieces.front().start != base())
        throw std::invalid_argument("piecewise-linear function: the first piece must start at t = -1");
    for (std::size_t i = 1; i < pieces.size(); ++i) {
        if (!(pieces[i - 1].start < pieces[i].start))
            throw std::invalid_argument("piecewise-linear function: starts must increase");
        if (value_of(pieces[i - 1], pieces[i].start) != pieces[i].value)
            throw std::invalid_argument("piecewise-linear function: jumps at t = " + pieces[i].start.to_string());
    }
    PiecewiseLinear f(std::move(pieces));
    f.normalise();
    return f;
}

std::size_t PiecewiseLinear::piece_at(const Dyadic& t) const {
    if (t < base()) throw std::invalid_argument("thermograph: temperature " + t.to_string() + " is below -1");
    // The last piece whose start is <= t.
    const auto it = std::upper_bound(m_pieces.begin(), m_pieces.end(), t,
                                     [](const Dyadic& x, const Piece& p) { return x < p.start; });
    return static_cast<std::size_t>(it - m_pieces.begin()) - 1;
}

Dyadic PiecewiseLinear::at(const Dyadic& t) const { return value_of(m_pieces[piece_at(t)], t); }

std::int32_t PiecewiseLinear::slope_after(const Dyadic& t) const { return m_pieces[piece_at(t)].slope; }

std::vector<Dyadic> PiecewiseLinear::breakpoints() const {
    std::vector<Dyadic> out;
    for (std::size_t i = 1; i < m_pieces.size(); ++i) out.push_back(m_pieces[i].start);
    return out;
}

void PiecewiseLinear::normalise() {
    std::vector<Piece> kept;
    for (const Piece& p : m_pieces)
        if (kept.empty() || kept.back().slope != p.slope) kept.push_back(p);
    m_pieces.swap(kept);
}

PiecewiseLinear PiecewiseLinear::plus_t(std::int32_t k) const {
    std::vector<Piece> out = m_pieces;
    for (Piece& p : out) {
        p.value = p.value + times(p.start, k);
        p.slope += k;
    }
    PiecewiseLinear f(std::move(out));
    f.normalise();
    return f;
}

PiecewiseLinear PiecewiseLinear::negated() const {
    std::vector<Piece> out = m_pieces;
    for (Piece& p : out) {
        p.value = -p.value;
        p.slope = -p.slope;
    }
    return PiecewiseLinear(std::move(out));
}

PiecewiseLinear PiecewiseLinear::frozen_from(const Dyadic& t0) const {
    const std::size_t i = piece_at(t0);
    std::vector<Piece> out(m_pieces.begin(), m_pieces.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    const Dyadic x = value_of(out.back(), t0);
    if (out.back().start == t0)
        out.back() = {t0, x, 0};
    else
        out.push_back({t0, x, 0});
    PiecewiseLinear f(std::move(out));
    f.normalise();
    return f;
}

PiecewiseLinear PiecewiseLinear::max(const PiecewiseLinear& f, const PiecewiseLinear& g) {
    std::vector<Dyadic> starts;
    for (const Piece& p : f.m_pieces) starts.push_back(p.start);
    for (const Piece& p : g.m_pieces) starts.push_back(p.start);
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    std::vector<Piece> out;
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const Dyadic& a = starts[i];
        const Dyadic fa = f.at(a), ga = g.at(a);
        const std::int32_t sf = f.slope_after(a), sg = g.slope_after(a);
        // The larger just above a: by value, on a tie by slope.
        const bool f_first = fa > ga || (fa == ga && sf >= sg);
        out.push_back({a, f_first ? fa : ga, f_first ? sf : sg});
        // The other one overtakes it inside (a, next start)?
        if (fa != ga && sf != sg && (f_first ? sg > sf : sf > sg)) {
            const Dyadic c = a + divided(ga - fa, sf - sg);
            if (i + 1 == starts.size() || c < starts[i + 1]) out.push_back({c, value_of(out.back(), c), f_first ? sg : sf});
        }
    }
    PiecewiseLinear h(std::move(out));
    h.normalise();
    return h;
}

PiecewiseLinear PiecewiseLinear::min(const PiecewiseLinear& f, const PiecewiseLinear& g) {
    return max(f.negated(), g.negated()).negated();
}

std::optional<Dyadic> PiecewiseLinear::first_at_or_below(const PiecewiseLinear& f, const PiecewiseLinear& g) {
    std::vector<Dyadic> starts;
    for (const Piece& p : f.m_pieces) starts.push_back(p.start);
    for (const Piece& p : g.m_pieces) starts.push_back(p.start);
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const Dyadic& a = starts[i];
        const Dyadic gap = f.at(a) - g.at(a);
        if (!(gap > Dyadic())) return a;
        const std::int32_t closing = g.slope_after(a) - f.slope_after(a); // the gap shrinks at this rate
        if (closing <= 0) continue;
        const Dyadic c = a + divided(gap, closing);
        if (i + 1 == starts.size() || c < starts[i + 1]) return c;
    }
    return std::nullopt;
}

std::string PiecewiseLinear::formula(const Piece& piece) {
    // value + slope (t - start) = intercept + slope t.
    const Dyadic intercept = piece.value - times(piece.start, piece.slope);
    if (piece.slope == 0) return intercept.to_string();
    std::string out = intercept == Dyadic() ? std::string() : intercept.to_string() + (piece.slope > 0 ? " + " : " - ");
    if (intercept == Dyadic() && piece.slope < 0) out += "-";
    const std::int32_t magnitude = piece.slope < 0 ? -piece.slope : piece.slope;
    if (magnitude != 1) out += std::to_string(magnitude);
    return out + "t";
}

} // namespace cgt::core
