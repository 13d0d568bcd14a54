#pragma once
// Reading game expressions: the engine's names and texts, and CGSuite's notation.
//
//   statement  := expression [relation expression]
//   relation   := "<=" | ">=" | "==" | "!=" | "<" | ">" | "<>" (confused) | "<|" (less or
//                 confused) | "|>" (greater or confused); "≤" "≥" "≠" too
//   expression := term { ("+" | "-" | "+-" | "±") term }      a + b, a - b, a ± b
//   term       := "-" term | "+" term | ("+-" | "±") term | postfix
//   postfix    := primary { "." method }
//   primary    := "(" expression ")" | "{" options "}" | "#" k | Tiny(G) | Miny(G) | atom
//   options    := expressions separated by "," and runs of "|": {L | R}, and CGSuite's
//                 slashes {3 || 2 | 1} = {3 | {2 | 1}} (the longest run splits; two
//                 longest runs side by side are ambiguous). "±{a, b}" is {a, b | -a, -b}.
//   atom       := [x] [ups] [*m], at least one: x = n or n/2^k (a "-" right before the
//                 digits belongs to x, so "-1^*" is -1 + ↑*); ups "^", "^^", "^3" (3.up),
//                 "↑", "⇑", "^<n>" or "↑ⁿ" (↑^n), "^[n]" (↑^[n] = ↑ + ... + ↑^n), downs
//                 "v", "vv", "v3", "↓", "⇓", "v<n>", "↓ⁿ", "v[n]"; a number may be followed
//                 by Tiny(G) or Miny(G) ("1Tiny(2)" = 1 + Tiny(2))
//   method     := Cool(t) | Freeze | Heat(t) | Overheat(s, t) | Mean | Temperature |
//                 LeftStop | RightStop | AtomicWeight | ReducedCanonicalForm
//   #k         := the k-th braced group of the text, from 0 in order of opening (the
//                 compact canonical text's back-references)
//
// Spaces are allowed between tokens. A text that is not an expression throws TextError,
// which names the column (in characters, from 1) and what was expected there.
#include "core/game_store.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cgt::core {

class TextError : public std::invalid_argument {
public:
    TextError(std::string_view text, std::size_t byte_offset, const std::string& reason);
    // The column of the fault, counting characters (not bytes) from 1.
    [[nodiscard]] std::size_t column() const { return m_column; }
    [[nodiscard]] const std::string& reason() const { return m_reason; }
    // The text as given, with control characters written \xNN and cut after 200 bytes.
    [[nodiscard]] const std::string& shown_text() const { return m_shown; }

private:
    std::size_t m_column;
    std::string m_reason, m_shown;
};

// The deepest nesting a text may have; deeper is a TextError, never a stack overflow. The
// parser recurses, about 1 KB of stack a level of braces: 1000 levels (games born after day
// 1000 are out of reach anyway). AddressSanitizer's frames are about 16 times larger (1000
// levels took 8-16 MB): 250 in such a build, within its 8 MB stack.
#if defined(__SANITIZE_ADDRESS__) // GCC's -fsanitize=address
inline constexpr std::size_t MAX_NESTING = 250;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) // clang's
inline constexpr std::size_t MAX_NESTING = 250;
#else
inline constexpr std::size_t MAX_NESTING = 1000;
#endif
#else
inline constexpr std::size_t MAX_NESTING = 1000;
#endif

// The text with control characters written \xNN (so that an echo cannot drive a
// terminal), cut after max_bytes with "...".
std::string printable(std::string_view text, std::size_t max_bytes = 200);

// How g stands to h: exactly one holds.
enum class Relation : std::uint8_t { Equal, Less, Greater, Confused };
Relation compare(GameStore& store, GameId g, GameId h);
// "=", "<", ">", "||".
const char* relation_symbol(Relation r);

struct Statement {
    GameId value;                // the expression, or the left side of a comparison
    std::optional<GameId> other; // the right side of a comparison
    std::string relation;        // as written ("<=", "<>", ...); empty for an expression
    bool holds = false;          // whether the comparison holds
};

GameId parse_expression(GameStore& store, std::string_view text);
Statement parse_statement(GameStore& store, std::string_view text);

} // namespace cgt::core
