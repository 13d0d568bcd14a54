#pragma once
// The main() of a tool that is not an MPI program (interactive tools, benchmarks): a
// UsageError is one line `error: ...` and status 2, any other failure one line and
// status 1 (printed through printable()). MPI drivers use run_driver (mpi_environment.hpp).
#include "common/plumbing/mpi_environment.hpp" // UsageError
#include "common/plumbing/printable.hpp"

#include <iostream>
#include <new>

namespace cgt::common {

template <class Body>
int run_tool(Body&& body) {
    try {
        return body();
    } catch (const common::UsageError& e) {
        std::cerr << "error: " << printable(e.what()) << "\n";
        return 2;
    } catch (const std::bad_alloc&) {
        std::cerr << "error: out of memory (std::bad_alloc)\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "error: " << printable(e.what()) << "\n";
        return 1;
    }
}

} // namespace cgt::common
