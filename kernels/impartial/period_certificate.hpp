#pragma once
// A certificate of a proven period of an octal game, as text that a program sharing no code
// with this library checks (verify/certificates/): the game, the claimed preperiod n0 and
// period p, the largest removal t, the range of Guy and Smith's theorem (G(n) = G(n + p) for
// n0 <= n < 2 n0 + p + t proves the period), a rare mask that lets the checker skip the
// splits that cannot give a value (a hint only: the check is exact under any mask), and the
// values G(0..n0 + p - 1), two hexadecimal digits each, 64 to a line. The values past them,
// up to 2 n0 + 2 p + t, follow by the claimed period; the checker verifies every one of
// them against the game's definition.
//
//   # period certificate (Guy-Smith)
//   game 4.344
//   preperiod 998
//   period 51
//   largest-removal 3
//   guy-smith 998 2050
//   heaps 2101
//   rare-mask 37
//   values 1049
//   000102...
#include "impartial/frontier_sweep.hpp"
#include "impartial/periodicity.hpp"

#include <span>
#include <string>

namespace cgt::impartial {

// std::invalid_argument if the values do not reach n0 + p, hold a value of 256 or more, or
// the rules are not an octal game's (Grundy's game has no period to certify).
std::string period_certificate(const HeapRules& rules, std::span<const std::uint16_t> values, const Period& period,
                               const RareMask& hint);

} // namespace cgt::impartial
