#pragma once
// The infinitesimal structure of a value: all-small games and their atomic weights, and the
// reduced canonical form (the value modulo infinitesimals).
//
//   is_all_small(G)            every follower of G's canonical form is 0 or has options for
//                              both players (Winning Ways ch. 8; Siegel, Combinatorial Game
//                              Theory, II.7);
//   atomic_weight(G)           the game W with G ~ W.up, by the atomic weight calculus:
//                              aw(x.up + *m) = x; otherwise G0 = {aw(G^L) - 2 | aw(G^R) + 2},
//                              and when G0 is an integer and G is not confused with a remote
//                              star *N, the eccentric cases: G < *N gives the least integer
//                              n with n |> every aw(G^L) - 2, G > *N the greatest n with
//                              n <| every aw(G^R) + 2. std::invalid_argument for a game that
//                              is not all-small;
//   reduced_canonical_form(G)  the simplest game infinitesimally close to G (G - rcf(G) is
//                              infinitesimal): the number x for x + an infinitesimal of the
//                              form n.up + *m, otherwise the heat of G by * with every x*
//                              follower replaced by x (Grossman and Siegel's reduction;
//                              Siegel, CGT, II.6).
#include "core/game_store.hpp"

namespace cgt::core {

bool is_all_small(GameStore& store, GameId g);
GameId atomic_weight(GameStore& store, GameId g);
GameId reduced_canonical_form(GameStore& store, GameId g);

} // namespace cgt::core
