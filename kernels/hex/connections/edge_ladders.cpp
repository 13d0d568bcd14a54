#include "hex/connections/edge_ladders.hpp"

#include <cstdint>

namespace cgt::hex {

const std::vector<EdgePattern>& cell_ladder_patterns() {
    static const std::vector<EdgePattern> patterns = [] {
        using Offset = EdgePattern::Offset;
        const auto at = [](int dr, int dc) {
            return Offset{static_cast<std::int8_t>(dr), static_cast<std::int8_t>(dc)};
        };
        std::vector<EdgePattern> out;
        for (int k = 2; k <= 7; ++k) { // from the second row: y = (0, k)
            EdgePattern p{2, at(0, k), {at(1, 0)}};
            for (int j = 1; j < k; ++j) {
                p.carrier.push_back(at(0, j));
                p.carrier.push_back(at(1, j));
            }
            p.carrier.push_back(at(1, k));
            out.push_back(p);
        }
        for (int k = 1; k <= 6; ++k) { // from the third row: y = (1, k)
            EdgePattern p{3, at(1, k), {at(1, -1), at(1, 0), at(2, -2), at(2, -1), at(2, 0)}};
            for (int j = 1; j < k; ++j) {
                p.carrier.push_back(at(1, j));
                p.carrier.push_back(at(2, j));
            }
            p.carrier.push_back(at(2, k));
            out.push_back(p);
        }
        return out;
    }();
    return patterns;
}

template class CellLadders<Narrow>;
template class CellLadders<Wide>;

} // namespace cgt::hex
