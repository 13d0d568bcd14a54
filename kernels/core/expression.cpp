#include "core/expression.hpp"

#include "core/heating.hpp"
#include "core/infinitesimals.hpp"
#include "core/thermograph.hpp"

#include <array>
#include <memory>
#include <stdexcept>
#include <vector>

namespace cgt::core {

namespace {

std::size_t column_of(std::string_view text, std::size_t byte_offset) {
    std::size_t column = 1;
    for (std::size_t i = 0; i < byte_offset && i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) ++column;
    return column;
}

constexpr std::string_view UP = "\u2191", DOUBLE_UP = "\u21d1", DOWN = "\u2193", DOUBLE_DOWN = "\u21d3";
constexpr std::string_view MINUS_SIGN = "\u2212", PLUS_MINUS = "\u00b1";
constexpr std::array<std::string_view, 10> SUPERSCRIPTS = {"\u2070", "\u00b9", "\u00b2", "\u00b3", "\u2074",
                                                          "\u2075", "\u2076", "\u2077", "\u2078", "\u2079"};
// The largest n of ↑^n and ↑^[n] that is read: their canonical forms grow with n^2.
constexpr std::uint32_t MAX_UP_POWER = 256;
// The most ups (downs) one name spells ("^^^", "^3"); sums of ups go on to the store's
// depth bound (GameStore::Limits::max_depth).
constexpr std::uint32_t MAX_UPS = 256;

class Parser {
public:
    Parser(GameStore& store, std::string_view text) : m_store(store), m_text(text) {}

    // A value past the store's depth, or a sum or difference outside the exact dyadic range,
    // is a fault of the text, at the place it was reached (a number written outside the
    // range is refused where it is written).
    template <class Body>
    auto depth_checked(Body body) {
        try {
            return body();
        } catch (const DepthError& e) {
            fail(e.what());
        } catch (const std::overflow_error& e) {
            fail(e.what());
        }
    }

    GameId expression_only() {
        const GameId g = expression();
        skip_space();
        if (!at_end()) fail("unexpected '" + std::string(current_char()) + "' after the game");
        return g;
    }

