// cgt-hackenbush-green: the driver skeleton (common/runtime/job.hpp) running GreenJob
// (green_job.hpp).
#include "hackenbush-green/green_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::hackenbush_green::GreenJob>(argc, argv);
}
