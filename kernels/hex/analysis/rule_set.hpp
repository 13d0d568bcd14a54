#pragma once
// What a search is asked to do: normal or misere Hex, which pruning rules apply (the
// article's rules 1 and 2, or virtual connections with inferior cells and proof sets), how
// the tree is searched and in which order moves are tried. Names as they appear in options
// and result files ("rule1+2+distance", "dfpn+vc+inferior+proof", "misere"). The outcome a
// search reports is in outcome.hpp.
#include <cstdint>
#include <string>
#include <string_view>

namespace cgt::hex {

// Which pruning rules the search applies: the article's rule sets, or virtual connections.
enum class Rules : std::uint8_t {
    plain,  // every empty cell, a connecting move wins
    rule1,  // own completing cell: win; two of the opponent's: loss; one: the only move
    rule12, // rule 1, then: own double threat: win; else only the intersection of the
            // carriers of the opponent's double threats
    vc,     // H-search (vc.hpp): own connection between the edges (full, or semi with the
            // mover to play its key): win; the opponent's full one: loss; else only the
            // intersection of the carriers of the opponent's semi connections
    rex,    // misere Hex only: the misere analysis of misere_analysis.hpp, each of its rules
            // switched on by a flag below (dead, captured, pairing, keys, killers, blockers,
            // mirror, rotation)
};

// How the tree is searched (the vc rules only; the article's rules are depth-first).
enum class Search : std::uint8_t {
    depth_first, // win/loss depth-first search with the transposition table
    dfpn,        // depth-first proof-number search (Nagai), with the 1 + epsilon trick
};

// The order in which the search tries moves.
enum class Order : std::uint8_t {
    centre,   // the article's: by hex distance from the centre, ties by index
    history,  // cells that refuted before first (2^(empty cells) per refutation), then centre
    distance, // threat cells, then the mover's shortest chains (move_order.hpp), then centre;
              // and every child is looked up in the table before any is searched (for the
              // vc rules: both players' shortest chains through the cell)
    resistance, // the vc and rex rules only: most current in both players' circuits first
                // (resistance.hpp), as Benzene orders its proof-number search
};

// A rule set with its move order. The vc rules may add inferior-cell analysis (fill-in of
// dead and captured cells, dominated moves dropped: inferior.hpp), with it induced
// domination (a move that the fill-in after another move takes) and vulnerable moves (a
// move the opponent's reply kills) dropped, captured regions filled (a small carrier of a
// full connection between a group and its edge that a proven local game captures:
// captured_regions.hpp), proof-set pruning (a move outside the proof
// that a sibling loses loses too) and proof-number search.
struct RuleSet {
    Rules rules = Rules::rule12;
    Order order = Order::centre;
    bool inferior = false;
    bool proof = false;
    Search search = Search::depth_first;
    // The connections of vc_strong.hpp (no carrier limits, OR over any number of semis)
    // instead of H-search with limits (vc.hpp).
    bool stronger = false;
    // Ladder connections to the edges (edge_templates.hpp) added to either builder.
    bool templates = false;
    // Two-stone templates of row 4 (edge_templates.hpp) added to either builder.
    bool row4 = false;
    // The templates' semi connections too (a template whose helper cell is empty: the
    // player who plays it holds the template; EdgeTemplates::for_each_semi), with
    // templates or row4 only.
    bool semis = false;
    // Ladder connections between two cells along an edge (edge_ladders.hpp) added to either
    // builder.
    bool ladders = false;
    // The stronger builder's AND through an empty cell with the cell's key pair
    // (vc_strong.hpp), with stronger only.
    bool keypair = false;
    bool induced = false;    // with inferior only
    bool vulnerable = false; // with inferior only
    bool regions = false;    // with inferior only
    // The table is keyed by the stones played, not by the stones with the fill-in of the
    // positions above (vc_search.hpp): positions reached by different move orders meet.
    bool transpose = false;
    // The rex rules (misere_analysis.hpp): dead cells filled in pairs, the last one the only
    // move; captured pairs filled; pairing connections deciding by the parity of the empty
    // cells, and with keys the moves that make the mover's own connection cut; a move that
    // kills another dominated by it; colour-symmetric positions decided by parity; one move
    // of each pair a 180-degree rotation maps to each other; a move where the other player's
    // stone would kill another dominated by it (blockers). With transpose as for vc.
    bool dead = false;
    bool captured = false;
    bool pairing = false;
    bool keys = false; // with pairing only
    bool killers = false;
    bool blockers = false;
    bool mirror = false;
    bool rotation = false;
    // "plain", "rule1", "rule1+2", "vc" or "rex"; before vc or rex "dfpn+"; after rex "+dead",
    // "+captured", "+pairing", "+keys", "+killers", "+blockers", "+mirror" and "+rotation"; after vc
    // "+stronger", "+templates", "+row4", "+semis", "+ladders",
    // "+keypair", "+inferior", "+induced", "+vulnerable",
    // "+regions", "+proof" and "+transpose"; last "+history", "+distance" or "+resistance"
    // for those orders
    // ("dfpn+vc+stronger+templates+row4+semis+ladders+keypair+inferior+induced+vulnerable+regions+proof+transpose+
    // resistance").
    [[nodiscard]] std::string name() const;
    // Reads what name() writes, the parts in any order; also "1", "1+2", "2" (= 1+2), "+h",
    // "+d" and "+r". Throws std::invalid_argument naming what is wrong and the accepted names.
    static RuleSet parse(std::string_view text);
    // Whether positions are searched by the analysing search (vc_search.hpp): vc and rex.
    [[nodiscard]] bool analysed() const { return rules == Rules::vc || rules == Rules::rex; }
    friend bool operator==(const RuleSet&, const RuleSet&) = default;
};

// Normal Hex (connecting wins) or misere Hex (connecting loses).
enum class Variant : std::uint8_t { normal, misere };
const char* variant_name(Variant v);
Variant parse_variant(std::string_view text);

} // namespace cgt::hex
