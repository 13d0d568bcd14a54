#pragma once
// Small helpers the five Hackenbush verify programs share: a graph read back from its text,
// and figures printed as verify/data lists them.
#include "hackenbush/picture.hpp"

#include <string>
#include <vector>

namespace cgt::verify::hackenbush_common {

// The picture of a graph's text in a result file ("0-1B 1-1G"); ResultRefused if it is not
// one.
hackenbush::Picture graph_picture(const std::string& text);

// "3 3 2 1 0 0": numbers blank-separated (the form of verify/data lists).
std::string join(const std::vector<long long>& values);
// "BR BRG": words blank-separated.
std::string join_words(const std::vector<std::string>& words);

} // namespace cgt::verify::hackenbush_common
