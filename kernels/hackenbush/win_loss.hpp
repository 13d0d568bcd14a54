#pragma once
// Who wins a Hackenbush position, by plain game-tree search memoised by edge mask, using no
// game values at all: the player to move wins iff some cut leads to a position that the
// opponent, moving first there, loses. An independent check of the engine's outcomes.
#include "core/game_store.hpp"
#include "hackenbush/mask_memo.hpp"
#include "hackenbush/picture.hpp"

#include <cstdint>

namespace cgt::hackenbush {

class WinLossSearch {
public:
    explicit WinLossSearch(Picture picture);

    // Whether `player`, moving first from `position` (a grounded mask), wins.
    bool wins_moving_first(EdgeMask position, Player player);
    // L (Blue wins whoever starts), R, P (the second player wins) or N (the first does).
    core::Outcome outcome(EdgeMask position);
    core::Outcome outcome() { return outcome(m_picture.all()); }

    [[nodiscard]] const Picture& picture() const { return m_picture; }

private:
    // Per position: bit 0 Blue's answer known, bit 1 Blue wins; bits 2, 3 the same for Red.
    Picture m_picture;
    MaskMemo<std::uint8_t> m_memo;
};

} // namespace cgt::hackenbush
