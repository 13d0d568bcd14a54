#pragma once
// Heap games given by an octal code (Guy & Smith 1956; Winning Ways ch. 4), and the finite
// subtraction games as the special case whose digits are all 0 or 3.
//
// Code d0.d1d2...dt: digit d_k (k >= 1) is a sum of
//   1 (LEAVE_NONE)  a heap of exactly k tokens may be removed whole,
//   2 (LEAVE_ONE)   k tokens may be removed from a larger heap, leaving one heap,
//   4 (LEAVE_TWO)   k tokens may be removed and the rest split into two non-empty heaps.
// d0 (before the point, as in 4.07) concerns removing no token: only 4 (split a heap into
// two non-empty heaps) is meaningful, since "remove nothing, leave the heap" would be a pass.
// Kayles is .77, Dawson's Kayles .07, Dawson's chess .137; S = {1,3,4} is .3033.
#include "impartial/take_away.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::impartial {

inline constexpr std::uint8_t LEAVE_NONE = 1;
inline constexpr std::uint8_t LEAVE_ONE = 2;
inline constexpr std::uint8_t LEAVE_TWO = 4;
// The largest removal accepted: the digits are held one byte per k.
inline constexpr Heap MAX_REMOVAL = Heap{1} << 22;

// Normal play: who cannot move loses. Misere: who cannot move wins; the misere value of a
// heap (Conway's genus superscript gamma_0) is 1 for a heap with no move, else the mex of
// its options' misere values, and a heap is lost for the player to move iff it is 0.
enum class Play { normal, misere };

class OctalGame {
public:
    // Parses an octal code: ".77", "0.77", ".770" (trailing zeros are the same game), "4.07",
    // "4" (split only). Throws std::invalid_argument naming the fault: a non-octal digit, a
    // d0 other than 0 or 4, more than one point, or a code that allows no move at all.
    static OctalGame parse(const std::string& code);
    // digits[k] = d_k; digits[0] is d0. Same checks as parse.
    static OctalGame from_digits(std::vector<std::uint8_t> digits);
    // The subtraction game S: digit 3 at every k in S. Checks S as TakeAway::subtraction
    // does, and that max(S) <= MAX_REMOVAL. Misere play is accepted only here.
    static OctalGame subtraction(const std::vector<Heap>& set, Play play = Play::normal);
    // A subtraction set as typed ("1,3,4", "{1,3,4}", "S={1,3,4}") or an octal code (any
    // text containing a point, or a single digit such as "4").
    static OctalGame parse_game(const std::string& text, Play play = Play::normal);

    // The canonical octal code: ".77", "4.07", "4"; trailing zeros dropped.
    [[nodiscard]] std::string code() const;
    // The name a table uses: "S={1,3,4}" if the game was given as a subtraction set, else
    // the octal code; misere play appends " misere".
    [[nodiscard]] std::string name() const;

    [[nodiscard]] const std::vector<std::uint8_t>& digits() const { return m_digits; }
    [[nodiscard]] Play play() const { return m_play; }
    // t, the largest number of tokens a move removes (0 for the split-only game "4").
    [[nodiscard]] Heap largest_removal() const { return static_cast<Heap>(m_digits.size() - 1); }
    // Every non-zero digit is 3 and d0 = 0: a subtraction game, whose value depends only on
    // the previous t values (the shorter periodicity proof applies).
    [[nodiscard]] bool is_subtraction() const;
    // The set S of a subtraction game, ascending (empty if not is_subtraction()).
    [[nodiscard]] std::vector<Heap> subtraction_set() const;
    // Some digit allows leaving two heaps: values need the split options (quadratic work).
    [[nodiscard]] bool splits() const { return !m_leave_two.empty(); }

    // k with LEAVE_NONE / LEAVE_ONE / LEAVE_TWO in d_k, ascending (k = 0 only in leave_two).
    [[nodiscard]] const std::vector<Heap>& leave_none() const { return m_leave_none; }
    [[nodiscard]] const std::vector<Heap>& leave_one() const { return m_leave_one; }
    [[nodiscard]] const std::vector<Heap>& leave_two() const { return m_leave_two; }

    friend bool operator==(const OctalGame& a, const OctalGame& b) {
        return a.m_digits == b.m_digits && a.m_play == b.m_play;
    }

private:
    OctalGame(std::vector<std::uint8_t> digits, Play play, bool given_as_set);
    std::vector<std::uint8_t> m_digits; // d0..dt, dt != 0 unless t = 0
    Play m_play;
    bool m_given_as_set;
    std::vector<Heap> m_leave_none, m_leave_one, m_leave_two;
};

// The subtraction set of subtract-a-square truncated to the squares <= max_heap: its values
// on heaps 0..max_heap are those of the infinite game (A014586).
std::vector<Heap> squares_up_to(Heap max_heap);

} // namespace cgt::impartial
