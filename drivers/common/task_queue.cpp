#include "common/task_queue.hpp"

#include "common/mpi_environment.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace cgt::common {

namespace {
constexpr int TAG_REQUEST = 7201; // worker -> rank 0: tasks finished since the last request
constexpr int TAG_TASK = 7202;    // rank 0 -> worker: the next task id, or n_tasks for "done"

// Rank 0's dispatcher: serves requests until every worker has been told "done". Polls with
// a short sleep instead of a blocking receive, which would spin a core that rank 0's own
// tasks need.
void dispatch(MPI_Comm comm, int workers, std::uint64_t n_tasks, std::atomic<std::uint64_t>& next,
              Progress* progress, StopSignal* stop) {
    using namespace std::chrono;
    std::uint64_t finished = 0;
    MPI_Request request;
    check_mpi(MPI_Irecv(&finished, 1, MPI_UINT64_T, MPI_ANY_SOURCE, TAG_REQUEST, comm, &request),
              "MPI_Irecv");
    auto backoff = microseconds(20);
    while (workers > 0) {
        if (stop) {
            stop->poll();
            // Rank 0's own loop reads the same flag; no task is handed out from now on.
            if (stop->requested()) next.store(n_tasks);
        }
        int flag = 0;
        MPI_Status status;
        check_mpi(MPI_Test(&request, &flag, &status), "MPI_Test");
        if (!flag) {
            std::this_thread::sleep_for(backoff);
            backoff = std::min(backoff * 2, microseconds(500));
            continue;
        }
        backoff = microseconds(20);
        if (progress && finished) progress->record(finished);
        std::uint64_t task = next.fetch_add(1);
        if (task >= n_tasks || (stop && stop->requested())) {
            task = n_tasks;
            --workers;
        }
        check_mpi(MPI_Send(&task, 1, MPI_UINT64_T, status.MPI_SOURCE, TAG_TASK, comm), "MPI_Send");
        if (workers > 0)
            check_mpi(MPI_Irecv(&finished, 1, MPI_UINT64_T, MPI_ANY_SOURCE, TAG_REQUEST, comm,
                                &request), "MPI_Irecv");
    }
}
// A worker's wait for rank 0's answer: short sleeps, since the answer comes within a round
// trip (and a blocking wait would take the core that rank 0's dispatcher thread needs).
constexpr std::chrono::microseconds ANSWER_SLEEP_MAX{200};
} // namespace

std::vector<std::uint64_t> run_task_queue(MPI_Comm comm, std::uint64_t n_tasks,
                                          const std::function<void(std::uint64_t)>& run,
                                          Progress* progress, StopSignal* stop) {
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    std::vector<std::uint64_t> mine;

    if (rank == 0) {
        std::atomic<std::uint64_t> next{0};
        std::thread dispatcher;
        if (size > 1)
            dispatcher = std::thread(dispatch, comm, size - 1, n_tasks, std::ref(next), progress, stop);
        // With one rank there is no dispatcher thread: this loop polls for itself.
        const auto stopping = [&] {
            if (stop && size == 1) stop->poll();
            return stop && stop->requested();
        };
        try {
            for (std::uint64_t task; !stopping() && (task = next.fetch_add(1)) < n_tasks;) {
                run(task);
                mine.push_back(task);
                if (progress) progress->record(1);
            }
        } catch (...) {
            // The job is about to be aborted (run_driver); the dispatcher cannot finish.
            if (dispatcher.joinable()) dispatcher.detach();
            throw;
        }
        if (dispatcher.joinable()) dispatcher.join();
    } else {
        // Each request carries the number of tasks finished since the previous one. The
        // request for the next task goes out as soon as a task starts (one task of
        // prefetch), so rank 0's answer arrives while this rank computes.
        std::uint64_t next = 0;
        auto ask = [&](std::uint64_t finished, MPI_Request& reply) {
            check_mpi(MPI_Send(&finished, 1, MPI_UINT64_T, 0, TAG_REQUEST, comm), "MPI_Send");
            check_mpi(MPI_Irecv(&next, 1, MPI_UINT64_T, 0, TAG_TASK, comm, &reply), "MPI_Irecv");
        };
        MPI_Request reply;
        ask(0, reply);
        wait_politely(reply, ANSWER_SLEEP_MAX);
        std::uint64_t finished = 0;
        while (next < n_tasks) {
            const std::uint64_t task = next;
            ask(finished, reply);
            run(task);
            mine.push_back(task);
            finished = 1;
            wait_politely(reply, ANSWER_SLEEP_MAX);
            if (stop) {
                stop->poll();
                if (stop->requested()) break;
            }
        }
        // Stopping: the task just handed out is not run; ask until rank 0, which has heard
        // of the stop by now or soon, says "done".
        while (next < n_tasks) {
            ask(finished, reply);
            finished = 0;
            wait_politely(reply, ANSWER_SLEEP_MAX);
            if (stop) stop->poll();
        }
        // The last task finished after the last request: counted by progress->finish().
        if (progress && finished) progress->advance(finished);
    }
    std::sort(mine.begin(), mine.end());
    return mine;
}

} // namespace cgt::common
