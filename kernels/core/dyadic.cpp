#include "core/dyadic.hpp"

#include <bit>
#include <charconv>
#include <stdexcept>

namespace cgt::core {

namespace {

__extension__ using Int128 = __int128;
__extension__ using UInt128 = unsigned __int128;

// The numerator of `d` scaled to exponent `to` (to >= d.exponent()). Exact: |numerator| <
// 2^55 and the shift is at most 62, so the result stays below 2^117.
Int128 scaled(const Dyadic& d, int to) {
    return static_cast<Int128>(d.numerator()) << (to - d.exponent());
}

// Reduces num / 2^exp and checks the capacity; `what` names the operation for the error.
Dyadic reduce(Int128 num, int exp, const char* what) {
    if (num == 0) return Dyadic();
    while (exp > 0 && (num & 1) == 0) {
        num >>= 1;
        --exp;
    }
    if (num > Dyadic::MAX_NUMERATOR || num < -Dyadic::MAX_NUMERATOR || exp > Dyadic::MAX_EXPONENT)
        throw std::overflow_error(std::string(what) +
                                  ": result outside the exact dyadic range (|numerator| < 2^55, "
                                  "denominator <= 2^62)");
    return Dyadic::fraction(static_cast<std::int64_t>(num), exp);
}

} // namespace

Dyadic::Dyadic(std::int64_t n) : m_num(n), m_exp(0) {
    if (n > MAX_NUMERATOR || n < -MAX_NUMERATOR)
        throw std::overflow_error("integer " + std::to_string(n) +
                                  " outside the exact dyadic range (|n| < 2^55)");
}

Dyadic Dyadic::fraction(std::int64_t numerator, int exponent) {
    if (exponent < 0) throw std::invalid_argument("negative exponent in a dyadic fraction");
    if (numerator == 0) return Dyadic();
    const int twos = std::countr_zero(static_cast<std::uint64_t>(numerator));
    const int shift = twos < exponent ? twos : exponent;
    numerator >>= shift;
    exponent -= shift;
    if (numerator > MAX_NUMERATOR || numerator < -MAX_NUMERATOR || exponent > MAX_EXPONENT)
        throw std::overflow_error("dyadic " + std::to_string(numerator) + "/2^" +
                                  std::to_string(exponent) + " outside the exact range");
    return Dyadic(numerator, exponent, 0);
}

Dyadic Dyadic::parse(std::string_view text) {
    const std::string original(text);
    bool negative = false;
    if (text.starts_with("-")) {
        negative = true;
        text.remove_prefix(1);
    } else if (text.starts_with("\u2212")) { // the typographic minus sign
        negative = true;
        text.remove_prefix(3);
    }
    auto read_digits = [&](std::string_view digits) {
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
            throw std::invalid_argument("'" + original + "' is not a number (expected n or n/2^k)");
        if (digits.size() > 17)
            throw std::overflow_error("'" + original + "' is outside the exact dyadic range");
        std::int64_t v = 0;
        for (char c : digits) v = v * 10 + (c - '0');
        return v;
    };
    const auto slash = text.find('/');
    const std::int64_t num = read_digits(text.substr(0, slash));
    int exp = 0;
    if (slash != std::string_view::npos) {
        const std::int64_t den = read_digits(text.substr(slash + 1));
        if (den == 0 || !std::has_single_bit(static_cast<std::uint64_t>(den)))
            throw std::invalid_argument("'" + original +
                                        "': the denominator must be a power of two");
        exp = std::countr_zero(static_cast<std::uint64_t>(den));
    }
    return fraction(negative ? -num : num, exp);
}

std::int64_t Dyadic::floor() const { return m_num >> m_exp; }

std::int64_t Dyadic::ceil() const { return -((-m_num) >> m_exp); }

double Dyadic::to_double() const {
    return static_cast<double>(m_num) / static_cast<double>(std::uint64_t{1} << m_exp);
}

std::string Dyadic::to_string() const {
    std::string s;
    append_to(s);
    return s;
}

void Dyadic::append_to(std::string& out) const {
    append_integer(out, m_num);
    if (m_exp == 0) return;
    out += '/';
    append_integer(out, std::int64_t{1} << m_exp);
}

void append_integer(std::string& out, std::int64_t n) {
    char buffer[24];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, n).ptr;
    out.append(buffer, end);
}

std::uint64_t Dyadic::birthday() const {
    const std::uint64_t magnitude = m_num < 0 ? static_cast<std::uint64_t>(-m_num)
                                              : static_cast<std::uint64_t>(m_num);
    if (m_exp == 0) return magnitude;
    const std::uint64_t one = std::uint64_t{1} << m_exp;
    return ((magnitude + one - 1) >> m_exp) + static_cast<std::uint64_t>(m_exp);
}

Dyadic operator+(const Dyadic& a, const Dyadic& b) {
    const int e = a.m_exp > b.m_exp ? a.m_exp : b.m_exp;
    return reduce(scaled(a, e) + scaled(b, e), e, "dyadic addition");
}

Dyadic operator-(const Dyadic& a) { return Dyadic(-a.m_num, a.m_exp, 0); }

Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + (-b); }

std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
    if (a.m_exp == b.m_exp) return a.m_num <=> b.m_num;
    const int e = a.m_exp > b.m_exp ? a.m_exp : b.m_exp;
    const Int128 x = scaled(a, e), y = scaled(b, e);
    return x < y ? std::strong_ordering::less
                 : (x > y ? std::strong_ordering::greater : std::strong_ordering::equal);
}

Dyadic simplest_between(const Dyadic* lo, const Dyadic* hi) {
    const Dyadic zero;
    // An integer in the interval: 0 if it lies inside, else the one nearest to 0.
    if ((!lo || *lo < zero) && (!hi || zero < *hi)) return zero;
    if (!hi || (lo && !(*lo < zero))) { // the interval lies right of 0
        const Dyadic n(lo->floor() + 1);
        if (!hi || n < *hi) return n;
    } else { // the interval lies left of 0
        const Dyadic n(hi->ceil() - 1);
        if (!lo || *lo < n) return n;
    }
    // No integer inside, so lo and hi lie in one unit interval on one side of 0. At a
    // common exponent e with one spare bit, (X, Y) holds at least one integer; the one with
    // the most trailing zeros (the least denominator) keeps the bits above the highest bit
    // in which X + 1 and Y - 1 differ. Equal signs make two's complement order unsigned.
    const int e = (lo->exponent() > hi->exponent() ? lo->exponent() : hi->exponent()) + 1;
    const Int128 first = scaled(*lo, e) + 1, last = scaled(*hi, e) - 1;
    const auto diff = static_cast<UInt128>(first ^ last);
    Int128 pick = last;
    if (diff != 0) {
        int high = 0;
        for (auto d = diff; d > 1; d >>= 1) ++high;
        pick = last & ~((static_cast<Int128>(1) << high) - 1);
    }
    return reduce(pick, e, "simplest number between");
}

} // namespace cgt::core
