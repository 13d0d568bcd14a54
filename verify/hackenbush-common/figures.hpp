#pragma once
// Small helpers the five Hackenbush verify programs share: the run's parameters read back
// from the file, and figures printed as the literature prints them.
#include "common/runtime/result_reader.hpp"
#include "verify/common/parameters.hpp"
#include "hackenbush/picture.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cgt::verify::hackenbush_common {

// The run's parameters (verify/common/parameters.hpp).
using verify::parameter_number;
using verify::run_parameters;

// The picture of a graph's text in a result file ("0-1B 1-1G"); ResultRefused if it is not
// one.
hackenbush::Picture graph_picture(const std::string& text);

// "3 3 2 1 0 0": numbers blank-separated (the form of verify/data lists).
std::string join(const std::vector<long long>& values);
// "4, 19, 83": numbers with thousands separators, comma-separated (for reports).
std::string join_thousands(const std::vector<long long>& values);

} // namespace cgt::verify::hackenbush_common
