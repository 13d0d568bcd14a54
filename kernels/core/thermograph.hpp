#pragma once
// Temperature theory of short games: thermographs, mean and temperature, cooling.
//
// The thermograph of G draws, for every temperature t >= -1, the left and right stops of G
// cooled by t (G_t: every move taxed t). Its walls are piecewise linear in t with exact
// dyadic breakpoints: the left wall of slope 0 or -1, the right wall of slope 0 or +1; above
// the temperature t(G) both walls are the vertical mast at the mean m(G). They are built by
// the thermographic calculus (Winning Ways ch. 6; Siegel, Combinatorial Game Theory, II.5):
// for an integer n both walls are the mast n; otherwise the left scaffold
// max_{G^L} RW(G^L)(t) - t and the right scaffold min_{G^R} LW(G^R)(t) + t meet first at
// t(G), where they are m(G), and the walls are the scaffolds below that point.
//
// Convention for numbers (Siegel's and CGSuite's): cooling is defined for t >= -1, and a
// number x = m/2^k in lowest terms has temperature -1/2^k (an integer: -1); every game that
// is not a number has temperature >= 0.
//
//   GameStore store;
//   Thermography thermal(store);
//   const GameId g = store.parse("{3|-2}");
//   thermal.mean(g);        // 1/2
//   thermal.temperature(g); // 5/2
//   thermal.cool(g, Dyadic(1)); // {2 | -1}
#include "core/game_store.hpp"
#include "core/piecewise_linear.hpp"

#include <string>
#include <unordered_map>

namespace cgt::core {

struct Thermograph {
    PiecewiseLinear left_wall = PiecewiseLinear::constant(Dyadic());
    PiecewiseLinear right_wall = PiecewiseLinear::constant(Dyadic());
    Dyadic mast;        // the mean m(G)
    Dyadic temperature; // t(G): the mast's foot; both walls are m(G) from here up

    // CGSuite's notation: "Thermograph(m,[c1,c2,...],[s0,s1,...],m,[...],[...])", per wall
    // its critical temperatures from the top down and the slopes from the mast down
    // ({3|-2}: "Thermograph(1/2,[5/2],[0,-1],1/2,[5/2],[0,1])").
    [[nodiscard]] std::string cgsuite_text() const;
    friend bool operator==(const Thermograph&, const Thermograph&) = default;
};

class Thermography {
public:
    // The store must outlive this object; thermographs are remembered per value.
    explicit Thermography(GameStore& store) : m_store(store) {}

    const Thermograph& thermograph(GameId g);
    Dyadic mean(GameId g) { return thermograph(g).mast; }
    Dyadic temperature(GameId g) { return thermograph(g).temperature; }

    // G_t for a dyadic t >= -1 (std::invalid_argument below): {G^L_t - t | G^R_t + t} while
    // t <= t(G), the mean above; integers are never changed. Cooling by t(G) (freeze())
    // leaves a number plus an infinitesimal.
    GameId cool(GameId g, const Dyadic& t);
    GameId freeze(GameId g) { return cool(g, temperature(g)); }

    [[nodiscard]] GameStore& store() const { return m_store; }

private:
    Thermograph compute(GameId g);

    GameStore& m_store;
    std::unordered_map<std::uint64_t, Thermograph> m_memo; // by handle; references stay valid
};

} // namespace cgt::core
