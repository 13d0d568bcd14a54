#pragma once
// A Blue-Red-Green Hackenbush picture: a multigraph on vertices 0..V, 0 the ground, with
// loops and parallel edges, at most 64 edges, every edge connected to the ground. A position
// of the game is the set of edges still standing, a 64-bit mask over the picture's edges:
// every position reachable by play is a mask of the original picture.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cgt::hackenbush {

enum class Colour : std::uint8_t { Blue, Red, Green };
// 'B', 'R', 'G'.
char colour_letter(Colour colour);

// Blue is Left, Red is Right. Blue cuts blue or green edges, Red red or green ones.
enum class Player : std::uint8_t { Blue, Red };

using EdgeMask = std::uint64_t;

constexpr EdgeMask edge_bit(unsigned edge) { return EdgeMask{1} << edge; }

struct Edge {
    std::uint32_t u = 0, v = 0; // vertex labels as given; 0 is the ground
    Colour colour = Colour::Green;
    std::uint32_t line = 0; // line of the picture text it came from (0: built in code)
    friend bool operator==(const Edge&, const Edge&) = default;
};

class Picture {
public:
    static constexpr std::size_t MAX_EDGES = 64;
    static constexpr std::uint32_t MAX_VERTEX = 999'999;

    // An empty picture (value 0).
    Picture() = default;
    // std::invalid_argument if there are more than 64 edges, a vertex label above
    // MAX_VERTEX, or an edge not connected to the ground (naming the edge, and its line
    // if it has one).
    explicit Picture(std::vector<Edge> edges);
    // The same without an exception for an edge off the ground (nothing instead): for
    // enumerations of graphs, most of which are not connected.
    static std::optional<Picture> if_grounded(std::vector<Edge> edges);
    // One edge per line, "u v C" (e.g. "0 1 B"); '#' starts a comment; blank lines are
    // ignored. std::invalid_argument "line N: ..." for a bad line.
    static Picture parse(std::string_view text);
    // A stalk: a path up from the ground, colours bottom first ("BRG").
    static Picture stalk(std::string_view colours);
    // `a` and `b` side by side on one ground (b's vertices renumbered after a's).
    static Picture side_by_side(const Picture& a, const Picture& b);
    // Blue and red swapped: the value is negated.
    [[nodiscard]] Picture negated() const;
    // The text parse() reads, one "u v C" line per edge.
    [[nodiscard]] std::string to_text() const;

    [[nodiscard]] const std::vector<Edge>& edges() const { return m_edges; }
    [[nodiscard]] std::size_t edge_count() const { return m_edges.size(); }
    // The starting position: every edge.
    [[nodiscard]] EdgeMask all() const {
        return m_edges.size() == 64 ? ~EdgeMask{0} : edge_bit(static_cast<unsigned>(m_edges.size())) - 1;
    }
    // The edges `player` may cut.
    [[nodiscard]] EdgeMask cuttable(Player player) const {
        return player == Player::Blue ? m_blue_or_green : m_red_or_green;
    }
    // The edges of `mask` still connected to the ground through edges of `mask`.
    [[nodiscard]] EdgeMask grounded(EdgeMask mask) const;
    // The position after cutting `edge` (in `mask`): everything no longer grounded falls.
    [[nodiscard]] EdgeMask cut(EdgeMask mask, unsigned edge) const {
        return grounded(mask & ~edge_bit(edge));
    }
    // The parts of a grounded position that meet only at the ground, by lowest edge;
    // returns how many were written to `parts`.
    unsigned parts(EdgeMask mask, std::array<EdgeMask, MAX_EDGES>& parts) const;

private:
    struct Unchecked {};
    // Builds the masks; checks everything but the ground connection.
    Picture(std::vector<Edge> edges, Unchecked);
    [[nodiscard]] EdgeMask loose_edges() const { return all() & ~grounded(all()); }
    // The edges of `mask` reachable from `seed` through edges that touch (by `touching`).
    static EdgeMask flood(EdgeMask seed, EdgeMask mask, const std::vector<EdgeMask>& touching);

    std::vector<Edge> m_edges;
    // Per edge: the edges sharing an endpoint with it, and those sharing a non-ground one.
    std::vector<EdgeMask> m_touching, m_touching_above_ground;
    EdgeMask m_on_ground = 0; // edges with an end at the ground
    EdgeMask m_blue_or_green = 0, m_red_or_green = 0;
};

} // namespace cgt::hackenbush
