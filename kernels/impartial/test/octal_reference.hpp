#pragma once
// Reads the reference tables of verify/data/octal/ for the octal tests. The path is found
// from this file's own location, so the tests need no installed data and no working
// directory; they never read outside the repository.
#include "impartial/mex.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace cgt::impartial::test {

inline std::filesystem::path octal_reference_path(const std::string& name) {
    return std::filesystem::path(__FILE__).parent_path() / ".." / ".." / ".." / "verify" / "data" /
           "octal" / name;
}

struct IndexedValue {
    std::uint64_t n;
    Grundy value;
};

// An OEIS b-file: lines "n a(n)".
inline std::vector<IndexedValue> read_b_file(const std::string& name) {
    std::ifstream in(octal_reference_path(name));
    if (!in) throw std::runtime_error("cannot open " + octal_reference_path(name).string());
    std::vector<IndexedValue> rows;
    std::uint64_t n = 0, value = 0;
    while (in >> n >> value) rows.push_back({n, static_cast<Grundy>(value)});
    return rows;
}

// A CSV with '#' comment lines and a header line; fields split at commas outside quotes.
inline std::vector<std::vector<std::string>> read_csv(const std::string& name) {
    std::ifstream in(octal_reference_path(name));
    if (!in) throw std::runtime_error("cannot open " + octal_reference_path(name).string());
    std::vector<std::vector<std::string>> rows;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (header) {
            header = false;
            continue;
        }
        std::vector<std::string> fields(1);
        bool quoted = false;
        for (char c : line) {
            if (c == '"')
                quoted = !quoted;
            else if (c == ',' && !quoted)
                fields.emplace_back();
            else
                fields.back() += c;
        }
        rows.push_back(std::move(fields));
    }
    return rows;
}

} // namespace cgt::impartial::test
