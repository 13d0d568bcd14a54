#pragma once
// HexOpeningsJob, the job of cgt-hex-openings (main.cpp): every first move of Hex on the board
// sizes asked for, solved across MPI ranks (one opening per task of the dynamic queue: openings
// differ in cost by 100x), with each rule set asked for and in misere Hex, written to one HDF5
// table in enumeration order, with a table of what each rule did per opening and one of the seconds
// each took (openings_schema.hpp). A hard opening may be split (--split) into the positions of its
// first plies, each a task, combined by negamax once all are done (openings_tasks.hpp).
#include "common/runtime/job.hpp"
#include "hex-openings/openings_jobsearch.hpp"
#include "hex-openings/openings_schema.hpp"
#include "hex-openings/openings_tasks.hpp"
#include "hex/board/board.hpp"
#include <algorithm>
#include <cstdio>
#include <memory>
#include <sstream>

namespace cgt::jobs::hex_openings {

class HexOpeningsJob : public common::Job {
  public:
    common::JobInfo info() const override;
    void add_options(common::Options& options) override;
    // The store's digest, unless --store-digest named it (then it is among the options).
    std::string derived_parameters() const override;
    void read_options(const common::po::variables_map& vm, int) override;
    common::MemoryNeed memory_need(int) const override;
    std::uint64_t task_count() const override;
    common::Split split() const override;
    // The tasks' OpeningTasks: the split openings' tasks first, then the others heaviest
    // first, so that the long ones start first; a split opening's leaves tell their results,
    // and rank 0 skips the leaves they make useless.
    const common::QueuePolicy* queue_policy() const override;
    std::vector<common::TaskSubset> subsets() override;
    common::TaskTableSpec tables() const override;
    // A long opening saves its search every --journal-every seconds and on a stop, and a
    // resumed run continues it from there (SearchHooks); a split opening's leaves run
    // to their end.
    common::TaskStatus compute(std::uint64_t task, common::TaskTables& out,
                               common::TaskContext& context) override;
    // The split openings' leaves, wherever they were solved, go to rank 0, which appends the
    // openings' rows and writes every splits row (the needed leaves' from what they
    // computed); the leaves' own counts and seconds leave the tables then.
    void finish(common::JobResults& results) override;
    // --job-search: the communicator of the master and its workers.
    void begin(common::TaskTables& out) override;

  private:
    void read_store_options(const common::po::variables_map& vm);
    // "0123456789abcdef (N positions)".
    [[nodiscard]] std::string digest_text() const;
    [[nodiscard]] bool recording() const;
    std::vector<std::uint64_t> tasks_of_cells(const std::string& text) const;
    // --job-search: UsageError for options it does not go with.
    void check_job_search() const;
    // An opening with --job-search: rank 0 the master, the others workers.
    common::TaskStatus compute_job_search(std::uint64_t task, common::TaskTables& out,
                                          SearchHooks& hooks);
    std::unique_ptr<common::PrivateComm> m_job_comm;
    Params m_params;
    std::uint64_t m_store_digest = 0;
    bool m_digest_given = false;
    std::unique_ptr<OpeningTasks> m_work; // the rows, the split trees and the tasks
};

} // namespace cgt::jobs::hex_openings
