#pragma once
// The search: depth-first win/loss proof with a transposition table, over one word type.
// solver.hpp is the interface; this header is for the solver and for code that extends the
// search (rules, move orders), not for callers.
#include "hex/board.hpp"
#include "hex/geometry.hpp"
#include "hex/move_order.hpp"
#include "hex/rule_set.hpp"
#include "hex/side.hpp"
#include "hex/threats.hpp"
#include "hex/transposition_table.hpp"
#include "hex/zobrist.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace cgt::hex {

struct SearchStats {
    std::uint64_t nodes = 0; // calls of the search, the root and table hits included
    // Positions found in the table: at a call of the search, or (vc rule sets) when the
    // moves of a position are looked up before searching any.
    std::uint64_t tt_hits = 0;
    // What the rules decided: nodes lost to two opponent completing cells (rule 1), nodes with
    // one forced move (rule 1), nodes won by a double threat (rule 2), nodes lost because the
    // opponent's double threats cannot all be stopped (rule 2).
    std::uint64_t rule1_losses = 0;
    std::uint64_t forced_moves = 0;
    std::uint64_t rule2_wins = 0;
    std::uint64_t rule2_losses = 0;
    // The vc rule sets (vc_search.hpp). Positions analysed (fill-in, H-search, must-play:
    // each new position once, then kept in the table), decided by fill-in connecting a
    // player, by the mover's edge-to-edge connection, by the opponent's full one, or by the
    // opponent's semi connections having no common cell; moves cut as outside the must-play
    // region, as dominated, as vulnerable and by proof sets; cells filled as dead, captured single cells
    // and captured pairs.
    std::uint64_t expansions = 0;
    std::uint64_t fill_decided = 0;
    std::uint64_t vc_wins = 0;
    std::uint64_t vc_losses = 0;
    std::uint64_t mustplay_losses = 0;
    std::uint64_t mustplay_cut = 0;
    std::uint64_t dominated_cut = 0;
    std::uint64_t vulnerable_cut = 0;
    std::uint64_t proof_cut = 0;
    std::uint64_t filled_dead = 0;
    std::uint64_t filled_captured = 0;
    std::uint64_t filled_pairs = 0;
    // Search quality: over the positions the proof-number search proved won, the position
    // of the winning move in the move order (0: the first), summed; and the moves left to
    // try, summed over the positions analysed and not decided.
    std::uint64_t won = 0;
    std::uint64_t winning_index_sum = 0;
    std::uint64_t moves_sum = 0;
};

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
