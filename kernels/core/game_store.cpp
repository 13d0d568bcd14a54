#include "core/game_store.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace cgt::core {

char outcome_letter(Outcome outcome) {
    switch (outcome) {
    case Outcome::Left: return 'L';
    case Outcome::Right: return 'R';
    case Outcome::Previous: return 'P';
    case Outcome::Next: return 'N';
    }
    return '?';
}

const char* kind_word(ValueKind kind) {
    switch (kind) {
    case ValueKind::Number: return "number";
    case ValueKind::NumberNimber: return "x+*m";
    case ValueKind::NumberUps: return "x+n.up+*m";
    case ValueKind::Other: return "other";
    }
    return "other";
}

GameStore::GameStore(Limits limits)
    : m_limits(limits), m_intern_slots(1024, NO_INDEX),
      m_le_memo(GamePair{GameId::none(), GameId::none()}),
      m_add_memo(GamePair{GameId::none(), GameId::none()}) {
    if (m_limits.max_cache_entries == 0)
        throw std::invalid_argument("GameStore: max_cache_entries must be at least 1");
    if (m_limits.max_depth == 0) throw std::invalid_argument("GameStore: max_depth must be at least 1");
}

void GameStore::throw_depth(const std::string& what) const {
    throw DepthError(what + " is past the limit of " + std::to_string(m_limits.max_depth) +
                     " levels of options (the deepest value this program computes)");
}

template <class Map, class Key, class Value>
void GameStore::remember(Map& map, const Key& key, const Value& value) {
    if (map.size() >= m_limits.max_cache_entries) map.clear();
    map.insert(key, value);
}
template void GameStore::remember(FlatMap<GamePair, bool, PairHash>&, const GamePair&,
                                  const bool&);
template void GameStore::remember(FlatMap<GamePair, GameId, PairHash>&, const GamePair&,
                                  const GameId&);

std::span<const GameId> GameStore::lefts(GameId g, GameId& scratch) const {
    if (!g.is_number()) {
        const Record& r = record(g);
        return {m_options.data() + r.first, r.n_left};
    }
    // Canonical forms of numbers: n = {n-1 | } for n > 0, 0 = { | }, n = { | n+1} for
    // n < 0, and m/2^k = {(m-1)/2^k | (m+1)/2^k}.
    const std::int64_t m = g.numerator();
    const int k = g.exponent();
    if (k == 0 && m <= 0) return {};
    scratch = GameId::number(Dyadic::fraction(m - 1, k));
    return {&scratch, 1};
}

std::span<const GameId> GameStore::rights(GameId g, GameId& scratch) const {
    if (!g.is_number()) {
        const Record& r = record(g);
        return {m_options.data() + r.first + r.n_left, r.n_right};
    }
    const std::int64_t m = g.numerator();
    const int k = g.exponent();
    if (k == 0 && m >= 0) return {};
    scratch = GameId::number(Dyadic::fraction(m + 1, k));
    return {&scratch, 1};
}

std::uint64_t GameStore::hash(GameId g) const {
    if (g.is_number()) return mix64(g.bits() ^ 0x6e756d6265727321ULL); // "numbers!"
    return record(g).hash;
}

std::uint64_t GameStore::structural_hash(std::span<const GameId> left,
                                         std::span<const GameId> right) const {
    // Sums of mixed option hashes: independent of the order of the options, hence of
    // the handles, hence of the order of interning.
    std::uint64_t l = 0, r = 0;
    for (GameId o : left) l += mix64(hash(o) + 0x4c45465453494445ULL);
    for (GameId o : right) r += mix64(hash(o) + 0x5249474854534944ULL);
    return mix64(l ^ mix64(r + 0x67616d65ULL));
}

