#pragma once
// Every reply to an opening: the data of a table of winning replies (misere Hex, where the
// second player wins every opening of an odd board, wants all of them, not one).
//
//   Solver solver(5, {Variant::misere, RuleSet::parse("dfpn+rex+dead+pairing+keys"), 0, 16});
//   OpeningReplies a1 = solve_replies(solver, {0, 0});
//   a1.outcome;   // Outcome::loss: blue has a winning reply
//   a1.winning(); // the cells of blue's winning replies, row-major
#include "hex/board/board.hpp"
#include "hex/solver/hints.hpp"
#include "hex/solver/solver.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace cgt::hex {

struct OpeningReplies {
    Cell opening;
    // For the first player (red): loss when some reply wins, win when every reply loses,
    // unknown otherwise (a reply stopped by the node limit, none winning).
    Outcome outcome = Outcome::unknown;
    // Every empty cell after the opening, row-major, with its outcome for the second player
    // (blue) and the nodes of its search.
    std::vector<CellOutcome> replies;
    std::uint64_t nodes = 0; // the replies' nodes
    // The second player's winning replies, row-major.
    [[nodiscard]] std::vector<Cell> winning() const;
};

// Plays `opening` on the empty board and solves each reply with a table cleared before it, so
// that every reply's result and node count are those of a search of that position alone
// (the same whichever replies are solved, in any order or on any rank). A reply that
// connects loses (misere) or wins (normal) with no nodes. The solver's position is the empty
// board afterwards. Throws std::invalid_argument when the opening connects (1x1).
OpeningReplies solve_replies(Solver& solver, Cell opening);

// solve_replies continued after a stop. `done` are the first replies (row-major) an earlier
// call decided, as it decided them; the next reply's search continues the saved states
// `saved` (Solver::load_search; empty: from its start). `after_reply`, if set, is called
// after each reply is decided, with the replies so far. When the solver's pause callback
// stops a reply's search, `stopped` is set and `replies.replies` holds the replies decided
// before it (the outcome unknown). Throws std::invalid_argument when `done` are not the
// first replies of the opening.
struct RepliesRun {
    OpeningReplies replies;
    bool stopped = false;
};
RepliesRun continue_replies(Solver& solver, Cell opening, std::vector<CellOutcome> done,
                            std::span<const std::vector<std::byte>> saved,
                            const std::function<void(const OpeningReplies&)>& after_reply);

} // namespace cgt::hex
