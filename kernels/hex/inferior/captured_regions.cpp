#include "hex/inferior/captured_regions.hpp"

#include <array>
#include <bit>

namespace cgt::hex {

namespace {
// The local graph: the region's cells (nodes 0..n-1), its terminal cells, then the four
// edges (red top, red bottom, blue left, blue right); at most 64 nodes.
constexpr int MAX_NODES = 64;

std::uint64_t flood_nodes(std::uint64_t seed, std::uint64_t within, const std::uint64_t* adj) {
    std::uint64_t g = seed & within, frontier = g;
    while (frontier) {
        std::uint64_t next = 0;
        for (std::uint64_t f = frontier; f; f &= f - 1)
            next |= adj[std::countr_zero(f)];
        next &= within & ~g;
        g |= next;
        frontier = next;
    }
    return g;
}

// Whether every group of `parts` (node sets) lies inside one component of `within`.
bool parts_joined(const std::vector<std::uint64_t>& parts, std::uint64_t within,
                  const std::uint64_t* adj) {
    for (const std::uint64_t p : parts)
        if ((flood_nodes(p & (~p + 1), within, adj) & p) != p) return false;
    return true;
}

// The parts in `compared` of the components of `within` that hold at least two of them.
void terminal_parts(std::uint64_t within, std::uint64_t compared, const std::uint64_t* adj,
                    std::vector<std::uint64_t>& out) {
    out.clear();
    for (std::uint64_t rest = within; rest;) {
        const std::uint64_t comp = flood_nodes(rest & (~rest + 1), within, adj);
        rest &= ~comp;
        const std::uint64_t t = comp & compared;
        if (std::popcount(t) >= 2) out.push_back(t);
    }
}
} // namespace

template <class Bits> std::size_t CapturedRegions<Bits>::KeyHash::operator()(const Key& k) const {
    const auto mix = [](Bits b) {
        std::uint64_t h = 0;
        for_each_cell(
            b, [&](int i) { h = (h ^ static_cast<std::uint64_t>(i + 1)) * 0x9E3779B97F4A7C15ull; });
        return h;
    };
    return static_cast<std::size_t>(mix(k.region) ^ (mix(k.red) * 3) ^ (mix(k.blue) * 7) ^ k.x);
}

template <class Bits>
bool CapturedRegions<Bits>::captures(Colour x, const Bits* stones, Bits region) const {
    const int n = count_cells(region);
    if (n == 0 || n > MAX_REGION) return false;
    const Bits near = m_geo.dilate(region) & ~region;
    const Key key{region, stones[0] & near, stones[1] & near,
                  static_cast<std::uint8_t>(colour_index(x))};
    if (const auto it = m_cache.find(key); it != m_cache.end()) return it->second;
    const bool out = solve_local(x, stones, region);
    if (m_cache.size() > (1u << 20)) m_cache.clear();
    m_cache.emplace(key, out);
    return out;
}

template <class Bits>
bool CapturedRegions<Bits>::solve_local(Colour x, const Bits* stones, Bits region) const {
    const Geometry<Bits>& g = m_geo;
    std::vector<int> cells;
    for_each_cell(region, [&](int i) { cells.push_back(i); });
    const int n = static_cast<int>(cells.size());
    for_each_cell(g.dilate(region) & ~region, [&](int i) { cells.push_back(i); });
    const int nodes = static_cast<int>(cells.size()) + 4;
    if (nodes > MAX_NODES) return false;
    std::array<std::uint64_t, MAX_NODES> adj{};
    const Colour edge_colour[4] = {Colour::red, Colour::red, Colour::blue, Colour::blue};
    for (int i = 0; i < nodes - 4; ++i) {
        const Bits around = g.neighbours(cells[static_cast<std::size_t>(i)]);
        for (int j = 0; j < nodes - 4; ++j)
            if (around & cell_bit<Bits>(cells[static_cast<std::size_t>(j)]))
                adj[i] |= std::uint64_t{1} << j;
        for (int e = 0; e < 4; ++e)
            if (g.edge(edge_colour[e], e & 1) &
                cell_bit<Bits>(cells[static_cast<std::size_t>(i)])) {
                adj[i] |= std::uint64_t{1} << (nodes - 4 + e);
                adj[nodes - 4 + e] |= std::uint64_t{1} << i;
            }
    }
    const int xi = colour_index(x), oi = 1 - xi;
    std::uint64_t x_fixed = 0, o_fixed = 0, open = 0;
    for (int i = n; i < nodes - 4; ++i) {
        const Bits b = cell_bit<Bits>(cells[static_cast<std::size_t>(i)]);
        const std::uint64_t bit = std::uint64_t{1} << i;
        if (stones[xi] & b)
            x_fixed |= bit;
        else if (stones[oi] & b)
            o_fixed |= bit;
        else
            open |= bit;
    }
    for (int e = 0; e < 4; ++e)
        (edge_colour[e] == x ? x_fixed : o_fixed) |= std::uint64_t{1} << (nodes - 4 + e);
    const int k = std::popcount(open);
    if (k > MAX_TERMINALS) return false;
    const std::uint64_t region_nodes = (std::uint64_t{1} << n) - 1;
    // The terminals a path from outside can reach: the edges and the terminal cells with a
    // neighbour outside the local cells. A closed terminal is passed only between local
    // nodes, so it is coloured in every way but not compared.
    const Bits local = g.dilate(region);
    std::uint64_t compared = 0;
    for (int i = n; i < nodes - 4; ++i)
        if (g.neighbours(cells[static_cast<std::size_t>(i)]) & ~local)
            compared |= std::uint64_t{1} << i;
    for (int e = 0; e < 4; ++e)
        compared |= std::uint64_t{1} << (nodes - 4 + e);
    // Per colouring of the open terminals: X's groups of terminals joined with R all X, and
    // the terminal nodes of each colour.
    struct Colouring {
        std::uint64_t x_nodes, o_nodes;
        std::vector<std::uint64_t> x_parts;
    };
    std::vector<Colouring> colourings;
    std::vector<int> open_nodes;
    for (std::uint64_t o = open; o; o &= o - 1)
        open_nodes.push_back(std::countr_zero(o));
    for (std::uint32_t c = 0; c < (1u << k); ++c) {
        Colouring col{x_fixed, o_fixed, {}};
        for (int j = 0; j < k; ++j)
            (((c >> j) & 1) ? col.x_nodes : col.o_nodes) |=
                std::uint64_t{1} << open_nodes[static_cast<std::size_t>(j)];
        terminal_parts(col.x_nodes | region_nodes, compared, adj.data(), col.x_parts);
        colourings.push_back(std::move(col));
    }
    // Whether a full region (xs: X's cells, the others O's) is at least R all X.
    std::vector<std::int8_t> final_memo(std::size_t{1} << n, -1);
    std::vector<std::uint64_t> o_parts;
    const auto good_final = [&](std::uint64_t xs) {
        std::int8_t& m = final_memo[xs];
        if (m >= 0) return m == 1;
        const std::uint64_t os = region_nodes & ~xs;
        bool ok = true;
        for (const Colouring& col : colourings) {
            if (!parts_joined(col.x_parts, col.x_nodes | xs, adj.data())) {
                ok = false;
                break;
            }
            terminal_parts(col.o_nodes | os, compared, adj.data(), o_parts);
            if (!parts_joined(o_parts, col.o_nodes, adj.data())) {
                ok = false;
                break;
            }
        }
        m = ok ? 1 : 0;
        return ok;
    };
    // The game: O moves in R, X answers in R, until R is full. memo[turn][xs][os].
    const std::size_t side = std::size_t{1} << n;
    std::vector<std::int8_t> memo(2 * side * side, -1);
    const auto at = [&](int turn, std::uint64_t xs, std::uint64_t os) -> std::int8_t& {
        return memo[(static_cast<std::size_t>(turn) * side + xs) * side + os];
    };
    const auto play = [&](auto&& self, int turn, std::uint64_t xs, std::uint64_t os) -> bool {
        const std::uint64_t empty = region_nodes & ~(xs | os);
        if (!empty) return good_final(xs);
        std::int8_t& m = at(turn, xs, os);
        if (m >= 0) return m == 1;
        bool out;
        if (turn == 0) { // O to move: every move must be answered
            out = true;
            for (std::uint64_t e = empty; e && out; e &= e - 1)
                out = self(self, 1, xs, os | (e & (~e + 1)));
        } else { // X to answer: some answer must hold
            out = false;
            for (std::uint64_t e = empty; e && !out; e &= e - 1)
                out = self(self, 0, xs | (e & (~e + 1)), os);
        }
        m = out ? 1 : 0;
        return out;
    };
    return play(play, 0, 0, 0);
}

template class CapturedRegions<Narrow>;
template class CapturedRegions<Wide>;

} // namespace cgt::hex
