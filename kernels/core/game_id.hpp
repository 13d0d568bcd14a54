#pragma once
// The handle of a game value in a GameStore. A number is held in the handle itself, so the
// numbers of a computation (8 million blue-red stalks, say) cost no storage; any other value
// is the index of its interned canonical form. Handles are meaningful only inside the store
// that made them: results leave a process as canonical text (GameStore::canonical_text).
#include "core/dyadic.hpp"

#include <compare>
#include <cstdint>

namespace cgt::core {

class GameId {
public:
    // Bit layout of m_bits:
    //
    //   63 | 62 .. 56  | 55 ........................... 0
    //    0 | exponent  | numerator (56-bit two's complement)   the number numerator / 2^exponent
    //    1 | 0 ... 0 (bits 62..32) | index (32 bits)             the canonical form `index`
    //   all ones: none(), a marker that is never a game
    //
    // The number 0 is all zeros, so GameId{} is the game 0.
    static constexpr std::uint64_t INTERNED_BIT = std::uint64_t{1} << 63;
    static constexpr std::uint64_t NUMERATOR_MASK = (std::uint64_t{1} << 56) - 1;

    constexpr GameId() = default;
    static GameId number(const Dyadic& x) {
        return GameId((static_cast<std::uint64_t>(x.exponent()) << 56) |
                      (static_cast<std::uint64_t>(x.numerator()) & NUMERATOR_MASK));
    }
    static constexpr GameId interned(std::uint32_t index) { return GameId(INTERNED_BIT | index); }
    static constexpr GameId none() { return GameId(~std::uint64_t{0}); }
    static constexpr GameId from_bits(std::uint64_t bits) { return GameId(bits); }

    [[nodiscard]] constexpr bool is_number() const { return (m_bits & INTERNED_BIT) == 0; }
    // Precondition: is_number().
    [[nodiscard]] constexpr std::int64_t numerator() const {
        return static_cast<std::int64_t>(m_bits << 8) >> 8;
    }
    [[nodiscard]] constexpr int exponent() const { return static_cast<int>((m_bits >> 56) & 0x7f); }
    [[nodiscard]] Dyadic number_value() const { return Dyadic::fraction(numerator(), exponent()); }
    // Precondition: !is_number().
    [[nodiscard]] constexpr std::uint32_t index() const { return static_cast<std::uint32_t>(m_bits); }
    [[nodiscard]] constexpr std::uint64_t bits() const { return m_bits; }

    // An order on handles, used only to keep option lists sorted inside one store; it says
    // nothing about the values and differs between processes.
    friend constexpr auto operator<=>(GameId a, GameId b) = default;

private:
    constexpr explicit GameId(std::uint64_t bits) : m_bits(bits) {}
    std::uint64_t m_bits = 0;
};

// Order of two numbers (both is_number()), exactly, straight from the handles: the
// numerator of the one with the smaller exponent is scaled up (|numerator| < 2^55, shift
// <= 62, so 128 bits hold it).
inline std::strong_ordering compare_numbers(GameId a, GameId b) {
    __extension__ using Int128 = __int128;
    const int ea = a.exponent(), eb = b.exponent();
    if (ea == eb) return a.numerator() <=> b.numerator();
    const Int128 x = static_cast<Int128>(a.numerator()) << (ea < eb ? eb - ea : 0);
    const Int128 y = static_cast<Int128>(b.numerator()) << (eb < ea ? ea - eb : 0);
    return x < y ? std::strong_ordering::less
                 : (x > y ? std::strong_ordering::greater : std::strong_ordering::equal);
}

} // namespace cgt::core
