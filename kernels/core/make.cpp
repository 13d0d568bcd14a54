#include "core/game_store.hpp"

#include <algorithm>
#include <utility>

namespace cgt::core {

// The game G = {left | right} under construction. Its options are canonical handles, but G
// itself has none yet, so x <= G and G <= x are decided by Conway's definition on G's
// lists. The two relations call each other on ever simpler x, so the recursion ends. G's
// value does not change while make() removes dominated options and bypasses reversible
// ones, so the answers are remembered for the whole of one make().
class GameStore::RawGame {
public:
    using Memo = std::vector<std::pair<GameId, bool>>;
    // The memo vectors belong to the store, so that a make() allocates nothing.
    RawGame(GameStore& store, const std::vector<GameId>& left, const std::vector<GameId>& right,
            Memo& x_le_g_memo, Memo& g_le_x_memo)
        : m_store(store), m_left(left), m_right(right), m_x_le_g(x_le_g_memo),
          m_g_le_x(g_le_x_memo) {
        m_x_le_g.clear();
        m_g_le_x.clear();
    }

    // x <= G: no G^R <= x and no x^L >= G.
    bool x_le_g(GameId x) {
        if (const auto* known = find(m_x_le_g, x)) return *known;
        bool result = true;
        for (GameId gr : m_right)
            if (m_store.le(gr, x)) {
                result = false;
                break;
            }
        if (result) {
            GameId scratch;
            for (GameId xl : m_store.lefts(x, scratch))
                if (g_le_x(xl)) {
                    result = false;
                    break;
                }
        }
        m_x_le_g.emplace_back(x, result);
        return result;
    }

    // G <= x: no G^L >= x and no x^R <= G.
    bool g_le_x(GameId x) {
        if (const auto* known = find(m_g_le_x, x)) return *known;
        bool result = true;
        for (GameId gl : m_left)
            if (m_store.le(x, gl)) {
                result = false;
                break;
            }
        if (result) {
            GameId scratch;
            for (GameId xr : m_store.rights(x, scratch))
                if (x_le_g(xr)) {
                    result = false;
                    break;
                }
        }
        m_g_le_x.emplace_back(x, result);
        return result;
    }

private:
    static const bool* find(const Memo& memo, GameId x) {
        for (const auto& [key, value] : memo)
            if (key == x) return &value;
        return nullptr;
    }

    GameStore& m_store;
    const std::vector<GameId>& m_left;
    const std::vector<GameId>& m_right;
    Memo& m_x_le_g;
    Memo& m_g_le_x;
};

namespace {

// The largest (Left) or smallest (Right) of the options if all are numbers, else none();
// `all_numbers` tells which. An empty side gives none() with all_numbers true.
GameId extreme_number(std::span<const GameId> options, bool largest, bool& all_numbers) {
    GameId best = GameId::none();
    for (GameId o : options) {
        if (!o.is_number()) {
            all_numbers = false;
            return GameId::none();
        }
        if (best == GameId::none() || (compare_numbers(o, best) > 0) == largest) best = o;
    }
    return best;
}

// The simplest number between the extremes, if every option is a number and max left <
// min right; none() otherwise.
GameId number_if_any(std::span<const GameId> left, std::span<const GameId> right) {
    bool all_numbers = true;
    const GameId lo = extreme_number(left, true, all_numbers);
    if (!all_numbers) return GameId::none();
    const GameId hi = extreme_number(right, false, all_numbers);
    if (!all_numbers) return GameId::none();
    if (lo != GameId::none() && hi != GameId::none() && compare_numbers(lo, hi) >= 0)
        return GameId::none();
    const Dyadic lo_value = lo == GameId::none() ? Dyadic() : lo.number_value();
    const Dyadic hi_value = hi == GameId::none() ? Dyadic() : hi.number_value();
    return GameId::number(simplest_between(lo == GameId::none() ? nullptr : &lo_value,
                                           hi == GameId::none() ? nullptr : &hi_value));
}

void sort_unique(std::vector<GameId>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

} // namespace

GameId GameStore::make(std::span<const GameId> left, std::span<const GameId> right) {
    if (const GameId x = number_if_any(left, right); x != GameId::none()) return x;

    m_left.assign(left.begin(), left.end());
    m_right.assign(right.begin(), right.end());
    sort_unique(m_left);
    sort_unique(m_right);
    RawGame game(*this, m_left, m_right, m_raw_x_le_g, m_raw_g_le_x);
    std::vector<GameId>& next_right = m_next_right;
    for (;;) {
        // Dominated options: a Left option below another one, a Right option above
        // another one. Distinct handles are distinct values, so <= between two of them is
        // strict and every dominated option can go at once.
        const auto drop_dominated = [this](std::vector<GameId>& side, bool is_left) {
            m_next.clear();
            for (GameId a : side) {
                bool dominated = false;
                for (GameId b : side)
                    if (b != a && (is_left ? le(a, b) : le(b, a))) {
                        dominated = true;
                        break;
                    }
                if (!dominated) m_next.push_back(a);
            }
            side.swap(m_next);
        };
        drop_dominated(m_left, true);
        drop_dominated(m_right, false);

        // Reversible options: a Left option A with some A^R <= G is replaced by the Left
        // options of that A^R; a Right option B with some B^L >= G by the Right options of
        // B^L. Both sides are tested against the same G before either list changes.
        bool changed = false;
        m_next.clear();
        next_right.clear();
        GameId s1, s2;
        for (GameId a : m_left) {
            bool reversed = false;
            for (GameId ar : rights(a, s1))
                if (game.x_le_g(ar)) {
                    const auto replacement = lefts(ar, s2);
                    m_next.insert(m_next.end(), replacement.begin(), replacement.end());
                    reversed = true;
                    break;
                }
            if (!reversed) m_next.push_back(a);
            changed |= reversed;
        }
        for (GameId b : m_right) {
            bool reversed = false;
            for (GameId bl : lefts(b, s1))
                if (game.g_le_x(bl)) {
                    const auto replacement = rights(bl, s2);
                    next_right.insert(next_right.end(), replacement.begin(), replacement.end());
                    reversed = true;
                    break;
                }
            if (!reversed) next_right.push_back(b);
            changed |= reversed;
        }
        if (!changed) break;
        m_left.swap(m_next);
        m_right.swap(next_right);
        sort_unique(m_left);
        sort_unique(m_right);
    }
    // Bypassing can leave the canonical form of a number: {x - 2^-k | x + 2^-k} etc.
    if (const GameId x = number_if_any(m_left, m_right); x != GameId::none()) return x;
    return intern(m_left, m_right);
}

} // namespace cgt::core