GameId GameStore::intern(std::span<const GameId> left, std::span<const GameId> right) {
    const std::uint64_t h = structural_hash(left, right);
    std::size_t mask = m_intern_slots.size() - 1;
    std::size_t i = h & mask;
    for (;; i = (i + 1) & mask) {
        const std::uint32_t idx = m_intern_slots[i];
        if (idx == NO_INDEX) break;
        const Record& r = m_records[idx];
        if (r.hash != h || r.n_left != left.size() || r.n_right != right.size()) continue;
        const GameId* o = m_options.data() + r.first;
        if (std::equal(left.begin(), left.end(), o) &&
            std::equal(right.begin(), right.end(), o + r.n_left))
            return GameId::interned(idx);
    }
    if (left.empty() || right.empty())
        throw std::logic_error("GameStore: a canonical non-number with an empty side");
    if (m_records.size() >= NO_INDEX - 1 ||
        m_options.size() + left.size() + right.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("GameStore: more than 2^32 interned games or options");

    Record rec{};
    rec.hash = h;
    rec.first = static_cast<std::uint32_t>(m_options.size());
    rec.n_left = static_cast<std::uint32_t>(left.size());
    rec.n_right = static_cast<std::uint32_t>(right.size());
    rec.negative = GameId::none();
    rec.class_kind = UNCLASSIFIED;
    // Stops of a non-number: L(G) = max R(G^L), R(G) = min L(G^R).
    const auto stop = [this](GameId o, bool left_stop_wanted) {
        return o.is_number() ? o : (left_stop_wanted ? record(o).left_stop : record(o).right_stop);
    };
    GameId ls = stop(left.front(), false), rs = stop(right.front(), true);
    std::uint64_t day = 0;
    std::uint32_t depth = 0;
    for (GameId o : left) {
        if (compare_numbers(stop(o, false), ls) > 0) ls = stop(o, false);
        day = std::max(day, birthday(o));
        depth = std::max(depth, this->depth(o));
    }
    for (GameId o : right) {
        if (compare_numbers(stop(o, true), rs) < 0) rs = stop(o, true);
        day = std::max(day, birthday(o));
        depth = std::max(depth, this->depth(o));
    }
    if (depth >= m_limits.max_depth)
        throw_depth("a game " + std::to_string(std::uint64_t{depth} + 1) + " levels of options deep");
    rec.depth = depth + 1;
    rec.left_stop = ls;
    rec.right_stop = rs;
    rec.birthday = day + 1;
    // *m = {0, .., *(m-1) | 0, .., *(m-1)}: both sides equal and the nim values 0..m-1.
    rec.nim = NOT_NIMBER;
    if (std::equal(left.begin(), left.end(), right.begin(), right.end())) {
        std::vector<bool> seen(left.size(), false);
        bool ok = true;
        for (GameId o : left) {
            const auto v = nim_value(o);
            if (!v || *v >= left.size() || seen[*v]) {
                ok = false;
                break;
            }
            seen[*v] = true;
        }
        if (ok) rec.nim = static_cast<std::uint32_t>(left.size());
    }
    m_options.insert(m_options.end(), left.begin(), left.end());
    m_options.insert(m_options.end(), right.begin(), right.end());
    const auto idx = static_cast<std::uint32_t>(m_records.size());
    m_records.push_back(rec);
    m_intern_slots[i] = idx;

    if (2 * m_records.size() > m_intern_slots.size()) {
        std::vector<std::uint32_t> slots(2 * m_intern_slots.size(), NO_INDEX);
        mask = slots.size() - 1;
        for (std::uint32_t j = 0; j < m_records.size(); ++j) {
            std::size_t s = m_records[j].hash & mask;
            while (slots[s] != NO_INDEX) s = (s + 1) & mask;
            slots[s] = j;
        }
        m_intern_slots.swap(slots);
    }
    return GameId::interned(idx);
}

std::optional<std::uint32_t> GameStore::nim_value(GameId g) const {
    if (g.is_number()) {
        if (g == GameId()) return 0;
        return std::nullopt;
    }
    const std::uint32_t m = record(g).nim;
    if (m == NOT_NIMBER) return std::nullopt;
    return m;
}

Dyadic GameStore::left_stop(GameId g) const {
    return (g.is_number() ? g : record(g).left_stop).number_value();
}

Dyadic GameStore::right_stop(GameId g) const {
    return (g.is_number() ? g : record(g).right_stop).number_value();
}

std::uint64_t GameStore::birthday(GameId g) const {
    return g.is_number() ? g.number_value().birthday() : record(g).birthday;
}

std::vector<GameId> GameStore::left_options(GameId g) const {
    GameId scratch;
    const auto s = lefts(g, scratch);
    return {s.begin(), s.end()};
}

std::vector<GameId> GameStore::right_options(GameId g) const {
    GameId scratch;
    const auto s = rights(g, scratch);
    return {s.begin(), s.end()};
}

GameId GameStore::nimber(std::uint32_t m) {
    if (m > MAX_NIMBER)
        throw std::invalid_argument("nimber *" + std::to_string(m) + " is too large (at most *" +
                                    std::to_string(MAX_NIMBER) + ": *m has m options a side)");
    if (m_nimbers.empty()) m_nimbers.push_back(GameId());
    // *k = {0, *, ..., *(k-1) | 0, *, ..., *(k-1)} is canonical as it stands (nimbers are
    // pairwise confused, so no option is dominated, and no option reverses), so it is
    // interned directly: O(k) per nimber, where make() would compare the options pairwise.
    // m_nimbers is sorted by handle: 0 first, then *1, *2, ... interned in this order or found.
    std::vector<GameId> options;
    while (m_nimbers.size() <= m) {
        options.assign(m_nimbers.begin(), m_nimbers.end());
        std::sort(options.begin(), options.end());
        m_nimbers.push_back(intern(options, options));
    }
    return m_nimbers[m];
}

std::size_t GameStore::memory_bytes() const {
    return m_records.capacity() * sizeof(Record) + m_options.capacity() * sizeof(GameId) +
           m_intern_slots.capacity() * sizeof(std::uint32_t) + m_le_memo.memory_bytes() +
           m_le_pairs.memory_bytes() + m_add_memo.memory_bytes() +
           m_ups_made.size() * (sizeof(UpsKey) + sizeof(GameId) + 2 * sizeof(void*));
}

void GameStore::clear_caches() {
    m_le_memo.clear();
    m_le_pairs.clear();
    m_add_memo.clear();
    m_le_recent.assign(RECENT_LE_SLOTS, RecentLe{});
}

} // namespace cgt::core
