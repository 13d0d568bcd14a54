#include "octal-sweep/octal_sweep_job.hpp"

#include "common/runtime/test/default_options.hpp"

#include <catch2/catch.hpp>

using cgt::common::test::read_default_options;
using cgt::jobs::octal_sweep::OctalSweepJob;

TEST_CASE("OctalSweepJob: the default run goes by the queue", "[octal]") {
    OctalSweepJob job;
    CHECK(job.info().program == "cgt-octal-sweep");
    read_default_options(job);
    CHECK(job.task_count() > 0);
    CHECK(job.split() == cgt::common::Split::queue);
}

TEST_CASE("OctalSweepJob: three listed games and no family are three tasks, one game each",
          "[octal]") {
    OctalSweepJob job;
    read_default_options(
        job, {"--subtraction-max", "0", "--octal-digits", "0", "--games", "grundy .6 .16"});
    CHECK(job.task_count() == 3);
}
