#pragma once
// The `values` table of the Hackenbush jobs that store every item's value (stalks, colour,
// sums): one row per distinct value, its canonical text; the items' `value` columns hold
// the row's `value` (common/runtime/schema.hpp).
#include "common/runtime/schema.hpp"

#include <cstdint>
#include <string>

namespace cgt::jobs::hackenbush_common::schema::values {

inline constexpr common::Col<std::uint64_t> value{
    "value", "the value's index, 0.. in byte order of the texts: what the items' value columns hold"};
inline constexpr common::Col<std::string> text{"text", "the value's canonical text (core::GameStore::canonical_text)"};
inline const common::TableSchema table{
    .name = "values",
    .order = "value",
    .meaning = "every distinct value of the run, once, by canonical text",
    .columns = {value, text},
    .compress = true};

} // namespace cgt::jobs::hackenbush_common::schema::values
