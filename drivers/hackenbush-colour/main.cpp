// cgt-hackenbush-colour: the driver skeleton (common/runtime/job.hpp) running ColourJob
// (colour_job.hpp).
#include "hackenbush-colour/colour_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::hackenbush_colour::ColourJob>(argc, argv);
}
