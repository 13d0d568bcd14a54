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
    CHECK(a.bytes < 512.0 * (1 << 20));
    CHECK(b.core_seconds == Approx(64 * a.core_seconds));
}
