#include "core/game_store.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace cgt::core {

namespace {

constexpr std::string_view UP = "\u2191", DOUBLE_UP = "\u21d1";
constexpr std::string_view DOWN = "\u2193", DOUBLE_DOWN = "\u21d3";

// Appends "x", then the ups ("↑", "⇑", "⇑↑", ... or "^^^"; downs likewise), then "*" or
// "*m". Appends in place: names of big games are made of many of these.
void append_atom(std::string& out, const Classification& c, Notation notation) {
    if (c.number != Dyadic() || (c.ups == 0 && c.star == 0)) c.number.append_to(out);
    const std::int32_t n = c.ups < 0 ? -c.ups : c.ups;
    if (notation == Notation::Ascii) {
        out.append(static_cast<std::size_t>(n), c.ups < 0 ? 'v' : '^');
    } else {
        for (std::int32_t i = 0; i < n / 2; ++i) out += c.ups < 0 ? DOUBLE_DOWN : DOUBLE_UP;
        if (n % 2) out += c.ups < 0 ? DOWN : UP;
    }
    if (c.star >= 1) out += '*';
    if (c.star > 1) append_integer(out, c.star);
}

} // namespace

bool GameStore::canonical_less(GameId g, GameId h) {
    if (g == h) return false;
    if (g.is_number() && h.is_number()) return compare_numbers(g, h) < 0;
    if (g.is_number() != h.is_number()) return g.is_number();
    if (birthday(g) != birthday(h)) return birthday(g) < birthday(h);
    if (hash(g) != hash(h)) return hash(g) < hash(h);
    return canonical_text(g) < canonical_text(h); // a 64-bit collision: never seen, but total
}

std::string GameStore::name(GameId g, Notation notation) { return format(g, notation, true); }

// What one format() call carries through its recursion. Option lists are copied onto
// `stack` (indices, not spans: classify() may intern and move m_options).
struct GameStore::FormatState {
    Notation notation;
    bool spaced;
    std::string out;
    std::vector<std::pair<GameId, std::size_t>> labels; // braced group -> its number
    std::vector<GameId> stack;
};

std::string GameStore::format(GameId g, Notation notation, bool spaced) {
    FormatState state{notation, spaced, {}, {}, {}};
    format_into(g, state);
    return std::move(state.out);
}

void GameStore::format_into(GameId g, FormatState& state) {
    const Classification c = classify(g);
    if (c.kind != ValueKind::Other) {
        append_atom(state.out, c, state.notation);
        return;
    }
    for (const auto& [game, label] : state.labels)
        if (game == g) {
            state.out += '#';
            append_integer(state.out, label);
            return;
        }
    state.labels.emplace_back(g, state.labels.size());
    const std::size_t base = state.stack.size();
    GameId scratch;
    const auto l = lefts(g, scratch);
    state.stack.insert(state.stack.end(), l.begin(), l.end());
    const auto r = rights(g, scratch);
    state.stack.insert(state.stack.end(), r.begin(), r.end());
    const std::size_t n_left = l.size(), end = state.stack.size();
    const auto by_canonical_order = [this](GameId a, GameId b) { return canonical_less(a, b); };
    std::sort(state.stack.begin() + static_cast<std::ptrdiff_t>(base),
              state.stack.begin() + static_cast<std::ptrdiff_t>(base + n_left), by_canonical_order);
    std::sort(state.stack.begin() + static_cast<std::ptrdiff_t>(base + n_left),
              state.stack.begin() + static_cast<std::ptrdiff_t>(end), by_canonical_order);
    state.out += '{';
    for (std::size_t i = base; i < end; ++i) {
        if (i == base + n_left)
            state.out += state.spaced ? " | " : "|";
        else if (i != base)
            state.out += state.spaced ? ", " : ",";
        format_into(state.stack[i], state);
    }
    state.out += '}';
    state.stack.resize(base);
}

namespace {

// Recursive-descent reader of names and canonical text.
class Parser {
public:
    Parser(GameStore& store, std::string_view text) : m_store(store), m_text(text) {}

