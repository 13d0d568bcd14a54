#pragma once
// Captured regions proven by a local game (RuleSet::regions): a set R of empty cells is
// captured by colour X when X, answering inside R every move the opponent O makes there,
// can always end with R filled so that the position is at least as good for X as with R all
// X's, whatever the rest of the board holds. Then filling R with X keeps the value of the
// position (X plays its strategy for the filled position outside R and answers inside R; a
// stone X has to play in R when nothing else is left only helps, Hex being monotone).
//
// "At least as good whatever the rest holds" is checked on the region's surroundings: the
// terminals are the cells next to R (stones or empty) and the edges touching R or them. For
// each colouring of the empty terminals, every two terminals of X joined through R all X
// (and through the terminals themselves) must be joined through the filled R, and every two
// terminals of O joined through O's stones in the filled R must be joined without R. A path
// of either colour across the board passes R only between terminals, so X's connections
// with the filled R contain those with R all X, and O's are contained in those without R.
//
// The local game is searched exhaustively (O first, X answering, until R is full), with its
// results kept in a cache keyed by the region and its terminals' stones: a pure function of
// them, so the cache never changes a result.
//
// Monotone: more stones on the terminals (of either colour) leave fewer colourings to check,
// and cells farther away are not looked at, so a region captured in a position stays
// captured in every position with more stones outside it (what the solver's proof sets
// need, as the fill of inferior.hpp).
//
// Which regions to try is the caller's choice (analysis.hpp: the small carriers of the full
// connections between a free group and its colour's edges, the ziggurat behind a stone on
// the third row among them); any region may be asked, the answer is proven either way.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace cgt::hex {

template <class Bits> class CapturedRegions {
  public:
    // The largest regions tested: empty cells of the region, and empty cells around it (the
    // local game has 3^MAX_REGION positions, each final one checked for 2^MAX_TERMINALS
    // colourings).
    static constexpr int MAX_REGION = 8;
    static constexpr int MAX_TERMINALS = 8;

    explicit CapturedRegions(const Geometry<Bits>& g) : m_geo(g) {}

    // Whether `x` captures the empty cells `region` (stones[0] red, stones[1] blue); false for
    // an empty region or one larger than MAX_REGION cells or MAX_TERMINALS empty terminals.
    // The answer for a region is kept (a cache of up to 2^20 regions, then cleared).
    [[nodiscard]] bool captures(Colour x, const Bits* stones, Bits region) const;

  private:
    struct Key {
        Bits region, red, blue;
        std::uint8_t x;
        friend bool operator==(const Key&, const Key&) = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const;
    };
    [[nodiscard]] bool solve_local(Colour x, const Bits* stones, Bits region) const;

    Geometry<Bits> m_geo;
    mutable std::unordered_map<Key, bool, KeyHash> m_cache;
};

extern template class CapturedRegions<Narrow>;
extern template class CapturedRegions<Wide>;

} // namespace cgt::hex
