#pragma once
// SignsJob, the job of cgt-hackenbush-signs (main.cpp): every blue-red Hackenbush stalk of 1..L
// edges valued across MPI ranks (the prefix tree of colour strings split into equal contiguous
// blocks) and compared with Berlekamp's sign-expansion rule; per length the stalks, mismatches and
// distinct values, and the values of the short stalks as examples (signs_schema.hpp).
#include "common/runtime/job.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include "hackenbush-signs/signs_rows.hpp"
#include "hackenbush-signs/signs_schema.hpp"
#include <cmath>
#include <memory>
#include <optional>

namespace cgt::jobs::hackenbush_signs {

class SignsJob : public common::Job {
  public:
    common::JobInfo info() const override;
    void add_options(common::Options& options) override;
    void read_options(const common::po::variables_map& vm, int) override;
    std::uint64_t task_count() const override;
    // A rank holds the values of one length of its task (2^21 at most, 16 bytes each with
    // their sort) and every task's intervals.
    common::MemoryNeed memory_need(int ranks) const override;
    // Every prefix task is a subtree of the same size and nearly the same cost, so equal
    // contiguous blocks are a fair split.
    common::Split split() const override;
    common::TaskTableSpec tables() const override;
    void begin(common::TaskTables&) override;
    common::TaskStatus compute(std::uint64_t task, common::TaskTables& out,
                               common::TaskContext&) override;
    void finish(common::JobResults& results) override;

  private:
    Params m_params;
    std::optional<SignTasks> m_tasks;
    std::unique_ptr<SignWalk> m_walk;
    std::vector<std::uint64_t> m_last;
};

} // namespace cgt::jobs::hackenbush_signs
