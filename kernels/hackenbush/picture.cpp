#include "hackenbush/picture.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace cgt::hackenbush {

char colour_letter(Colour colour) {
    switch (colour) {
    case Colour::Blue: return 'B';
    case Colour::Red: return 'R';
    case Colour::Green: return 'G';
    }
    return '?';
}

namespace {

std::string describe(const Edge& e, std::size_t index) {
    std::string s = e.line ? "line " + std::to_string(e.line) + ": edge "
                           : "edge #" + std::to_string(index) + " ";
    return s + std::to_string(e.u) + " " + std::to_string(e.v) + " " + colour_letter(e.colour);
}

} // namespace

Picture::Picture(std::vector<Edge> edges) : Picture(std::move(edges), Unchecked{}) {
    if (const EdgeMask loose = loose_edges(); loose != 0) {
        const auto i = static_cast<std::size_t>(std::countr_zero(loose));
        throw std::invalid_argument(describe(m_edges[i], i) + " is not connected to the ground");
    }
}

std::optional<Picture> Picture::if_grounded(std::vector<Edge> edges) {
    Picture p(std::move(edges), Unchecked{});
    if (p.loose_edges() != 0) return std::nullopt;
    return p;
}

Picture::Picture(std::vector<Edge> edges, Unchecked) : m_edges(std::move(edges)) {
    if (m_edges.size() > MAX_EDGES) {
        const Edge& extra = m_edges[MAX_EDGES];
        throw std::invalid_argument(
            (extra.line ? "line " + std::to_string(extra.line) + ": " : std::string()) +
            "more than 64 edges (a picture holds at most 64)");
    }
    const std::size_t n = m_edges.size();
    m_touching.assign(n, 0);
    m_touching_above_ground.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const Edge& a = m_edges[i];
        if (a.u > MAX_VERTEX || a.v > MAX_VERTEX)
            throw std::invalid_argument(describe(a, i) + ": vertex above " +
                                        std::to_string(MAX_VERTEX));
        if (a.u == 0 || a.v == 0) m_on_ground |= edge_bit(static_cast<unsigned>(i));
        if (a.colour != Colour::Red) m_blue_or_green |= edge_bit(static_cast<unsigned>(i));
        if (a.colour != Colour::Blue) m_red_or_green |= edge_bit(static_cast<unsigned>(i));
        for (std::size_t j = 0; j < n; ++j) {
            const Edge& b = m_edges[j];
            const auto shares = [&](std::uint32_t x) { return x == b.u || x == b.v; };
            if (shares(a.u) || shares(a.v)) m_touching[i] |= edge_bit(static_cast<unsigned>(j));
            if ((a.u != 0 && shares(a.u)) || (a.v != 0 && shares(a.v)))
                m_touching_above_ground[i] |= edge_bit(static_cast<unsigned>(j));
        }
    }
}

namespace {
// A field as an error message shows it: a NUL byte would end the message (what() is a C
// string), so it is written \x00; the program prints other control bytes escaped.
std::string shown(std::string_view field) {
    std::string text;
    for (const char c : field) text += c == '\0' ? std::string("\\x00") : std::string(1, c);
    return text;
}
} // namespace

