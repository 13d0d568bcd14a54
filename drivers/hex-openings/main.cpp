// cgt-hex-openings: the driver skeleton (common/runtime/job.hpp) running HexOpeningsJob
// (openings_job.hpp).
#include "hex-openings/openings_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::hex_openings::HexOpeningsJob>(argc, argv);
}
