#include "core/incentives.hpp"

#include <algorithm>

namespace cgt::core {

namespace {

void sort_distinct(GameStore& store, std::vector<GameId>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    std::sort(v.begin(), v.end(), [&](GameId a, GameId b) { return store.canonical_less(a, b); });
}

} // namespace

Incentives incentives(GameStore& store, GameId g) {
    Incentives out;
    for (GameId o : store.left_options(g)) out.left.push_back(store.sub(o, g));
    for (GameId o : store.right_options(g)) out.right.push_back(store.sub(g, o));
    sort_distinct(store, out.left);
    sort_distinct(store, out.right);
    return out;
}

ConfusionInterval confusion_interval(GameStore& store, GameId g) {
    ConfusionInterval c;
    if (g.is_number()) return c;
    c.low = store.right_stop(g);
    c.high = store.left_stop(g);
    const auto confused = [&](const Dyadic& x) {
        return store.outcome(store.sub(g, GameStore::number(x))) == Outcome::Next;
    };
    c.low_closed = confused(c.low);
    c.high_closed = c.low == c.high ? c.low_closed : confused(c.high);
    // Strictly between the stops G is always confused; at equal stops only the point is left.
    c.empty = c.low == c.high && !c.low_closed;
    return c;
}

std::string ConfusionInterval::text() const {
    if (empty) return "empty";
    if (low == high) return "[" + low.to_string() + "]";
    return (low_closed ? "[" : "(") + low.to_string() + ", " + high.to_string() + (high_closed ? "]" : ")");
}

} // namespace cgt::core
