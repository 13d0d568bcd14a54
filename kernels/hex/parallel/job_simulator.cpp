#include "hex/parallel/job_simulator.hpp"

#include "hex/parallel/job_worker.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cgt::hex {

namespace {

struct Seat {
    enum class State { idle, running, done } state = State::idle;
    std::uint64_t clock = 0; // running/done: the job's start plus its nodes; idle: since when
    std::uint64_t start = 0;
    std::optional<std::uint64_t> cancel_at;
    std::uint64_t job = 0;
    JobResult result;
};

} // namespace

SimulationReport simulate_job_search(Shape shape, RuleSet rules, const SplitPosition& root,
                                     const SimulationOptions& options) {
    if (options.workers < 1 || options.workers > 1024)
        throw std::invalid_argument("simulate_job_search: workers must be 1..1024, got " +
                                    std::to_string(options.workers));
    JobTree tree(shape, rules, root, options.search);
    std::vector<JobWorker> workers;
    for (int i = 0; i < options.workers; ++i)
        workers.emplace_back(shape, rules, options.tt_size_mib, options.pause_nodes);
    std::vector<Seat> seats(workers.size());
    SimulationReport report;

    // Idle workers, in index order, take the jobs the master has at time t.
    const auto hand_out = [&](std::uint64_t t) {
        for (std::size_t i = 0; i < seats.size(); ++i) {
            Seat& s = seats[i];
            if (s.state != Seat::State::idle) continue;
            std::optional<Job> job = tree.next_job(static_cast<int>(i));
            if (!job) continue;
            report.idle += t - s.clock;
            report.shipped_positions += job->known.size();
            report.shipped_seed_bytes += job->seed.size();
            workers[i].begin(*job);
            s = Seat{Seat::State::running, t, t, std::nullopt, job->id, {}};
            ++report.jobs;
        }
    };
    hand_out(0);
    std::uint64_t now = 0;
    while (tree.outcome() == Outcome::unknown) {
        std::size_t next = seats.size();
        for (std::size_t i = 0; i < seats.size(); ++i)
            if (seats[i].state != Seat::State::idle &&
                (next == seats.size() || seats[i].clock < seats[next].clock))
                next = i;
        if (next == seats.size())
            throw std::logic_error("simulate_job_search: no job in flight and none to hand out");
        Seat& s = seats[next];
        now = s.clock;
        if (s.state == Seat::State::done) {
            report.searched += s.result.nodes;
            tree.job_done(s.result);
            s.state = Seat::State::idle;
            for (std::uint64_t id : tree.cancelled_jobs())
                for (Seat& o : seats)
                    if (o.state == Seat::State::running && o.job == id) o.cancel_at = now;
            hand_out(now);
            if (options.progress) {
                report.makespan = now;
                report.root = tree.root_bounds();
                options.progress(report);
            }
            continue;
        }
        JobWorker& w = workers[next];
        if (s.cancel_at && s.clock >= *s.cancel_at) {
            ++report.cancelled;
        } else if (!w.step()) {
            s.clock = s.start + w.nodes();
            continue;
        }
        s.clock = s.start + w.nodes();
        s.result = w.finish();
        s.state = Seat::State::done;
    }
    for (const Seat& s : seats) {
        if (s.state == Seat::State::idle) report.idle += now - s.clock;
        if (s.state != Seat::State::idle && s.clock > s.start)
            report.searched += std::min(s.clock, now) - s.start;
    }
    report.outcome = tree.outcome();
    report.makespan = now;
    report.root = tree.root_bounds();
    report.tree_nodes = tree.size();
    report.proof_work = tree.proof_work();
    report.counters = tree.counters();
    return report;
}

} // namespace cgt::hex
