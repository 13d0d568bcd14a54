#pragma once
// What the literature proves about the openings of misere Hex (Rex) on the n x n board, as
// checks of a table of openings and their replies (replies.hpp). Red opens and joins rows 0
// and n-1; cells are (row, col).
//
//   parity      the first player wins when n is even and loses when n is odd (Winder, reported
//               by Gardner; Lagarias and Sleator, "Who wins misere Hex?", 1999: the loser can
//               make the game last until the board is full): on odd n every opening loses,
//               i.e. the second player has a winning reply to every opening (Hayward, Toft
//               and Henderson, "How to play Reverse Hex", Discrete Mathematics 312, 2012);
//   acute       on even n the acute corner (0, 0) wins (Evans, 1974);
//   beside      on even n >= 4 so does the cell beside it on the first player's edge, (0, 1)
//               (Hayward, Toft and Henderson 2012);
//   rotation    the 180-degree rotation maps the game onto itself: an opening and its
//               rotation have the same result and rotated winning replies;
//   replies     an opening loses exactly when some reply wins, and wins when every reply
//               loses (negamax over the replies).
// The 180-degree pairs (r, c), (n-1-r, n-1-c) of the acute corner and the cell beside it are
// checked as well. Openings or replies with an unknown outcome are checked only where known.
#include "hex/solver/replies.hpp"

#include <string>
#include <vector>

namespace cgt::hex {

// One line per violated statement, naming it (the words above) and the opening, e.g.
// "parity: 5x5 opening a1 wins, but the first player loses on odd boards"; empty when the
// table agrees with every statement. Throws std::invalid_argument for an opening off the
// n x n board or given twice.
std::vector<std::string> misere_theorem_violations(int size,
                                                   const std::vector<OpeningReplies>& rows);

} // namespace cgt::hex
