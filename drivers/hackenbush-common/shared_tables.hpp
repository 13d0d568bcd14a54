#pragma once
// What the Hackenbush drivers share on top of the driver skeleton (common/runtime/job.hpp): the
// table of distinct values, and the per-task counts their jobs keep as running totals.
#include "common/runtime/distinct_texts.hpp"
#include "common/runtime/job.hpp"

#include <cstdint>
#include <vector>

namespace cgt::jobs::hackenbush_common {

// Collective. Writes the `values` table (values_schema.hpp): one row per distinct value in
// index order, each rank its own share.
void write_values_table(common::JobResults& results, common::DistinctTexts& values);

// A job object that keeps running totals over the tasks it computed (GraphRows::counts(),
// say) gives the skeleton each task's own counts: `now` minus the totals after the task
// before (`last`, updated), added to `task_counts`.
void add_task_counts(const std::vector<std::uint64_t>& now, std::vector<std::uint64_t>& last,
                     std::vector<std::uint64_t>& task_counts);

} // namespace cgt::jobs::hackenbush_common
