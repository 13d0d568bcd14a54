#pragma once
// Task numbers as a user types them (--tasks) and as messages print them. Pure C++.
#include <cstdint>
#include <string>
#include <vector>

namespace cgt::common {

// Parses --tasks for a job of `count` tasks: comma-separated numbers and ranges a-b
// ("0-99,200-299,517"), or a part "K/N": the K-th (1..N) of N near-equal runs of the task
// numbers (for a Slurm array). Returns the tasks, ascending, each once. Throws UsageError
// naming the fault.
std::vector<std::uint64_t> parse_task_list(const std::string& text, std::uint64_t count);

// "0-99, 200, 517-520": the tasks whose flag is set, as ranges; at most `max_ranges`
// ranges, then ", ..." (for one line of a message).
std::string format_task_ranges(const std::vector<bool>& tasks, std::size_t max_ranges = 8);

} // namespace cgt::common
