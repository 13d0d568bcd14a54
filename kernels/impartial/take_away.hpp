#pragma once
// Heap games in which a move takes tokens from one heap: Nim (take any number) and the
// subtraction games (take a number from a finite set S). Values by the mex rule, sums by
// the XOR rule, and a value-free search to check the rule against.
#include "impartial/mex.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cgt::impartial {

using Heap = std::uint32_t;

class TakeAway {
public:
    // Nim: from a heap of h tokens, take any 1..h.
    static TakeAway nim();
    // Subtraction game: take s tokens for some s in `set`. The set must be non-empty and
    // hold only positive numbers (std::invalid_argument otherwise); order and repeats are
    // irrelevant.
    static TakeAway subtraction(std::vector<Heap> set);
    // Parses "nim" or a subtraction set written "1,3,4" or "{1,3,4}" (std::invalid_argument
    // with a message naming what is wrong).
    static TakeAway parse(const std::string& text);

    [[nodiscard]] bool is_nim() const { return m_nim; }
    [[nodiscard]] const std::vector<Heap>& set() const { return m_set; }
    // "nim" or "S={1,3,4}": the name written to result files.
    [[nodiscard]] std::string name() const;

    // The numbers of tokens that may be taken from a heap of `heap`, ascending.
    [[nodiscard]] std::vector<Heap> takes(Heap heap) const;
    // G(0..max_heap) by the definition G(h) = mex{ G(h - s) }.
    [[nodiscard]] std::vector<Grundy> grundy_values(Heap max_heap) const;

private:
    TakeAway(bool nim, std::vector<Heap> set) : m_nim(nim), m_set(std::move(set)) {}
    bool m_nim;
    std::vector<Heap> m_set; // sorted, unique; empty for Nim
};

// XOR of the values: the value of a sum of games (Sprague-Grundy theorem).
Grundy nim_sum(std::span<const Grundy> values);

struct Move {
    std::size_t heap_index; // which heap of the position
    Heap take;              // how many tokens
};

// A move to a position of value 0, if the position's value is non-zero; values[h] must
// hold G(h) for every heap h of the position. Among winning moves the first heap (in the
// given order) and then the smallest take is chosen, so the answer is deterministic.
std::optional<Move> winning_move(const TakeAway& game, std::span<const Heap> heaps,
                                 std::span<const Grundy> values);

// Win/loss by plain game-tree search, memoised on the sorted multiset of heaps, using no
// Grundy values: the player to move wins iff some move reaches a losing position.
class WinLossSearch {
public:
    explicit WinLossSearch(TakeAway game) : m_game(std::move(game)) {}
    [[nodiscard]] bool first_player_wins(std::vector<Heap> heaps);
    [[nodiscard]] std::size_t positions_memoised() const { return m_memo.size(); }

private:
    TakeAway m_game;
    std::map<std::vector<Heap>, bool> m_memo;
};

} // namespace cgt::impartial