    GameId parse_all() {
        const GameId g = game();
        skip_space();
        if (m_pos != m_text.size()) fail("unexpected text after the game");
        return g;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::invalid_argument("game text '" + std::string(m_text) + "': " + what +
                                    " at position " + std::to_string(m_pos + 1));
    }
    void skip_space() {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' ||
                                         m_text[m_pos] == '\n' || m_text[m_pos] == '\r'))
            ++m_pos;
    }
    bool eat(std::string_view token) {
        if (m_text.substr(m_pos).starts_with(token)) {
            m_pos += token.size();
            return true;
        }
        return false;
    }
    [[nodiscard]] bool at_digit() const {
        return m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9';
    }
    std::string_view digits() {
        const std::size_t start = m_pos;
        while (at_digit()) ++m_pos;
        return m_text.substr(start, m_pos - start);
    }
    std::uint64_t small_number(std::string_view d, std::uint64_t max, const char* what) {
        if (d.size() > 9) fail(std::string(what) + " too large");
        std::uint64_t v = 0;
        for (char c : d) v = v * 10 + static_cast<std::uint64_t>(c - '0');
        if (v > max) fail(std::string(what) + " too large");
        return v;
    }

    GameId game() {
        skip_space();
        if (eat("{")) return braced();
        if (eat("#")) {
            const std::string_view d = digits();
            if (d.empty()) fail("expected a group number after '#'");
            const auto k = small_number(d, 999999999, "group number");
            if (k >= m_groups.size()) fail(std::string("#").append(d) + " refers to no earlier group");
            if (m_groups[k] == GameId::none())
                fail(std::string("#").append(d) + " refers to a group that is not closed");
            return m_groups[k];
        }
        return atom();
    }

    GameId braced() {
        const std::size_t label = m_groups.size();
        m_groups.push_back(GameId::none());
        std::vector<GameId> left, right;
        side(left, "|");
        if (!eat("|")) fail("expected '|'");
        side(right, "}");
        if (!eat("}")) fail("expected '}'");
        const GameId g = m_store.make(left, right);
        m_groups[label] = g;
        return g;
    }

    void side(std::vector<GameId>& options, std::string_view end) {
        skip_space();
        if (m_text.substr(m_pos).starts_with(end)) return;
        for (;;) {
            options.push_back(game());
            skip_space();
            if (!eat(",")) return;
        }
    }

    GameId atom() {
        const std::size_t start = m_pos;
        Dyadic number;
        bool any = false;
        if (at_digit() || ((m_text.substr(m_pos).starts_with("-") ||
                            m_text.substr(m_pos).starts_with("\u2212")))) {
            const std::size_t begin = m_pos;
            if (!eat("-")) eat("\u2212");
            if (!at_digit()) fail("expected a digit");
            digits();
            if (eat("/")) {
                if (!at_digit()) fail("expected a denominator");
                digits();
            }
            try {
                number = Dyadic::parse(m_text.substr(begin, m_pos - begin));
            } catch (const std::exception& e) {
                m_pos = begin;
                fail(e.what());
            }
            any = true;
        }
        std::int64_t ups = 0;
        for (bool more = true; more;) {
            more = false;
            for (const auto& [token, step] :
                 {std::pair{UP, 1}, std::pair{std::string_view("^"), 1}, std::pair{DOUBLE_UP, 2},
                  std::pair{DOWN, -1}, std::pair{std::string_view("v"), -1},
                  std::pair{DOUBLE_DOWN, -2}}) {
                if (eat(token)) {
                    if ((ups > 0 && step < 0) || (ups < 0 && step > 0))
                        fail("ups and downs mixed in one name");
                    ups += step;
                    if (ups > 1'000'000 || ups < -1'000'000) fail("too many ups");
                    more = any = true;
                }
            }
        }
        std::uint32_t star = 0;
        if (eat("*")) {
            const std::string_view d = digits();
            star = d.empty() ? 1 : static_cast<std::uint32_t>(small_number(d, GameStore::MAX_NIMBER, "nimber"));
            any = true;
        }
        if (!any) {
            m_pos = start;
            fail(m_pos < m_text.size() ? "unexpected '" + std::string(1, m_text[m_pos]) + "'"
                                       : std::string("unexpected end"));
        }
        GameId g = GameStore::number(number);
        if (ups != 0) g = m_store.add(g, m_store.ups(static_cast<std::int32_t>(ups)));
        if (star != 0) g = m_store.add(g, m_store.nimber(star));
        return g;
    }

    GameStore& m_store;
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::vector<GameId> m_groups; // braced groups in order of opening; none() while open
};

} // namespace

GameId GameStore::parse(std::string_view text) { return Parser(*this, text).parse_all(); }

} // namespace cgt::core
