#pragma once
// The search: depth-first win/loss proof with a transposition table, over one word type.
// solver.hpp is the interface; this header is for the solver and for code that extends the
// search (rules, move orders), not for callers.
#include "hex/analysis/move_order.hpp"
#include "hex/analysis/outcome.hpp"
#include "hex/analysis/rule_set.hpp"
#include "hex/board/board.hpp"
#include "hex/board/geometry.hpp"
#include "hex/board/side.hpp"
#include "hex/board/zobrist.hpp"
#include "hex/connections/threats.hpp"
#include "hex/search/transposition_table.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace cgt::hex {

// The position being searched, with one frame per stone played so that undo is a pop.
template <class Bits> class Engine {
public:
    Engine(Shape shape, TranspositionTable& table);
    Engine(int size, TranspositionTable& table) : Engine(Shape::square(size), table) {}

    [[nodiscard]] const Geometry<Bits>& geometry() const { return m_geo; }
    void load(const Board& board);
    [[nodiscard]] Board board() const;
    [[nodiscard]] Colour to_move() const { return m_to_move; }
    [[nodiscard]] Bits empty() const { return m_geo.all() & ~(side(Colour::red).stones | side(Colour::blue).stones); }
    [[nodiscard]] const Side<Bits>& side(Colour c) const {
        const int i = colour_index(c);
        return m_sides[i][m_side_top[i]];
    }
    [[nodiscard]] int stones_played() const { return m_top; }

    // Plays for the player to move (the cell must be empty); undo() takes it back.
    void play(int index);
    void undo();

    // Proves the position for the player to move, within node_limit nodes (0: no limit).
    // The position is the same afterwards, also when the limit stopped the search.
    Outcome solve(Variant variant, RuleSet rules, std::uint64_t node_limit, SearchStats& stats);

private:
    struct Keys {
        std::uint64_t board = 0;   // Zobrist key of the stones
        std::uint64_t rotated = 0; // of the stones turned by 180 degrees
    };
    [[nodiscard]] std::uint64_t key() const {
        return ZobristKeys::position_key(m_keys_stack[m_top].board, m_keys_stack[m_top].rotated, m_to_move) ^ m_key_salt;
    }
    [[nodiscard]] bool out_of_nodes() {
        ++m_stats->nodes;
        if (m_node_limit != 0 && m_stats->nodes > m_node_limit) m_aborted = true;
        return m_aborted;
    }
    // The moves in search order; returns their number. `threat_cells` (distance order only)
    // are the cells that give the mover a completing cell.
    int order_moves(Bits moves, Bits threat_cells, std::array<std::uint8_t, MAX_CELLS>& list) const;
    // Distance order: looks every move up in the table. Returns 1 if one of them is known to
    // win, else 0 after removing the moves known to lose from the list.
    int look_ahead(std::array<std::uint8_t, MAX_CELLS>& list, int& count);
    void reward(int index);

    // Each returns whether the player to move wins; meaningless once m_aborted is set.
    template <bool MISERE> bool search_plain();
    bool search_rules();

    Geometry<Bits> m_geo;
    ZobristKeys m_keys;
    TranspositionTable* m_table;
    // One entry per stone played since load(): undo is a pop. A colour's side changes only
    // when it plays, so each colour has its own stack, indexed by its stones played.
    std::vector<Keys> m_keys_stack;
    std::vector<Side<Bits>> m_sides[2];
    int m_side_top[2] = {0, 0};
    int m_top = 0;
    Colour m_to_move = Colour::red;
    RuleSet m_rules;
    std::uint64_t m_key_salt = 0; // ZOBRIST_MISERE in misere searches
    std::uint64_t m_node_limit = 0;
    bool m_aborted = false;
    SearchStats* m_stats = nullptr;
    std::array<std::uint64_t, MAX_CELLS> m_history{};
};

extern template class Engine<Narrow>;
extern template class Engine<Wide>;

} // namespace cgt::hex
