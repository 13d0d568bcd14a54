#pragma once
// StalksJob, the job of cgt-hackenbush-stalks (main.cpp): every Blue-Red-Green stalk of 1..L edges
// valued across MPI ranks (the prefix tree of colour strings dealt out round-robin), classified,
// its birthday taken and the string rules checked; one HDF5 file with the per-length table, every
// stalk's value (an index into the table of distinct canonical texts) and that table
// (stalks_schema.hpp).
#include "common/runtime/contiguous_rows.hpp"
#include "common/runtime/job.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include "hackenbush-stalks/stalks_rows.hpp"
#include "hackenbush-stalks/stalks_schema.hpp"
#include <algorithm>
#include <memory>
#include <optional>

namespace cgt::jobs::hackenbush_stalks {

class StalksJob : public common::Job {
  public:
    common::JobInfo info() const override;
    void add_options(common::Options& options) override;
    void read_options(const common::po::variables_map& vm, int) override;
    std::uint64_t task_count() const override;
    // Every rank holds the rows of its tasks (a row a stalk, its value interned) until the
    // write.
    common::MemoryNeed memory_need(int ranks) const override;
    // Neighbouring prefixes cost alike: dealt round-robin, every rank gets a fair share of
    // the cheap blue-red and the dear green-heavy subtrees.
    common::Split split() const override;
    common::TaskTableSpec tables() const override;
    void begin(common::TaskTables& out) override;
    common::TaskStatus compute(std::uint64_t task, common::TaskTables& out,
                               common::TaskContext&) override;
    void finish(common::JobResults& results) override;

  private:
    Params m_params;
    std::optional<StalkTasks> m_tasks;
    cgt::core::GameStore m_store;
    std::unique_ptr<hackenbush_common::ValueTexts> m_values;
    std::unique_ptr<StalkRows> m_rows;
    std::vector<std::uint64_t> m_last;
};

} // namespace cgt::jobs::hackenbush_stalks
