#include "hex-openings/openings_job.hpp"

#include "common/runtime/test/default_options.hpp"

#include <catch2/catch.hpp>

using cgt::common::test::read_default_options;
using cgt::jobs::hex_openings::HexOpeningsJob;

TEST_CASE("HexOpeningsJob: the default run (1x1..5x5, 5x5 by 180-degree pairs) solves 1+4+9+16+13 "
          "= 43 openings",
          "[hex]") {
    HexOpeningsJob job;
    CHECK(job.info().program == "cgt-hex-openings");
    read_default_options(job);
    CHECK(job.task_count() == 43);
    CHECK(job.split() == cgt::common::Split::queue);
}

TEST_CASE("HexOpeningsJob: --sizes 3 --copy-from 9 solves each of the 9 openings", "[hex]") {
    HexOpeningsJob job;
    read_default_options(job, {"--sizes", "3", "--copy-from", "9"});
    CHECK(job.task_count() == 9);
}

TEST_CASE("HexOpeningsJob: --share-window's default is the job search's, 65,536 positions",
          "[hex]") {
    CHECK(cgt::jobs::hex_openings::Params{}.share_window == 65536);
    CHECK(cgt::hex::JobSearchOptions{}.share_window == 65536);
}
