#pragma once
// For a job's unit test: reads the job's own options as a run with no arguments would (every
// option at its default), so that a test constructs a Job and asks what a default run does.
#include "common/runtime/job.hpp"

#include <vector>

namespace cgt::common::test {

// Adds `job`'s options, parses `arguments` (none: the defaults) and calls read_options as
// the skeleton does for `ranks` ranks. Throws UsageError as the skeleton would on a bad one.
inline void read_default_options(Job& job, std::vector<const char*> arguments = {}, int ranks = 1) {
    const JobInfo info = job.info();
    Options options(info.program, info.summary, info.example);
    job.add_options(options);
    arguments.insert(arguments.begin(), info.program.c_str());
    options.parse(static_cast<int>(arguments.size()), arguments.data());
    job.read_options(options.values(), ranks);
}

} // namespace cgt::common::test
