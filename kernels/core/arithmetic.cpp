#include "core/game_store.hpp"

#include <algorithm>

namespace cgt::core {

GameId GameStore::neg(GameId g) {
    if (g.is_number()) return GameId::number(-g.number_value());
    if (record(g).negative != GameId::none()) return record(g).negative;
    if (const Classification c = classify(g); c.kind != ValueKind::Other) {
        const GameId result = number_ups_star(-c.number, -c.ups, c.star);
        m_records[g.index()].negative = result;
        m_records[result.index()].negative = g;
        return result;
    }
    // -G = {-G^R | -G^L}. The negative of a canonical form is canonical, so it is interned
    // directly. Options are copied first: the recursion may grow m_options.
    GameId scratch;
    const auto gl = lefts(g, scratch);
    const auto gr = rights(g, scratch);
    const std::vector<GameId> old_left(gl.begin(), gl.end()), old_right(gr.begin(), gr.end());
    std::vector<GameId> left, right;
    left.reserve(old_right.size());
    right.reserve(old_left.size());
    for (GameId o : old_right) left.push_back(neg(o));
    for (GameId o : old_left) right.push_back(neg(o));
    std::sort(left.begin(), left.end());
    std::sort(right.begin(), right.end());
    const GameId result = intern(left, right);
    m_records[g.index()].negative = result;
    m_records[result.index()].negative = g;
    return result;
}

GameId GameStore::add(GameId g, GameId h) {
    if (g == GameId()) return h;
    if (h == GameId()) return g;
    if (g.is_number() && h.is_number()) return GameId::number(g.number_value() + h.number_value());
    if (h < g) std::swap(g, h); // the sum is symmetric: one memo entry per pair
    const GamePair key{g, h};
    if (const GameId* known = m_add_memo.find(key)) return *known;
    // *a + *b = *(a xor b), without the a * b options of the sum.
    if (!g.is_number() && !h.is_number() && record(g).nim != NOT_NIMBER && record(h).nim != NOT_NIMBER)
        return nimber(record(g).nim ^ record(h).nim);
    // (x + a.up + *b) + (y + c.up + *d) = (x + y) + (a + c).up + *(b xor d), made directly:
    // a sum of many ups costs one intern per up, and no walk of a deep game.
    if (ups_star_shape(g) && ups_star_shape(h)) {
        const Classification cg = classify(g), ch = classify(h);
        const GameId result = number_ups_star(cg.number + ch.number, cg.ups + ch.ups, cg.star ^ ch.star);
        remember(m_add_memo, key, result);
        return result;
    }
    // The walk below recurses depth(g) + depth(h) levels: refused past the store's bound.
    if (std::uint64_t{depth(g)} + depth(h) > m_limits.max_depth)
        throw_depth("a sum of games " + std::to_string(depth(g)) + " and " + std::to_string(depth(h)) +
                    " levels of options deep");

    std::vector<GameId> left, right;
    GameId scratch;
    if (g.is_number() || h.is_number()) {
        // Number translation: for G not equal to a number, G + x = {G^L + x | G^R + x}.
        const GameId x = g.is_number() ? g : h;
        const GameId game = g.is_number() ? h : g;
        const auto gl = lefts(game, scratch);
        const std::vector<GameId> game_left(gl.begin(), gl.end());
        const auto gr = rights(game, scratch);
        const std::vector<GameId> game_right(gr.begin(), gr.end());
        for (GameId o : game_left) left.push_back(add(o, x));
        for (GameId o : game_right) right.push_back(add(o, x));
    } else {
        // G + H = {G^L + H, G + H^L | G^R + H, G + H^R}.
        const auto copy = [](std::span<const GameId> s) {
            return std::vector<GameId>(s.begin(), s.end());
        };
        const auto g_left = copy(lefts(g, scratch)), g_right = copy(rights(g, scratch));
        const auto h_left = copy(lefts(h, scratch)), h_right = copy(rights(h, scratch));
        for (GameId o : g_left) left.push_back(add(o, h));
        for (GameId o : h_left) left.push_back(add(g, o));
        for (GameId o : g_right) right.push_back(add(o, h));
        for (GameId o : h_right) right.push_back(add(g, o));
    }
    const GameId result = make(left, right);
    remember(m_add_memo, key, result);
    return result;
}

} // namespace cgt::core
