#pragma once
// The electrical-resistance evaluation of Hex (Anshelevich; van Rijswijck's Queenbee;
// Benzene's Resistance), used to order moves. For one colour the board is a circuit: the
// nodes are its edges, its groups and the empty cells, joined wherever H-search found a
// full connection (neighbours included), with conductance 1 between two empty cells, 2
// between a stone and an empty cell and 10 between two stones' groups; a unit current
// enters at the first edge and leaves at the second. A cell's energy is the current
// through it. Cells with much current in both players' circuits matter to both: the move
// order tries them first.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"
#include "hex/connections/vc.hpp"
#include "hex/connections/vc_strong.hpp"

#include <vector>

namespace cgt::hex {

template <class Bits> class Resistance {
public:
    explicit Resistance(const Geometry<Bits>& g) : m_geo(g) {}

    // Adds to energy[i] the current through each empty cell i in the colour's circuit;
    // `vc` (a VcBuilder or StrongVcBuilder) holds the colour's connections with stones `own`
    // and empty cells `empty`.
    template <class Builder> void add_energy(Bits own, Bits empty, const Builder& vc, double* energy);

private:
    Geometry<Bits> m_geo;
    std::vector<double> m_matrix; // reused between calls
};

extern template class Resistance<Narrow>;
extern template class Resistance<Wide>;

} // namespace cgt::hex
