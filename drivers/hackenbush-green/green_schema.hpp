#pragma once
// The tables of a cgt-hackenbush-green result file, declared once for the driver, its
// tests and cgt-verify-hackenbush-green (common/runtime/schema.hpp).
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::hackenbush_green::schema {

using common::Col;

namespace graphs {
inline constexpr Col<std::int64_t> vertices{"vertices", "V: vertices above the ground of the graph's family (join: by_edges/vertices)"};
inline constexpr Col<std::int64_t> edges{"edges", "the graph's edge count, 1..E (join: by_edges/edges)"};
inline constexpr Col<std::string> graph{"graph", "the graph: its edges 'u-vG', blank-separated, vertex 0 the ground, u <= v"};
inline constexpr Col<std::int64_t> nim{"nim", "its nim value by the mex rule (exhaustive search over edge masks)"};
inline constexpr Col<std::int64_t> fusion{"fusion", "its nim value by the fusion and colon principles (no search)"};
inline constexpr Col<std::int64_t> engine{"engine", "m if the CGT engine's value is the nimber *m, else -1"};
inline const common::TableSchema table{
    .name = "graphs",
    .order = "vertices,edges,graph",
    .meaning = "every grounded green graph of each family: (V, E) pair, edge count, multiset number",
    .columns = {vertices, edges, graph, nim, fusion, engine},
    .compress = true};
} // namespace graphs

namespace by_edges {
inline constexpr Col<std::int64_t> vertices{"vertices", "V: vertices above the ground"};
inline constexpr Col<std::int64_t> edges{"edges", "edge count"};
inline constexpr Col<std::int64_t> graphs{"graphs", "grounded graphs of V vertices with this many edges"};
inline constexpr Col<std::int64_t> fusion_agrees{"fusion_agrees", "graphs whose fusion + colon value equals the mex value"};
inline constexpr Col<std::int64_t> engine_agrees{"engine_agrees", "graphs whose engine value is *(mex value)"};
inline constexpr Col<std::int64_t> parity_agrees{"parity_agrees", "graphs whose mex value has the parity of the edge count"};
inline const common::TableSchema table{
    .name = "by_edges",
    .order = "vertices,edges",
    .meaning = "per family and edge count: graphs, and how many the three valuations agree on",
    .columns = {vertices, edges, graphs, fusion_agrees, engine_agrees, parity_agrees}};
} // namespace by_edges

namespace nim_values {
inline constexpr Col<std::int64_t> vertices{"vertices", "V: vertices above the ground"};
inline constexpr Col<std::int64_t> edges{"edges", "edge count"};
inline constexpr Col<std::int64_t> nim{"nim", "a nim value that occurs (by mex)"};
inline constexpr Col<std::int64_t> graphs{"graphs", "graphs with that nim value"};
inline const common::TableSchema table{
    .name = "nim_values",
    .order = "vertices,edges,nim",
    .meaning = "the distribution of nim values per family and edge count (values that occur)",
    .columns = {vertices, edges, nim, graphs}};
} // namespace nim_values

} // namespace cgt::jobs::hackenbush_green::schema
