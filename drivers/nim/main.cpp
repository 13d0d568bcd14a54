// cgt-nim: the driver skeleton (common/runtime/job.hpp) running NimJob (nim_job.hpp).
#include "nim/nim_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::nim::NimJob>(argc, argv);
}
