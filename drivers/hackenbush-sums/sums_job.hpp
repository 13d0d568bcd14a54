#pragma once
// SumsJob, the job of cgt-hackenbush-sums (main.cpp): random triples of small coloured Hackenbush
// pictures, split across MPI ranks in equal blocks (triple i depends only on the seed and i); for
// each, the outcome of the sum of the three values against the value-free search on the three side
// by side (sums_schema.hpp).
#include "common/runtime/job.hpp"
#include "hackenbush-common/graph_tasks.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include "hackenbush-sums/sums_rows.hpp"
#include "hackenbush-sums/sums_schema.hpp"
#include <memory>

namespace cgt::jobs::hackenbush_sums {

class SumsJob : public common::Job {
  public:
    common::JobInfo info() const override;
    static constexpr std::uint64_t TASK_TRIPLES = 256;
    void add_options(common::Options& options) override;
    void read_options(const common::po::variables_map& vm, int) override;
    std::uint64_t task_count() const override;
    // Every rank holds the rows of its triples until the write.
    common::MemoryNeed memory_need(int ranks) const override;
    // Triples of equal cost on average: contiguous blocks, each rank's rows one run.
    common::Split split() const override;
    common::TaskTableSpec tables() const override;
    std::uint64_t task_units(std::uint64_t task) const override;
    void begin(common::TaskTables& out) override;
    common::TaskStatus compute(std::uint64_t task, common::TaskTables& out,
                               common::TaskContext&) override;
    void finish(common::JobResults& results) override;

  private:
    std::uint64_t end(std::uint64_t task) const;
    Params m_params;
    cgt::core::GameStore m_store;
    std::unique_ptr<hackenbush_common::ValueTexts> m_values;
    std::unique_ptr<TripleRows> m_rows;
    std::vector<std::uint64_t> m_last;
};

} // namespace cgt::jobs::hackenbush_sums
