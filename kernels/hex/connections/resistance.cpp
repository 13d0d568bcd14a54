#include "hex/connections/resistance.hpp"

#include <cmath>

namespace cgt::hex {

namespace {
constexpr double EMPTY_TO_EMPTY = 1.0, STONE_TO_EMPTY = 2.0, STONE_TO_STONE = 10.0;
// Every node also leaks this much to the second edge, so that cells cut off from both edges
// keep the system solvable (and get next to no current).
constexpr double LEAK = 1e-6;
} // namespace

template <class Bits>
template <class Builder>
void Resistance<Bits>::add_energy(Bits own, Bits empty, const Builder& vc, double* energy) {
    // Nodes: the first edge (the source), the groups by their captains, the empty cells; the
    // second edge is the ground and has no row.
    const int cells = m_geo.cells();
    std::vector<int> node_of(static_cast<std::size_t>(cells + 2), -1);
    std::vector<int> end_of;
    const int source = vc.edge(0), sink = vc.edge(1);
    node_of[static_cast<std::size_t>(source)] = 0;
    end_of.push_back(source);
    for_each_cell(own | empty, [&](int i) {
        const int end = vc.vertex(i);
        if (end >= cells || node_of[static_cast<std::size_t>(end)] >= 0) return;
        node_of[static_cast<std::size_t>(end)] = static_cast<int>(end_of.size());
        end_of.push_back(end);
    });
    const int n = static_cast<int>(end_of.size());
    m_matrix.assign(static_cast<std::size_t>(n * n), 0.0);
    const auto at = [&](int r, int c) -> double& { return m_matrix[static_cast<std::size_t>(r * n + c)]; };
    const auto is_stone = [&](int end) { return end >= cells || (own & cell_bit<Bits>(end)); };
    std::vector<double> to_sink(static_cast<std::size_t>(n), LEAK);
    const auto conductance = [&](int a, int b) {
        const bool sa = is_stone(a), sb = is_stone(b);
        return sa && sb ? STONE_TO_STONE : sa || sb ? STONE_TO_EMPTY : EMPTY_TO_EMPTY;
    };
    for (int i = 0; i < n; ++i) {
        const int a = end_of[static_cast<std::size_t>(i)];
        if (vc.has_full(a, sink)) to_sink[static_cast<std::size_t>(i)] += conductance(a, sink);
        for (int j = i + 1; j < n; ++j) {
            const int b = end_of[static_cast<std::size_t>(j)];
            if (!vc.has_full(a, b)) continue;
            const double c = conductance(a, b);
            at(i, i) += c;
            at(j, j) += c;
            at(i, j) -= c;
            at(j, i) -= c;
        }
    }
    for (int i = 0; i < n; ++i) at(i, i) += to_sink[static_cast<std::size_t>(i)];
    // The matrix is symmetric positive definite: Cholesky, then two triangular solves for
    // the voltages with a unit current into the source.
    std::vector<double> voltage(static_cast<std::size_t>(n), 0.0);
    std::vector<double> lower(m_matrix);
    const auto l = [&](int r, int c) -> double& { return lower[static_cast<std::size_t>(r * n + c)]; };
    for (int j = 0; j < n; ++j) {
        double d = l(j, j);
        for (int k = 0; k < j; ++k) d -= l(j, k) * l(j, k);
        d = std::sqrt(d > 1e-300 ? d : 1e-300);
        l(j, j) = d;
        for (int i = j + 1; i < n; ++i) {
            double s = l(i, j);
            for (int k = 0; k < j; ++k) s -= l(i, k) * l(j, k);
            l(i, j) = s / d;
        }
    }
    std::vector<double> y(static_cast<std::size_t>(n), 0.0);
    for (int i = 0; i < n; ++i) {
        double s = i == 0 ? 1.0 : 0.0;
        for (int k = 0; k < i; ++k) s -= l(i, k) * y[static_cast<std::size_t>(k)];
        y[static_cast<std::size_t>(i)] = s / l(i, i);
    }
    for (int i = n - 1; i >= 0; --i) {
        double s = y[static_cast<std::size_t>(i)];
        for (int k = i + 1; k < n; ++k) s -= l(k, i) * voltage[static_cast<std::size_t>(k)];
        voltage[static_cast<std::size_t>(i)] = s / l(i, i);
    }
    // Energy of an empty cell: the currents in and out of it.
    for (int i = 1; i < n; ++i) {
        const int a = end_of[static_cast<std::size_t>(i)];
        if (is_stone(a)) continue;
        const double vi = voltage[static_cast<std::size_t>(i)];
        double sum = std::fabs((to_sink[static_cast<std::size_t>(i)]) * vi);
        for (int j = 0; j < n; ++j)
            if (j != i) sum += std::fabs(at(i, j) * (vi - voltage[static_cast<std::size_t>(j)]));
        energy[a] += sum;
    }
}

template class Resistance<Narrow>;
template class Resistance<Wide>;
template void Resistance<Narrow>::add_energy(Narrow, Narrow, const VcBuilder<Narrow>&, double*);
template void Resistance<Wide>::add_energy(Wide, Wide, const VcBuilder<Wide>&, double*);
template void Resistance<Narrow>::add_energy(Narrow, Narrow, const StrongVcBuilder<Narrow>&, double*);
template void Resistance<Wide>::add_energy(Wide, Wide, const StrongVcBuilder<Wide>&, double*);

} // namespace cgt::hex
