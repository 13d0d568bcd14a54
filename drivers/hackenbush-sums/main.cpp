// cgt-hackenbush-sums: the driver skeleton (common/runtime/job.hpp) running SumsJob (sums_job.hpp).
#include "hackenbush-sums/sums_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::hackenbush_sums::SumsJob>(argc, argv);
}
