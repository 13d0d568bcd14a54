#pragma once
// The article's families of graphs, which fix its counts: the ground 0 and vertices 1..V;
// an edge kind is an unordered pair {u, v}, u <= v (loops allowed, also at the ground), with
// a colour from the family's colours; a graph is a multiset of 1..E edges (parallel edges
// allowed) in which every edge is connected to the ground. On the ground and 3 vertices
// there are 61,741 green graphs of 1..9 edges and 1,178,816 three-colour ones of 1..6.
//
// The multisets of e edges are numbered 0 .. multisets(e) - 1 in lexicographic order of
// their kind sequences k1 <= k2 <= ... <= ke, kinds ordered by (u, v, colour in the order
// given), so a job can split them into ranges and start anywhere (unrank) and walk on
// (next). Most multisets are not connected to the ground; grounded() tells cheaply.
#include "hackenbush/picture.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cgt::hackenbush {

using EdgeKind = std::uint16_t;

class GraphFamily {
public:
    // Vertex sets are 64-bit masks (the ground and up to 63 vertices).
    static constexpr unsigned MAX_VERTICES = 63;

    // std::invalid_argument if vertices is not 1..63, colours is not a non-empty set of
    // B, R, G, max_edges is not 1..64 (a picture's edge masks hold 64 edges), or the number
    // of multisets of 1..max_edges edges exceeds 2^64 - 1; each message names the fault.
    GraphFamily(unsigned vertices, std::string_view colours, unsigned max_edges);

    [[nodiscard]] unsigned vertices() const { return m_vertices; }
    [[nodiscard]] const std::string& colours() const { return m_colours; }
    [[nodiscard]] unsigned max_edges() const { return m_max_edges; }
    // The edge kinds in their order.
    [[nodiscard]] const std::vector<Edge>& kinds() const { return m_kinds; }

    // Multisets of `edges` kinds, C(K + edges - 1, edges) (connected or not); 0 for an
    // edge count outside 1..max_edges.
    [[nodiscard]] std::uint64_t multisets(unsigned edges) const;
    // Multisets of 1..max_edges edges.
    [[nodiscard]] std::uint64_t total_multisets() const;

    // The multiset of `edges` kinds with number `rank` (< multisets(edges)).
    [[nodiscard]] std::vector<EdgeKind> unrank(unsigned edges, std::uint64_t rank) const;
    // Steps to the next multiset of the same size; false (and `multiset` undefined) after
    // the last.
    bool next(std::vector<EdgeKind>& multiset) const;

    // Whether every edge of the multiset is connected to the ground.
    [[nodiscard]] bool grounded(std::span<const EdgeKind> multiset) const;
    // The picture of a grounded multiset (edges in multiset order).
    [[nodiscard]] Picture picture(std::span<const EdgeKind> multiset) const;
    // "0-1B 1-1G": the edges "u-v" and colour letter, blank-separated, in multiset order.
    [[nodiscard]] std::string text(std::span<const EdgeKind> multiset) const;

private:
    unsigned m_vertices;
    std::string m_colours;
    unsigned m_max_edges;
    std::vector<Edge> m_kinds;
    std::vector<std::uint64_t> m_vertex_masks; // per kind: its end vertices as a bit mask
};

// The picture of a graph written as GraphFamily::text() writes it ("0-1B 1-1G"; edges in
// the order written). std::invalid_argument names a bad edge.
Picture picture_from_graph_text(std::string_view text);

// C(n, k), or nothing if it exceeds 2^64 - 1.
std::optional<std::uint64_t> binomial(std::uint64_t n, std::uint64_t k);

} // namespace cgt::hackenbush
