#pragma once
// Small helpers the five Hackenbush verify programs share: the run's parameters read back
// from the file, and figures printed as the literature prints them.
#include "common/result_reader.hpp"
#include "hackenbush/picture.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cgt::verify::hackenbush_common {

// The `parameters` attribute of a result file (INI lines `name = value`) as a map.
std::map<std::string, std::string> run_parameters(const common::ResultReader& file);

// The parameter `name` as a whole number; ResultRefused if it is missing or not a number.
long long parameter_number(const std::map<std::string, std::string>& parameters, const std::string& name);

// The picture of a graph's text in a result file ("0-1B 1-1G"); ResultRefused if it is not
// one.
hackenbush::Picture graph_picture(const std::string& text);

// "3 3 2 1 0 0": numbers blank-separated (the form of verify/data lists).
std::string join(const std::vector<long long>& values);
// "4, 19, 83": numbers with thousands separators, comma-separated (for reports).
std::string join_thousands(const std::vector<long long>& values);

} // namespace cgt::verify::hackenbush_common
