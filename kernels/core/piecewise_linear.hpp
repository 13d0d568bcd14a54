#pragma once
// Continuous piecewise-linear functions x(t) of the temperature t >= -1, with exact dyadic
// breakpoints and integer slopes: the walls and scaffolds of thermographs (thermograph.hpp).
// Where two functions whose slopes differ by 1 or 2 cross, the crossing is again dyadic; the
// walls of thermographs have slopes -1, 0 and +1 only, so every figure of a thermograph is
// exact.
//
//   PiecewiseLinear f = PiecewiseLinear::constant(Dyadic(3)).plus_t(-1); // 3 - t
//   PiecewiseLinear g = PiecewiseLinear::constant(Dyadic(-2)).plus_t(1); // -2 + t
//   PiecewiseLinear::first_at_or_below(f, g);                            // 5/2
#include "core/dyadic.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cgt::core {

class PiecewiseLinear {
public:
    // x(t) = value + slope * (t - start) for start <= t < the next piece's start; the last
    // piece runs to infinity. The first piece starts at base() = -1, starts increase
    // strictly and neighbouring pieces have different slopes, so equal functions have
    // equal pieces.
    struct Piece {
        Dyadic start;
        Dyadic value;
        std::int32_t slope = 0;
        friend bool operator==(const Piece&, const Piece&) = default;
    };

    // The least temperature a thermograph shows: the temperature of the integers.
    static Dyadic base() { return Dyadic(-1); }

    // x(t) = x for every t.
    static PiecewiseLinear constant(const Dyadic& x);
    // From pieces as described above (std::invalid_argument if they break the rules, or if
    // the function jumps where two pieces meet).
    static PiecewiseLinear from_pieces(std::vector<Piece> pieces);

    // x(t), t >= -1 (std::invalid_argument below -1).
    [[nodiscard]] Dyadic at(const Dyadic& t) const;
    // The slope just above t.
    [[nodiscard]] std::int32_t slope_after(const Dyadic& t) const;
    [[nodiscard]] const std::vector<Piece>& pieces() const { return m_pieces; }
    // The starts of the pieces after the first: where the slope changes.
    [[nodiscard]] std::vector<Dyadic> breakpoints() const;

    // x(t) + k * t.
    [[nodiscard]] PiecewiseLinear plus_t(std::int32_t k) const;
    // -x(t).
    [[nodiscard]] PiecewiseLinear negated() const;
    // x(t) up to t0, then the constant x(t0) (t0 >= -1).
    [[nodiscard]] PiecewiseLinear frozen_from(const Dyadic& t0) const;

    // Pointwise max and min. std::domain_error if two pieces cross at a point that is not
    // dyadic (slopes differing by other than a power of two; never for thermographs).
    static PiecewiseLinear max(const PiecewiseLinear& f, const PiecewiseLinear& g);
    static PiecewiseLinear min(const PiecewiseLinear& f, const PiecewiseLinear& g);
    // The least t >= -1 with f(t) <= g(t), or nothing if f stays above g.
    static std::optional<Dyadic> first_at_or_below(const PiecewiseLinear& f, const PiecewiseLinear& g);

    // "3 - t", "-2 + t", "1/2": the piece through (t, x) as a formula in t.
    static std::string formula(const Piece& piece);

    friend bool operator==(const PiecewiseLinear&, const PiecewiseLinear&) = default;

private:
    explicit PiecewiseLinear(std::vector<Piece> pieces) : m_pieces(std::move(pieces)) {}
    // Index of the piece holding t (t >= -1).
    [[nodiscard]] std::size_t piece_at(const Dyadic& t) const;
    // Merges neighbouring pieces of equal slope.
    void normalise();

    std::vector<Piece> m_pieces;
};

// k * d, exactly (std::overflow_error outside the dyadic range).
Dyadic times(const Dyadic& d, std::int64_t k);

} // namespace cgt::core
