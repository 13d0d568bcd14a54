#pragma once
// The tables of a cgt-hackenbush-stalks result file, declared once for the driver, its
// tests and cgt-verify-hackenbush-stalks (common/runtime/schema.hpp). The file also holds the
// `values` table of hackenbush-common/values_schema.hpp.
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::hackenbush_stalks::schema {

using common::Col;

namespace stalks {
inline constexpr Col<std::int64_t> length{"length", "edges of the stalk, 1..L (join: lengths/length)"};
inline constexpr Col<std::string> colours{"colours", "the stalk from the ground up, one of B, R, G per edge"};
inline constexpr Col<std::uint64_t> value{"value", "the stalk's value: a row of values (join on values/value)"};
inline constexpr Col<std::int64_t> birthday{"birthday", "the birthday of the value"};
inline constexpr Col<std::string> kind{"kind", "the value's shape: number, x+*m, x+n.up+*m or other"};
inline const common::TableSchema table{
    .name = "stalks",
    .order = "length,colours",
    .meaning = "every Blue-Red-Green stalk of 1..L edges, by length, then colours with B < R < G",
    .columns = {length, colours, value, birthday, kind},
    .compress = true};
} // namespace stalks

namespace lengths {
inline constexpr Col<std::int64_t> length{"length", "stalk length"};
inline constexpr Col<std::int64_t> stalks{"stalks", "stalks of this length: 3^length"};
inline constexpr Col<std::int64_t> distinct{"distinct", "distinct values among them (by canonical text)"};
inline constexpr Col<std::int64_t> numbers{"numbers", "stalks whose value is a number"};
inline constexpr Col<std::int64_t> number_nimber{"number_nimber", "values x + *m, m >= 1"};
inline constexpr Col<std::int64_t> number_up_star{"number_up_star", "values x + up* or x + down*"};
inline constexpr Col<std::int64_t> number_ups_other{"number_ups_other", "values x + n.up + *m of any other n, m"};
inline constexpr Col<std::int64_t> other{"other", "values of any other shape"};
inline constexpr Col<std::int64_t> birthday_is_length{"birthday_is_length", "stalks whose birthday equals their length"};
inline constexpr Col<std::int64_t> max_birthday{"max_birthday", "the largest birthday"};
inline constexpr Col<std::int64_t> number_rule_failures{
    "number_rule_failures", "stalks against the rule: a number exactly for a blue-red stalk, of its sign expansion"};
inline constexpr Col<std::int64_t> nimber_rule_failures{
    "nimber_rule_failures", "stalks against the rule: x + *m exactly for blue-red x topped by m greens"};
inline constexpr Col<std::int64_t> up_star_rule_failures{
    "up_star_rule_failures", "stalks against the rule: x +- up* exactly for blue-red x topped by G then B or R"};
inline const common::TableSchema table{
    .name = "lengths",
    .order = "length",
    .meaning = "per length: stalks, distinct values, shapes of values, birthdays and the string rules",
    .columns = {length, stalks, distinct, numbers, number_nimber, number_up_star, number_ups_other, other,
                birthday_is_length, max_birthday, number_rule_failures, nimber_rule_failures, up_star_rule_failures}};
} // namespace lengths

} // namespace cgt::jobs::hackenbush_stalks::schema
