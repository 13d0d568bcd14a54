// cgt-grundy: the driver skeleton (common/runtime/job.hpp) running GrundyJob (grundy_job.hpp).
#include "grundy/grundy_job.hpp"

int main(int argc, char* argv[]) {
    return cgt::common::run_job<cgt::jobs::grundy::GrundyJob>(argc, argv);
}
