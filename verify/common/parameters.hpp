#pragma once
// The run's parameters read back from a result file, so that a verify program can check its
// tables against them (a values table of max-heap + 1 rows, ...): the checksum of the
// parameters attribute catches an edit, these checks a table that does not fit the run.
#include "common/runtime/result_reader.hpp"

#include <map>
#include <stdexcept>
#include <string>

namespace cgt::verify {

// The `parameters` attribute of a result file (INI lines `name = value`) as a map.
std::map<std::string, std::string> run_parameters(const common::ResultReader& file);

// The parameter `name` as text; ResultRefused if it is missing.
const std::string& parameter_text(const std::map<std::string, std::string>& parameters,
                                  const std::string& name);

// The parameter `name` as a whole number; ResultRefused if it is missing or not a number.
long long parameter_number(const std::map<std::string, std::string>& parameters,
                           const std::string& name);

// What `parse()` returns: the file's parameters parsed by the driver's own parsers; a
// parameter the driver would refuse (std::invalid_argument, as UsageError is) refuses the
// file: ResultRefused("the file's parameters: " + the parser's message).
template <class Parse> auto parsed_parameters(Parse&& parse) -> decltype(parse()) {
    try {
        return parse();
    } catch (const std::invalid_argument& e) {
        throw common::ResultRefused(std::string("the file's parameters: ") + e.what());
    }
}

} // namespace cgt::verify
