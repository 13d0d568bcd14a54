#pragma once
// A worker of the job-level proof-number search (job.hpp): searches a job's position with
// the vc solver's DFPN within the job's budget of nodes, and says what it found. The
// worker keeps its table from job to job (never cleared), so a job below a position it
// searched before starts from what it learned there. A job stops at a pause of the DFPN
// (vc_search.hpp: the search back at its root, every frame's bounds stored), so what the
// table holds of the position then is what the DFPN would continue from.
//
//   JobWorker worker(shape, rules, 64, 1024);
//   JobResult r = worker.run(job, [&] { return !cancelled(job.id); });
//
// A job runs in steps, one pause to the next (begin, step, finish), so that a caller can
// interleave many workers deterministically (job_simulator.hpp) or look for a cancellation
// between steps. The result of a job is a function of the job and of the jobs the worker
// ran before it.
#include "hex/analysis/rule_set.hpp"
#include "hex/board/geometry.hpp"
#include "hex/parallel/job.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

namespace cgt::hex {

class JobWorker {
  public:
    // rules: a vc rule set with proof-number search; pause_nodes: the DFPN's pauses (the
    // grain of a step and of a cancellation). std::invalid_argument otherwise.
    JobWorker(Shape shape, RuleSet rules, std::size_t tt_size_mib, std::uint64_t pause_nodes);
    ~JobWorker();
    JobWorker(JobWorker&&) noexcept;
    JobWorker& operator=(JobWorker&&) noexcept;

    // Starts a job (ending any other unfinished).
    void begin(const Job& job);
    // Searches to the next pause or the end; true once the job has ended: its position
    // decided, its budget spent, or its bounds past the job's thresholds. The nodes searched so far
    // in the job: nodes().
    bool step();
    [[nodiscard]] std::uint64_t nodes() const;
    // The job's result, ended or not (a job cut short, e.g. cancelled, reports what it has).
    [[nodiscard]] JobResult finish();
    // begin, step while keep_going() and the job has not ended, finish.
    JobResult run(const Job& job, const std::function<bool()>& keep_going = {});

  private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace cgt::hex
