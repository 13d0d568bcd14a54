// cgt-subtraction-census: the driver skeleton (common/runtime/job.hpp) running CensusJob
// (census_job.hpp).
#include "subtraction-census/census_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::subtraction_census::CensusJob>(argc, argv);
}
