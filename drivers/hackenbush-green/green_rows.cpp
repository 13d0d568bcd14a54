#include "hackenbush-green/green_rows.hpp"

#include "hackenbush-green/green_schema.hpp"
#include "hackenbush/green.hpp"
#include "hackenbush/picture_values.hpp"

#include <algorithm>
#include <stdexcept>

namespace cgt::jobs::hackenbush_green {

using hackenbush::GraphFamily;

std::vector<Size> parse_sizes(const std::string& text) {
    std::vector<Size> out;
    for (const std::string& item : hackenbush_common::list_items(text)) {
        const auto colon = item.find(':');
        long v = -1, e = -1;
        try {
            std::size_t used_v = 0, used_e = 0;
            if (colon != std::string::npos) {
                v = std::stol(item.substr(0, colon), &used_v);
                e = std::stol(item.substr(colon + 1), &used_e);
                if (used_v != colon || used_e != item.size() - colon - 1) v = e = -1;
            }
        } catch (const std::exception&) {
            v = e = -1;
        }
        if (v < 0 || e < 0)
            throw std::invalid_argument("--graphs: '" + item +
                                        "' is not V:E (vertices above the ground : most edges)");
        if (v < 1 || v > static_cast<long>(GraphFamily::MAX_VERTICES))
            throw std::invalid_argument(
                "--graphs: '" + item +
                "': V must be 1..63 (vertex sets are 64-bit masks with the ground)");
        if (e < 1 || e > static_cast<long>(hackenbush::Picture::MAX_EDGES))
            throw std::invalid_argument("--graphs: '" + item +
                                        "': E must be 1..64 (positions are 64-bit edge masks)");
        for (const Size& s : out)
            if (s.vertices == static_cast<unsigned>(v))
                throw std::invalid_argument("--graphs: V = " + std::to_string(v) +
                                            " is listed twice");
        out.push_back({static_cast<unsigned>(v), static_cast<unsigned>(e)});
    }
    if (out.empty())
        throw std::invalid_argument("--graphs is empty: name at least one V:E, e.g. 3:9");
    families(out); // sizes whose multisets cannot be counted are refused here
    return out;
}

std::vector<GraphFamily> families(const std::vector<Size>& sizes) {
    std::vector<GraphFamily> out;
    for (const Size& s : sizes) {
        try {
            out.emplace_back(s.vertices, "G", s.max_edges);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("--graphs: " + std::to_string(s.vertices) + ":" +
                                        std::to_string(s.max_edges) + ": " + e.what());
        }
    }
    return out;
}

std::vector<std::uint64_t> flatten(const std::vector<EdgeCounts>& counts) {
    std::vector<std::uint64_t> flat;
    for (const EdgeCounts& c : counts) {
        flat.insert(flat.end(), {c.graphs, c.fusion_agrees, c.engine_agrees, c.parity_agrees});
        flat.insert(flat.end(), c.by_nim.begin(), c.by_nim.end());
    }
    return flat;
}

std::vector<EdgeCounts> unflatten(const std::vector<std::uint64_t>& flat) {
    constexpr std::size_t stride = 4 + NIM_VALUES;
    std::vector<EdgeCounts> out(flat.size() / stride);
    for (std::size_t k = 0; k < out.size(); ++k) {
        const std::uint64_t* f = flat.data() + k * stride;
        out[k].graphs = f[0];
        out[k].fusion_agrees = f[1];
        out[k].engine_agrees = f[2];
        out[k].parity_agrees = f[3];
        std::copy(f + 4, f + stride, out[k].by_nim.begin());
    }
    return out;
}

GraphRows::GraphRows(const jobs::hackenbush_common::GraphTasks& tasks, core::GameStore& store)
    : m_tasks(tasks), m_store(store), m_counts(tasks.slots()) {}

void GraphRows::declare_columns(common::LocalTable& table) {
    schema::graphs::table.declare(table);
}

void GraphRows::run(std::uint64_t id, common::LocalTable& table) {
    const jobs::hackenbush_common::GraphTask task = m_tasks.task(id);
    namespace g = schema::graphs;
    auto& vertices = table.column(g::vertices);
    auto& edges = table.column(g::edges);
    auto& graph = table.column(g::graph);
    auto& nim = table.column(g::nim);
    auto& fusion = table.column(g::fusion);
    auto& engine = table.column(g::engine);
    EdgeCounts& count = m_counts[m_tasks.slot(task.family, task.edges)];
    table.begin_block(id);
    m_tasks.for_each_grounded(task, [&](const GraphFamily& family, const auto& multiset) {
        const hackenbush::Picture picture = family.picture(multiset);
        const hackenbush::NimValue by_mex = hackenbush::GreenMexSearch(picture).value();
        const hackenbush::NimValue by_principles =
            hackenbush::green_nim_value_by_principles(picture);
        const auto by_engine =
            m_store.nim_value(hackenbush::PictureValues(picture, m_store).value());
        ++count.graphs;
        count.fusion_agrees += by_principles == by_mex;
        count.engine_agrees += by_engine && *by_engine == by_mex;
        count.parity_agrees += by_mex % 2 == task.edges % 2;
        ++count.by_nim.at(by_mex);
        vertices.push_back(family.vertices());
        edges.push_back(task.edges);
        graph.push_back(family.text(multiset));
        nim.push_back(by_mex);
        fusion.push_back(by_principles);
        engine.push_back(by_engine ? static_cast<std::int64_t>(*by_engine) : -1);
    });
}

void declare_count_columns(common::LocalTable& by_edges, common::LocalTable& nim_values) {
    schema::by_edges::table.declare(by_edges);
    schema::nim_values::table.declare(nim_values);
}

void append_count_rows(const jobs::hackenbush_common::GraphTasks& tasks,
                       const std::vector<EdgeCounts>& counts, common::LocalTable& by_edges,
                       common::LocalTable& nim_values) {
    const auto put = [](common::LocalTable& t, const common::Col<std::int64_t>& col,
                        std::uint64_t v) { t.column(col).push_back(static_cast<std::int64_t>(v)); };
    namespace b = schema::by_edges;
    namespace n = schema::nim_values;
    for (std::size_t f = 0; f < tasks.families().size(); ++f) {
        const GraphFamily& family = tasks.families()[f];
        for (unsigned e = 1; e <= family.max_edges(); ++e) {
            const EdgeCounts& c = counts[tasks.slot(f, e)];
            put(by_edges, b::vertices, family.vertices());
            put(by_edges, b::edges, e);
            put(by_edges, b::graphs, c.graphs);
            put(by_edges, b::fusion_agrees, c.fusion_agrees);
            put(by_edges, b::engine_agrees, c.engine_agrees);
            put(by_edges, b::parity_agrees, c.parity_agrees);
            for (std::size_t k = 0; k < NIM_VALUES; ++k)
                if (c.by_nim[k] != 0) {
                    put(nim_values, n::vertices, family.vertices());
                    put(nim_values, n::edges, e);
                    put(nim_values, n::nim, k);
                    put(nim_values, n::graphs, c.by_nim[k]);
                }
        }
    }
}

} // namespace cgt::jobs::hackenbush_green
