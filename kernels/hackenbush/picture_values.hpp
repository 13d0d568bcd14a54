#pragma once
// Values of Hackenbush positions through the CGT engine: a position's value is
// {values after each Blue cut | values after each Red cut}, memoised by edge mask; a
// position made of parts that meet only at the ground is valued as the sum of its parts.
#include "core/game_store.hpp"
#include "hackenbush/mask_memo.hpp"
#include "hackenbush/picture.hpp"

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <vector>

namespace cgt::hackenbush {

// Thrown by PictureValues::value() when the store and the memo pass the memory budget.
class MemoryBudgetExceeded : public std::runtime_error {
public:
    MemoryBudgetExceeded(std::size_t positions, std::size_t bytes)
        : std::runtime_error("the positions of the picture pass the memory budget"), m_positions(positions),
          m_bytes(bytes) {}
    [[nodiscard]] std::size_t positions() const { return m_positions; }
    [[nodiscard]] std::size_t bytes() const { return m_bytes; }

private:
    std::size_t m_positions, m_bytes;
};

class PictureValues {
public:
    // The store must outlive this object. With split_parts false every position is valued
    // from its own moves (slower; used to check the sum rule).
    PictureValues(Picture picture, core::GameStore& store, bool split_parts = true);

    // The value of a position (a grounded mask of the picture: all(), or a result of cut()).
    core::GameId value(EdgeMask position);
    core::GameId value() { return value(m_picture.all()); }

    // The positions a picture has are not known before they are valued (at most 2^edges of
    // each part; 41 for a stalk of 40 edges): with a budget, value() throws
    // MemoryBudgetExceeded as soon as the store and this memo hold more than `bytes` (looked
    // at every 1024 new positions), and this object must not be used after. 0: no budget.
    void set_memory_budget(std::size_t bytes) { m_budget = bytes; }
    // Called every 1024 new positions (after the budget's look), with this object: a caller
    // shows progress from it, or ends the valuation by throwing (a limit on positions or
    // time); after a throw this object must not be used.
    void set_watch(std::function<void(const PictureValues&)> watch) { m_watch = std::move(watch); }
    // The store's memory and this memo's.
    [[nodiscard]] std::size_t memory_bytes() const { return m_store.memory_bytes() + m_memo.memory_bytes(); }
    // Positions valued so far (memo entries).
    [[nodiscard]] std::size_t positions() const { return m_positions; }

    [[nodiscard]] const Picture& picture() const { return m_picture; }
    [[nodiscard]] core::GameStore& store() const { return m_store; }

private:
    core::GameId value_from_moves(EdgeMask position);

    Picture m_picture;
    core::GameStore& m_store;
    bool m_split;
    MaskMemo<core::GameId> m_memo;
    std::vector<core::GameId> m_left, m_right; // option stacks shared by the recursion
    std::size_t m_budget = 0, m_positions = 0;
    std::function<void(const PictureValues&)> m_watch;
};

// One edge the player to move may cut in a sum of pictures (each at its full position).
struct Hint {
    std::size_t picture; // index into the sum
    unsigned edge;       // index into that picture's edges
    core::GameId value_after; // value of the whole sum after the cut
    bool keeps_win;      // the mover wins from there: Blue iff value_after >= 0, Red iff <= 0
};

// Every edge `player` may cut, by picture and edge index.
std::vector<Hint> hints(std::vector<PictureValues>& sum, Player player);

} // namespace cgt::hackenbush
