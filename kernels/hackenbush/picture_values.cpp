#include "hackenbush/picture_values.hpp"

#include <bit>
#include <span>

namespace cgt::hackenbush {

using core::GameId;

PictureValues::PictureValues(Picture picture, core::GameStore& store, bool split_parts)
    : m_picture(std::move(picture)), m_store(store), m_split(split_parts),
      m_memo(m_picture.edge_count(), GameId::none()) {}

GameId PictureValues::value(EdgeMask position) {
    if (position == 0) return GameId();
    if (const GameId known = m_memo.get(position); known != GameId::none()) return known;
    GameId result = GameId();
    std::array<EdgeMask, Picture::MAX_EDGES> parts{};
    const unsigned n = m_split ? m_picture.parts(position, parts) : 1;
    if (n > 1) {
        // Parts are valued alone (each memoised by its own mask) and added: the sum of the
        // parts' position counts instead of their product.
        for (unsigned i = 0; i < n; ++i) result = m_store.add(result, value(parts[i]));
    } else {
        result = value_from_moves(position);
    }
    m_memo.set(position, result);
    constexpr std::size_t LOOK_EVERY = 1024; // positions between looks at the budget
    if (++m_positions % LOOK_EVERY == 0) {
        if (m_budget != 0 && memory_bytes() > m_budget) throw MemoryBudgetExceeded(m_positions, memory_bytes());
        if (m_watch) m_watch(*this);
    }
    return result;
}

GameId PictureValues::value_from_moves(EdgeMask position) {
    // The options are pushed on stacks shared with the recursion, which always leaves
    // them as it found them.
    const std::size_t left_base = m_left.size(), right_base = m_right.size();
    const EdgeMask blue = m_picture.cuttable(Player::Blue), red = m_picture.cuttable(Player::Red);
    for (EdgeMask rest = position; rest != 0; rest &= rest - 1) {
        const auto edge = static_cast<unsigned>(std::countr_zero(rest));
        const GameId after = value(m_picture.cut(position, edge));
        if (blue & edge_bit(edge)) m_left.push_back(after);
        if (red & edge_bit(edge)) m_right.push_back(after);
    }
    const GameId result = m_store.make(
        std::span<const GameId>(m_left.data() + left_base, m_left.size() - left_base),
        std::span<const GameId>(m_right.data() + right_base, m_right.size() - right_base));
    m_left.resize(left_base);
    m_right.resize(right_base);
    return result;
}

std::vector<Hint> hints(std::vector<PictureValues>& sum, Player player) {
    std::vector<Hint> out;
    if (sum.empty()) return out;
    core::GameStore& store = sum.front().store();
    GameId total = GameId();
    for (PictureValues& p : sum) total = store.add(total, p.value());
    for (std::size_t i = 0; i < sum.size(); ++i) {
        const Picture& picture = sum[i].picture();
        const GameId others = store.sub(total, sum[i].value());
        for (EdgeMask rest = picture.all() & picture.cuttable(player); rest != 0; rest &= rest - 1) {
            const auto edge = static_cast<unsigned>(std::countr_zero(rest));
            const GameId after = store.add(others, sum[i].value(picture.cut(picture.all(), edge)));
            const bool keeps = player == Player::Blue ? store.le(GameId(), after)
                                                      : store.le(after, GameId());
            out.push_back({i, edge, after, keeps});
        }
    }
    return out;
}

} // namespace cgt::hackenbush
