#include "hackenbush/graphs.hpp"

#include <stdexcept>

namespace cgt::hackenbush {

std::optional<std::uint64_t> binomial(std::uint64_t n, std::uint64_t k) {
    if (k > n) return 0;
    if (k > n - k) k = n - k;
    // r = C(n - k + i, i) after step i; each step's product is below 2^128.
    __extension__ using U128 = unsigned __int128;
    U128 r = 1;
    for (std::uint64_t i = 1; i <= k; ++i) {
        r = r * (n - k + i) / i;
        if (r > ~std::uint64_t{0}) return std::nullopt;
    }
    return static_cast<std::uint64_t>(r);
}

GraphFamily::GraphFamily(unsigned vertices, std::string_view colours, unsigned max_edges)
    : m_vertices(vertices), m_colours(colours), m_max_edges(max_edges) {
    if (vertices < 1 || vertices > MAX_VERTICES)
        throw std::invalid_argument("vertices must be 1.." + std::to_string(MAX_VERTICES) +
                                    " (vertex sets are 64-bit masks with the ground), got " +
                                    std::to_string(vertices));
    if (colours.empty()) throw std::invalid_argument("colours must name at least one of B, R, G");
    for (std::size_t i = 0; i < colours.size(); ++i)
        if ((colours[i] != 'B' && colours[i] != 'R' && colours[i] != 'G') || colours.find(colours[i]) != i)
            throw std::invalid_argument("colours must be distinct letters B, R, G, got '" + std::string(colours) + "'");
    if (max_edges < 1 || max_edges > Picture::MAX_EDGES)
        throw std::invalid_argument("edges must be 1..64 (positions are 64-bit edge masks), got " +
                                    std::to_string(max_edges));
    for (std::uint32_t u = 0; u <= vertices; ++u)
        for (std::uint32_t v = u; v <= vertices; ++v)
            for (char c : colours) {
                const Colour colour = c == 'B' ? Colour::Blue : c == 'R' ? Colour::Red : Colour::Green;
                m_kinds.push_back({u, v, colour, 0});
                m_vertex_masks.push_back((std::uint64_t{1} << u) | (std::uint64_t{1} << v));
            }
    const std::uint64_t k = m_kinds.size();
    std::uint64_t total = 0;
    for (unsigned e = 1; e <= max_edges; ++e) {
        const auto n = binomial(k + e - 1, e);
        if (!n || *n > ~std::uint64_t{0} - total)
            throw std::invalid_argument(std::to_string(vertices) + " vertices with colours " + m_colours + " and 1.." +
                                        std::to_string(max_edges) + " edges give more than 2^64 - 1 multisets of " +
                                        std::to_string(k) + " edge kinds");
        total += *n;
    }
}

std::uint64_t GraphFamily::multisets(unsigned edges) const {
    if (edges < 1 || edges > m_max_edges) return 0;
    return *binomial(m_kinds.size() + edges - 1, edges);
}

std::uint64_t GraphFamily::total_multisets() const {
    std::uint64_t total = 0;
    for (unsigned e = 1; e <= m_max_edges; ++e) total += multisets(e);
    return total;
}

std::vector<EdgeKind> GraphFamily::unrank(unsigned edges, std::uint64_t rank) const {
    if (rank >= multisets(edges))
        throw std::invalid_argument("unrank: no multiset " + std::to_string(rank) + " of " + std::to_string(edges) +
                                    " edges");
    const std::uint64_t k = m_kinds.size();
    std::vector<EdgeKind> out;
    std::uint64_t low = 0;
    for (unsigned pos = 0; pos < edges; ++pos) {
        const std::uint64_t rest = edges - pos - 1; // kinds still to choose after this one
        for (std::uint64_t v = low;; ++v) {
            // Multisets whose next kind is v: the rest choose from v .. k-1.
            const std::uint64_t with_v = *binomial(k - v + rest - 1, rest);
            if (rank < with_v) {
                out.push_back(static_cast<EdgeKind>(v));
                low = v;
                break;
            }
            rank -= with_v;
        }
    }
    return out;
}

bool GraphFamily::next(std::vector<EdgeKind>& multiset) const {
    const auto last = static_cast<EdgeKind>(m_kinds.size() - 1);
    std::size_t i = multiset.size();
    while (i > 0 && multiset[i - 1] == last) --i;
    if (i == 0) return false;
    const EdgeKind v = ++multiset[i - 1];
    for (std::size_t j = i; j < multiset.size(); ++j) multiset[j] = v;
    return true;
}

bool GraphFamily::grounded(std::span<const EdgeKind> multiset) const {
    // Grow the set of vertices reached from the ground until no edge adds one; then every
    // edge must have its ends in it.
    std::uint64_t reached = 1;
    for (bool grew = true; grew;) {
        grew = false;
        for (EdgeKind kind : multiset) {
            const std::uint64_t ends = m_vertex_masks[kind];
            if ((ends & reached) != 0 && (ends & ~reached) != 0) {
                reached |= ends;
                grew = true;
            }
        }
    }
    for (EdgeKind kind : multiset)
        if ((m_vertex_masks[kind] & ~reached) != 0) return false;
    return true;
}

Picture GraphFamily::picture(std::span<const EdgeKind> multiset) const {
    std::vector<Edge> edges;
    edges.reserve(multiset.size());
    for (EdgeKind kind : multiset) edges.push_back(m_kinds.at(kind));
    return Picture(std::move(edges));
}

std::string GraphFamily::text(std::span<const EdgeKind> multiset) const {
    std::string s;
    for (EdgeKind kind : multiset) {
        const Edge& e = m_kinds.at(kind);
        if (!s.empty()) s += ' ';
        s += std::to_string(e.u) + '-' + std::to_string(e.v) + colour_letter(e.colour);
    }
    return s;
}

Picture picture_from_graph_text(std::string_view text) {
    std::string lines;
    for (std::size_t pos = 0; pos < text.size();) {
        if (text[pos] == ' ') {
            ++pos;
            continue;
        }
        const std::size_t stop = std::min(text.find(' ', pos), text.size());
        const std::string_view edge = text.substr(pos, stop - pos);
        const std::size_t dash = edge.find('-');
        if (dash == std::string_view::npos || dash == 0 || edge.size() < dash + 3)
            throw std::invalid_argument("graph '" + std::string(text) + "': edge '" + std::string(edge) +
                                        "' is not u-vC (vertices u, v and a colour B, R or G)");
        lines.append(edge.substr(0, dash)).append(" ").append(edge.substr(dash + 1, edge.size() - dash - 2));
        lines.append(" ").append(1, edge.back()).append("\n");
        pos = stop;
    }
    try {
        return Picture::parse(lines);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("graph '" + std::string(text) + "': " + e.what());
    }
}

} // namespace cgt::hackenbush
