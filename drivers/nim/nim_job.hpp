#pragma once
// NimJob, the job of cgt-nim (main.cpp): Sprague-Grundy sums across MPI ranks. Every position of K
// heaps of size <= H of each game is valued by the XOR rule, checked by a value-free search, and
// written to one HDF5 table in enumeration order. Tasks are runs of 4096 positions in contiguous
// blocks.
#include "common/runtime/job.hpp"
#include "nim/nim_rows.hpp"
#include "nim/nim_schema.hpp"
#include <memory>

namespace cgt::jobs::nim {

class NimJob : public common::Job {
  public:
    common::JobInfo info() const override;
    static constexpr std::uint64_t TASK_ROWS = 4096;
    void add_options(common::Options& options) override;
    void read_options(const common::po::variables_map& vm, int) override;
    std::uint64_t task_count() const override;
    // Every rank holds the rows of its positions until the write. Measured peaks, 2 games of
    // 3 heaps: 47.5 MB for --max-heap 60 (79,422 rows), 192.7 MB for 120 (605,242 rows), and
    // 108 to 111 MB on each of 2 ranks: 283 bytes a row and 24.5 MB; 0.40 and 6.52 s CPU, about
    // 9e-8 s per row and heap size.
    common::MemoryNeed memory_need(int ranks) const override;
    common::Split split() const override;
    common::TaskTableSpec tables() const override;
    std::uint64_t task_units(std::uint64_t task) const override;
    void begin(common::TaskTables&) override;
    common::TaskStatus compute(std::uint64_t task, common::TaskTables& out,
                               common::TaskContext&) override;
    void finish(common::JobResults& results) override;

  private:
    jobs::nim::Params m_params;
    std::uint64_t m_total = 0;
    std::unique_ptr<jobs::nim::PositionRows> m_rows;
};

} // namespace cgt::jobs::nim
