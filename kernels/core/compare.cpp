#include "core/game_store.hpp"

namespace cgt::core {

bool GameStore::le(GameId g, GameId h) {
    if (g == h) return true;
    if (g.is_number() && h.is_number()) return compare_numbers(g, h) < 0;
    return le_general(g, h);
}

// At least one of g, h is an interned non-number. Checked in order of cost:
//  1. a small direct-mapped table of recent answers: walks compare the same few options
//     in make after make, and the big memo is mostly cache misses;
//  2. the stops, which decide many comparisons without a search: a number x with
//     x < R(H) is below H and one with x > L(H) is not <= H; G <= H implies L(G) <= L(H)
//     and R(G) <= R(H); L(G) < R(H) implies G < H;
//  3. the memo;
//  4. values x + n.up + *m on both sides (at equal stops), by their forms (classify()
//     creates no games, so the spans below stay valid);
//  5. the definition.
bool GameStore::le_general(GameId g, GameId h) {
    const GamePair key{g, h};
    // Multiply-shift: enough spread for a small table, cheaper than PairHash.
    const std::uint64_t mixed = (g.bits() * 0x9e3779b97f4a7c15ULL) ^ (h.bits() * 0xc2b2ae3d27d4eb4fULL);
    RecentLe& recent = m_le_recent[(mixed >> 40) & (RECENT_LE_SLOTS - 1)];
    if (recent.pair == key) return recent.result;
    const bool result = le_uncached(g, h);
    // The recursion may have overwritten this slot meanwhile; the table itself never moves.
    recent = {key, result};
    return result;
}

// G <= H iff H - G = (y - x) + k.up + *s >= 0, and at y = x that holds iff k >= 2, or k = 1
// and s != 1 (up* is fuzzy), or k = 0 and s = 0. Nothing unless both are of that shape
// with one x (other stops were decided before).
std::optional<bool> GameStore::le_by_form(GameId g, GameId h) {
    // A shallow game not classified yet goes to the definition, whose recursion is short:
    // classifying it here (its whole option tree) costs more than the comparison saves
    // (green Hackenbush: 14% of the run). Deep ones are classified, so that comparing
    // them never recurses as deep as they are.
    constexpr std::uint32_t SHALLOW = 64;
    const auto unknown_shallow = [&](GameId v) {
        return !v.is_number() && record(v).class_kind == UNCLASSIFIED && record(v).depth < SHALLOW;
    };
    if (unknown_shallow(g) || unknown_shallow(h)) return std::nullopt;
    const GameId x = g.is_number() ? g : record(g).left_stop;
    const auto one_stop = [&](GameId v) {
        return v.is_number() ? v == x : record(v).left_stop == x && record(v).right_stop == x;
    };
    if (!one_stop(g) || !one_stop(h) || !ups_star_shape(g) || !ups_star_shape(h)) return std::nullopt;
    // Both of the shape x + n.up + *m (a number: n = m = 0), classified by now.
    const auto ups = [&](GameId v) { return v.is_number() ? 0 : record(v).class_ups; };
    const auto star = [&](GameId v) { return v.is_number() ? 0U : record(v).class_star; };
    const std::int64_t k = std::int64_t{ups(h)} - ups(g);
    const std::uint32_t s = star(h) ^ star(g);
    return k >= 2 || (k == 1 && s != 1) || (k == 0 && s == 0);
}

bool GameStore::le_uncached(GameId g, GameId h) {
    if (g.is_number()) {
        const Record& hr = record(h);
        if (compare_numbers(g, hr.right_stop) < 0) return true;
        if (compare_numbers(g, hr.left_stop) > 0) return false;
    } else if (h.is_number()) {
        const Record& gr = record(g);
        if (compare_numbers(gr.left_stop, h) < 0) return true;
        if (compare_numbers(gr.right_stop, h) > 0) return false;
    } else {
        const Record& gr = record(g);
        const Record& hr = record(h);
        if (compare_numbers(gr.left_stop, hr.right_stop) < 0) return true;
        if (compare_numbers(gr.left_stop, hr.left_stop) > 0 ||
            compare_numbers(gr.right_stop, hr.right_stop) > 0)
            return false;
    }
    // Pairs of interned games (nearly all) go to the 8-byte-per-entry table.
    const bool packed = !g.is_number() && !h.is_number() && g.index() < PACKED_INDEX_LIMIT &&
                        h.index() < PACKED_INDEX_LIMIT;
    const std::uint64_t packed_key = (std::uint64_t{g.index()} << 31) | h.index();
    const GamePair key{g, h};
    if (packed) {
        if (const int known = m_le_pairs.find(packed_key); known >= 0) return known == 1;
    } else if (const bool* known = m_le_memo.find(key)) {
        return *known;
    }
    if (const auto by_form = le_by_form(g, h)) return *by_form;

    // Conway: G <= H unless some H^R <= G or some G^L >= H. Against a number x the
    // number avoidance theorem drops x's own options: x <= H iff no H^R <= x, and
    // G <= x iff no G^L >= x, because an interned form is never equal to a number.
    // (le() creates no games, so the spans into m_options stay valid.)
    bool result = true;
    GameId scratch;
    if (!h.is_number())
        for (GameId hr : rights(h, scratch))
            if (le(hr, g)) {
                result = false;
                break;
            }
    if (result && !g.is_number())
        for (GameId gl : lefts(g, scratch))
            if (le(h, gl)) {
                result = false;
                break;
            }
    if (packed) {
        if (m_le_pairs.size() >= m_limits.max_cache_entries) m_le_pairs.clear();
        m_le_pairs.insert(packed_key, result);
    } else {
        remember(m_le_memo, key, result);
    }
    return result;
}

Outcome GameStore::outcome(GameId g) {
    const bool left_wins_second = le(GameId(), g); // G >= 0: Right moving first loses
    const bool right_wins_second = le(g, GameId());
    if (left_wins_second && right_wins_second) return Outcome::Previous;
    if (left_wins_second) return Outcome::Left;
    if (right_wins_second) return Outcome::Right;
    return Outcome::Next;
}

} // namespace cgt::core
