// The run's lock on its output (run_lock.hpp) and the stop signals' two ways (stop_signal.hpp):
// noted inside a Listening scope, the process ended at once outside one. What ends a process
// runs in a forked child, whose status and stderr the test reads.
#include "common/plumbing/run_lock.hpp"
#include "common/runtime/stop_signal.hpp"

#include "common/plumbing/test/scratch_dir.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace cgt::common;
using cgt::common::test::ScratchDir;

namespace {

std::string text_of(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Runs `body` in a child with its stderr in `err`; returns its exit status (-1: killed).
template <class Body> int in_child(const std::string& err, Body body) {
    const pid_t child = ::fork();
    if (child == 0) {
        if (!std::freopen(err.c_str(), "w", stderr)) ::_exit(99);
        body();
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace

TEST_CASE("RunLock: a second holder is refused naming the first, the file goes with the lock",
          "[cgt]") {
    const ScratchDir dir("run-lock");
    const std::string out = dir.at("r.h5");
    RunLock first;
    std::string taken_over;
    REQUIRE_FALSE(first.acquire(out, "cgt-test", taken_over));
    CHECK(taken_over.empty());
    CHECK(first.held());
    CHECK(text_of(run_lock_path(out))
              .starts_with("cgt-test, pid " + std::to_string(::getpid()) + " on host "));

    RunLock second; // flock locks belong to open files: a second open in one process conflicts
    const auto refused = second.acquire(out, "cgt-other", taken_over);
    REQUIRE(refused);
    CHECK(refused->starts_with("another run holds " + out + ": cgt-test, pid " +
                               std::to_string(::getpid()) + " on host "));
    CHECK(refused->ends_with("(" + out + ".lock); wait for it to end, or choose another --out"));
    CHECK_FALSE(second.held());

    first.release();
    CHECK_FALSE(std::ifstream(run_lock_path(out)).good());
    REQUIRE_FALSE(second.acquire(out, "cgt-other", taken_over));
    CHECK(taken_over.empty());
}

TEST_CASE("RunLock: the lock of a process that died is taken over, its text kept for the note",
          "[cgt]") {
    const ScratchDir dir("run-lock-dead");
    const std::string out = dir.at("r.h5");
    const int status = in_child(dir.at("err"), [&] {
        RunLock lock;
        std::string ignored;
        if (lock.acquire(out, "cgt-dead", ignored)) ::_exit(1);
        ::_exit(0); // dies holding it: no release, the file stays
    });
    REQUIRE(status == 0);
    REQUIRE(text_of(run_lock_path(out)).starts_with("cgt-dead, pid "));
    RunLock lock;
    std::string taken_over;
    REQUIRE_FALSE(lock.acquire(out, "cgt-test", taken_over));
    CHECK(taken_over.starts_with("cgt-dead, pid "));
    CHECK(text_of(run_lock_path(out)).starts_with("cgt-test, pid "));
}

TEST_CASE("RunLock: an output whose lock file is a directory is refused", "[cgt]") {
    const ScratchDir dir("run-lock-dir");
    const std::string out = dir.at("r.h5");
    std::filesystem::create_directory(run_lock_path(out));
    RunLock lock;
    std::string taken_over;
    const auto refused = lock.acquire(out, "cgt-test", taken_over);
    REQUIRE(refused);
    CHECK(*refused == "cannot lock the output: '" + out + ".lock' is a directory");
}

TEST_CASE("StopSignal: outside a Listening scope a signal ends the process at once, one line",
          "[cgt]") {
    const ScratchDir dir("stop-signal");
    const std::string err = dir.at("err");
    for (const int signal : {SIGTERM, SIGINT, SIGUSR1}) {
        const int status = in_child(err, [&] {
            StopSignal::install();
            std::raise(signal);
            ::_exit(0); // not reached
        });
        CHECK(status == 128 + signal);
        const std::string name = signal == SIGTERM  ? "SIGTERM"
                                 : signal == SIGINT ? "SIGINT"
                                                    : "SIGUSR1";
        CHECK(text_of(err) ==
              std::string(program_invocation_short_name) + ": stopped by " + name + "\n");
    }
    // Once a journal holds work: its line and status 3; the lock file is removed.
    const std::string lock = dir.at("r.h5.lock");
    std::ofstream(lock) << "x\n";
    const int status = in_child(err, [&] {
        StopSignal::install();
        StopSignal::set_stopped_line(3, " in the final write; the tasks done are kept in J");
        StopSignal::remove_when_stopped(lock);
        std::raise(SIGTERM);
    });
    CHECK(status == 3);
    CHECK(text_of(err) ==
          std::string(program_invocation_short_name) +
              ": stopped by SIGTERM in the final write; the tasks done are kept in J\n");
    CHECK_FALSE(std::ifstream(lock).good());
}

TEST_CASE("StopSignal: inside a Listening scope a signal is noted, and the scope's end acts on it",
          "[cgt]") {
    const ScratchDir dir("stop-listening");
    const std::string err = dir.at("err");
    const int status = in_child(err, [&] {
        StopSignal::install();
        {
            const StopSignal::Listening listening;
            std::raise(SIGUSR1);
            if (!StopSignal::received() || StopSignal::signal_number() != SIGUSR1) ::_exit(1);
            if (StopSignal::seconds_since_received() < 0) ::_exit(2);
            std::fputs("still running\n", stderr);
            std::fflush(stderr);
        } // nothing took it up (StopSignal::finish): the process ends here
        ::_exit(4);
    });
    CHECK(status == 128 + SIGUSR1);
    CHECK(text_of(err) == "still running\n" + std::string(program_invocation_short_name) +
                              ": stopped by SIGUSR1\n");
}
