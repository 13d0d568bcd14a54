#include "common/runtime/task_queue.hpp"

#include "common/runtime/task_verdicts.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <span>
#include <thread>

namespace cgt::common {

namespace {
constexpr int TAG_REQUEST = 7201; // worker -> rank 0: Request
constexpr int TAG_TASK = 7202;    // rank 0 -> worker: the next task id, or n_tasks for "done"

// A worker's request for a task: the tasks it finished since the last request and, with
// verdicts, the one it finished last (NO_TASK: none) and its verdict (HAS_VERDICT | v).
constexpr std::uint64_t NO_TASK = ~std::uint64_t{0};
constexpr std::uint64_t HAS_VERDICT = std::uint64_t{1} << 63;
constexpr int REQUEST_WORDS = 3;

std::uint64_t verdict_word(const QueueTaskEnd& end) { return end.verdict ? HAS_VERDICT | *end.verdict : 0; }
std::optional<std::uint64_t> word_verdict(std::uint64_t w) {
    if (!(w & HAS_VERDICT)) return std::nullopt;
    return w & ~HAS_VERDICT;
}

// Rank 0's hand-out of task ids, shared by its dispatcher thread and its own loop. With
// verdicts, the next id is taken, the skipped ones passed over and verdicts recorded under
// one lock, so that the job's calls never overlap.
class Dealer {
public:
    Dealer(std::uint64_t n_tasks, QueueVerdicts* verdicts) : m_n(n_tasks), m_verdicts(verdicts) {}
    // The next task to run (n_tasks when none is left); `skipped` counts the ones passed over.
    std::uint64_t take(std::uint64_t& skipped) {
        if (!m_verdicts) return std::min(m_next.fetch_add(1), m_n);
        const std::lock_guard<std::mutex> lock(m_mutex);
        for (;;) {
            const std::uint64_t t = m_next.load();
            if (t >= m_n) return m_n;
            m_next.store(t + 1);
            if (m_verdicts->needed(t)) return t;
            ++skipped;
        }
    }
    void finished(std::uint64_t task, std::optional<std::uint64_t> verdict) {
        if (!m_verdicts) return;
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_verdicts->finished(task, verdict);
    }
    // No task is handed out from now on.
    void close() {
        if (!m_verdicts) {
            m_next.store(m_n);
            return;
        }
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_next.store(m_n);
    }

private:
    std::uint64_t m_n;
    QueueVerdicts* m_verdicts;
    std::atomic<std::uint64_t> m_next{0};
    std::mutex m_mutex;
};

// Rank 0's dispatcher: serves requests until every worker has been told "done". Polls with
// a short sleep instead of a blocking receive, which would spin a core that rank 0's own
// tasks need.
void dispatch(const Comm& comm, int workers, std::uint64_t n_tasks, Dealer& dealer, Progress* progress,
              StopSignal* stop) {
    using namespace std::chrono;
    std::uint64_t request[REQUEST_WORDS] = {0, NO_TASK, 0};
    Request pending = comm.receive_later(std::span<std::uint64_t>(request), Comm::ANY_SOURCE, TAG_REQUEST);
    auto backoff = microseconds(20);
    while (workers > 0) {
        if (stop) {
            stop->poll();
            // Rank 0's own loop reads the same flag; no task is handed out from now on.
            if (stop->requested()) dealer.close();
        }
        Envelope from;
        if (!pending.test(&from)) {
            std::this_thread::sleep_for(backoff);
            backoff = std::min(backoff * 2, microseconds(500));
            continue;
        }
        backoff = microseconds(20);
        if (request[1] != NO_TASK) dealer.finished(request[1], word_verdict(request[2]));
        std::uint64_t skipped = 0;
        std::uint64_t task = dealer.take(skipped);
        if (progress && request[0] + skipped) progress->record(request[0] + skipped);
        if (task >= n_tasks || (stop && stop->requested())) {
            task = n_tasks;
            --workers;
        }
        comm.send(task, from.source, TAG_TASK);
        if (workers > 0) pending = comm.receive_later(std::span<std::uint64_t>(request), Comm::ANY_SOURCE, TAG_REQUEST);
    }
}
// A worker's wait for rank 0's answer: short sleeps, since the answer comes within a round
// trip (and a blocking wait would take the core that rank 0's dispatcher thread needs).
constexpr std::chrono::microseconds ANSWER_SLEEP_MAX{200};

using RunTask = std::function<QueueTaskEnd(std::uint64_t)>;

// Rank 0: hands tasks out (to the other ranks from the dispatcher thread) and runs its own
// share; returns the tasks it ran.
std::vector<std::uint64_t> lead(const Comm& comm, std::uint64_t n_tasks, const RunTask& run, QueueVerdicts* verdicts,
                                Progress* progress, StopSignal* stop) {
    const int size = comm.size();
    std::vector<std::uint64_t> mine;
    Dealer dealer(n_tasks, verdicts);
    std::thread dispatcher;
    if (size > 1)
        dispatcher = std::thread(dispatch, std::cref(comm), size - 1, n_tasks, std::ref(dealer), progress, stop);
    // With one rank there is no dispatcher thread: this loop polls for itself.
    const auto stopping = [&] {
        if (stop && size == 1) stop->poll();
        return stop && stop->requested();
    };
    try {
        for (;;) {
            if (stopping()) break;
            std::uint64_t skipped = 0;
            const std::uint64_t task = dealer.take(skipped);
            if (progress && skipped) progress->record(skipped);
            if (task >= n_tasks) break;
            const QueueTaskEnd end = run(task);
            mine.push_back(task);
            if (end.finished) dealer.finished(task, end.verdict);
            if (progress && end.finished) progress->record(1);
        }
    } catch (...) {
        // The job is about to be aborted (run_driver); the dispatcher cannot finish.
        if (dispatcher.joinable()) dispatcher.detach();
        throw;
    }
    if (dispatcher.joinable()) dispatcher.join();
    return mine;
}

// Another rank: asks rank 0 for tasks and runs them; returns the tasks it ran. Each request
// carries the number of tasks finished since the previous one. Without verdicts the request
// for the next task goes out as soon as a task starts (one task of prefetch), so rank 0's
// answer arrives while this rank computes; with verdicts it goes out when the task ends,
// with the task's verdict.
std::vector<std::uint64_t> work(const Comm& comm, std::uint64_t n_tasks, const RunTask& run, bool prefetch,
                                Progress* progress, StopSignal* stop) {
    std::vector<std::uint64_t> mine;
    std::uint64_t next = 0;
    std::uint64_t request[REQUEST_WORDS] = {0, NO_TASK, 0};
    auto ask = [&](Request& reply) {
        comm.send(std::span<const std::uint64_t>(request), 0, TAG_REQUEST);
        reply = comm.receive_later(std::span<std::uint64_t>(&next, 1), 0, TAG_TASK);
    };
    Request reply;
    ask(reply);
    reply.wait_politely(ANSWER_SLEEP_MAX);
    std::uint64_t finished = 0;
    while (next < n_tasks) {
        const std::uint64_t task = next;
        if (prefetch) {
            request[0] = finished;
            ask(reply);
        }
        const QueueTaskEnd end = run(task);
        mine.push_back(task);
        finished = end.finished ? 1 : 0;
        if (!prefetch) {
            request[0] = finished;
            request[1] = end.finished ? task : NO_TASK;
            request[2] = verdict_word(end);
            finished = 0;
            ask(reply);
        }
        reply.wait_politely(ANSWER_SLEEP_MAX);
        if (stop) {
            stop->poll();
            if (stop->requested()) break;
        }
    }
    // Stopping: the task just handed out is not run; ask until rank 0, which has heard of
    // the stop by now or soon, says "done".
    while (next < n_tasks) {
        request[0] = finished;
        request[1] = NO_TASK;
        finished = 0;
        ask(reply);
        reply.wait_politely(ANSWER_SLEEP_MAX);
        if (stop) stop->poll();
    }
    // The last task finished after the last request: counted by progress->finish().
    if (progress && finished) progress->advance(finished);
    return mine;
}

std::vector<std::uint64_t> queue(const Comm& comm, std::uint64_t n_tasks, const RunTask& run, QueueVerdicts* verdicts,
                                 Progress* progress, StopSignal* stop) {
    std::vector<std::uint64_t> mine = comm.rank() == 0 ? lead(comm, n_tasks, run, verdicts, progress, stop)
                                                       : work(comm, n_tasks, run, verdicts == nullptr, progress, stop);
    std::sort(mine.begin(), mine.end());
    return mine;
}
} // namespace

std::vector<std::uint64_t> run_task_queue(const Comm& comm, std::uint64_t n_tasks,
                                          const std::function<void(std::uint64_t)>& run,
                                          Progress* progress, StopSignal* stop) {
    return queue(
        comm, n_tasks,
        [&](std::uint64_t task) {
            run(task);
            return QueueTaskEnd{true, std::nullopt};
        },
        nullptr, progress, stop);
}

std::vector<std::uint64_t> run_task_queue(const Comm& comm, std::uint64_t n_tasks,
                                          const std::function<QueueTaskEnd(std::uint64_t)>& run,
                                          QueueVerdicts* verdicts, Progress* progress, StopSignal* stop) {
    return queue(comm, n_tasks, run, verdicts, progress, stop);
}

} // namespace cgt::common
