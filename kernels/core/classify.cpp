#include "core/game_store.hpp"

#include <algorithm>

namespace cgt::core {

// A value x + n.up + *m has equal stops x, so G is tried only when L(G) = R(G) = x, and then
// I = G - x is the infinitesimal part. I = *m is read off the interned form. Otherwise n is
// found by comparison: for I = n.up + *m, I - k.up = (n - k).up + *m is > 0 exactly when
// n - k >= 2, or n - k = 1 and m != 1 (up* is fuzzy with 0). So the largest k with
// I > k.up is n - 2 or n - 1, found by bisection (I > k.up is monotone in k for any I), and
// I is of the form iff I - n.up is a nimber for one of the two candidates. |n| is below the
// birthday of I, which bounds the bisection.
// A quick necessary condition, so that the subtraction G - x (which interns a translated
// copy of G) is done only for likely candidates: the canonical form of x + I is
// {x + I^L | x + I^R}, and the options of n.up + *m are again of the form n'.up + *m', so
// every option of x + n.up + *m is x, x + *m' or x + n'.up + *m' with the same x.
bool GameStore::options_share_number(GameId g) {
    const GameId x = record(g).left_stop;
    GameId scratch;
    const auto l = lefts(g, scratch);
    const auto r = rights(g, scratch);
    std::vector<GameId> options(l.begin(), l.end());
    options.insert(options.end(), r.begin(), r.end());
    for (GameId o : options) {
        const Classification c = classify(o);
        if (c.kind == ValueKind::Other || GameId::number(c.number) != x) return false;
    }
    return true;
}

Classification GameStore::classify(GameId g) {
    if (g.is_number()) return {ValueKind::Number, g.number_value(), 0, 0};
    if (const Record& r = record(g); r.class_kind != UNCLASSIFIED) {
        const auto kind = static_cast<ValueKind>(r.class_kind);
        return {kind, kind == ValueKind::Other ? Dyadic() : left_stop(g), r.class_ups, r.class_star};
    }

    Classification c;
    if (record(g).left_stop == record(g).right_stop && options_share_number(g)) {
        const GameId x = record(g).left_stop;
        const GameId infinitesimal = x == GameId() ? g : add(g, neg(x));
        if (const auto m = nim_value(infinitesimal)) {
            c = {ValueKind::NumberNimber, x.number_value(), 0, *m};
        } else {
            const auto bound = static_cast<std::int32_t>(
                std::min<std::uint64_t>(birthday(infinitesimal) + 2, 1'000'000));
            const auto above = [&](std::int32_t k) {
                const GameId u = ups(k);
                return u != infinitesimal && le(u, infinitesimal);
            };
            if (above(-bound) && !above(bound)) {
                std::int32_t lo = -bound, hi = bound; // above(lo), !above(hi)
                while (hi - lo > 1) {
                    const std::int32_t mid = lo + (hi - lo) / 2;
                    (above(mid) ? lo : hi) = mid;
                }
                for (std::int32_t n = lo + 1; n <= lo + 2; ++n) {
                    if (n == 0) continue;
                    if (const auto star = nim_value(add(infinitesimal, ups(-n)))) {
                        c = {ValueKind::NumberUps, x.number_value(), n, *star};
                        break;
                    }
                }
            }
        }
    }
    Record& r = m_records[g.index()]; // after the recursion: m_records may have grown
    r.class_kind = static_cast<std::uint8_t>(c.kind);
    r.class_ups = c.ups;
    r.class_star = c.star;
    return c;
}

} // namespace cgt::core
