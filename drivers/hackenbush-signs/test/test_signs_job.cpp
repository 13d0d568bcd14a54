#include "hackenbush-signs/signs_job.hpp"

#include "common/runtime/test/default_options.hpp"

#include <catch2/catch.hpp>

using cgt::common::test::read_default_options;
using cgt::jobs::hackenbush_signs::SignsJob;

TEST_CASE("SignsJob: the default run (L = 22) is 2^5 prefixes of 5 edges and the short stalks: "
          "33 tasks",
          "[hackenbush]") {
    SignsJob job;
    CHECK(job.info().program == "cgt-hackenbush-signs");
    read_default_options(job);
    CHECK(job.task_count() == 33);
    CHECK(job.split() == cgt::common::Split::blocks);
}
