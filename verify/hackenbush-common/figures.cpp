#include "verify/hackenbush-common/figures.hpp"

#include "hackenbush/graphs.hpp"
#include "verify/common/report.hpp"

#include <sstream>

namespace cgt::verify::hackenbush_common {

std::map<std::string, std::string> run_parameters(const common::ResultReader& file) {
    std::map<std::string, std::string> out;
    std::istringstream in(file.text_attribute("parameters"));
    for (std::string line; std::getline(in, line);) {
        const auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        const auto trim = [](std::string s) {
            const auto a = s.find_first_not_of(" \t");
            const auto b = s.find_last_not_of(" \t");
            return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
        };
        out[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
    }
    return out;
}

long long parameter_number(const std::map<std::string, std::string>& parameters, const std::string& name) {
    const auto it = parameters.find(name);
    if (it == parameters.end()) throw common::ResultRefused("the file's parameters lack '" + name + "'");
    try {
        std::size_t used = 0;
        const long long v = std::stoll(it->second, &used);
        if (used == it->second.size()) return v;
    } catch (const std::exception&) {
    }
    throw common::ResultRefused("the file's parameter '" + name + "' is not a number: '" + it->second + "'");
}

hackenbush::Picture graph_picture(const std::string& text) {
    try {
        return hackenbush::picture_from_graph_text(text);
    } catch (const std::invalid_argument& e) {
        throw common::ResultRefused(e.what());
    }
}

std::string join(const std::vector<long long>& values) {
    std::string s;
    for (long long v : values) s += (s.empty() ? "" : " ") + std::to_string(v);
    return s;
}

std::string join_thousands(const std::vector<long long>& values) {
    std::string s;
    for (long long v : values) s += (s.empty() ? "" : ", ") + verify::thousands(v);
    return s;
}

} // namespace cgt::verify::hackenbush_common
