#pragma once
// Reference data kept in the repository (verify/data/, each file's origin in
// verify/data/SOURCES.md), installed as PREFIX/share/cgt/verify-data. Verify programs find
// the folder through --data-dir, whose default is default_data_dir().
#include <map>
#include <string>
#include <vector>

namespace cgt::verify {

// The folder an installed program's data is in: its own folder (/proc/self/exe, links
// resolved) joined with the install's relative path from bin to the data,
// PROGRAM_DIR/../share/cgt/verify-data by default; "" if the program cannot be found.
std::string installed_data_dir();
// The default data folder: installed_data_dir() where it exists (an install, wherever it
// was moved), otherwise the source tree the program was built from, <source>/verify/data (a
// build tree); installed_data_dir() when neither exists, so that an error names it.
std::string default_data_dir();

// A file of `key = value` lines ('#' starts a comment, blank lines ignored). Throws
// std::runtime_error naming the file and line on anything else.
class Facts {
  public:
    explicit Facts(const std::string& path);
    [[nodiscard]] const std::string& text(const std::string& key) const;
    [[nodiscard]] long long number(const std::string& key) const;
    // A blank-separated list of integers.
    [[nodiscard]] std::vector<long long> numbers(const std::string& key) const;
    // The values of the keys `prefix`1, `prefix`2, ... in order, up to the first missing one.
    [[nodiscard]] std::vector<std::string> numbered(const std::string& prefix) const;

  private:
    std::string m_path;
    std::map<std::string, std::string> m_values;
};

// The published sources of `job`'s figures: the lines `job.1`, `job.2`, ... of
// DATA_DIR/sources.txt (author, title, year, URL or OEIS number; see SOURCES.md). Throws
// std::runtime_error if the job has none: every verify program names where its figures
// come from.
std::vector<std::string> job_sources(const std::string& data_dir, const std::string& job);

// Reads a two-column text file of integers ("n value" per line, as OEIS b-files; '#'
// comments and a non-numeric header line are skipped).
std::vector<std::pair<long long, long long>> read_pairs(const std::string& path);

} // namespace cgt::verify
