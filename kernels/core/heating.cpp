#include "core/heating.hpp"

#include "core/post_order.hpp"

#include <optional>
#include <unordered_map>
#include <vector>

namespace cgt::core {

namespace {

// {f(G^L) + t | f(G^R) - t} over the canonical options, memoised per call by handle.
template <class Base>
GameId integral(GameStore& store, GameId g, GameId t, Base base) {
    std::unordered_map<std::uint64_t, GameId> memo;
    const GameId minus_t = store.neg(t);
    const auto integral_of = [&](GameId x) {
        if (const auto known = base(x)) return *known;
        return memo.at(x.bits());
    };
    post_order(
        store, g, [&](GameId x) { return memo.contains(x.bits()) || base(x).has_value(); },
        [](GameId) { return false; },
        [&](GameId x) {
            std::vector<GameId> left, right;
            for (GameId o : store.left_options(x)) left.push_back(store.add(integral_of(o), t));
            for (GameId o : store.right_options(x)) right.push_back(store.add(integral_of(o), minus_t));
            memo.emplace(x.bits(), store.make(left, right));
        });
    return integral_of(g);
}

} // namespace

GameId heat(GameStore& store, GameId g, GameId t) {
    return integral(store, g, t, [](GameId x) -> std::optional<GameId> {
        if (x.is_number()) return x;
        return std::nullopt;
    });
}

GameId overheat(GameStore& store, GameId g, GameId s, GameId t) {
    return integral(store, g, t, [&](GameId x) -> std::optional<GameId> {
        if (x.is_number() && x.number_value().is_integer()) return multiple(store, s, x.number_value().numerator());
        return std::nullopt;
    });
}

GameId multiple(GameStore& store, GameId g, std::int64_t n) {
    if (n < 0) return multiple(store, store.neg(g), -n);
    GameId result = GameId(), power = g;
    for (auto k = static_cast<std::uint64_t>(n); k != 0; k >>= 1) {
        if (k & 1) result = store.add(result, power);
        if (k > 1) power = store.add(power, power);
    }
    return result;
}

} // namespace cgt::core
