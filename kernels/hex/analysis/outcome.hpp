#pragma once
// What every search of a position reports, and the position analysis below the searches
// (analysis.hpp) already: the outcome for the player to move, and the counts of what was
// done to reach it.
#include <cstdint>

namespace cgt::hex {

// For the player to move; unknown when the node limit stopped the search.
enum class Outcome : std::uint8_t { win, loss, unknown };
constexpr const char* outcome_name(Outcome o) {
    return o == Outcome::win ? "win" : o == Outcome::loss ? "loss" : "unknown";
}
constexpr Outcome negate(Outcome o) {
    return o == Outcome::win ? Outcome::loss : o == Outcome::loss ? Outcome::win : Outcome::unknown;
}

// What a search did, counted over its nodes; each group says which rule sets count it.
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
    // region, as dominated, as vulnerable and by proof sets; cells filled as dead, captured single
    // cells (and the cells of captured regions, RuleSet::regions) and captured pairs.
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

} // namespace cgt::hex
