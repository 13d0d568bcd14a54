// cgt-octal-sweep: the driver skeleton (common/runtime/job.hpp) running OctalSweepJob
// (octal_sweep_job.hpp).
#include "octal-sweep/octal_sweep_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::octal_sweep::OctalSweepJob>(argc, argv);
}
