#include "grundy/grundy_job.hpp"

#include "common/runtime/test/default_options.hpp"

#include <catch2/catch.hpp>

using cgt::common::test::read_default_options;
using cgt::jobs::grundy::GrundyJob;

TEST_CASE("GrundyJob: the default run is one task, the sweep of G(0..2^26)", "[grundy]") {
    GrundyJob job;
    CHECK(job.info().program == "cgt-grundy");
    read_default_options(job);
    CHECK(job.task_count() == 1);
    CHECK(job.task_units(0) == (std::uint64_t{1} << 26) + 1);
}

TEST_CASE("GrundyJob: --max-heap 1000 sweeps 1001 heaps", "[grundy]") {
    GrundyJob job;
    read_default_options(job, {"--max-heap", "1000"});
    CHECK(job.task_count() == 1);
    CHECK(job.task_units(0) == 1001);
}

TEST_CASE("GrundyJob: the estimate holds the prefix and the window, not every value", "[grundy]") {
    GrundyJob small, large;
    read_default_options(small, {"--max-heap", "1073741823", "--store-values", "1048575"});
    read_default_options(large, {"--max-heap", "68719476735", "--store-values", "1048575"});
    const auto a = small.memory_need(1), b = large.memory_need(1);
    CHECK(a.bytes == b.bytes);
    // 24 MiB of program, 8 of tables, a prefix and a window of 2^26 values each (2 bytes a
    // value), twice while a snapshot is written: 544 MiB.
    CHECK(a.bytes == 544.0 * (1 << 20));
    CHECK(b.core_seconds == Approx(64 * a.core_seconds));
    // The prefix of 2^25 of before the 2^32 run (which then grew without bound): 416 MiB.
    GrundyJob given;
    read_default_options(given, {"--max-heap", "68719476735", "--store-values", "1048575",
                                 "--prefix-heaps", "33554432", "--window-heaps", "67108864"});
    CHECK(given.memory_need(1).bytes == 416.0 * (1 << 20));
}
