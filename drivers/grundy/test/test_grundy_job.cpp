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
