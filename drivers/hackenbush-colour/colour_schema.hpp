#pragma once
// The tables of a cgt-hackenbush-colour result file, declared once for the driver, its
// tests and cgt-verify-hackenbush-colour (common/runtime/schema.hpp). The file also holds the
// `values` table of hackenbush-common/values_schema.hpp.
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::hackenbush_colour::schema {

using common::Col;

namespace graphs {
inline constexpr Col<std::string> colours{"colours", "the graph's colour set, BR or BRG (join: colour_sets/colours)"};
inline constexpr Col<std::int64_t> edges{"edges", "its edge count, 1..E (join: by_edges/edges)"};
inline constexpr Col<std::string> graph{"graph", "the graph: its edges 'u-vC', blank-separated, vertex 0 the ground, C in B, R, G"};
inline constexpr Col<std::uint64_t> value{"value", "its value as the sum of its parts' values: a row of values (join on values/value)"};
inline constexpr Col<std::uint64_t> whole{"whole", "its value from its own moves, as a whole: a row of values (join on values/value)"};
inline constexpr Col<std::string> outcome{"outcome", "the outcome of the value: L, R, P or N (who wins)"};
inline constexpr Col<std::string> search{"search", "the outcome by a value-free win/loss search: L, R, P or N"};
inline constexpr Col<std::string> kind{"kind", "the value's shape: number, x+*m, x+n.up+*m or other"};
inline const common::TableSchema table{
    .name = "graphs",
    .order = "colours,edges,graph",
    .meaning = "every grounded graph of each colour set: colour set, edge count, multiset number",
    .columns = {colours, edges, graph, value, whole, outcome, search, kind},
    .compress = true};
} // namespace graphs

// The counts of by_edges and colour_sets.
inline constexpr Col<std::string> colours{"colours", "the colour set"};
inline constexpr Col<std::int64_t> edges{"edges", "edge count"};
inline constexpr Col<std::int64_t> graphs_count{"graphs", "grounded graphs"};
inline constexpr Col<std::int64_t> distinct{"distinct", "distinct values among them"};
inline constexpr Col<std::int64_t> outcome_agrees{"outcome_agrees", "graphs whose value's outcome equals the search's"};
inline constexpr Col<std::int64_t> whole_agrees{"whole_agrees", "graphs whose sum of parts equals their value as a whole"};
inline constexpr Col<std::int64_t> numbers{"numbers", "graphs whose value is a number"};
inline constexpr Col<std::int64_t> number_nimber{"number_nimber", "values x + *m, m >= 1"};
inline constexpr Col<std::int64_t> number_ups{"number_ups", "values x + n.up + *m, n != 0"};
inline constexpr Col<std::int64_t> other{"other", "values of any other shape"};
inline constexpr Col<std::int64_t> next{"next", "first-player wins (outcome N)"};

inline const common::TableSchema by_edges{
    .name = "by_edges",
    .order = "colours,edges",
    .meaning = "per colour set and edge count: graphs, distinct values, agreements and shapes",
    .columns = {colours, edges, graphs_count, distinct, outcome_agrees, whole_agrees, numbers, number_nimber,
                number_ups, other, next}};
inline const common::TableSchema colour_sets{
    .name = "colour_sets",
    .order = "colours",
    .meaning = "the same per colour set, over every edge count",
    .columns = {colours, graphs_count, distinct, outcome_agrees, whole_agrees, numbers, number_nimber, number_ups,
                other, next}};

} // namespace cgt::jobs::hackenbush_colour::schema
