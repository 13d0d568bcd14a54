#include "core/infinitesimals.hpp"

#include "core/heating.hpp"
#include "core/post_order.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace cgt::core {

namespace {

// The first follower of g that is a number other than 0, if any: what stops g being all-small.
std::optional<GameId> nonzero_number_follower(GameStore& store, GameId g) {
    std::unordered_map<std::uint64_t, bool> seen;
    std::vector<GameId> stack = {g};
    while (!stack.empty()) {
        const GameId x = stack.back();
        stack.pop_back();
        if (x.is_number()) {
            if (x != GameId()) return x;
            continue;
        }
        if (!seen.emplace(x.bits(), true).second) continue;
        for (GameId o : store.left_options(x)) stack.push_back(o);
        for (GameId o : store.right_options(x)) stack.push_back(o);
    }
    return std::nullopt;
}

// aw(x) from the weights of x's options (known by then), per the calculus above.
template <class Weight>
GameId weight_from_options(GameStore& store, GameId x, const Weight& weight) {
    const Classification c = store.classify(x);
    if (c.kind == ValueKind::NumberNimber) return GameId();
    if (c.kind == ValueKind::NumberUps) return GameStore::integer(c.ups);
    const GameId two = GameStore::integer(2), minus_two = GameStore::integer(-2);
    std::vector<GameId> left, right;
    for (GameId o : store.left_options(x)) left.push_back(store.add(weight(o), minus_two));
    for (GameId o : store.right_options(x)) right.push_back(store.add(weight(o), two));
    GameId result = store.make(left, right);
    if (!result.is_number() || !result.number_value().is_integer()) return result;
    // A remote star: no nimber of x's positions is as large (*k is born on day k).
    const GameId far_star = store.nimber(static_cast<std::uint32_t>(store.birthday(x) + 1));
    const bool below = store.le(x, far_star), above = store.le(far_star, x);
    if (below && !above) {
        // The least integer n with n |> every left option of G0 (n <= o needs n <= R(o)).
        std::int64_t best = std::numeric_limits<std::int64_t>::min();
        for (GameId o : left) {
            std::int64_t n = store.right_stop(o).ceil();
            if (store.le(GameStore::integer(n), o)) ++n;
            best = std::max(best, n);
        }
        result = GameStore::integer(best);
    } else if (above && !below) {
        // The greatest integer n with n <| every right option of G0.
        std::int64_t best = std::numeric_limits<std::int64_t>::max();
        for (GameId o : right) {
            std::int64_t n = store.left_stop(o).floor();
            if (store.le(o, GameStore::integer(n))) --n;
            best = std::min(best, n);
        }
        result = GameStore::integer(best);
    }
    return result;
}

} // namespace

bool is_all_small(GameStore& store, GameId g) { return !nonzero_number_follower(store, g); }

GameId atomic_weight(GameStore& store, GameId g) {
    if (const auto x = nonzero_number_follower(store, g))
        throw std::invalid_argument("atomic weight: " + store.canonical_text(g) +
                                    " is not all-small (it has the number " + store.canonical_text(*x) +
                                    " among its positions)");
    std::unordered_map<std::uint64_t, GameId> memo;
    const auto weight = [&](GameId x) { return x == GameId() ? x : memo.at(x.bits()); };
    post_order(
        store, g, [&](GameId x) { return x == GameId() || memo.contains(x.bits()); },
        [&](GameId x) { return store.classify(x).kind != ValueKind::Other; },
        [&](GameId x) { memo.emplace(x.bits(), weight_from_options(store, x, weight)); });
    return weight(g);
}

GameId reduced_canonical_form(GameStore& store, GameId g) {
    const Classification c = store.classify(g);
    if (c.kind != ValueKind::Other) return GameStore::number(c.number);
    // Heat by *, then project: x* -> x everywhere below.
    const GameId heated = heat(store, g, store.nimber(1));
    std::unordered_map<std::uint64_t, GameId> memo;
    const auto projected = [&](GameId x) { return x.is_number() ? x : memo.at(x.bits()); };
    const auto is_x_star = [&](GameId x) {
        const Classification k = store.classify(x);
        return k.kind == ValueKind::NumberNimber && k.star == 1;
    };
    post_order(
        store, heated, [&](GameId x) { return x.is_number() || memo.contains(x.bits()); }, is_x_star,
        [&](GameId x) {
            if (is_x_star(x)) {
                memo.emplace(x.bits(), GameStore::number(store.classify(x).number));
                return;
            }
            std::vector<GameId> left, right;
            for (GameId o : store.left_options(x)) left.push_back(projected(o));
            for (GameId o : store.right_options(x)) right.push_back(projected(o));
            memo.emplace(x.bits(), store.make(left, right));
        });
    return projected(heated);
}

} // namespace cgt::core
