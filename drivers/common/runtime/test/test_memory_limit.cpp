#include "common/runtime/memory_limit.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace cgt::common;

TEST_CASE("parse_memory_size: units are powers of 1024", "[common]") {
    CHECK(parse_memory_size("123456") == 123456);
    CHECK(parse_memory_size("512M") == 512ull << 20);
    CHECK(parse_memory_size("8G") == 8ull << 30);
    CHECK(parse_memory_size("8g") == 8ull << 30);
    CHECK(parse_memory_size("8GiB") == 8ull << 30);
    CHECK(parse_memory_size("8GB") == 8ull << 30);
    CHECK(parse_memory_size("1.5T") == 3ull << 39);
    CHECK(parse_memory_size("4096K") == 4ull << 20);
    CHECK(parse_memory_size("100B") == 100);
}

TEST_CASE("parse_memory_size: anything else is a usage error naming the option", "[common]") {
    for (const char* bad : {"", "G", "12Q", "-5", "0", "1.5", "1.5.2G", ".5G", "5.G", "8 G", "8GG", "99999999999999999999T"})
        CHECK_THROWS_AS(parse_memory_size(bad), UsageError);
    CHECK_THROWS_WITH(parse_memory_size("12Q", "--max-memory"),
                      "--max-memory must be a size such as 512M, 8G, 1.5T or a number of bytes, got '12Q'");
}

TEST_CASE("format_bytes: one decimal in the largest unit", "[common]") {
    CHECK(format_bytes(800) == "800 bytes");
    CHECK(format_bytes(1536) == "1.5 KiB");
    CHECK(format_bytes(34.4 * (1ull << 30)) == "34.4 GiB");
    CHECK(format_bytes(3.0 * (1ull << 60) * 1024) == "3.0 ZiB");
}

TEST_CASE("node_memory_limit: Slurm's allocation, else physical memory", "[common]") {
    ::setenv("SLURM_MEM_PER_NODE", "2048", 1);
    MemoryLimit limit = node_memory_limit();
    CHECK(limit.bytes <= 2048ull << 20); // a smaller cgroup limit would win
    ::unsetenv("SLURM_MEM_PER_NODE");
    ::setenv("SLURM_MEM_PER_CPU", "100", 1);
    ::setenv("SLURM_CPUS_ON_NODE", "4", 1);
    limit = node_memory_limit();
    CHECK(limit.bytes <= 400ull << 20);
    ::unsetenv("SLURM_MEM_PER_CPU");
    ::unsetenv("SLURM_CPUS_ON_NODE");
    limit = node_memory_limit();
    CHECK(limit.bytes > 400ull << 20);
    CHECK((limit.source == "physical memory" || limit.source == "the cgroup's memory.max"));
}

TEST_CASE("node_memory_limit: a malformed Slurm variable is a usage error naming it", "[common]") {
    for (const char* name : {"SLURM_MEM_PER_NODE", "SLURM_MEM_PER_CPU"}) {
        for (const char* bad : {"abc", "12Q", "-5", "", "4096 ", "1.5.2G"}) {
            ::setenv(name, bad, 1);
            CHECK_THROWS_WITH(node_memory_limit(), std::string(name) +
                                                       " must be Slurm's memory size in MiB (4096, or with a unit: 4G), got '" +
                                                       bad + "'");
        }
        ::setenv(name, "0", 1); // Slurm's --mem=0: the whole node, no allocation limit
        CHECK_NOTHROW(node_memory_limit());
        ::setenv(name, "4G", 1);
        CHECK(node_memory_limit().bytes <= 4ull << 30);
        ::unsetenv(name);
    }
    ::setenv("SLURM_MEM_PER_CPU", "100", 1);
    ::setenv("SLURM_CPUS_ON_NODE", "four", 1);
    CHECK_THROWS_WITH(node_memory_limit(), "SLURM_CPUS_ON_NODE must be a number of CPUs of at least 1, got 'four'");
    ::unsetenv("SLURM_MEM_PER_CPU");
    ::unsetenv("SLURM_CPUS_ON_NODE");
}

TEST_CASE("long_run_note: only past an hour on one core", "[common]") {
    MemoryNeed need{.bytes = 1, .cause = "--max-heap 9", .what = "values", .core_seconds = 3600};
    CHECK(long_run_note("cgt-grundy", need).empty());
    need.core_seconds = 9 * 3600;
    CHECK(long_run_note("cgt-grundy", need) == "cgt-grundy: note: --max-heap 9 is estimated to take about 9.0 hours on one core");
    need.core_seconds = 28 * 86400;
    CHECK(long_run_note("cgt-grundy", need) == "cgt-grundy: note: --max-heap 9 is estimated to take about 28 days on one core");
}

TEST_CASE("check_run_time: past 24 hours on the run's cores, or not estimated, is refused without --allow-long", "[common]") {
    Options options("cgt-test", "a test", "cgt-test");
    add_allow_long_option(options);
    const char* plain[] = {"cgt-test"};
    const char* allowed[] = {"cgt-test", "--allow-long"};
    po::variables_map vm, vm_allowed;
    REQUIRE(options.parse(1, const_cast<char**>(plain), [&](const po::variables_map& v) { vm = v; }));
    Options options2("cgt-test", "a test", "cgt-test");
    add_allow_long_option(options2);
    REQUIRE(options2.parse(2, const_cast<char**>(allowed), [&](const po::variables_map& v) { vm_allowed = v; }));
    MemoryNeed need{.bytes = 1, .cause = "--max-length 40", .what = "stalks", .core_seconds = 24 * 3600};
    CHECK_NOTHROW(check_run_time(vm, need)); // at the bound: started
    need.core_seconds = 6.4 * 86400;
    CHECK_THROWS_WITH(check_run_time(vm, need),
                      "--max-length 40 is estimated to take about 6 days on one core, more than the 24-hour bound of "
                      "a run not asked for; add --allow-long to run it");
    CHECK_NOTHROW(check_run_time(vm, need, 8)); // 19 hours on 8 ranks
    CHECK_THROWS_WITH(check_run_time(vm, need, 2),
                      "--max-length 40 is estimated to take about 6 days on one core (3 days on 2 cores), more than "
                      "the 24-hour bound of a run not asked for; add --allow-long to run it");
    CHECK_NOTHROW(check_run_time(vm_allowed, need));
    need.time_cause = "--sizes 9";
    need.core_seconds = 0;
    need.no_estimate = "--sizes 9 (never solved)";
    CHECK_THROWS_WITH(check_run_time(vm, need), "--sizes 9 (never solved): no estimate of its time; add --allow-long to run it");
    CHECK_NOTHROW(check_run_time(vm_allowed, need));
}
