#include "common/plumbing/mpi_environment.hpp"
#include "common/plumbing/partition.hpp"
#include "common/runtime/progress.hpp"
#include "common/runtime/task_queue.hpp"

#include <catch2/catch.hpp>

#include <numeric>
#include <optional>
#include <thread>
#include <vector>

using namespace cgt::common;

namespace {
const Comm& world() {
    static const Comm comm(MPI_COMM_WORLD);
    return comm;
}
int world_rank() { return world().rank(); }
int world_size() { return world().size(); }
}

TEST_CASE("TaskQueue: every task runs exactly once across the ranks", "[mpi]") {
    for (std::uint64_t n : {0ull, 1ull, 5ull, 97ull}) {
        std::vector<int> ran(n, 0);
        Progress progress(world(), n, "queue test", true);
        const auto mine = run_task_queue(world(), n, [&](std::uint64_t t) {
            ran[t] += 1;
            if (t % 7 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2)); // uneven cost
        }, &progress);
        progress.finish();
        CHECK(std::is_sorted(mine.begin(), mine.end()));
        std::vector<std::uint64_t> total(ran.begin(), ran.end());
        world().sum(total);
        for (std::uint64_t t = 0; t < n; ++t) CHECK(total[t] == 1);
        if (world_rank() == 0) CHECK(progress.done() == n);
    }
}

TEST_CASE("TaskQueue: with verdicts, rank 0 learns each one and skips the tasks they make useless", "[mpi]") {
    // Task t leaves verdict t % 10; a task is useless once a verdict 9 of an earlier task is
    // known (a monotone rule). Tasks 0..9 run; the ones after 9 only if handed out before
    // its verdict arrived.
    const std::uint64_t n = 40;
    std::vector<int> ran(n, 0);
    std::vector<int> told(n, 0);
    std::vector<std::uint64_t> verdict(n, 99);
    std::uint64_t first_nine = n;
    QueueVerdicts verdicts{.finished =
                               [&](std::uint64_t t, std::optional<std::uint64_t> v) {
                                   ++told[t];
                                   if (v) verdict[t] = *v;
                                   if (v == 9u && t < first_nine) first_nine = t;
                               },
                           .needed = [&](std::uint64_t t) { return t <= first_nine; }};
    Progress progress(world(), n, "verdict queue test", true);
    const auto mine = run_task_queue(
        world(), n,
        [&](std::uint64_t t) {
            ran[t] += 1;
            std::this_thread::sleep_for(std::chrono::milliseconds(t % 3));
            return QueueTaskEnd{true, t % 10};
        },
        &verdicts, &progress);
    progress.finish();
    CHECK(std::is_sorted(mine.begin(), mine.end()));
    std::vector<std::uint64_t> total(ran.begin(), ran.end());
    world().sum(total);
    for (std::uint64_t t = 0; t < n; ++t) {
        CHECK(total[t] <= 1);
        if (t <= 9) CHECK(total[t] == 1); // needed: never skipped
    }
    if (world_rank() == 0) {
        CHECK(first_nine == 9);
        CHECK(progress.done() == n); // the skipped ones count as settled
        for (std::uint64_t t = 0; t < n; ++t) {
            CHECK(static_cast<std::uint64_t>(told[t]) == total[t]); // every task run told rank 0 its verdict, once
            if (total[t]) CHECK(verdict[t] == t % 10);
        }
        // The tasks after 9 run only while its verdict was unknown: on one rank, none.
        std::uint64_t after = 0;
        for (std::uint64_t t = 10; t < n; ++t) after += total[t];
        if (world_size() == 1) CHECK(after == 0);
    }
}

TEST_CASE("Progress: counts from a static split reach rank 0", "[mpi]") {
    const std::uint64_t total = 10000;
    const Range mine = block_range(total, world_size(), world_rank());
    Progress progress(world(), total, "static test", true);
    for (std::uint64_t i = mine.begin; i < mine.end; ++i) progress.advance(1);
    progress.finish();
    if (world_rank() == 0) CHECK(progress.done() == total);
}

TEST_CASE("MpiEnvironment: a usage error found on one rank is raised on every rank", "[mpi]") {
    std::optional<std::string> error;
    if (world_rank() == world_size() - 1) error = "--heaps must be 1..16, got 17";
    CHECK_THROWS_WITH(world().agree_on_usage(error), "--heaps must be 1..16, got 17");
    CHECK_NOTHROW(world().agree_on_usage(std::nullopt));
}

TEST_CASE("Task queue: progress counts the tasks that finished, not those that stopped", "[mpi]") {
    const std::uint64_t n = 40;
    const int rank = world_rank();
    Progress progress(world(), n, "finished-only test", true);
    // Every third task "stops" (a long task saving its state at a stop request): not done.
    const auto mine = run_task_queue(
        world(), n, [&](std::uint64_t t) { return QueueTaskEnd{t % 3 != 0, std::nullopt}; }, nullptr, &progress);
    progress.finish();
    const std::uint64_t ran = world().sum(std::uint64_t{mine.size()});
    CHECK(ran == n);
    if (rank == 0) CHECK(progress.done() == n - (n + 2) / 3); // 40 less the 14 multiples of 3 in 0..39
}
