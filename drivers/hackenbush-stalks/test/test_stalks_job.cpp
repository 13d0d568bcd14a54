#include "hackenbush-stalks/stalks_job.hpp"

#include "common/runtime/test/default_options.hpp"

#include <catch2/catch.hpp>

using cgt::common::test::read_default_options;
using cgt::jobs::hackenbush_stalks::StalksJob;

TEST_CASE("StalksJob: the default run (L = 12) is 3^6 prefixes of 6 edges and the short stalks: "
          "730 tasks",
          "[hackenbush]") {
    StalksJob job;
    CHECK(job.info().program == "cgt-hackenbush-stalks");
    read_default_options(job);
    CHECK(job.task_count() == 730);
    CHECK(job.split() == cgt::common::Split::round_robin);
}
