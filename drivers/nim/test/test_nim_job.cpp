#include "nim/nim_job.hpp"

#include "common/runtime/test/default_options.hpp"

#include <catch2/catch.hpp>

using cgt::common::test::read_default_options;
using cgt::jobs::nim::NimJob;

TEST_CASE("NimJob: the default run is 2 games of C(11,3) = 165 positions, one task of 4096",
          "[nim]") {
    NimJob job;
    CHECK(job.info().program == "cgt-nim");
    read_default_options(job);
    CHECK(job.task_count() == 1);
    CHECK(job.task_units(0) == 330);
    CHECK(job.split() == cgt::common::Split::blocks);
}

TEST_CASE("NimJob: --max-heap 40 is 2 x C(43,3) = 24,682 positions in 7 tasks", "[nim]") {
    NimJob job;
    read_default_options(job, {"--max-heap", "40"});
    CHECK(job.task_count() == 7);
    CHECK(job.task_units(5) == 4096);
    CHECK(job.task_units(6) == 24'682 - 6 * 4096);
}
