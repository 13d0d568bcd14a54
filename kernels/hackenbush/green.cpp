#include "hackenbush/green.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <stdexcept>
#include <vector>

namespace cgt::hackenbush {

namespace {

void require_green(const Picture& picture, const char* who) {
    const auto& edges = picture.edges();
    for (std::size_t i = 0; i < edges.size(); ++i)
        if (edges[i].colour != Colour::Green)
            throw std::invalid_argument(std::string(who) + ": edge #" + std::to_string(i) + " " +
                                        std::to_string(edges[i].u) + " " + std::to_string(edges[i].v) + " " +
                                        colour_letter(edges[i].colour) + " is not green");
}

} // namespace

GreenMexSearch::GreenMexSearch(Picture picture)
    : m_picture(std::move(picture)), m_memo(m_picture.edge_count(), UNKNOWN) {
    require_green(m_picture, "green mex search");
}

NimValue GreenMexSearch::value(EdgeMask position) {
    if (position == 0) return 0;
    if (const std::uint8_t known = m_memo.get(position); known != UNKNOWN) return known;
    // Values are below 128, so the values reached fit in two words.
    std::uint64_t reached[2] = {0, 0};
    for (EdgeMask rest = position; rest != 0; rest &= rest - 1) {
        const NimValue after = value(m_picture.cut(position, static_cast<unsigned>(std::countr_zero(rest))));
        reached[after / 64] |= std::uint64_t{1} << (after % 64);
    }
    const NimValue mex = ~reached[0] != 0 ? static_cast<NimValue>(std::countr_one(reached[0]))
                                          : 64 + static_cast<NimValue>(std::countr_one(reached[1]));
    m_memo.set(position, static_cast<std::uint8_t>(mex));
    return mex;
}

NimValue green_nim_value_by_principles(const Picture& picture) {
    require_green(picture, "fusion and colon");
    const auto& edges = picture.edges();
    // Vertices renumbered 0..n-1 in order of appearance, the ground first.
    std::map<std::uint32_t, std::uint32_t> number{{0, 0}};
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ends;
    for (const Edge& e : edges) {
        const auto a = number.try_emplace(e.u, static_cast<std::uint32_t>(number.size())).first->second;
        const auto b = number.try_emplace(e.v, static_cast<std::uint32_t>(number.size())).first->second;
        ends.emplace_back(a, b);
    }
    const std::size_t n = number.size(), m = edges.size();
    struct Arc { std::uint32_t to; std::uint32_t edge; };
    std::vector<std::vector<Arc>> adjacent(n);
    for (std::uint32_t e = 0; e < m; ++e)
        if (ends[e].first != ends[e].second) { // a loop is never a bridge
            adjacent[ends[e].first].push_back({ends[e].second, e});
            adjacent[ends[e].second].push_back({ends[e].first, e});
        }

    // Tarjan: an edge to a child is a bridge iff nothing below the child reaches back above
    // it. Entering by edge id (not by vertex) keeps a parallel edge back to the parent.
    std::vector<std::uint32_t> discovered(n, 0), low(n, 0);
    std::vector<bool> bridge(m, false);
    std::uint32_t clock = 0;
    const auto visit = [&](const auto& self, std::uint32_t x, std::uint32_t via) -> void {
        discovered[x] = low[x] = ++clock;
        for (const Arc& a : adjacent[x]) {
            if (a.edge == via) continue;
            if (discovered[a.to] == 0) {
                self(self, a.to, a.edge);
                low[x] = std::min(low[x], low[a.to]);
                if (low[a.to] > discovered[x]) bridge[a.edge] = true;
            } else {
                low[x] = std::min(low[x], discovered[a.to]);
            }
        }
    };
    visit(visit, 0, static_cast<std::uint32_t>(m));

    // Fusion: the ends of every edge on a cycle become one vertex, the edge a loop there.
    std::vector<std::uint32_t> parent(n);
    for (std::uint32_t x = 0; x < n; ++x) parent[x] = x;
    const auto find = [&](std::uint32_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    };
    for (std::uint32_t e = 0; e < m; ++e)
        if (!bridge[e]) parent[find(ends[e].first)] = find(ends[e].second);
    std::vector<std::uint32_t> loops(n, 0);
    std::vector<std::vector<Arc>> tree(n);
    for (std::uint32_t e = 0; e < m; ++e) {
        const std::uint32_t a = find(ends[e].first), b = find(ends[e].second);
        if (!bridge[e]) {
            ++loops[a];
        } else {
            tree[a].push_back({b, e});
            tree[b].push_back({a, e});
        }
    }

    // Colon: a loop is *1 (an even number cancel); a branch to a child worth *c is worth
    // *(c + 1); the parts at a vertex add (XOR).
    const auto colon = [&](const auto& self, std::uint32_t x, std::uint32_t via) -> NimValue {
        NimValue g = loops[x] & 1u;
        for (const Arc& a : tree[x])
            if (a.edge != via) g ^= self(self, a.to, a.edge) + 1;
        return g;
    };
    return colon(colon, find(0), static_cast<std::uint32_t>(m));
}

} // namespace cgt::hackenbush
