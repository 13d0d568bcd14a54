#pragma once
// Stalks: paths straight up from the ground, written by their colours bottom first ("BRG").
// Cutting the i-th edge leaves the stalk of the first i edges, so a stalk's value is
// {prefix values at blue or green edges | prefix values at red or green edges}, and a
// depth-first walk over the tree of colour strings values each stalk with one make().
#include "core/dyadic.hpp"
#include "core/game_store.hpp"

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cgt::hackenbush {

// Every blue-red stalk of at most this many edges has a value within the exact dyadic
// range (|numerator| < 2^(edges-1) <= 2^55); some of 57 edges have not. A walk over
// longer stalks can meet std::overflow_error, so drivers refuse such lengths up front.
constexpr std::size_t MAX_EXACT_BLUE_RED_STALK = 56;

// Berlekamp's sign-expansion rule for a blue-red stalk: +1 per blue and -1 per red edge
// up to the first change of colour, then +-1/2, +-1/4, ... per edge. Independent of the
// engine. std::invalid_argument for other letters; std::overflow_error for a value
// beyond the exact dyadic range.
core::Dyadic sign_expansion(std::string_view colours);

// Checks a walk's alphabet (distinct letters among B, R, G) and prefix (letters of the
// alphabet); std::invalid_argument names the fault.
void check_stalk_walk(std::string_view alphabet, std::string_view prefix);

// Calls visit(colours, value) for every stalk that starts with `prefix`, has 1..max_length
// edges and uses the letters of `alphabet`, depth first: a stalk before its extensions,
// extensions in the order of `alphabet`. One make() per stalk visited (plus one per edge of
// the prefix). The same walk over the prefixes of a split visits every stalk exactly once.
template <class Visit>
void walk_stalks(core::GameStore& store, std::string_view alphabet, std::string_view prefix,
                 std::size_t max_length, Visit&& visit);

// The value of one stalk (one make() per edge).
core::GameId stalk_value(core::GameStore& store, std::string_view colours);

// ---- implementation -----------------------------------------------------------------

namespace detail {

template <class Visit>
class StalkWalk {
public:
    StalkWalk(core::GameStore& store, std::string_view alphabet, std::size_t max_length,
              Visit& visit)
        : m_store(store), m_alphabet(alphabet), m_max_length(max_length), m_visit(visit) {}

    // Puts an edge of colour c on top of the current stalk, whose value is `below`.
    core::GameId push(char c, core::GameId below) {
        if (c != 'R') m_left.push_back(below);
        if (c != 'B') m_right.push_back(below);
        m_colours.push_back(c);
        return m_store.make(m_left, m_right);
    }
    void pop() {
        const char c = m_colours.back();
        m_colours.pop_back();
        if (c != 'R') m_left.pop_back();
        if (c != 'B') m_right.pop_back();
    }
    // Visits every extension of the current stalk (value `value`).
    void extensions(core::GameId value) {
        if (m_colours.size() >= m_max_length) return;
        for (char c : m_alphabet) {
            const core::GameId v = push(c, value);
            m_visit(std::string_view(m_colours), v);
            extensions(v);
            pop();
        }
    }

private:
    core::GameStore& m_store;
    std::string_view m_alphabet;
    std::size_t m_max_length;
    Visit& m_visit;
    std::string m_colours;
    std::vector<core::GameId> m_left, m_right;
};

} // namespace detail

template <class Visit>
void walk_stalks(core::GameStore& store, std::string_view alphabet, std::string_view prefix,
                 std::size_t max_length, Visit&& visit) {
    check_stalk_walk(alphabet, prefix);
    if (prefix.size() > max_length) return;
    detail::StalkWalk<std::remove_reference_t<Visit>> walk(store, alphabet, max_length, visit);
    core::GameId value = core::GameId();
    for (char c : prefix) value = walk.push(c, value);
    if (!prefix.empty()) visit(prefix, value);
    walk.extensions(value);
}

} // namespace cgt::hackenbush
