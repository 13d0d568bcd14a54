#include "hex/search/search.hpp"

#include <stdexcept>

namespace cgt::hex {

template <class Bits>
Engine<Bits>::Engine(Shape shape, TranspositionTable& table)
    : m_geo(shape), m_keys(shape), m_table(&table), m_keys_stack(static_cast<std::size_t>(shape.cells() + 1)) {
    for (auto& stack : m_sides) stack.resize(static_cast<std::size_t>(shape.cells() / 2 + 2));
}

template <class Bits> void Engine<Bits>::load(const Board& board) {
    if (board.shape() != m_geo.shape())
        throw std::invalid_argument("a " + board.shape().name() + " position given to a solver for " +
                                    m_geo.shape().name());
    const int red = board.stone_count(Colour::red), blue = board.stone_count(Colour::blue);
    if (red != blue && red != blue + 1)
        throw std::invalid_argument("red must have as many stones as blue or one more (red moves first); got red " +
                                    std::to_string(red) + ", blue " + std::to_string(blue));
    m_top = red + blue;
    Keys& k = m_keys_stack[m_top];
    k = Keys{};
    for (Colour c : {Colour::red, Colour::blue}) {
        const int ci = colour_index(c);
        m_side_top[ci] = 0;
        Side<Bits>& s = m_sides[ci][0];
        s.stones = convert_cells<Bits>(board.stones(c));
        s.rebuild(m_geo, c);
        for_each_cell(s.stones, [&](int i) {
            k.board ^= m_keys.stone(c, i);
            k.rotated ^= m_keys.rotated(c, i);
        });
    }
    m_to_move = board.to_move();
}

template <class Bits> Board Engine<Bits>::board() const {
    Board out(m_geo.shape());
    const int n = m_geo.cols();
    for (Colour c : {Colour::red, Colour::blue})
        for_each_cell(side(c).stones, [&](int i) { out.place({i / n, i % n}, c); });
    return out;
}

template <class Bits> void Engine<Bits>::play(int index) {
    const int ci = colour_index(m_to_move);
    auto& stack = m_sides[ci];
    const int t = m_side_top[ci]++;
    stack[t + 1].copy_from(stack[t]);
    stack[t + 1].add(m_geo, index);
    const Keys& k = m_keys_stack[m_top];
    m_keys_stack[m_top + 1] = {k.board ^ m_keys.stone(m_to_move, index), k.rotated ^ m_keys.rotated(m_to_move, index)};
    ++m_top;
    m_to_move = opponent(m_to_move);
}

template <class Bits> void Engine<Bits>::undo() {
    --m_top;
    m_to_move = opponent(m_to_move);
    --m_side_top[colour_index(m_to_move)];
}

template <class Bits>
Outcome Engine<Bits>::solve(Variant variant, RuleSet rules, std::uint64_t node_limit, SearchStats& stats) {
    if (variant == Variant::misere && rules.rules != Rules::plain)
        throw std::invalid_argument("misere Hex is searched with the plain rule set only (the threat rules "
                                    "assume that connecting wins), got " + rules.name());
    m_rules = rules;
    m_key_salt = variant == Variant::misere ? ZOBRIST_MISERE : 0;
    m_node_limit = node_limit == 0 ? 0 : stats.nodes + node_limit;
    m_aborted = false;
    m_stats = &stats;
    m_history.fill(0);
    const int depth = m_top;
    bool win = false;
    if (variant == Variant::misere)
        win = search_plain<true>();
    else if (rules.rules == Rules::plain)
        win = search_plain<false>();
    else
        win = search_rules();
    if (m_top != depth) throw std::logic_error("Engine::solve: the search did not restore the position");
    return m_aborted ? Outcome::unknown : win ? Outcome::win : Outcome::loss;
}

template <class Bits>
int Engine<Bits>::order_moves(Bits moves, Bits threat_cells, std::array<std::uint8_t, MAX_CELLS>& list) const {
    if (m_rules.order == Order::distance)
        return order_by_distance(m_geo, m_to_move, side(m_to_move), empty(), moves, threat_cells, m_geo.centre_rank(),
                                 list);
    int k = 0;
    for (int ring = 0; moves; ++ring) {
        const Bits here = moves & m_geo.centre_ring(ring);
        moves &= ~here;
        for_each_cell(here, [&](int i) { list[k++] = static_cast<std::uint8_t>(i); });
    }
    if (m_rules.order == Order::history) {
        // Stable insertion sort, highest history first, so ties keep the centre order.
        for (int a = 1; a < k; ++a) {
            const std::uint8_t v = list[a];
            int b = a;
            for (; b > 0 && m_history[list[b - 1]] < m_history[v]; --b) list[b] = list[b - 1];
            list[b] = v;
        }
    }
    return k;
}

template <class Bits> int Engine<Bits>::look_ahead(std::array<std::uint8_t, MAX_CELLS>& list, int& count) {
    const Keys& k = m_keys_stack[m_top];
    const Colour me = m_to_move, other = opponent(me);
    int kept = 0;
    for (int j = 0; j < count; ++j) {
        const int i = list[j];
        const std::uint64_t child =
            ZobristKeys::position_key(k.board ^ m_keys.stone(me, i), k.rotated ^ m_keys.rotated(me, i), other) ^ m_key_salt;
        const int hit = m_table->probe(child);
        if (hit == 0) return 1; // the opponent loses there
        if (hit == TranspositionTable::NONE) list[kept++] = list[j];
    }
    count = kept;
    return 0;
}

template <class Bits> void Engine<Bits>::reward(int index) {
    if (m_rules.order != Order::history) return;
    const int empties = m_geo.cells() - m_top;
    m_history[index] += std::uint64_t{1} << (empties < 40 ? empties : 40);
}

template <class Bits> template <bool MISERE> bool Engine<Bits>::search_plain() {
    if (out_of_nodes()) return false;
    const std::uint64_t k = key();
    if (const int hit = m_table->probe(k); hit != TranspositionTable::NONE) {
        ++m_stats->tt_hits;
        return hit != 0;
    }
    const std::uint64_t before = m_stats->nodes;
    const Colour me = m_to_move;
    std::array<std::uint8_t, MAX_CELLS> list;
    const Bits open = empty();
    int count = order_moves(open, m_rules.order == Order::distance ? Threats<Bits>(m_geo, side(me), open).threat_cells() : 0, list);
    bool win = false;
    if (m_rules.order == Order::distance && count > 1 && look_ahead(list, count)) win = true;
    for (int j = 0; j < count && !win; ++j) {
        play(list[j]);
        const bool joined = side(me).connected();
        if (MISERE)
            win = !joined && !search_plain<MISERE>();
        else
            win = joined || !search_plain<MISERE>();
        undo();
        if (m_aborted) return false;
        if (win) reward(list[j]);
    }
    m_table->store(k, win, m_stats->nodes - before);
    return win;
}

template <class Bits> bool Engine<Bits>::search_rules() {
    if (out_of_nodes()) return false;
    const Colour me = m_to_move, other = opponent(me);
    const Bits open = empty();
    // Rule 1.
    const Threats<Bits> mine(m_geo, side(me), open);
    if (mine.completing()) return true;
    const Threats<Bits> theirs(m_geo, side(other), open);
    const Bits threats = theirs.completing();
    if (at_least_two(threats)) {
        ++m_stats->rule1_losses;
        return false;
    }
    const std::uint64_t k = key();
    if (const int hit = m_table->probe(k); hit != TranspositionTable::NONE) {
        ++m_stats->tt_hits;
        return hit != 0;
    }
    Bits moves = open;
    if (threats) {
        ++m_stats->forced_moves;
        moves = threats;
    } else if (m_rules.rules == Rules::rule12) {
        // Rule 2.
        if (mine.has_double_threat()) {
            ++m_stats->rule2_wins;
            return true;
        }
        moves &= theirs.must_play();
        if (!moves) {
            ++m_stats->rule2_losses;
            return false;
        }
    }
    const std::uint64_t before = m_stats->nodes;
    std::array<std::uint8_t, MAX_CELLS> list;
    int count = order_moves(moves, m_rules.order == Order::distance ? mine.threat_cells() : 0, list);
    bool win = false;
    if (m_rules.order == Order::distance && count > 1 && look_ahead(list, count)) win = true;
    for (int j = 0; j < count && !win; ++j) {
        play(list[j]);
        win = !search_rules();
        undo();
        if (m_aborted) return false;
        if (win) reward(list[j]);
    }
    m_table->store(k, win, m_stats->nodes - before);
    return win;
}

template class Engine<Narrow>;
template class Engine<Wide>;

} // namespace cgt::hex
