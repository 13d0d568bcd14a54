#pragma once
// The tables of a cgt-hackenbush-sums result file, declared once for the driver, its tests
// and cgt-verify-hackenbush-sums (common/runtime/schema.hpp). The file also holds the `values`
// table of hackenbush-common/values_schema.hpp, and the seed as a root attribute.
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::hackenbush_sums::schema {

using common::Col;

namespace triples {
inline constexpr Col<std::int64_t> triple{"triple", "the triple's number i, 0..N-1: its pictures depend on the seed and i alone"};
inline constexpr Col<std::string> a{"a", "the first picture: its edges 'u-vC', blank-separated, vertex 0 the ground"};
inline constexpr Col<std::string> b{"b", "the second picture, likewise"};
inline constexpr Col<std::string> c{"c", "the third picture, likewise"};
inline constexpr Col<std::uint64_t> sum{"sum", "the sum of the three values: a row of values (join on values/value)"};
inline constexpr Col<std::string> outcome{"outcome", "the outcome of the sum: L, R, P or N (who wins)"};
inline constexpr Col<std::string> search{"search", "the outcome by a value-free search on the three side by side"};
inline const common::TableSchema table{
    .name = "triples",
    .order = "triple",
    .meaning = "N triples of small random three-colour pictures",
    .columns = {triple, a, b, c, sum, outcome, search},
    .compress = true};
} // namespace triples

namespace summary {
inline constexpr Col<std::int64_t> triples{"triples", "N: triples"};
inline constexpr Col<std::int64_t> agree{"agree", "triples whose outcome of the sum equals the search's"};
inline constexpr Col<std::int64_t> left{"left", "sums that Left (Blue) wins whoever starts (L)"};
inline constexpr Col<std::int64_t> right{"right", "sums that Right (Red) wins whoever starts (R)"};
inline constexpr Col<std::int64_t> previous{"previous", "sums the second player wins (P)"};
inline constexpr Col<std::int64_t> next{"next", "sums the first player wins (N)"};
inline const common::TableSchema table{
    .name = "summary",
    .order = "triples",
    .meaning = "one row: the triples, the agreements, the outcomes of the sums",
    .columns = {triples, agree, left, right, previous, next}};
} // namespace summary

} // namespace cgt::jobs::hackenbush_sums::schema
