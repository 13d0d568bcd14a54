#pragma once
// GrundyJob, the job of cgt-grundy (main.cpp): G(0..N) of Grundy's game by the windowed
// sparse-space sweep, in one process (each value needs all those below it) on --threads
// threads: one task, whose state (of a size that does not grow with N) goes to the journal
// every --journal-every seconds and on a stop, so that --resume continues the sweep; writes the
// values up to --store-values and the sweep's tables to one HDF5 file (grundy_schema.hpp).
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
    // The sweep's values (2 bytes a heap in the prefix and in the window, each bounded:
    // grundy_sweep.hpp), the stored column written from the prefix, and the program.
    common::MemoryNeed memory_need(int) const override;
    std::uint64_t task_count() const override;
    common::Split split() const override;
    std::uint64_t task_units(std::uint64_t) const override;
    common::TaskTableSpec tables() const override;
    common::TaskStatus compute(std::uint64_t, common::TaskTables& out,
                               common::TaskContext& context) override;
    void finish(common::JobResults& results) override;

  private:
    SweepSettings m_settings;
    std::string m_threads_why;
};

} // namespace cgt::jobs::grundy
