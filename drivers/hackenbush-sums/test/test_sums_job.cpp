#include "hackenbush-sums/sums_job.hpp"

#include "common/runtime/test/default_options.hpp"

#include <catch2/catch.hpp>

using cgt::common::test::read_default_options;
using cgt::jobs::hackenbush_sums::SumsJob;

TEST_CASE("SumsJob: the default 20,000 triples are 79 tasks of 256, the last of 32",
          "[hackenbush]") {
    SumsJob job;
    CHECK(job.info().program == "cgt-hackenbush-sums");
    read_default_options(job);
    CHECK(job.task_count() == 79);
    CHECK(job.task_units(0) == 256);
    CHECK(job.task_units(78) == 20'000 - 78 * 256);
    CHECK(job.split() == cgt::common::Split::blocks);
}
