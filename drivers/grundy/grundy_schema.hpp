#pragma once
// The tables of a cgt-grundy result file, declared once for the driver, its tests and
// cgt-verify-grundy (common/runtime/schema.hpp).
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::grundy::schema {

using common::Col;

namespace grundy {
inline constexpr Col<std::uint16_t> value{
    "value",
    "G(n) in row n, n = 0..min(max_heap, stored_values): the Grundy value of a single heap of n"};
inline const common::TableSchema table{
    .name = "grundy",
    .order = "heap",
    .meaning = "the Grundy sequence of Grundy's game up to --store-values (the root's "
               "stored_values); row n holds G(n) (the row number is the heap)",
    .columns = {value},
    .compress = true};
} // namespace grundy

namespace sparse {
inline constexpr Col<std::uint64_t> heap{
    "heap", "a heap whose value is sparse (grundy row of that number)"};
inline constexpr Col<std::uint16_t> value{"value", "its value G(heap)"};
inline const common::TableSchema table{.name = "sparse",
                                       .order = "heap",
                                       .meaning = "every heap with a sparse value, ascending",
                                       .columns = {heap, value}};
} // namespace sparse

namespace records {
inline constexpr Col<std::uint64_t> heap{"heap", "a heap whose value exceeds every value below it"};
inline constexpr Col<std::uint16_t> value{"value", "its value G(heap)"};
inline const common::TableSchema table{.name = "records",
                                       .order = "heap",
                                       .meaning = "the record values, ascending",
                                       .columns = {heap, value}};
} // namespace records

namespace value_counts {
inline constexpr Col<std::uint16_t> value{"value", "a value 0..the largest"};
inline constexpr Col<std::string> klass{"class",
                                        "sparse or common: which part of the sweep handles it"};
inline constexpr Col<std::uint64_t> count{"count", "heaps 0..max_heap with this value"};
inline constexpr Col<std::int64_t> last{"last",
                                        "the last heap with this value, -1 where the count is 0"};
inline const common::TableSchema table{.name = "value_counts",
                                       .order = "value",
                                       .meaning =
                                           "per value: how many heaps have it and the last one",
                                       .columns = {value, klass, count, last}};
} // namespace value_counts

namespace scan {
inline constexpr Col<std::uint64_t> common_heaps{"common_heaps",
                                                 "heaps with a common value (step 2 of the sweep)"};
inline constexpr Col<std::uint64_t> total_length{"total_length", "splits scanned over all of them"};
inline constexpr Col<double> mean{"mean", "total_length / common_heaps"};
inline constexpr Col<std::uint64_t> longest{"longest", "the longest scan, in splits"};
inline constexpr Col<std::uint64_t> longest_heap{"longest_heap", "the heap of the longest scan"};
inline const common::TableSchema table{
    .name = "scan",
    .order = "",
    .meaning = "one row: the scan lengths of step 2 of the sweep over the common heaps",
    .columns = {common_heaps, total_length, mean, longest, longest_heap}};
} // namespace scan

// The result beyond the stored values: the statistics of every power of two N <= max_heap + 1.
namespace stats {
inline constexpr Col<std::uint64_t> heaps{
    "heaps",
    "N, a power of two 1, 2, 4, ...: the statistics of heaps 0..N-1 (join: frequencies/heaps)"};
inline constexpr Col<std::uint16_t> largest_value{"largest_value", "the largest G(n), n < N"};
inline constexpr Col<std::uint64_t> largest_at{"largest_at", "the first heap with that value"};
inline constexpr Col<std::string> rare_mask{"rare_mask",
                                            "the mask with the fewest rare heaps below N, as "
                                            "Czajka's tables write it (fe: the sparse values)"};
inline constexpr Col<std::uint64_t> rare_heaps{
    "rare_heaps", "heaps n < N that are rare under that mask, heap 0 counted"};
inline constexpr Col<std::int64_t> last_rare{"last_rare", "the largest of them (-1: none)"};
inline const common::TableSchema table{
    .name = "stats",
    .order = "heaps",
    .meaning = "one row per power of two N <= max_heap + 1: Czajka's UnsolvedGames columns",
    .columns = {heaps, largest_value, largest_at, rare_mask, rare_heaps, last_rare}};
} // namespace stats

namespace frequencies {
inline constexpr Col<std::uint64_t> heaps{"heaps",
                                          "N, a power of two: heaps 0..N-1 (join on stats/heaps)"};
inline constexpr Col<std::uint16_t> value{"value", "a Grundy value v <= the largest below N"};
inline constexpr Col<std::uint64_t> count{
    "count", "heaps n < N with G(n) = v (> 0; the counts of one N sum to N)"};
inline const common::TableSchema table{.name = "frequencies",
                                       .order = "heaps,value",
                                       .meaning =
                                           "the frequency of every value at every power of two",
                                       .columns = {heaps, value, count},
                                       .compress = true};
} // namespace frequencies

} // namespace cgt::jobs::grundy::schema