Picture Picture::parse(std::string_view text) {
    std::vector<Edge> edges;
    std::uint32_t line_number = 0;
    while (!text.empty()) {
        ++line_number;
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        if (const auto hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        std::vector<std::string_view> fields;
        for (std::size_t pos = 0;;) {
            pos = line.find_first_not_of(" \t\r", pos);
            if (pos == std::string_view::npos) break;
            const auto stop = std::min(line.find_first_of(" \t\r", pos), line.size());
            fields.push_back(line.substr(pos, stop - pos));
            pos = stop;
        }
        if (fields.empty()) continue;
        const std::string where = "line " + std::to_string(line_number) + ": ";
        if (fields.size() != 3)
            throw std::invalid_argument(where + "expected 'u v C' (two vertices and a colour B, R "
                                                "or G), got " +
                                        std::to_string(fields.size()) + " fields");
        Edge e;
        e.line = line_number;
        for (int k = 0; k < 2; ++k) {
            const std::string_view f = fields[static_cast<std::size_t>(k)];
            if (f.empty() || f.size() > 6 || f.find_first_not_of("0123456789") != std::string_view::npos)
                throw std::invalid_argument(where + "bad vertex '" + shown(f) +
                                            "' (expected an integer 0.." +
                                            std::to_string(MAX_VERTEX) + ", 0 the ground)");
            (k == 0 ? e.u : e.v) = static_cast<std::uint32_t>(std::stoul(std::string(f)));
        }
        const std::string_view c = fields[2];
        if (c == "B" || c == "b") e.colour = Colour::Blue;
        else if (c == "R" || c == "r") e.colour = Colour::Red;
        else if (c == "G" || c == "g") e.colour = Colour::Green;
        else
            throw std::invalid_argument(where + "unknown colour '" + shown(c) +
                                        "' (expected B, R or G)");
        if (edges.size() == MAX_EDGES)
            throw std::invalid_argument(where + "more than 64 edges (a picture holds at most 64)");
        edges.push_back(e);
    }
    return Picture(std::move(edges));
}

Picture Picture::stalk(std::string_view colours) {
    std::vector<Edge> edges;
    for (std::size_t i = 0; i < colours.size(); ++i) {
        Edge e;
        e.u = static_cast<std::uint32_t>(i);
        e.v = static_cast<std::uint32_t>(i + 1);
        switch (colours[i]) {
        case 'B': e.colour = Colour::Blue; break;
        case 'R': e.colour = Colour::Red; break;
        case 'G': e.colour = Colour::Green; break;
        default:
            throw std::invalid_argument("stalk '" + std::string(colours) +
                                        "': colours must be B, R or G");
        }
        edges.push_back(e);
    }
    return Picture(std::move(edges));
}

Picture Picture::side_by_side(const Picture& a, const Picture& b) {
    std::uint32_t top = 0;
    for (const Edge& e : a.m_edges) top = std::max({top, e.u, e.v});
    std::vector<Edge> edges = a.m_edges;
    for (Edge e : b.m_edges) {
        if (e.u != 0) e.u += top;
        if (e.v != 0) e.v += top;
        edges.push_back(e);
    }
    return Picture(std::move(edges));
}

Picture Picture::negated() const {
    std::vector<Edge> edges = m_edges;
    for (Edge& e : edges)
        if (e.colour != Colour::Green) e.colour = e.colour == Colour::Blue ? Colour::Red : Colour::Blue;
    return Picture(std::move(edges));
}

std::string Picture::to_text() const {
    std::string s;
    for (const Edge& e : m_edges)
        s += std::to_string(e.u) + " " + std::to_string(e.v) + " " + colour_letter(e.colour) + "\n";
    return s;
}

EdgeMask Picture::flood(EdgeMask seed, EdgeMask mask, const std::vector<EdgeMask>& touching) {
    EdgeMask reached = seed;
    for (EdgeMask frontier = seed; frontier != 0;) {
        const auto e = static_cast<std::size_t>(std::countr_zero(frontier));
        frontier &= frontier - 1;
        const EdgeMask fresh = touching[e] & mask & ~reached;
        reached |= fresh;
        frontier |= fresh;
    }
    return reached;
}

EdgeMask Picture::grounded(EdgeMask mask) const {
    return flood(mask & m_on_ground, mask, m_touching);
}

unsigned Picture::parts(EdgeMask mask, std::array<EdgeMask, MAX_EDGES>& parts) const {
    unsigned count = 0;
    while (mask != 0) {
        // The part of the lowest edge left, grown through vertices other than the ground.
        const EdgeMask part = flood(mask & (~mask + 1), mask, m_touching_above_ground);
        parts[count++] = part;
        mask &= ~part;
    }
    return count;
}

} // namespace cgt::hackenbush
