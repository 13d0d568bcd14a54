#pragma once
// Values of Hackenbush positions through the CGT engine: a position's value is
// {values after each Blue cut | values after each Red cut}, memoised by edge mask; a
// position made of parts that meet only at the ground is valued as the sum of its parts.
#include "core/game_store.hpp"
#include "hackenbush/mask_memo.hpp"
#include "hackenbush/picture.hpp"

#include <vector>

namespace cgt::hackenbush {

class PictureValues {
public:
    // The store must outlive this object. With split_parts false every position is valued
    // from its own moves (slower; used to check the sum rule).
    PictureValues(Picture picture, core::GameStore& store, bool split_parts = true);

    // The value of a position (a grounded mask of the picture: all(), or a result of cut()).
    core::GameId value(EdgeMask position);
    core::GameId value() { return value(m_picture.all()); }

    [[nodiscard]] const Picture& picture() const { return m_picture; }
    [[nodiscard]] core::GameStore& store() const { return m_store; }

private:
    core::GameId value_from_moves(EdgeMask position);

    Picture m_picture;
    core::GameStore& m_store;
    bool m_split;
    MaskMemo<core::GameId> m_memo;
    std::vector<core::GameId> m_left, m_right; // option stacks shared by the recursion
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
