#pragma once
// The search: depth-first win/loss proof with a transposition table, over one word type.
// solver.hpp is the interface; this header is for the solver and for code that extends the
// search (rules, move orders), not for callers.
#include "hex/board.hpp"
#include "hex/geometry.hpp"
#include "hex/move_order.hpp"
#include "hex/side.hpp"
#include "hex/threats.hpp"
#include "hex/transposition_table.hpp"
#include "hex/zobrist.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cgt::hex {

// Which pruning rules the search applies (the article's rule sets).
enum class Rules : std::uint8_t {
    plain,  // every empty cell, a connecting move wins
    rule1,  // own completing cell: win; two of the opponent's: loss; one: the only move
    rule12, // rule 1, then: own double threat: win; else only the intersection of the
            // carriers of the opponent's double threats
};

// The order in which the search tries moves.
enum class Order : std::uint8_t {
    centre,   // the article's: by hex distance from the centre, ties by index
    history,  // cells that refuted before first (2^(empty cells) per refutation), then centre
    distance, // threat cells, then the mover's shortest chains (move_order.hpp), then centre;
              // and every child is looked up in the table before any is searched
};

// A rule set with its move order.
struct RuleSet {
    Rules rules = Rules::rule12;
    Order order = Order::centre;
    // "plain", "rule1", "rule1+2", with "+history" or "+distance" for those orders.
    [[nodiscard]] std::string name() const;
    // Reads what name() writes; also "1", "1+2", "2" (= 1+2), "+h" and "+d". Throws
    // std::invalid_argument listing the accepted names.
    static RuleSet parse(std::string_view text);
    friend bool operator==(const RuleSet&, const RuleSet&) = default;
};

// Normal Hex (connecting wins) or misere Hex (connecting loses).
enum class Variant : std::uint8_t { normal, misere };
const char* variant_name(Variant v);
Variant parse_variant(std::string_view text);

// For the player to move; unknown when the node limit stopped the search.
enum class Outcome : std::uint8_t { win, loss, unknown };
const char* outcome_name(Outcome o);
constexpr Outcome negate(Outcome o) {
    return o == Outcome::win ? Outcome::loss : o == Outcome::loss ? Outcome::win : Outcome::unknown;
}

struct SearchStats {
    std::uint64_t nodes = 0; // calls of the search, the root and table hits included
    std::uint64_t tt_hits = 0;
    // What the rules decided: nodes lost to two opponent completing cells (rule 1), nodes with
    // one forced move (rule 1), nodes won by a double threat (rule 2), nodes lost because the
    // opponent's double threats cannot all be stopped (rule 2).
    std::uint64_t rule1_losses = 0;
    std::uint64_t forced_moves = 0;
    std::uint64_t rule2_wins = 0;
    std::uint64_t rule2_losses = 0;
};

// The position being searched, with one frame per stone played so that undo is a pop.
template <class Bits> class Engine {
public:
    Engine(int size, TranspositionTable& table);

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
        return ZobristKeys::position_key(m_keys_stack[m_top].board, m_keys_stack[m_top].rotated, m_to_move);
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
    std::uint64_t m_node_limit = 0;
    bool m_aborted = false;
    SearchStats* m_stats = nullptr;
    std::array<std::uint64_t, MAX_CELLS> m_history{};
};

extern template class Engine<Narrow>;
extern template class Engine<Wide>;

} // namespace cgt::hex