    Statement statement() {
        Statement s;
        s.value = expression();
        skip_space();
        if (at_end()) return s;
        static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> RELATIONS = {{
            {"<=", "<="}, {">=", ">="}, {"==", "=="}, {"!=", "!="}, {"<>", "<>"}, {"<|", "<|"},
            {"|>", "|>"}, {"\u2264", "<="}, {"\u2265", ">="}, {"\u2260", "!="}, {"<", "<"}, {">", ">"},
        }};
        for (const auto& [token, op] : RELATIONS)
            if (eat(token)) {
                s.relation = op;
                break;
            }
        if (s.relation.empty()) fail("unexpected '" + std::string(current_char()) + "' (expected +, - or a comparison)");
        s.other = expression();
        skip_space();
        if (!at_end()) fail("unexpected '" + std::string(current_char()) + "' after the comparison");
        const Relation r = compare(m_store, s.value, *s.other);
        const std::string& op = s.relation;
        s.holds = op == "<="   ? (r == Relation::Less || r == Relation::Equal)
                  : op == ">=" ? (r == Relation::Greater || r == Relation::Equal)
                  : op == "==" ? r == Relation::Equal
                  : op == "!=" ? r != Relation::Equal
                  : op == "<"  ? r == Relation::Less
                  : op == ">"  ? r == Relation::Greater
                  : op == "<>" ? r == Relation::Confused
                  : op == "<|" ? (r == Relation::Less || r == Relation::Confused)
                               : (r == Relation::Greater || r == Relation::Confused);
        return s;
    }

private:
    [[noreturn]] void fail(const std::string& what) const { throw TextError(m_text, m_pos, what); }
    [[noreturn]] void fail_at(std::size_t pos, const std::string& what) const { throw TextError(m_text, pos, what); }
    [[nodiscard]] bool at_end() const { return m_pos >= m_text.size(); }
    // The character at the cursor, whole if it is UTF-8.
    [[nodiscard]] std::string_view current_char() const {
        if (at_end()) return {};
        std::size_t n = 1;
        while (m_pos + n < m_text.size() && (static_cast<unsigned char>(m_text[m_pos + n]) & 0xc0) == 0x80) ++n;
        return m_text.substr(m_pos, n);
    }
    [[nodiscard]] std::string unexpected() const {
        return at_end() ? std::string("unexpected end") : "unexpected '" + printable(current_char()) + "'";
    }
    void skip_space() {
        while (!at_end() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' || m_text[m_pos] == '\n' ||
                             m_text[m_pos] == '\r'))
            ++m_pos;
    }
    [[nodiscard]] bool looking_at(std::string_view token) const { return m_text.substr(m_pos).starts_with(token); }
    bool eat(std::string_view token) {
        if (!looking_at(token)) return false;
        m_pos += token.size();
        return true;
    }
    [[nodiscard]] bool at_digit() const { return !at_end() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9'; }
    std::string_view digits() {
        const std::size_t start = m_pos;
        while (at_digit()) ++m_pos;
        return m_text.substr(start, m_pos - start);
    }
    std::uint64_t small_number(std::string_view d, std::size_t at, std::uint64_t max, const std::string& what) {
        std::uint64_t v = 0;
        for (char c : d) {
            v = v * 10 + static_cast<std::uint64_t>(c - '0');
            if (v > max) fail_at(at, what + " " + std::string(d) + " is too large (at most " + std::to_string(max) + ")");
        }
        return v;
    }
    Thermography& thermal() {
        if (!m_thermal) m_thermal = std::make_unique<Thermography>(m_store);
        return *m_thermal;
    }

    GameId expression() {
        GameId g = term();
        for (;;) {
            skip_space();
            if (eat("+-") || eat(PLUS_MINUS)) {
                g = m_store.add(g, switch_of());
            } else if (eat("+")) {
                g = m_store.add(g, term());
            } else if (eat("-") || eat(MINUS_SIGN)) {
                g = m_store.sub(g, term());
            } else {
                return g;
            }
        }
    }

    // ±G = {G | -G}; ±{a, b} = {a, b | -a, -b}.
    GameId switch_of() {
        skip_space();
        std::vector<GameId> left;
        if (looking_at("{")) {
            const std::size_t open = m_pos;
            ++m_pos;
            auto [game, options] = braced(open, true);
            if (game) left.push_back(*game);
            else left = std::move(options);
        } else {
            left.push_back(postfix_after(primary()));
        }
        std::vector<GameId> right;
        for (GameId o : left) right.push_back(m_store.neg(o));
        return m_store.make(left, right);
    }

    GameId term() {
        // Every nesting ({, (, -, +-, a method's argument) passes here: bound the recursion.
        struct Depth {
            std::size_t& d;
            explicit Depth(std::size_t& depth) : d(depth) { ++d; }
            ~Depth() { --d; }
            Depth(const Depth&) = delete;
            Depth& operator=(const Depth&) = delete;
        } depth(m_depth);
        if (m_depth > MAX_NESTING) fail("nested deeper than " + std::to_string(MAX_NESTING) + " levels");
        skip_space();
        if ((looking_at("-") || looking_at(MINUS_SIGN))) {
            const std::size_t sign = looking_at("-") ? 1 : MINUS_SIGN.size();
            const char next = m_pos + sign < m_text.size() ? m_text[m_pos + sign] : '\0';
            if (next >= '0' && next <= '9') return postfix_after(primary());
            m_pos += sign;
            return m_store.neg(term());
        }
        if (eat("+-") || eat(PLUS_MINUS)) return switch_of();
        if (eat("+")) return term();
        return postfix_after(primary());
    }

    GameId postfix_after(GameId g) {
        for (;;) {
            skip_space();
            if (!looking_at(".") || m_pos + 1 >= m_text.size() || !is_letter(m_text[m_pos + 1])) return g;
            ++m_pos;
            const std::size_t at = m_pos;
            const std::string method(identifier());
            g = apply(g, method, at);
        }
    }

    static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
    std::string_view identifier() {
        const std::size_t start = m_pos;
        while (!at_end() && is_letter(m_text[m_pos])) ++m_pos;
        return m_text.substr(start, m_pos - start);
    }

    std::vector<GameId> arguments(std::size_t count, const std::string& method) {
        skip_space();
        if (!eat("(")) fail("expected '(' after ." + method);
        std::vector<GameId> args;
        for (std::size_t i = 0; i < count; ++i) {
            if (i > 0) {
                skip_space();
                if (!eat(",")) fail("expected ',' (." + method + " takes " + std::to_string(count) + " arguments)");
            }
            args.push_back(expression());
        }
        skip_space();
        if (!eat(")")) fail("expected ')' after the argument of ." + method);
        return args;
    }

    Dyadic number_argument(GameId g, std::size_t at, const std::string& method) {
        if (!g.is_number()) fail_at(at, "." + method + " needs a number, got " + m_store.name(g, Notation::Ascii));
        return g.number_value();
    }

    GameId apply(GameId g, const std::string& method, std::size_t at) {
        try {
            if (method == "Cool") {
                skip_space();
                const std::size_t arg_at = m_pos + 1;
                const GameId t = arguments(1, method)[0];
                return thermal().cool(g, number_argument(t, arg_at, method));
            }
            if (method == "Freeze") return thermal().freeze(g);
            if (method == "Heat") return heat(m_store, g, arguments(1, method)[0]);
            if (method == "Overheat") {
                const auto args = arguments(2, method);
                return overheat(m_store, g, args[0], args[1]);
            }
            if (method == "Mean") return GameStore::number(thermal().mean(g));
            if (method == "Temperature") return GameStore::number(thermal().temperature(g));
            if (method == "LeftStop") return GameStore::number(m_store.left_stop(g));
            if (method == "RightStop") return GameStore::number(m_store.right_stop(g));
            if (method == "AtomicWeight") return atomic_weight(m_store, g);
            if (method == "ReducedCanonicalForm") return reduced_canonical_form(m_store, g);
        } catch (const TextError&) {
            throw;
        } catch (const std::invalid_argument& e) {
            fail_at(at, e.what());
        }
        fail_at(at, "unknown method '." + printable(method) +
                        "' (known: Cool, Freeze, Heat, Overheat, Mean, Temperature, LeftStop, RightStop, "
                        "AtomicWeight, ReducedCanonicalForm)");
    }

    GameId primary() {
        skip_space();
        const std::size_t at = m_pos;
        if (eat("(")) {
            const GameId g = expression();
            skip_space();
            if (!eat(")")) fail("expected ')'");
            return g;
        }
        if (eat("{")) {
            auto [game, options] = braced(at, false);
            return *game;
        }
        if (eat("#")) {
            const std::string_view d = digits();
            if (d.empty()) fail("expected a group number after '#'");
            const auto k = small_number(d, at, 999'999'999, "group number");
            if (k >= m_groups.size()) fail_at(at, "#" + std::string(d) + " refers to no earlier group");
            if (m_groups[k] == GameId::none()) fail_at(at, "#" + std::string(d) + " refers to a group that is not closed");
            return m_groups[k];
        }
        if (!at_end() && is_letter(m_text[m_pos]) && m_text[m_pos] != 'v') return function(GameId());
        return atom();
    }

    // Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0}; `x` is a number written before it.
    GameId function(GameId x) {
        const std::size_t at = m_pos;
        const std::string name(identifier());
        if (name != "Tiny" && name != "Miny") fail_at(at, "unknown name '" + printable(name) + "' (known: Tiny, Miny)");
        skip_space();
        if (!eat("(")) fail("expected '(' after " + name);
        const GameId g = expression();
        skip_space();
        if (!eat(")")) fail("expected ')' after the argument of " + name);
        const GameId zero[1] = {GameId()};
        GameId result;
        if (name == "Tiny") {
            const GameId inner[1] = {m_store.make(zero, std::array<GameId, 1>{m_store.neg(g)})};
            result = m_store.make(zero, inner);
        } else {
            const GameId inner[1] = {m_store.make(std::array<GameId, 1>{g}, zero)};
            result = m_store.make(inner, zero);
        }
        return m_store.add(x, result);
    }

    // After '{' (at `open`): the options up to the matching '}'. Returns the game, or with
    // set_allowed a list without any '|' as the options themselves (for ±{a, b}).
    std::pair<std::optional<GameId>, std::vector<GameId>> braced(std::size_t open, bool set_allowed) {
        const std::size_t label = m_groups.size();
        m_groups.push_back(GameId::none());
        std::vector<std::vector<GameId>> lists(1);
        std::vector<std::pair<std::size_t, std::size_t>> runs; // (length, position)
        for (;;) {
            skip_space();
            if (at_end()) fail("unexpected end (expected '}' to close the '{' at column " +
                               std::to_string(column_of(m_text, open)) + ")");
            if (eat("}")) break;
            if (looking_at("|")) {
                const std::size_t at = m_pos;
                while (eat("|")) {}
                runs.emplace_back(m_pos - at, at);
                lists.emplace_back();
                continue;
            }
            if (looking_at(",")) fail("unexpected ','");
            lists.back().push_back(expression());
            skip_space();
            if (eat(",")) {
                skip_space();
                if (looking_at("|") || looking_at("}") || looking_at(",")) fail(unexpected() + " after ','");
                continue;
            }
            if (!looking_at("|") && !looking_at("}"))
                fail(at_end() ? "expected '}' to close the '{' at column " + std::to_string(column_of(m_text, open))
                              : unexpected() + " (expected ',', '|' or '}')");
        }
        if (runs.empty()) {
            if (set_allowed) return {std::nullopt, lists[0]}; // a group never closed, as in names
            fail_at(open, "expected '|' in the braces opened here");
        }
        const GameId g = split(lists, runs, 0, lists.size() - 1);
        m_groups[label] = g;
        return {g, {}};
    }

    // The game of lists[lo..hi] with runs[lo..hi-1] between them: the longest run splits.
    GameId split(const std::vector<std::vector<GameId>>& lists, const std::vector<std::pair<std::size_t, std::size_t>>& runs,
                 std::size_t lo, std::size_t hi) {
        std::size_t best = lo;
        for (std::size_t i = lo; i < hi; ++i)
            if (runs[i].first > runs[best].first) best = i;
        for (std::size_t i = lo; i < hi; ++i)
            if (i != best && runs[i].first == runs[best].first)
                fail_at(runs[i].second, "ambiguous '" + std::string(runs[i].first, '|') +
                                            "' (write braces, or more slashes for the outer split)");
        const auto side = [&](std::size_t a, std::size_t b) {
            return a == b ? lists[a] : std::vector<GameId>{split(lists, runs, a, b)};
        };
        return m_store.make(side(lo, best), side(best + 1, hi));
    }

    // [x][ups][*m], at least one; then an optional Tiny(..) or Miny(..) after a bare number.
    GameId atom() {
        const std::size_t start = m_pos;
        Dyadic number;
        bool any = false, number_only = false;
        if (at_digit() || looking_at("-") || looking_at(MINUS_SIGN)) {
            if (!eat("-")) eat(MINUS_SIGN);
            if (!at_digit()) fail("expected a digit");
            const std::size_t digits_start = m_pos;
            digits();
            if (eat("/")) {
                if (!at_digit()) fail("expected a denominator");
                digits();
            }
            std::string literal(m_text.substr(digits_start, m_pos - digits_start));
            if (m_text[start] != m_text[digits_start]) literal.insert(0, "-");
            try {
                number = Dyadic::parse(literal);
            } catch (const std::exception& e) {
                fail_at(start, e.what());
            }
            any = number_only = true;
        }
        GameId g = GameStore::number(number);
        std::int64_t ups = 0;
        bool unit = false;
        for (bool more = true; more;) {
            more = false;
            const std::size_t at = m_pos;
            int step = 0;
            bool ascii = false;
            if (eat("^")) step = 1, ascii = true;
            else if (eat("v")) step = -1, ascii = true;
            else if (eat(UP)) step = 1;
            else if (eat(DOWN)) step = -1;
            else if (eat(DOUBLE_UP)) step = 2;
            else if (eat(DOUBLE_DOWN)) step = -2;
            if (step == 0) break;
            if ((ups > 0 && step < 0) || (ups < 0 && step > 0)) fail_at(at, "ups and downs mixed in one name");
            if (unit) fail_at(at, "an up power (^<n>, ^[n]) is the only up part of a name");
            more = any = true;
            number_only = false;
            // ^<n> and ^[n] (ASCII), ↑ followed by superscript digits: ↑^n.
            const bool lone = ups == 0 && (step == 1 || step == -1);
            if (lone && ascii && (looking_at("[") || power_in_angles_ahead())) {
                const bool cumulative = eat("[");
                if (!cumulative) eat("<");
                const std::size_t n_at = m_pos;
                const std::string_view d = digits();
                if (d.empty()) fail("expected the power of ^" + std::string(cumulative ? "[n]" : "<n>"));
                const auto n = static_cast<std::uint32_t>(small_number(d, n_at, MAX_UP_POWER, "up power"));
                if (!eat(cumulative ? "]" : ">")) fail(cumulative ? "expected ']'" : "expected '>'");
                if (n == 0) fail_at(n_at, "the up power must be at least 1");
                GameId u = cumulative ? m_store.up_power_sum(n) : m_store.up_power(n);
                g = m_store.add(g, step < 0 ? m_store.neg(u) : u);
                unit = true;
                continue;
            }
            if (lone && !ascii && superscript_ahead()) {
                const std::size_t n_at = m_pos;
                const auto n = superscript_number(n_at);
                if (n == 0) fail_at(n_at, "the up power must be at least 1");
                const GameId u = m_store.up_power(n);
                g = m_store.add(g, step < 0 ? m_store.neg(u) : u);
                unit = true;
                continue;
            }
            // CGSuite's ^3: three ups.
            if (lone && ascii && at_digit()) {
                const std::size_t n_at = m_pos;
                const auto n = small_number(digits(), n_at, MAX_UPS, "number of ups");
                ups = step * static_cast<std::int64_t>(n);
                more = false;
                break;
            }
            ups += step;
            if (ups > MAX_UPS || ups < -static_cast<std::int64_t>(MAX_UPS))
                fail_at(at, "too many ups (at most " + std::to_string(MAX_UPS) + ")");
        }
        if (ups != 0) g = m_store.add(g, m_store.ups(static_cast<std::int32_t>(ups)));
        if (eat("*")) {
            const std::size_t at = m_pos;
            const std::string_view d = digits();
            if (d.size() > 9 || (!d.empty() && std::stoul(std::string(d)) > GameStore::MAX_NIMBER))
                fail_at(at, "nimber *" + std::string(d) + " is too large (at most *" +
                                    std::to_string(GameStore::MAX_NIMBER) + ")");
            const auto star = d.empty() ? 1 : small_number(d, at, GameStore::MAX_NIMBER, "nimber");
            g = m_store.add(g, m_store.nimber(static_cast<std::uint32_t>(star)));
            any = true;
            number_only = false;
        }
        if (!any) {
            m_pos = start;
            fail(unexpected());
        }
        if (number_only && !at_end() && (looking_at("Tiny") || looking_at("Miny"))) return function(g);
        return g;
    }

    // "<digits>" at the cursor (so that "^<2" stays the comparison ^ < 2).
    [[nodiscard]] bool power_in_angles_ahead() const {
        if (!looking_at("<")) return false;
        std::size_t i = m_pos + 1;
        while (i < m_text.size() && m_text[i] >= '0' && m_text[i] <= '9') ++i;
        return i > m_pos + 1 && i < m_text.size() && m_text[i] == '>';
    }
    [[nodiscard]] bool superscript_ahead() const {
        for (const auto& s : SUPERSCRIPTS)
            if (looking_at(s)) return true;
        return false;
    }
    std::uint32_t superscript_number(std::size_t at) {
        std::uint32_t n = 0;
        for (bool more = true; more;) {
            more = false;
            for (std::size_t k = 0; k < SUPERSCRIPTS.size(); ++k)
                if (eat(SUPERSCRIPTS[k])) {
                    n = n * 10 + static_cast<std::uint32_t>(k);
                    if (n > MAX_UP_POWER)
                        fail_at(at, "up power too large (at most " + std::to_string(MAX_UP_POWER) + ")");
                    more = true;
                    break;
                }
        }
        return n;
    }

    GameStore& m_store;
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::vector<GameId> m_groups; // braced groups in order of opening; none() while open
    std::unique_ptr<Thermography> m_thermal;
    std::size_t m_depth = 0;
};

} // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (out.size() >= max_bytes) {
            // Never cut inside a UTF-8 character.
            while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xc0) == 0x80) out.pop_back();
            if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xc0) out.pop_back();
            return out + "...";
        }
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7f) {
            static constexpr char HEX[] = "0123456789abcdef";
            out += "\\x";
            out += HEX[c >> 4];
            out += HEX[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

TextError::TextError(std::string_view text, std::size_t byte_offset, const std::string& reason)
    : std::invalid_argument("game text '" + printable(text) + "': " + reason + " at column " +
                            std::to_string(column_of(text, byte_offset))),
      m_column(column_of(text, byte_offset)), m_reason(reason), m_shown(printable(text)) {}

Relation compare(GameStore& store, GameId g, GameId h) {
    if (g == h) return Relation::Equal;
    if (store.le(g, h)) return Relation::Less;
    if (store.le(h, g)) return Relation::Greater;
    return Relation::Confused;
}

const char* relation_symbol(Relation r) {
    switch (r) {
    case Relation::Equal: return "=";
    case Relation::Less: return "<";
    case Relation::Greater: return ">";
    case Relation::Confused: return "||";
    }
    return "?";
}

GameId parse_expression(GameStore& store, std::string_view text) {
    Parser parser(store, text);
    return parser.depth_checked([&] { return parser.expression_only(); });
}

Statement parse_statement(GameStore& store, std::string_view text) {
    Parser parser(store, text);
    return parser.depth_checked([&] { return parser.statement(); });
}

} // namespace cgt::core
