#include "hackenbush-colour/colour_job.hpp"

#include "common/runtime/test/default_options.hpp"
#include "hackenbush-common/graph_tasks.hpp"

#include <catch2/catch.hpp>

using cgt::common::test::read_default_options;
namespace colour = cgt::jobs::hackenbush_colour;

TEST_CASE(
    "ColourJob: the default run's tasks are those of V = 3, E = 6 and the colour sets BR and BRG",
    "[hackenbush]") {
    colour::ColourJob job;
    CHECK(job.info().program == "cgt-hackenbush-colour");
    read_default_options(job);
    const cgt::jobs::hackenbush_common::GraphTasks tasks(colour::families(colour::Params{}));
    CHECK(tasks.count() > 0);
    CHECK(job.task_count() == tasks.count());
    CHECK(job.split() == cgt::common::Split::round_robin);
}
