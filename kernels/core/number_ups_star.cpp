#include "core/game_store.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace cgt::core {

// Canonical forms (Winning Ways, ch. 8; classify.cpp reads them back):
//   x + *k     = {x, x + *, ..., x + *(k-1) | the same}        (translation of *k)
//   x + up*    = {x, x + * | x}
//   x + n.up + *m = {x | x + (n-1).up + *(m xor 1)}            (n >= 1, (n, m) != (1, 1))
// and their negatives for downs. Each is interned as it stands (a canonical form needs no
// make()), level by level from the bottom, with its classification filled in.

GameId GameStore::number_plus_nimber(GameId x, std::uint32_t m) {
    if (x == GameId()) return nimber(m);
    std::vector<GameId> levels = {x}; // x + *0, x + *1, ...
    for (std::uint32_t k = 1; k <= m; ++k) {
        const UpsKey key{x.bits(), 0, k};
        if (const auto it = m_ups_made.find(key); it != m_ups_made.end()) {
            levels.push_back(it->second);
            continue;
        }
        std::vector<GameId> options = levels;
        std::sort(options.begin(), options.end());
        const GameId g = intern(options, options);
        set_class(g, {ValueKind::NumberNimber, x.number_value(), 0, k});
        m_ups_made.emplace(key, g);
        levels.push_back(g);
    }
    return levels[m];
}

GameId GameStore::number_ups_star(const Dyadic& x, std::int32_t n, std::uint32_t m) {
    if (m > MAX_NIMBER)
        throw std::invalid_argument("nimber *" + std::to_string(m) + " is too large (at most *" +
                                    std::to_string(MAX_NIMBER) + ")");
    const GameId xg = GameId::number(x);
    if (n == 0) return number_plus_nimber(xg, m);
    const bool up = n > 0;
    const std::uint64_t top = up ? static_cast<std::uint64_t>(n) : -static_cast<std::int64_t>(n);
    if (top >= m_limits.max_depth)
        throw_depth(std::to_string(top) + (up ? " ups" : " downs") + " in one value (" +
                    std::to_string(top + 1) + " levels of options)");
    const auto level_n = static_cast<std::int32_t>(top);
    // Level k is x + k.up + *s(k), s(k) = m xor (top - k) mod 2; find the highest made.
    const auto star_at = [&](std::int32_t k) {
        return m ^ static_cast<std::uint32_t>((level_n - k) & 1);
    };
    const auto key_at = [&](std::int32_t k) { return UpsKey{xg.bits(), up ? k : -k, star_at(k)}; };
    std::int32_t k = level_n;
    GameId below = GameId::none();
    for (; k >= 1; --k)
        if (const auto it = m_ups_made.find(key_at(k)); it != m_ups_made.end()) {
            below = it->second;
            break;
        }
    if (k == level_n) return below;
    if (k == 0) below = number_plus_nimber(xg, star_at(0));
    for (++k; k <= level_n; ++k) {
        const std::uint32_t star = star_at(k);
        const std::array<GameId, 1> near = {xg};
        GameId g;
        if (k == 1 && star == 1) {
            std::array<GameId, 2> pair = {xg, number_plus_nimber(xg, 1)};
            std::sort(pair.begin(), pair.end());
            g = up ? intern(pair, near) : intern(near, pair);
        } else {
            const std::array<GameId, 1> far = {below};
            g = up ? intern(near, far) : intern(far, near);
        }
        set_class(g, {ValueKind::NumberUps, x, up ? k : -k, star});
        m_ups_made.emplace(key_at(k), g);
        below = g;
    }
    return below;
}

} // namespace cgt::core
