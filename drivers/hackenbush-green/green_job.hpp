#pragma once
// GreenJob, the job of cgt-hackenbush-green (main.cpp): every green Hackenbush graph of the
// article's families on the ground and V vertices with 1..E edges, for each V:E asked for, valued
// across MPI ranks (runs of multisets dealt round-robin) by the mex rule, by the fusion and colon
// principles and by the CGT engine; one HDF5 file with every graph's three values, the agreement
// counts by edge count and the distribution of nim values (green_schema.hpp).
#include "common/runtime/contiguous_rows.hpp"
#include "common/runtime/job.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include "hackenbush-green/green_rows.hpp"
#include "hackenbush-green/green_schema.hpp"
#include <memory>
#include <optional>

namespace cgt::jobs::hackenbush_green {

class GreenJob : public common::Job {
  public:
    common::JobInfo info() const override;
    void add_options(common::Options& options) override;
    void read_options(const common::po::variables_map& vm, int) override;
    std::uint64_t task_count() const override;
    // Measured peaks: 41.9 MB for 3:9 (92,377 multisets), 84.4 MB for 3:11 (352,715), so 167
    // bytes a multiset; 5.1 and 72.9 s CPU, 1.5e-7 s per multiset and position searched.
    common::MemoryNeed memory_need(int ranks) const override;
    // Runs of multisets cost alike along the task order: dealt round-robin, every rank
    // gets a fair share, and no rank waits on a dispatcher.
    common::Split split() const override;
    common::TaskTableSpec tables() const override;
    void begin(common::TaskTables&) override;
    common::TaskStatus compute(std::uint64_t task, common::TaskTables& out,
                               common::TaskContext&) override;
    void finish(common::JobResults& results) override;

  private:
    std::optional<hackenbush_common::GraphTasks> m_tasks;
    std::string m_graphs;
    cgt::core::GameStore m_store;
    std::unique_ptr<GraphRows> m_rows;
    std::vector<std::uint64_t> m_last;
    std::size_t m_counters = 0;
};

} // namespace cgt::jobs::hackenbush_green
