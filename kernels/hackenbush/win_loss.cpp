#include "hackenbush/win_loss.hpp"

#include <bit>

namespace cgt::hackenbush {

WinLossSearch::WinLossSearch(Picture picture)
    : m_picture(std::move(picture)), m_memo(m_picture.edge_count(), 0) {}

bool WinLossSearch::wins_moving_first(EdgeMask position, Player player) {
    const unsigned shift = player == Player::Blue ? 0 : 2;
    const std::uint8_t known = position == 0 ? 0 : m_memo.get(position);
    if (known & (1u << shift)) return (known >> (shift + 1)) & 1u;
    const Player opponent = player == Player::Blue ? Player::Red : Player::Blue;
    bool wins = false;
    for (EdgeMask rest = position & m_picture.cuttable(player); rest != 0 && !wins; rest &= rest - 1)
        wins = !wins_moving_first(m_picture.cut(position, static_cast<unsigned>(std::countr_zero(rest))),
                                  opponent);
    if (position != 0) {
        // Re-read: the recursion may have stored the other player's answer meanwhile.
        const std::uint8_t now = m_memo.get(position);
        m_memo.set(position, static_cast<std::uint8_t>(now | (1u << shift) |
                                                       (wins ? 1u << (shift + 1) : 0u)));
    }
    return wins;
}

core::Outcome WinLossSearch::outcome(EdgeMask position) {
    const bool blue = wins_moving_first(position, Player::Blue);
    const bool red = wins_moving_first(position, Player::Red);
    if (blue && red) return core::Outcome::Next;
    if (blue) return core::Outcome::Left;
    if (red) return core::Outcome::Right;
    return core::Outcome::Previous;
}

} // namespace cgt::hackenbush
