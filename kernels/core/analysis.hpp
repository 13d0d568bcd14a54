#pragma once
// Everything the tools show of one value, gathered in one call: outcome, shape, stops,
// thermograph (mean, temperature), confusion interval, incentives, birthday, atomic weight
// (all-small games), reduced canonical form. Costs grow with the game: the incentives need
// a sum per option, the atomic weight a walk of the positions.
#include "core/incentives.hpp"
#include "core/thermograph.hpp"

#include <optional>

namespace cgt::core {

struct Analysis {
    GameId value;
    Outcome outcome = Outcome::Previous;
    Classification classification;
    Dyadic left_stop, right_stop;
    Thermograph thermograph; // its mast is the mean, its foot the temperature
    ConfusionInterval confusion;
    Incentives incentives;
    std::uint64_t birthday = 0;
    bool all_small = false;
    std::optional<GameId> atomic_weight; // only for all-small games
    GameId reduced;                      // the reduced canonical form
};

Analysis analyse(Thermography& thermal, GameId g);

} // namespace cgt::core
