#include "core/game_store.hpp"

#include "core/expression.hpp"
#include "core/thermograph.hpp"

#include <algorithm>
#include <memory>

namespace cgt::core {

namespace {

constexpr std::string_view UP = "\u2191", DOUBLE_UP = "\u21d1";
constexpr std::string_view DOWN = "\u2193", DOUBLE_DOWN = "\u21d3";
constexpr std::string_view PLUS_MINUS = "\u00b1";

void append_superscript(std::string& out, std::uint32_t n) {
    static constexpr std::string_view DIGITS[10] = {"\u2070", "\u00b9", "\u00b2", "\u00b3", "\u2074",
                                                    "\u2075", "\u2076", "\u2077", "\u2078", "\u2079"};
    const std::string decimal = std::to_string(n);
    for (char c : decimal) out += DIGITS[c - '0'];
}

void append_star(std::string& out, std::uint32_t star) {
    if (star >= 1) out += '*';
    if (star > 1) append_integer(out, star);
}

// Appends "x", then the ups ("↑", "⇑", "⇑↑", ... or "^^^"; downs likewise), then "*" or
// "*m"; with plus_atoms a "+" between a nonzero x and what follows. Appends in place: names
// of big games are made of many of these.
void append_atom(std::string& out, const Classification& c, Notation notation, bool plus_atoms) {
    const bool number_shown = c.number != Dyadic() || (c.ups == 0 && c.star == 0);
    if (number_shown) c.number.append_to(out);
    if (number_shown && plus_atoms && (c.ups != 0 || c.star != 0)) out += '+';
    const std::int32_t n = c.ups < 0 ? -c.ups : c.ups;
    if (notation == Notation::Ascii) {
        out.append(static_cast<std::size_t>(n), c.ups < 0 ? 'v' : '^');
    } else {
        for (std::int32_t i = 0; i < n / 2; ++i) out += c.ups < 0 ? DOUBLE_DOWN : DOUBLE_UP;
        if (n % 2) out += c.ups < 0 ? DOWN : UP;
    }
    append_star(out, c.star);
}

// x + ↑^n + *m as "x↑²*" / "x^<2>*", x + ↑^[n] + *m as "x↑+↑²*" / "x^[2]*".
void append_uptimal(std::string& out, const GameStore::UptimalForm& u, Notation notation) {
    if (u.number != Dyadic()) u.number.append_to(out);
    const bool down = u.power < 0;
    const auto n = static_cast<std::uint32_t>(down ? -u.power : u.power);
    if (notation == Notation::Ascii) {
        out += down ? 'v' : '^';
        out += u.cumulative ? '[' : '<';
        append_integer(out, n);
        out += u.cumulative ? ']' : '>';
    } else {
        const std::string_view arrow = down ? DOWN : UP;
        for (std::uint32_t k = u.cumulative ? 1 : n; k <= n; ++k) {
            if (k > 1 && u.cumulative) out += '+';
            out += arrow;
            if (k > 1) append_superscript(out, k);
        }
    }
    append_star(out, u.star);
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

std::string GameStore::name(GameId g, Notation notation) {
    if (auto plain = format(g, {notation, true, false, true, false, NAME_LIMIT})) return std::move(*plain);
    return *format(g, {notation, true, true, true, false, SIZE_MAX});
}

// What one format() call carries through its recursion. Option lists are copied onto
// `stack` (indices, not spans: classify() may intern and move m_options).
struct GameStore::FormatState {
    TextStyle style;
    std::string out;
    std::vector<std::pair<GameId, std::size_t>> labels; // braced group -> its number
    std::vector<GameId> stack;
    std::unique_ptr<Thermography> thermal; // means, for the names Tiny and Miny
};

std::optional<std::string> GameStore::format(GameId g, const TextStyle& style) {
    FormatState state{style, {}, {}, {}, nullptr};
    if (!format_into(g, state)) return std::nullopt;
    return std::move(state.out);
}

// False once the text passes the style's max_bytes.
bool GameStore::format_into(GameId g, FormatState& state) {
    if (state.out.size() > state.style.max_bytes) return false;
    const Classification c = classify(g);
    if (c.kind != ValueKind::Other) {
        append_atom(state.out, c, state.style.notation, state.style.plus_atoms);
        return true;
    }
    if (state.style.named_forms && format_named(g, state)) return state.out.size() <= state.style.max_bytes;
    if (state.style.back_references) {
        for (const auto& [game, label] : state.labels)
            if (game == g) {
                state.out += '#';
                append_integer(state.out, static_cast<std::int64_t>(label));
                return true;
            }
        state.labels.emplace_back(g, state.labels.size());
    }
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
            state.out += state.style.spaced ? " | " : "|";
        else if (i != base)
            state.out += state.style.spaced ? ", " : ",";
        if (!format_into(state.stack[i], state)) return false;
    }
    state.out += '}';
    state.stack.resize(base);
    return true;
}

// The names of uptimals, switches, tinies and minies (CGSuite's, in its order of
// preference); false, writing nothing, if g has none of them.
bool GameStore::format_named(GameId g, FormatState& state) {
    const Notation notation = state.style.notation;
    if (const auto u = uptimal_form(g)) {
        append_uptimal(state.out, *u, notation);
        return true;
    }
    std::vector<GameId> left = left_options(g), right = right_options(g);
    const auto by_canonical_order = [this](GameId a, GameId b) { return canonical_less(a, b); };
    std::sort(left.begin(), left.end(), by_canonical_order);
    if (neg(g) == g) { // a switch ±G^L: G = {G^L | -G^L}
        state.out += notation == Notation::Ascii ? std::string_view("+-") : PLUS_MINUS;
        if (left.size() > 1) {
            // The braces of ±{a, b} count as a group, as the parser counts them.
            if (state.style.back_references) state.labels.emplace_back(GameId::none(), state.labels.size());
            state.out += '{';
        }
        for (std::size_t i = 0; i < left.size(); ++i) {
            if (i) state.out += state.style.spaced ? ", " : ",";
            // Parentheses, as CGSuite, around an option with a number or a nimber beside its
            // infinitesimal part: ±(1*), ±(↑*); none around numbers, nimbers, ups and braces.
            bool compact = left.size() > 1;
            if (!compact) {
                const Classification c = classify(left[i]);
                const auto u = c.kind == ValueKind::Other ? uptimal_form(left[i]) : std::nullopt;
                compact = c.kind == ValueKind::Number ||
                          (c.kind == ValueKind::NumberNimber && c.number == Dyadic()) ||
                          (c.kind == ValueKind::NumberUps && c.number == Dyadic() && c.star == 0) ||
                          (c.kind == ValueKind::Other && (!u || (u->number == Dyadic() && u->star == 0)));
            }
            if (!compact) state.out += '(';
            if (!format_into(left[i], state)) return true;
            if (!compact) state.out += ')';
        }
        if (left.size() > 1) state.out += '}';
        return true;
    }
    // x + Tiny(s) = {x || x | x - s} and x + Miny(s) = {x + s | x || x}, for s of positive mean.
    if (left.size() != 1 || right.size() != 1) return false;
    const bool tiny = left[0].is_number() && !right[0].is_number();
    const bool miny = right[0].is_number() && !left[0].is_number();
    if (!tiny && !miny) return false;
    const GameId x = tiny ? left[0] : right[0];
    const GameId inner = tiny ? right[0] : left[0];
    const std::vector<GameId> il = left_options(inner), ir = right_options(inner);
    if (il.size() != 1 || ir.size() != 1 || (tiny ? il[0] : ir[0]) != x) return false;
    const GameId far = tiny ? ir[0] : il[0];
    if (!state.thermal) state.thermal = std::make_unique<Thermography>(*this);
    const Dyadic far_mean = state.thermal->mean(far);
    if (tiny ? !(far_mean < x.number_value()) : !(x.number_value() < far_mean)) return false;
    const GameId subscript = tiny ? sub(x, far) : sub(far, x);
    if (x != GameId()) x.number_value().append_to(state.out);
    state.out += tiny ? "Tiny(" : "Miny(";
    if (!format_into(subscript, state)) return true;
    state.out += ')';
    return true;
}

GameId GameStore::parse(std::string_view text) { return parse_expression(*this, text); }

} // namespace cgt::core
