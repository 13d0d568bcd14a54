#include "hackenbush-common/graph_tasks.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace cgt::jobs::hackenbush_common {

std::vector<std::string> list_items(const std::string& text) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    std::vector<std::string> out;
    for (std::string item; in >> item;)
        out.push_back(item);
    return out;
}

GraphTasks::GraphTasks(std::vector<hackenbush::GraphFamily> families)
    : m_families(std::move(families)) {
    std::uint64_t next = 0;
    for (std::size_t f = 0; f < m_families.size(); ++f) {
        m_max_edges = std::max(m_max_edges, m_families[f].max_edges());
        for (unsigned e = 1; e <= m_families[f].max_edges(); ++e) {
            const std::uint64_t n = m_families[f].multisets(e);
            const std::uint64_t tasks = n / CHUNK + (n % CHUNK != 0);
            if (tasks > ~std::uint64_t{0} - next)
                throw std::invalid_argument("more than 2^64 - 1 tasks");
            m_starts.push_back(next);
            m_keys.emplace_back(f, e);
            next += tasks;
        }
    }
    m_starts.push_back(next);
}

GraphTask GraphTasks::task(std::uint64_t id) const {
    if (id >= count()) throw std::out_of_range("GraphTasks: no task " + std::to_string(id));
    // The last (family, edge count) whose first task is <= id.
    const auto k = static_cast<std::size_t>(
        std::upper_bound(m_starts.begin(), m_starts.end() - 1, id) - m_starts.begin() - 1);
    const auto [family, edges] = m_keys[k];
    const std::uint64_t first = (id - m_starts[k]) * CHUNK;
    return {family, edges, first, std::min(m_families[family].multisets(edges), first + CHUNK)};
}

common::MemoryNeed graph_job_need(const GraphTasks& tasks, int ranks, double row_bytes,
                                  double mask_seconds, std::string cause) {
    double multisets = 0, seconds = 0;
    for (const hackenbush::GraphFamily& f : tasks.families())
        for (unsigned e = 1; e <= f.max_edges(); ++e) {
            multisets += static_cast<double>(f.multisets(e));
            seconds +=
                static_cast<double>(f.multisets(e)) * std::ldexp(mask_seconds, static_cast<int>(e));
        }
    common::MemoryNeed need = common::linear_need(std::move(cause), "a row for each graph",
                                                  multisets / ranks, row_bytes, 0, 0, 28e6);
    need.core_seconds = seconds;
    return need;
}

} // namespace cgt::jobs::hackenbush_common
