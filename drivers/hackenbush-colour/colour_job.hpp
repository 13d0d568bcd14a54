#pragma once
// ColourJob, the job of cgt-hackenbush-colour (main.cpp): every coloured Hackenbush graph of the
// article's families on the ground and V vertices with 1..E edges, valued across MPI ranks (runs of
// multisets dealt round-robin), its outcome checked against a value-free search and its value as a
// sum of parts against its value as a whole; one HDF5 file with the counts, every graph's value (an
// index into the table of distinct canonical texts) and that table (colour_schema.hpp).
#include "common/runtime/contiguous_rows.hpp"
#include "common/runtime/job.hpp"
#include "hackenbush-colour/colour_rows.hpp"
#include "hackenbush-colour/colour_schema.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include <map>
#include <memory>
#include <optional>

namespace cgt::jobs::hackenbush_colour {

class ColourJob : public common::Job {
  public:
    common::JobInfo info() const override;
    void add_options(common::Options& options) override;
    void read_options(const common::po::variables_map& vm, int) override;
    std::uint64_t task_count() const override;
    // Measured peaks, V = 3 with BR and BRG: 89.5 MB for E = 5 (377,760 multisets), 447.2 MB
    // for E = 6 (2,178,020): 203 bytes a multiset; 1.5 and 20.6 s CPU, about 1.5e-7 s per
    // multiset and position searched.
    common::MemoryNeed memory_need(int ranks) const override;
    // Runs of multisets cost alike along the task order: dealt round-robin.
    common::Split split() const override;
    common::TaskTableSpec tables() const override;
    void begin(common::TaskTables& out) override;
    common::TaskStatus compute(std::uint64_t task, common::TaskTables& out,
                               common::TaskContext&) override;
    void finish(common::JobResults& results) override;

  private:
    Params m_params;
    std::optional<hackenbush_common::GraphTasks> m_tasks;
    cgt::core::GameStore m_store;
    std::unique_ptr<hackenbush_common::ValueTexts> m_values;
    std::unique_ptr<GraphRows> m_rows;
    std::vector<std::uint64_t> m_last;
    std::size_t m_counters = 0;
};

} // namespace cgt::jobs::hackenbush_colour
