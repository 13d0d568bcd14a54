#include "verify/hackenbush-common/figures.hpp"

#include "common/runtime/result_reader.hpp"
#include "hackenbush/graphs.hpp"

namespace cgt::verify::hackenbush_common {

hackenbush::Picture graph_picture(const std::string& text) {
    try {
        return hackenbush::picture_from_graph_text(text);
    } catch (const std::invalid_argument& e) {
        throw common::ResultRefused(e.what());
    }
}

std::string join(const std::vector<long long>& values) {
    std::string s;
    for (long long v : values)
        s += (s.empty() ? "" : " ") + std::to_string(v);
    return s;
}

std::string join_words(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

} // namespace cgt::verify::hackenbush_common
