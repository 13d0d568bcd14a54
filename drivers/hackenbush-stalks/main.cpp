// cgt-hackenbush-stalks: the driver skeleton (common/runtime/job.hpp) running StalksJob
// (stalks_job.hpp).
#include "hackenbush-stalks/stalks_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::hackenbush_stalks::StalksJob>(argc, argv);
}
