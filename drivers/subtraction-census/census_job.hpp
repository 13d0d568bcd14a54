#pragma once
// CensusJob, the job of cgt-subtraction-census (main.cpp): the subtraction-game census across
// MPI ranks. Every non-empty S within {1..M} in normal (and misere) play and every three-move
// game {a < b < c} with c <= C, each with its least preperiod and period proven by a repeated
// window (impartial/subtraction_census.hpp) and the period of its outcomes; the tables hold a
// row per game, the distributions of periods and preperiods, the longest ones, and the
// literature's statements on two- and three-move games checked against every game they
// concern (impartial/census_checks.hpp). Tasks are runs of 16,384 games of one kind, spread
// round-robin; the summaries are folded in finish() from what each task kept, so the file is
// the same whatever the rank count.
#include "common/runtime/job.hpp"
#include "subtraction-census/census_rows.hpp"
#include "subtraction-census/census_schema.hpp"

namespace cgt::jobs::subtraction_census {

class CensusJob : public common::Job {
  public:
    common::JobInfo info() const override;
    void add_options(common::Options& options) override;
    void read_options(const common::po::variables_map& vm, int) override;
    std::uint64_t task_count() const override { return m_tasks.size(); }
    // A rank holds its share of the game rows until the write, and one game's values.
    common::MemoryNeed memory_need(int ranks) const override;
    // Costs grow slowly along the task order (with c): round-robin spreads them.
    common::Split split() const override { return common::Split::round_robin; }
    common::TaskTableSpec tables() const override;
    common::TaskStatus compute(std::uint64_t task, common::TaskTables& out,
                               common::TaskContext&) override;
    void finish(common::JobResults& results) override;

    [[nodiscard]] const Params& params() const { return m_params; }

  private:
    Params m_params;
    std::vector<TaskRange> m_tasks;
    std::vector<std::uint8_t> m_values;
};

} // namespace cgt::jobs::subtraction_census
