// cgt-hackenbush-signs: the driver skeleton (common/runtime/job.hpp) running SignsJob
// (signs_job.hpp).
#include "hackenbush-signs/signs_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::hackenbush_signs::SignsJob>(argc, argv);
}
