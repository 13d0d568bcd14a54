#pragma once
// GrundyJob, the job of cgt-grundy (main.cpp): G(0..N) of Grundy's game by the sparse-space sweep,
// in one process (each value needs all those below it): one task, whose state (the values so far)
// goes to the journal every --journal-every seconds and on a stop, so that --resume continues the
// sweep; writes the values and the sweep's tables to one HDF5 file (grundy_schema.hpp).
#include "common/runtime/job.hpp"
#include "grundy/grundy_schema.hpp"
#include "grundy/grundy_sweep.hpp"
#include <stdexcept>

namespace cgt::jobs::grundy {

class GrundyJob : public common::Job {
  public:
    common::JobInfo info() const override;
    void add_options(common::Options& options) override;
    void read_options(const common::po::variables_map& vm, int ranks) override;
    // Measured peaks (/usr/bin/time -v): 51.5 MB at 2^23 heaps, 125.5 MB at 2^25, so 3 bytes
    // a heap (2 for the values, written from the table they were computed in) and 27 MB;
    // 54.5 s CPU for 2^25 heaps, about 0.6 M heaps a second on one core.
    common::MemoryNeed memory_need(int) const override;
    std::uint64_t task_count() const override;
    common::Split split() const override;
    std::uint64_t task_units(std::uint64_t) const override;
    common::TaskTableSpec tables() const override;
    common::TaskStatus compute(std::uint64_t, common::TaskTables& out,
                               common::TaskContext& context) override;
    void finish(common::JobResults& results) override;

  private:
    std::uint64_t m_max_heap = 0;
    impartial::ScanKernel m_kernel{};
};

} // namespace cgt::jobs::grundy
