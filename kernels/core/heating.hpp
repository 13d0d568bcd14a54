#pragma once
// Heating and overheating, the inverses (in part) of cooling, and multiples of a game.
//
//   heat(store, G, t)        = the integral of G by t: G for a number G, otherwise
//                              {heat(G^L) + t | heat(G^R) - t} (Winning Ways ch. 6;
//                              Siegel, Combinatorial Game Theory, II.5);
//   overheat(store, G, s, t) = Berlekamp's overheating of G from s to t: n copies of s for
//                              an integer n, otherwise {overheat(G^L) + t | overheat(G^R) - t}
//                              (Winning Ways ch. 6, Blockbusting; Berlekamp, The Dots and
//                              Boxes Game);
//   multiple(store, G, n)    = G + G + ... + G (n copies; -n copies of -G for n < 0).
//
// All act on canonical forms (the usual convention, and CGSuite's): heating depends on the
// form of G, not only on its value. t and s may be any games.
#include "core/game_store.hpp"

#include <cstdint>

namespace cgt::core {

GameId heat(GameStore& store, GameId g, GameId t);
GameId overheat(GameStore& store, GameId g, GameId s, GameId t);
GameId multiple(GameStore& store, GameId g, std::int64_t n);

} // namespace cgt::core
