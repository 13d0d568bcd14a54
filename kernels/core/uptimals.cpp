#include "core/game_store.hpp"

#include <algorithm>
#include <stdexcept>

namespace cgt::core {

// ↑^1 = ↑, ↑^n = {0 | ↓^[n-1]*} (n >= 2), and ↑^[n] = ↑^[n-1] + ↑^n = {↑^[n-1] | *}:
// Siegel, Combinatorial Game Theory, II.4 (up-nth and its partial sums).
GameId GameStore::up_power(std::uint32_t n) {
    if (n == 0 || n > 1'000'000) throw std::invalid_argument("up_power: n must be 1..10^6");
    if (m_up_powers.empty()) m_up_powers = {GameId(), ups(1)};
    while (m_up_powers.size() <= n) {
        const auto k = static_cast<std::uint32_t>(m_up_powers.size());
        const GameId zero[1] = {GameId()};
        const GameId right[1] = {add(neg(up_power_sum(k - 1)), nimber(1))};
        m_up_powers.push_back(make(zero, right));
    }
    return m_up_powers[n];
}

GameId GameStore::up_power_sum(std::uint32_t n) {
    if (n == 0 || n > 1'000'000) throw std::invalid_argument("up_power_sum: n must be 1..10^6");
    if (m_up_power_sums.empty()) m_up_power_sums = {GameId(), ups(1)};
    while (m_up_power_sums.size() <= n) {
        const GameId previous[1] = {m_up_power_sums.back()};
        const GameId star[1] = {nimber(1)};
        m_up_power_sums.push_back(make(previous, star));
    }
    return m_up_power_sums[n];
}

// The canonical forms, with x = both stops added to every option (Siegel, Combinatorial
// Game Theory, II.4, for m = 0; the stars as computed, checked in test_deep_values.cpp):
//   x + ↑^n + *m   = {x, x + *, ..., x + *m | x - ↑^[n-1] + *(m xor 1)}     (n >= 2)
//   x + ↑^[n] + *m = {x + ↑^[n-1] + *m | x + *(m xor 1)}                    (n >= 2, m != 1)
//   x + ↑^[n] + *  = {x, x + ↑^[n-1] + * | x}                               (n >= 2)
// with ↑^[1] = ↑, and the negatives for downs. Forms are unique, so g is an uptimal exactly
// when its form is one of these, which is read off the forms of its options (known by then):
// no sums, and each value is looked at once for the life of the store.

namespace {

// x + sign.↑^[n] + *star (n >= 1; n = 1 is x ± ↑ + *star).
struct Cumulative {
    GameId x;
    std::int32_t n; // negative: downs
    std::uint32_t star;
};

} // namespace

std::optional<GameStore::UptimalForm> GameStore::uptimal_by_form(GameId g) {
    const Record& r = record(g);
    if (r.left_stop != r.right_stop) return std::nullopt;
    const GameId x = r.left_stop;
    const std::vector<GameId> l = left_options(g), rt = right_options(g);
    const auto nimber_at_x = [&](GameId o) -> std::optional<std::uint32_t> {
        const Classification c = classify(o);
        if ((c.kind != ValueKind::Number && c.kind != ValueKind::NumberNimber) || GameId::number(c.number) != x)
            return std::nullopt;
        return c.star;
    };
    // {x + *0, ..., x + *m}: m.
    const auto stars_up_to = [&](const std::vector<GameId>& side) -> std::optional<std::uint32_t> {
        std::vector<bool> seen(side.size(), false);
        for (GameId o : side) {
            const auto s = nimber_at_x(o);
            if (!s || *s >= side.size() || seen[*s]) return std::nullopt;
            seen[*s] = true;
        }
        return static_cast<std::uint32_t>(side.size() - 1);
    };
    const auto cumulative = [&](GameId o) -> std::optional<Cumulative> {
        const Classification c = classify(o);
        if (c.kind == ValueKind::NumberUps && (c.ups == 1 || c.ups == -1) && GameId::number(c.number) == x)
            return Cumulative{x, c.ups, c.star};
        if (c.kind != ValueKind::Other) return std::nullopt;
        const auto it = m_uptimal_memo.find(o.index());
        if (it == m_uptimal_memo.end() || !it->second || !it->second->cumulative ||
            GameId::number(it->second->number) != x)
            return std::nullopt;
        return Cumulative{x, it->second->power, it->second->star};
    };
    const auto up_by = [](std::int32_t n) { return n > 0 ? n + 1 : n - 1; }; // one power further
    const Dyadic xv = x.number_value();
    // x ± ↑^n + *m: the stars on one side, a cumulative of the other sign on the other.
    for (const bool up : {true, false}) {
        const auto& stars = up ? l : rt;
        const auto& far = up ? rt : l;
        if (far.size() != 1) continue;
        const auto m = stars_up_to(stars);
        const auto c = cumulative(far[0]);
        if (m && c && (up ? c->n < 0 : c->n > 0) && c->star == (*m ^ 1U))
            return UptimalForm{xv, -up_by(c->n), false, *m};
    }
    // x ± ↑^[n] + *m, m != 1: the cumulative one step down on one side, x + *(m xor 1) on
    // the other.
    if (l.size() == 1 && rt.size() == 1)
        for (const bool up : {true, false}) {
            const auto c = cumulative(up ? l[0] : rt[0]);
            const auto s = nimber_at_x(up ? rt[0] : l[0]);
            if (c && s && (up ? c->n > 0 : c->n < 0) && c->star != 1 && *s == (c->star ^ 1U))
                return UptimalForm{xv, up_by(c->n), true, c->star};
        }
    // x ± ↑^[n] + *: {x, x ± ↑^[n-1] + * | x} and its negative.
    for (const bool up : {true, false}) {
        const auto& pair = up ? l : rt;
        const auto& lone = up ? rt : l;
        if (pair.size() != 2 || lone.size() != 1 || lone[0] != x || (pair[0] != x && pair[1] != x)) continue;
        const auto c = cumulative(pair[0] == x ? pair[1] : pair[0]);
        if (c && (up ? c->n > 0 : c->n < 0) && c->star == 1) return UptimalForm{xv, up_by(c->n), true, 1};
    }
    return std::nullopt;
}

std::optional<GameStore::UptimalForm> GameStore::uptimal_form(GameId g) {
    if (g.is_number() || classify(g).kind != ValueKind::Other) return std::nullopt;
    if (const auto it = m_uptimal_memo.find(g.index()); it != m_uptimal_memo.end()) return it->second;
    // The options' forms first, deepest first, on an explicit stack: only the options that
    // are neither numbers nor x + n.up + *m are asked (the others are classified).
    std::vector<GameId> stack = {g};
    while (!stack.empty()) {
        const GameId top = stack.back();
        if (m_uptimal_memo.contains(top.index())) {
            stack.pop_back();
            continue;
        }
        bool ready = true;
        if (record(top).left_stop == record(top).right_stop)
            for (const auto& side : {left_options(top), right_options(top)})
                for (GameId o : side)
                    if (!o.is_number() && classify(o).kind == ValueKind::Other && !m_uptimal_memo.contains(o.index())) {
                        stack.push_back(o);
                        ready = false;
                    }
        if (!ready) continue;
        m_uptimal_memo.emplace(top.index(), uptimal_by_form(top));
        stack.pop_back();
    }
    return m_uptimal_memo.at(g.index());
}

} // namespace cgt::core
