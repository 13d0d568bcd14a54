#include "hex/connections/edge_templates.hpp"

namespace cgt::hex {

const std::vector<EdgePattern>& ladder_patterns() {
    // height, helper (dr, dc), carrier (dr, dc)...
    static const std::vector<EdgePattern> patterns = {
        {2, {1, 1}, {{0, 1}, {1, 0}}},
        {2, {0, 1}, {{1, 0}, {1, 1}}},
        {2, {1, 2}, {{0, 1}, {0, 2}, {1, 0}, {1, 1}}},
        {2, {0, 2}, {{0, 1}, {1, 0}, {1, 1}, {1, 2}}},
        {2, {1, 3}, {{0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}}},
        {2, {0, 3}, {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {1, 3}}},
        {2, {1, 4}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 0}, {1, 1}, {1, 2}, {1, 3}}},
        {2, {0, 4}, {{0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}}},
        {2, {1, 5}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}}},
        {2, {0, 5}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}}},
        {2, {1, 6}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}}},
        {2, {0, 6}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}}},
        {2, {1, 7}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}}},
        {2, {0, 7}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7}}},
        {3, {1, 1}, {{0, 1}, {1, 0}, {2, 0}, {2, 1}}},
        {3, {0, 1}, {{0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, -1}, {2, 0}, {2, 1}, {2, 2}}},
        {3, {1, 2}, {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, -1}, {2, 0}, {2, 1}, {2, 2}}},
        {3, {0, 2}, {{0, 1}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}}},
        {3, {1, 3}, {{0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}}},
        {3, {0, 3}, {{0, 1}, {0, 2}, {0, 4}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}}},
        {3, {1, 4}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}}},
        {3, {0, 4}, {{0, 1}, {0, 2}, {0, 3}, {0, 5}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}}},
        {3, {1, 5}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}}},
        {3, {0, 5}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 6}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}}},
        {3, {1, 6}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}}},
        {4, {1, 1}, {{0, 1}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}, {3, -1}, {3, 0}, {3, 1}, {3, 2}}},
        {4, {1, 2}, {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 3}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {3, -2}, {3, -1}, {3, 0}, {3, 1}, {3, 2}, {3, 3}}},
        {4, {1, 3}, {{0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 4}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {3, -2}, {3, -1}, {3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}}},
        {4, {1, 4}, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 5}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, -2}, {3, -1}, {3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}}},
    };
    return patterns;
}

const std::vector<EdgePattern>& row4_patterns() {
    static const std::vector<EdgePattern> patterns = {
        {4, {0, 1}, {{1, -1}, {1, 0}, {1, 1}, {2, -2}, {2, -1}, {2, 0}, {3, -3}, {3, -2}, {3, -1}, {3, 0}}},
        {4, {0, 2}, {{0, 1}, {1, -1}, {1, 0}, {1, 1}, {1, 2}, {2, -2}, {2, -1}, {2, 0}, {2, 1}, {2, 2}, {3, -3}, {3, -2},
                     {3, -1}, {3, 0}, {3, 1}, {3, 2}}},
    };
    return patterns;
}

template <class Bits>
EdgeTemplates<Bits>::EdgeTemplates(const Geometry<Bits>& g, const std::vector<EdgePattern>& patterns, bool semis)
    : m_semis(semis) {
    const int rows = g.rows(), cols = g.cols();
    for (Colour colour : {Colour::red, Colour::blue}) {
        const bool red = colour == Colour::red;
        const int across = red ? rows : cols; // lines parallel to the edge
        const int along = red ? cols : rows;  // anchors along the edge
        for (int side = 0; side < 2; ++side)
            for (const EdgePattern& p : patterns) {
                if (p.height > across) continue;
                // The anchor's line: side 1 (bottom, right) counts rows from the far end.
                const int line = side == 1 ? across - p.height : p.height - 1;
                for (int mirror = 0; mirror < 2; ++mirror)
                    for (int k = 0; k < along; ++k) {
                        // (dr, dc) -> cell; side 0 is side 1 turned by 180 degrees, blue is red
                        // transposed (both keep the hexagonal neighbours).
                        const auto at = [&](EdgePattern::Offset o, int& cell) {
                            const int dr = o.dr, dc = mirror ? -o.dc - o.dr : o.dc;
                            const int a = side == 1 ? line + dr : line - dr; // across the edge
                            const int b = side == 1 ? k + dc : k - dc;        // along it
                            if (a < 0 || a >= across || b < 0 || b >= along) return false;
                            cell = red ? a * cols + b : b * cols + a;
                            return true;
                        };
                        Placement out;
                        out.side = side;
                        int helper = 0;
                        if (!at({0, 0}, out.anchor) || !at(p.helper, helper)) continue;
                        out.helper = cell_bit<Bits>(helper);
                        bool fits = true;
                        for (const EdgePattern::Offset o : p.carrier) {
                            int cell = 0;
                            fits = fits && at(o, cell);
                            if (fits) out.carrier |= cell_bit<Bits>(cell);
                        }
                        if (fits) m_placements[colour_index(colour)].push_back(out);
                    }
            }
    }
}

template class EdgeTemplates<Narrow>;
template class EdgeTemplates<Wide>;

} // namespace cgt::hex
