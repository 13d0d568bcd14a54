#include "hackenbush-green/green_job.hpp"

#include "common/runtime/test/default_options.hpp"
#include "hackenbush-common/graph_tasks.hpp"

#include <catch2/catch.hpp>

using cgt::common::test::read_default_options;
namespace green = cgt::jobs::hackenbush_green;

TEST_CASE("GreenJob: the default run's tasks are those of the graphs 3:9 and 4:8", "[hackenbush]") {
    green::GreenJob job;
    CHECK(job.info().program == "cgt-hackenbush-green");
    read_default_options(job);
    const cgt::jobs::hackenbush_common::GraphTasks tasks(green::families({{3, 9}, {4, 8}}));
    CHECK(tasks.count() > 0);
    CHECK(job.task_count() == tasks.count());
    CHECK(job.split() == cgt::common::Split::round_robin);
}
