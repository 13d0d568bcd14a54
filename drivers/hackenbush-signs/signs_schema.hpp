#pragma once
// The tables of a cgt-hackenbush-signs result file, declared once for the driver, its tests
// and cgt-verify-hackenbush-signs (common/runtime/schema.hpp); and `intervals`, which the tasks
// fill and the journal keeps, but the file does not hold.
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::hackenbush_signs::schema {

using common::Col;

namespace lengths {
inline constexpr Col<std::int64_t> length{"length", "stalk length"};
inline constexpr Col<std::int64_t> stalks{"stalks", "blue-red stalks of this length: 2^length"};
inline constexpr Col<std::int64_t> mismatches{"mismatches", "stalks whose engine value differs from Berlekamp's sign expansion"};
inline constexpr Col<std::int64_t> distinct{"distinct", "distinct values among them, or -1 where unknown (values not all numbers, or intervals overlapping)"};
inline constexpr Col<std::string> smallest{"smallest", "the smallest value (a dyadic rational), '' unless every value is a number"};
inline constexpr Col<std::string> largest{"largest", "the largest value, likewise"};
inline const common::TableSchema table{
    .name = "lengths",
    .order = "length",
    .meaning = "per length: the stalks, the mismatches against the sign-expansion rule and the distinct values",
    .columns = {length, stalks, mismatches, distinct, smallest, largest}};
} // namespace lengths

namespace examples {
inline constexpr Col<std::string> colours{"colours", "the stalk from the ground up, B or R per edge"};
inline constexpr Col<std::string> value{"value", "its value by the CGT engine (canonical text)"};
inline constexpr Col<std::string> sign_expansion{"sign_expansion", "its value by Berlekamp's sign-expansion rule"};
inline const common::TableSchema table{
    .name = "examples",
    .order = "length,colours",
    .meaning = "every stalk of 1..min(L, 4) edges, by length, then B < R, valued both ways",
    .columns = {colours, value, sign_expansion}};
} // namespace examples

// Not in the file: what each task's stalks span, per length (signs_rows.hpp, Interval).
namespace intervals {
inline constexpr Col<std::uint64_t> length{"length", "stalk length"};
inline constexpr Col<std::uint64_t> distinct{"distinct", "distinct values of the task's stalks of this length"};
inline constexpr Col<std::uint64_t> numbers_only{"numbers_only", "1 if every one of them is a number"};
inline constexpr Col<std::uint64_t> low{"low", "the smallest value (a number's handle: its bits)"};
inline constexpr Col<std::uint64_t> high{"high", "the largest value, likewise"};
inline const common::TableSchema table{
    .name = "intervals",
    .order = "length,low",
    .meaning = "per task and length: the values its stalks span",
    .columns = {length, distinct, numbers_only, low, high}};
} // namespace intervals

} // namespace cgt::jobs::hackenbush_signs::schema
