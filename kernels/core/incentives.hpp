#pragma once
// What a move is worth and which numbers a game is confused with.
//
//   incentives(G)          Left's incentives G^L - G and Right's G - G^R over the canonical
//                          options, each side without repeats, in canonical order (Winning
//                          Ways ch. 6; Siegel, Combinatorial Game Theory, II.5);
//   confusion_interval(G)  the numbers x with G || x: from R(G) to L(G), each end included
//                          exactly when G is confused with it (empty for a number, and for
//                          an infinitesimal other than one confused with 0).
#include "core/game_store.hpp"

#include <string>
#include <vector>

namespace cgt::core {

struct Incentives {
    std::vector<GameId> left, right;
};
Incentives incentives(GameStore& store, GameId g);

struct ConfusionInterval {
    bool empty = true;
    Dyadic low, high;
    bool low_closed = false, high_closed = false;
    // "[-1, 1]", "(0, 1]", "[0]" (the single number 0), "empty".
    [[nodiscard]] std::string text() const;
};
ConfusionInterval confusion_interval(GameStore& store, GameId g);

} // namespace cgt::core
