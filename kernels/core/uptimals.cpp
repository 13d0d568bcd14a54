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

// An uptimal x + ↑^n + *m or x + ↑^[n] + *m has equal stops x, and its options are again
// within an infinitesimal of x (those of ↑^n and ↑^[n] are 0, *, ↑^[k] and ↓^[k]* plus
// nimbers), so only such games are tried; then g - x - (±↑^n or ±↑^[n]) must be a nimber
// for some n < birthday + 2. Remembered per interned value.
std::optional<GameStore::UptimalForm> GameStore::uptimal_form(GameId g) {
    if (g.is_number() || classify(g).kind != ValueKind::Other) return std::nullopt;
    if (const auto it = m_uptimal_memo.find(g.index()); it != m_uptimal_memo.end()) return it->second;
    std::optional<UptimalForm> found;
    const GameId x = record(g).left_stop;
    bool near_x = record(g).right_stop == x;
    GameId scratch;
    for (GameId o : lefts(g, scratch)) near_x = near_x && left_stop(o) == x.number_value() && right_stop(o) == x.number_value();
    for (GameId o : rights(g, scratch)) near_x = near_x && left_stop(o) == x.number_value() && right_stop(o) == x.number_value();
    if (near_x) {
        const GameId infinitesimal = x == GameId() ? g : sub(g, x);
        // ↑^n and ↑^[n] are n + 1 or n + 2 levels deep, and a sum with one must stay within
        // the depth bound: uptimals deeper than about half of it are not named.
        const std::uint64_t free = m_limits.max_depth - std::min(m_limits.max_depth, depth(infinitesimal));
        const std::uint64_t room = free >= 3 ? free - 3 : 0;
        const auto bound = static_cast<std::uint32_t>(std::min<std::uint64_t>({birthday(infinitesimal) + 1, room, 1'000'000}));
        for (std::uint32_t n = 2; n <= bound && !found; ++n)
            for (const bool cumulative : {false, true}) {
                const GameId unit = cumulative ? up_power_sum(n) : up_power(n);
                for (const int sign : {1, -1}) {
                    const auto star = nim_value(sign > 0 ? sub(infinitesimal, unit) : add(infinitesimal, unit));
                    if (!star) continue;
                    found = UptimalForm{x.number_value(), sign * static_cast<std::int32_t>(n), cumulative, *star};
                    break;
                }
                if (found) break;
            }
    }
    m_uptimal_memo.emplace(g.index(), found);
    return found;
}

} // namespace cgt::core
