#pragma once
// OctalSweepJob, the job of cgt-octal-sweep (main.cpp): whole families of subtraction and octal
// games across MPI ranks. Each game is analysed to a heap bound (Grundy values, period with its
// proof or "not yet periodic up to N"), or with --ceiling run by the frontier sweep until its
// period is proven or it reaches the ceiling; a dynamic task queue hands out the dearest games
// first, a long game keeps its values in the journal as it goes (so a stopped run resumes it
// mid-game), and the rows go to HDF5 tables in enumeration order (octal_sweep_schema.hpp).
#include "common/runtime/job.hpp"
#include "octal-sweep/frontier_state.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"
#include "octal-sweep/sweep_games.hpp"
#include <algorithm>
#include <memory>
#include <string_view>

namespace cgt::jobs::octal_sweep {

// Its own queue policy (queue_policy.hpp): the order of the games.
class OctalSweepJob : public common::Job, public common::QueuePolicy {
  public:
    common::JobInfo info() const override;
    void add_options(common::Options& options) override;
    void read_options(const common::po::variables_map& vm, int) override;
    std::uint64_t task_count() const override;
    // A rank values one game at a time: its values are 4 bytes a heap up to its bound (the
    // frontier sweep's ceiling); the rest is small.
    common::MemoryNeed memory_need(int) const override;
    // Games differ in cost by orders of magnitude: rank 0's queue hands them out.
    common::Split split() const override;
    std::vector<common::TaskSubset> subsets() override;
    // The dearest first (frontier_state.hpp's estimate), so that the longest game does not
    // start last; every rank computes the same order.
    std::vector<std::uint64_t> dispatch_order() const override;
    const common::QueuePolicy* queue_policy() const override { return this; }
    common::TaskTableSpec tables() const override;
    void begin(common::TaskTables&) override;
    common::TaskStatus compute(std::uint64_t task, common::TaskTables& out,
                               common::TaskContext& context) override;
    void finish(common::JobResults& results) override;

  private:
    // The tasks holding every game named in `text` (games may be separated by commas too:
    // a subtraction set then needs braces, {1,3,4}).
    std::vector<std::uint64_t> tasks_of_games(const std::string& text) const;
    Params m_params;
    std::vector<SweepGame> m_games;
    std::vector<std::uint64_t> m_starts;
    std::unique_ptr<GameRows> m_rows;
    std::string m_threads_why;
};

} // namespace cgt::jobs::octal_sweep
