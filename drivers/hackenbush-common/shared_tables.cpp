#include "hackenbush-common/shared_tables.hpp"

#include "hackenbush-common/values_schema.hpp"

#include <stdexcept>

namespace cgt::jobs::hackenbush_common {

void write_values_table(common::JobResults& results, common::DistinctTexts& values) {
    namespace v = schema::values;
    common::LocalTable table = v::table.make();
    auto& index = table.column(v::value);
    table.begin_block(static_cast<std::uint64_t>(results.comm().rank())); // shares are in rank order
    for (std::size_t k = 0; k < values.owned.size(); ++k) index.push_back(values.first + k);
    table.column(v::text) = std::move(values.owned);
    values.owned.clear();
    results.write(v::table, table);
}

void add_task_counts(const std::vector<std::uint64_t>& now, std::vector<std::uint64_t>& last,
                     std::vector<std::uint64_t>& task_counts) {
    if (last.empty()) last.assign(now.size(), 0);
    if (now.size() != last.size() || now.size() != task_counts.size())
        throw std::logic_error("add_task_counts: counts of different lengths");
    for (std::size_t k = 0; k < now.size(); ++k) task_counts[k] += now[k] - last[k];
    last = now;
}

} // namespace cgt::jobs::hackenbush_common
