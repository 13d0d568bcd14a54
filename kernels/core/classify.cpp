#include "core/game_store.hpp"

#include <algorithm>

namespace cgt::core {

// Each value x + *m and x + n.up + *m has one canonical form (number_ups_star), and the
// forms are unique, so a game is of such a value exactly when its form is one of these:
//   x + *m     {x + *k for k < m | the same}      (m >= 1; x + * = {x | x})
//   x + n.up   {x | x + (n-1).up + *(m xor 1)}    (n >= 1, but x + up* = {x, x* | x})
//   x + n.down {x + (n-1).down + *(m xor 1) | x}  (likewise, x + down* = {x | x, x*})
// with x = both stops. So classify() reads a value off its options' classifications. The
// options are classified first, deepest first, on an explicit stack: no recursion, and
// each value is classified once for the life of the store.

std::optional<Classification> GameStore::known_class(GameId g) const {
    if (g.is_number()) return Classification{ValueKind::Number, g.number_value(), 0, 0};
    const Record& r = record(g);
    if (r.class_kind == UNCLASSIFIED) return std::nullopt;
    const auto kind = static_cast<ValueKind>(r.class_kind);
    return Classification{kind, kind == ValueKind::Other ? Dyadic() : left_stop(g), r.class_ups,
                          r.class_star};
}

void GameStore::set_class(GameId g, const Classification& c) {
    Record& r = m_records[g.index()];
    r.class_kind = static_cast<std::uint8_t>(c.kind);
    r.class_ups = c.ups;
    r.class_star = c.star;
}

bool GameStore::push_unclassified(GameId g, std::vector<GameId>& stack) const {
    const Record& r = record(g);
    if (r.left_stop != r.right_stop) return true; // Other at once
    GameId scratch;
    const auto l = lefts(g, scratch);
    const auto r_side = rights(g, scratch);
    const bool nimber_shape = std::equal(l.begin(), l.end(), r_side.begin(), r_side.end());
    const bool arrow_shape = (l.size() == 1 || l.size() == 2) && r_side.size() + l.size() <= 3;
    if (!nimber_shape && !arrow_shape) return true;
    bool all_known = true;
    for (const auto side : {l, r_side})
        for (GameId o : side)
            if (!o.is_number() && record(o).class_kind == UNCLASSIFIED) {
                stack.push_back(o);
                all_known = false;
            }
    return all_known;
}

Classification GameStore::classify_by_form(GameId g) {
    const Classification other{};
    const Record& r = record(g);
    if (r.left_stop != r.right_stop) return other;
    const GameId x = r.left_stop;
    // Spans into m_options: nothing here interns a game.
    GameId scratch;
    const auto l = lefts(g, scratch);
    const auto right = rights(g, scratch);
    // Each option as (ups, star) at the same x, or nothing.
    const auto at_x = [&](GameId o) -> std::optional<Classification> {
        const auto c = known_class(o);
        if (!c || c->kind == ValueKind::Other || GameId::number(c->number) != x)
            return std::nullopt;
        return c;
    };
    if (std::equal(l.begin(), l.end(), right.begin(), right.end())) {
        std::vector<bool> seen(l.size(), false);
        for (GameId o : l) {
            const auto c = at_x(o);
            if (!c || c->ups != 0 || c->star >= l.size() || seen[c->star]) return other;
            seen[c->star] = true;
        }
        return {ValueKind::NumberNimber, x.number_value(), 0, static_cast<std::uint32_t>(l.size())};
    }
    // x + up* = {x, x* | x} and x + down* = {x | x, x*}.
    const auto is_x_star = [&](GameId o) {
        const auto c = at_x(o);
        return c && c->ups == 0 && c->star == 1;
    };
    if (l.size() == 2 && right.size() == 1 && right[0] == x && (l[0] == x || l[1] == x) &&
        is_x_star(l[0] == x ? l[1] : l[0]))
        return {ValueKind::NumberUps, x.number_value(), 1, 1};
    if (l.size() == 1 && right.size() == 2 && l[0] == x && (right[0] == x || right[1] == x) &&
        is_x_star(right[0] == x ? right[1] : right[0]))
        return {ValueKind::NumberUps, x.number_value(), -1, 1};
    if (l.size() != 1 || right.size() != 1) return other;
    // {x | y}: y = x + k.up + *s with k >= 0, (k, s) != (0, 0) gives x + (k+1).up + *(s xor 1);
    // {y | x} mirrors it.
    const bool up_side = l[0] == x;
    const GameId far = up_side ? right[0] : l[0];
    if (far == x || (up_side ? l[0] : right[0]) != x) return other;
    const auto c = at_x(far);
    if (!c || (up_side ? c->ups < 0 : c->ups > 0)) return other;
    return {ValueKind::NumberUps, x.number_value(), c->ups + (up_side ? 1 : -1), c->star ^ 1U};
}

bool GameStore::ups_star_shape(GameId g) {
    if (g.is_number()) return true;
    const std::uint8_t kind = record(g).class_kind;
    if (kind == UNCLASSIFIED) return classify(g).kind != ValueKind::Other;
    return kind != static_cast<std::uint8_t>(ValueKind::Other);
}

Classification GameStore::classify(GameId g) {
    if (const auto known = known_class(g)) return *known;
    std::vector<GameId>& stack = m_classify_stack; // classify() never re-enters itself
    stack.assign(1, g);
    while (!stack.empty()) {
        const GameId top = stack.back();
        if (record(top).class_kind != UNCLASSIFIED) {
            stack.pop_back();
            continue;
        }
        if (!push_unclassified(top, stack)) continue; // its options first
        set_class(top, classify_by_form(top));
        stack.pop_back();
    }
    return *known_class(g);
}

} // namespace cgt::core
