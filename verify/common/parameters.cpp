#include "verify/common/parameters.hpp"

#include <sstream>

namespace cgt::verify {

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

const std::string& parameter_text(const std::map<std::string, std::string>& parameters, const std::string& name) {
    const auto it = parameters.find(name);
    if (it == parameters.end()) throw common::ResultRefused("the file's parameters lack '" + name + "'");
    return it->second;
}

long long parameter_number(const std::map<std::string, std::string>& parameters, const std::string& name) {
    const std::string& text = parameter_text(parameters, name);
    try {
        std::size_t used = 0;
        const long long v = std::stoll(text, &used);
        if (used == text.size()) return v;
    } catch (const std::exception&) {
    }
    throw common::ResultRefused("the file's parameter '" + name + "' is not a number: '" + text + "'");
}

} // namespace cgt::verify
