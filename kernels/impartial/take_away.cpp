#include "impartial/take_away.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

namespace cgt::impartial {

namespace {
// Letters and no digit: a word such as "foo", not a set with a bad element.
bool is_word(const std::string& text) {
    return std::any_of(text.begin(), text.end(), [](unsigned char c) { return std::isalpha(c) != 0; }) &&
           text.find_first_of("0123456789") == std::string::npos;
}
} // namespace

TakeAway TakeAway::nim() { return TakeAway(true, {}); }

TakeAway TakeAway::subtraction(std::vector<Heap> set) {
    if (set.empty()) throw std::invalid_argument("the subtraction set is empty");
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    if (set.front() == 0)
        throw std::invalid_argument("the subtraction set contains 0 (a move must take tokens)");
    return TakeAway(false, std::move(set));
}

TakeAway TakeAway::parse(const std::string& text) {
    if (text == "nim") return nim();
    if (is_word(text))
        throw std::invalid_argument("'" + text +
                                    "' is not a game: write nim or a subtraction set such as 1,3,4");
    std::string body = text;
    if (!body.empty() && body.front() == '{') {
        if (body.back() != '}') throw std::invalid_argument("unbalanced braces in '" + text + "'");
        body = body.substr(1, body.size() - 2);
    }
    std::vector<Heap> set;
    std::stringstream in(body);
    std::string item;
    while (std::getline(in, item, ',')) {
        const auto first = item.find_first_not_of(" \t");
        const auto last = item.find_last_not_of(" \t");
        if (first == std::string::npos)
            throw std::invalid_argument("empty element in subtraction set '" + text + "'");
        item = item.substr(first, last - first + 1);
        if (item.find_first_not_of("0123456789") != std::string::npos || item.size() > 9)
            throw std::invalid_argument("'" + item + "' in '" + text +
                                        "' is not a non-negative integer below 10^9");
        set.push_back(static_cast<Heap>(std::stoul(item)));
    }
    return subtraction(std::move(set));
}

std::string TakeAway::name() const {
    if (m_nim) return "nim";
    std::string s = "S={";
    for (std::size_t i = 0; i < m_set.size(); ++i) s += (i ? "," : "") + std::to_string(m_set[i]);
    return s + "}";
}

std::vector<Heap> TakeAway::takes(Heap heap) const {
    std::vector<Heap> out;
    if (m_nim) {
        for (Heap t = 1; t <= heap; ++t) out.push_back(t);
    } else {
        for (Heap s : m_set)
            if (s <= heap) out.push_back(s);
    }
    return out;
}

std::vector<Grundy> TakeAway::grundy_values(Heap max_heap) const {
    std::vector<Grundy> g(std::size_t{max_heap} + 1, 0);
    MexSet seen;
    for (Heap h = 0; h <= max_heap; ++h) {
        seen.clear();
        for (Heap t : takes(h)) seen.mark(g[h - t]);
        g[h] = seen.mex();
    }
    return g;
}

Grundy nim_sum(std::span<const Grundy> values) {
    Grundy x = 0;
    for (Grundy v : values) x ^= v;
    return x;
}

std::optional<Move> winning_move(const TakeAway& game, std::span<const Heap> heaps,
                                 std::span<const Grundy> values) {
    Grundy total = 0;
    for (Heap h : heaps) total ^= values[h];
    if (total == 0) return std::nullopt;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
        const Grundy target = values[heaps[i]] ^ total;
        for (Heap t : game.takes(heaps[i]))
            if (values[heaps[i] - t] == target) return Move{i, t};
    }
    // Unreachable when `values` are the game's Grundy values: mex guarantees the move.
    throw std::logic_error("winning_move: the values given are not this game's Grundy values");
}

bool WinLossSearch::first_player_wins(std::vector<Heap> heaps) {
    std::sort(heaps.begin(), heaps.end());
    if (auto it = m_memo.find(heaps); it != m_memo.end()) return it->second;
    bool wins = false;
    for (std::size_t i = 0; i < heaps.size() && !wins; ++i) {
        if (i > 0 && heaps[i] == heaps[i - 1]) continue; // same heap size, same moves
        for (Heap t : m_game.takes(heaps[i])) {
            std::vector<Heap> next = heaps;
            next[i] -= t;
            if (!first_player_wins(std::move(next))) {
                wins = true;
                break;
            }
        }
    }
    m_memo.emplace(std::move(heaps), wins);
    return wins;
}

} // namespace cgt::impartial
