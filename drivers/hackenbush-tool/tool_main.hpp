#pragma once
// The main() of a tool that is not an MPI program: a UsageError is one line `error: ...`
// and status 2, any other failure one line and status 1.
#include "common/mpi_environment.hpp" // UsageError

#include <iostream>

namespace cgt::hackenbush_tool {

template <class Body>
int run_tool(Body&& body) {
    try {
        return body();
    } catch (const common::UsageError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}

} // namespace cgt::hackenbush_tool
