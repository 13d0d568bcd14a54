#pragma once
// What every verify program prints: a header naming the file and its provenance, then rows
// "what | published | ours | ok/FAIL" (the published table beside ours), and a last line
//   verdict: PASS (N checks; R rows)      or      verdict: FAIL (K of N checks failed; R rows)
// that the main job's summary reads. Exit status: 0 pass, 1 any difference, 2 a file that
// is refused (partial, incomplete, another job's, altered) or a usage error.
#include "common/options.hpp"
#include "common/result_reader.hpp"

#include <functional>
#include <string>

namespace cgt::verify {

class Report {
public:
    explicit Report(const common::ResultReader& file);

    void section(const std::string& title);
    // One compared figure; `ok` decides the verdict of the row.
    void check(const std::string& what, const std::string& published, const std::string& ours, bool ok);
    void check_equal(const std::string& what, const std::string& published, const std::string& ours) {
        check(what, published, ours, published == ours);
    }
    void check_equal(const std::string& what, long long published, long long ours) {
        check(what, std::to_string(published), std::to_string(ours), published == ours);
    }
    // A line of information that is not compared.
    void note(const std::string& text);
    // Adds `rows` to the row count of the summary line.
    void count_rows(std::uint64_t rows) { m_rows += rows; }

    // Prints the verdict line; returns the exit status (0 or 1).
    int finish();
    [[nodiscard]] int failures() const { return m_failed; }

private:
    int m_checks = 0;
    int m_failed = 0;
    std::uint64_t m_rows = 0;
};

// The main of a verify program: options (--help, the result file as --in or a bare
// argument, default results/<job>.h5; --data-dir, default the source tree's verify/data),
// opening the file as `program`'s, and the error conventions. `body` checks the file and
// reports; it gets the data folder.
using VerifyBody = std::function<void(const common::ResultReader&, Report&, const std::string& data_dir)>;
int run_verify(int argc, char* argv[], const std::string& verify_name, const std::string& job,
               const std::string& program, const std::string& summary, const VerifyBody& body);

// "1,274" for 1274: figures printed as the literature prints them.
std::string thousands(long long n);

} // namespace cgt::verify
