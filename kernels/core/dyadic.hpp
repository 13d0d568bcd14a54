#pragma once
// Exact dyadic rationals m / 2^k: the values of the numbers of short games. Every number a
// GameStore meets is one of these, so arithmetic on them is exact and cheap.
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace cgt::core {

class Dyadic {
public:
    // Capacity, chosen so that a Dyadic packs into a GameId (see game_id.hpp) and so that
    // any two can be compared and added exactly in 128-bit arithmetic: |numerator| < 2^55,
    // exponent 0..MAX_EXPONENT. A result outside this range throws std::overflow_error.
    static constexpr int NUMERATOR_BITS = 56;
    static constexpr std::int64_t MAX_NUMERATOR = (std::int64_t{1} << (NUMERATOR_BITS - 1)) - 1;
    static constexpr int MAX_EXPONENT = 62;

    constexpr Dyadic() = default;
    // The integer n (std::overflow_error if |n| > MAX_NUMERATOR).
    explicit Dyadic(std::int64_t n);
    // numerator / 2^exponent, reduced so that the numerator is odd or the exponent is 0.
    // Exponents above MAX_EXPONENT are accepted if reduction brings them into range.
    static Dyadic fraction(std::int64_t numerator, int exponent);
    // "0", "3", "-2", "3/4", "-5/2" (the denominator a power of two; "6/4" is read as 3/2).
    // std::invalid_argument names what is wrong.
    static Dyadic parse(std::string_view text);

    // Reduced form: numerator odd, or exponent 0 (then the value is the integer numerator).
    [[nodiscard]] constexpr std::int64_t numerator() const { return m_num; }
    [[nodiscard]] constexpr int exponent() const { return m_exp; }
    [[nodiscard]] constexpr bool is_integer() const { return m_exp == 0; }
    [[nodiscard]] std::int64_t floor() const;
    [[nodiscard]] std::int64_t ceil() const;
    [[nodiscard]] double to_double() const;
    // "3/4", "-5/2", "7": the notation parse reads.
    [[nodiscard]] std::string to_string() const;
    // Appends to_string() to `out` without a temporary string.
    void append_to(std::string& out) const;
    // Day on which the number is born: |n| for an integer n, ceil(|x|) + k for m / 2^k, k > 0.
    [[nodiscard]] std::uint64_t birthday() const;

    friend Dyadic operator+(const Dyadic& a, const Dyadic& b);
    friend Dyadic operator-(const Dyadic& a, const Dyadic& b);
    friend Dyadic operator-(const Dyadic& a);
    friend bool operator==(const Dyadic& a, const Dyadic& b) = default;
    friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b);

private:
    constexpr Dyadic(std::int64_t num, int exp, int /*raw*/) : m_num(num), m_exp(exp) {}
    std::int64_t m_num = 0;
    int m_exp = 0;
};

// Appends the decimal digits of n (with '-' if negative) to `out`.
void append_integer(std::string& out, std::int64_t n);

// The simplest number strictly between lo and hi (Conway's simplicity rule): the integer
// of least magnitude if there is one, otherwise the dyadic with the least denominator. A
// null bound is unbounded on that side. Precondition: lo < hi when both are given.
Dyadic simplest_between(const Dyadic* lo, const Dyadic* hi);

} // namespace cgt::core
