#include "verify/common/reference_data.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#if !defined(CGT_SOURCE_DIR) || !defined(CGT_DATA_FROM_BIN)
#error "CGT_SOURCE_DIR and CGT_DATA_FROM_BIN must be defined by the build (cmake/Install.cmake)"
#endif

namespace cgt::verify {

std::string installed_data_dir() {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path program = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return "";
    return (program.parent_path() / CGT_DATA_FROM_BIN).lexically_normal().string();
}

std::string default_data_dir() {
    namespace fs = std::filesystem;
    std::error_code ec;
    const std::string installed = installed_data_dir();
    if (!installed.empty() && fs::is_directory(installed, ec)) return installed;
    const std::string source = std::string(CGT_SOURCE_DIR) + "/verify/data";
    if (fs::is_directory(source, ec) || installed.empty()) return source;
    return installed; // neither is there: the place an install keeps it, for the error
}

namespace {
std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return "";
    const auto b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}
} // namespace

Facts::Facts(const std::string& path) : m_path(path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read reference data " + path);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') continue;
        const auto eq = t.find('=');
        if (eq == std::string::npos)
            throw std::runtime_error(path + ":" + std::to_string(number) +
                                     ": expected 'key = value'");
        m_values[trim(t.substr(0, eq))] = trim(t.substr(eq + 1));
    }
}

const std::string& Facts::text(const std::string& key) const {
    auto it = m_values.find(key);
    if (it == m_values.end()) throw std::runtime_error(m_path + " has no key '" + key + "'");
    return it->second;
}

long long Facts::number(const std::string& key) const {
    return std::stoll(text(key));
}

std::vector<long long> Facts::numbers(const std::string& key) const {
    std::istringstream in(text(key));
    std::vector<long long> out;
    for (long long v; in >> v;)
        out.push_back(v);
    return out;
}

std::vector<std::string> Facts::numbered(const std::string& prefix) const {
    std::vector<std::string> out;
    for (int i = 1;; ++i) {
        auto it = m_values.find(prefix + std::to_string(i));
        if (it == m_values.end()) return out;
        out.push_back(it->second);
    }
}

std::vector<std::string> job_sources(const std::string& data_dir, const std::string& job) {
    const Facts sources(data_dir + "/sources.txt");
    auto out = sources.numbered(job + ".");
    if (out.empty())
        throw std::runtime_error(data_dir + "/sources.txt names no source for the job " + job);
    return out;
}

std::vector<std::pair<long long, long long>> read_pairs(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read reference data " + path);
    std::vector<std::pair<long long, long long>> out;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') continue;
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream fields(line);
        long long a = 0, b = 0;
        if (!(fields >> a >> b)) {
            if (out.empty()) continue; // a header line
            throw std::runtime_error(path + ":" + std::to_string(number) +
                                     ": expected two integers");
        }
        out.emplace_back(a, b);
    }
    return out;
}

} // namespace cgt::verify
