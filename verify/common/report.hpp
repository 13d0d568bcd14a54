#pragma once
// What every verify program prints: a header naming the file and its provenance, then rows
// "what | published | ours | ok/FAIL" (the published table beside ours), and a last line
//   verdict: PASS (N checks; R rows)      or      verdict: FAIL (K of N checks failed; R rows)
// that the main job's summary reads. Exit status: 0 pass, 1 any difference, 2 a file that
// is refused (partial, incomplete, another job's, altered) or a usage error.
//
// With --json the same report is one JSON object on stdout instead, for scripts (the
// results report reads it):
//   {"verify": "cgt-verify-nim", "file": "results/nim.h5", "verdict": "PASS",
//    "provenance": {"program": "cgt-nim", "version": ..., "ranks": 2, "started": ...,
//                   "wall_seconds": 0.1, "parameters": "..."},
//    "sources": ["..."], "checks_total": 17, "failed": 0, "rows": 661,
//    "checks": [{"section": ..., "name": ..., "published": ..., "ours": ..., "verdict": "ok"}],
//    "notes": [{"section": ..., "text": ...}]}
// A refused file is {"verify": ..., "file": ..., "verdict": "REFUSED", "error": ...} on
// stdout (refused_json), the `error: ...` line on stderr and status 2, as in text mode.
// Both are written by common::json_text: a text that is not UTF-8 (a file name, a value
// read from the file) has its bad bytes replaced by U+FFFD and is named in "not_utf8".
#include "common/runtime/options.hpp"
#include "common/runtime/result_reader.hpp"

#include <functional>
#include <string>
#include <vector>

namespace cgt::verify {

enum class ReportFormat { text, json };

class Report {
public:
    explicit Report(const common::ResultReader& file, ReportFormat format = ReportFormat::text,
                    std::string verify_name = "");

    // Where the published figures come from (author, title, year, URL or OEIS number): one
    // line of the header, the `sources` of the JSON.
    void source(const std::string& citation);
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
    void heads();

    // What --json prints at the end (common::json_text).
    struct Provenance {
        std::string program, version, started, parameters;
        long long ranks = 0;
        double wall_seconds = 0;
    };
    struct CheckRow {
        std::string section, name, published, ours;
        bool ok;
    };
    struct NoteRow {
        std::string section, text;
    };
    [[nodiscard]] std::string json_report() const;

    ReportFormat m_format;
    bool m_heads_printed = false;
    std::string m_verify_name, m_file, m_section;
    Provenance m_provenance;
    std::vector<std::string> m_sources;
    std::vector<CheckRow> m_json_checks;
    std::vector<NoteRow> m_json_notes;
    int m_checks = 0;
    int m_failed = 0;
    std::uint64_t m_rows = 0;
};

// The main of a verify program: options (--help, --version, --json, the result file as --in
// or a bare argument, default results/<job>.h5; --data-dir, default default_data_dir():
// the install's share/cgt/verify-data, or from a build tree the source tree's verify/data),
// opening the file as `program`'s, and the error conventions. `body` checks the file and
// reports; it gets the data folder.
using VerifyBody = std::function<void(const common::ResultReader&, Report&, const std::string& data_dir)>;
int run_verify(int argc, char* argv[], const std::string& verify_name, const std::string& job,
               const std::string& program, const std::string& summary, const VerifyBody& body);

// The REFUSED object of --json for a file refused with `error` (one line, no newline).
std::string refused_json(const std::string& verify_name, const std::string& file,
                         const std::string& error);

// "1,274" for 1274: figures printed as the literature prints them.
std::string thousands(long long n);

} // namespace cgt::verify
