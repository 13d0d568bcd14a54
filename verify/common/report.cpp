#include "verify/common/report.hpp"

#include "common/plumbing/json_writer.hpp"
#include "common/plumbing/printable.hpp"
#include "verify/common/reference_data.hpp"

#include <cstdio>
#include <iostream>

namespace cgt::verify {

namespace {
constexpr int WHAT = 46, VALUE = 24;
}

std::string thousands(long long n) {
    std::string digits = std::to_string(n < 0 ? -n : n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return (n < 0 ? "-" : "") + out;
}

Report::Report(const common::ResultReader& file, ReportFormat format, std::string verify_name)
    : m_format(format), m_verify_name(std::move(verify_name)), m_file(file.path()) {
    const std::string program = file.text_attribute("program"), version = file.text_attribute("version"),
                      started = file.text_attribute("started");
    const auto ranks = static_cast<long long>(file.int_attribute("ranks"));
    const double wall = file.float_attribute("wall_seconds");
    if (m_format == ReportFormat::json) {
        m_provenance = {program, version, started, file.text_attribute("parameters"), ranks, wall};
        return;
    }
    std::printf("%s: written by %s %s on %lld rank(s), started %s, %.1f s\n", file.path().c_str(), program.c_str(),
                version.c_str(), ranks, started.c_str(), wall);
}

// The column heads, once, after the sources and before the first row.
void Report::heads() {
    if (m_format == ReportFormat::json || m_heads_printed) return;
    m_heads_printed = true;
    std::printf("%-*s %-*s %-*s %s\n", WHAT, "", VALUE, "published", VALUE, "ours", "");
}

void Report::source(const std::string& citation) {
    m_sources.push_back(citation);
    if (m_format == ReportFormat::text) std::printf("  published figures: %s\n", citation.c_str());
}

void Report::section(const std::string& title) {
    heads();
    m_section = title;
    if (m_format == ReportFormat::text) std::printf("\n%s\n", title.c_str());
}

void Report::check(const std::string& what, const std::string& published, const std::string& ours, bool ok) {
    heads();
    ++m_checks;
    if (!ok) ++m_failed;
    const char* verdict = ok ? "ok" : "FAIL";
    if (m_format == ReportFormat::json) {
        m_json_checks.push_back({m_section, what, published, ours, ok});
        return;
    }
    if (static_cast<int>(published.size()) <= VALUE && static_cast<int>(ours.size()) <= VALUE &&
        static_cast<int>(what.size()) <= WHAT + 2) {
        std::printf("  %-*s %-*s %-*s %s\n", WHAT - 2, what.c_str(), VALUE, published.c_str(), VALUE,
                    ours.c_str(), verdict);
    } else {
        std::printf("  %s: %s\n    published: %s\n    ours:      %s\n", what.c_str(), verdict,
                    published.c_str(), ours.c_str());
    }
}

void Report::note(const std::string& text) {
    heads();
    if (m_format == ReportFormat::json)
        m_json_notes.push_back({m_section, text});
    else
        std::printf("  %s\n", text.c_str());
}

int Report::finish() {
    const bool pass = m_failed == 0;
    if (m_format == ReportFormat::json) {
        std::printf("%s\n", json_report().c_str());
    } else if (pass) {
        std::printf("\nverdict: PASS (%d checks; %llu rows)\n", m_checks, static_cast<unsigned long long>(m_rows));
    } else {
        std::printf("\nverdict: FAIL (%d of %d checks failed; %llu rows)\n", m_failed, m_checks,
                    static_cast<unsigned long long>(m_rows));
    }
    std::fflush(stdout);
    return pass ? 0 : 1;
}

std::string Report::json_report() const {
    using common::Json;
    const Provenance& p = m_provenance;
    Json checks = Json::array(), notes = Json::array();
    for (const CheckRow& c : m_json_checks)
        checks.push_back({{"section", c.section},
                          {"name", c.name},
                          {"published", c.published},
                          {"ours", c.ours},
                          {"verdict", c.ok ? "ok" : "FAIL"}});
    for (const NoteRow& n : m_json_notes)
        notes.push_back({{"section", n.section}, {"text", n.text}});
    const Json out{{"verify", m_verify_name},
                   {"file", m_file},
                   {"verdict", m_failed == 0 ? "PASS" : "FAIL"},
                   {"provenance",
                    {{"program", p.program},
                     {"version", p.version},
                     {"ranks", p.ranks},
                     {"started", p.started},
                     {"wall_seconds", p.wall_seconds},
                     {"parameters", p.parameters}}},
                   {"sources", m_sources},
                   {"checks_total", m_checks},
                   {"failed", m_failed},
                   {"rows", m_rows},
                   {"checks", std::move(checks)},
                   {"notes", std::move(notes)}};
    return common::json_text(out);
}

std::string refused_json(const std::string& verify_name, const std::string& file,
                         const std::string& error) {
    return common::json_text(common::Json{
        {"verify", verify_name}, {"file", file}, {"verdict", "REFUSED"}, {"error", error}});
}

int run_verify(int argc, char* argv[], const std::string& verify_name, const std::string& job,
               const std::string& program, const std::string& summary, const VerifyBody& body) {
    bool json = false;
    std::string path;
    // A refused file: the error line on stderr, and with --json also a REFUSED object on
    // stdout, so a script reading stdout learns why.
    auto refused = [&](const std::string& message) {
        if (json) std::printf("%s\n", refused_json(verify_name, path, message).c_str());
        std::fflush(stdout);
        std::fprintf(stderr, "error: %s\n", common::printable(message).c_str());
        return 2;
    };
    try {
        common::Options options(verify_name, summary, verify_name + " results/" + job + ".h5");
        options.add()("in",
                      common::po::value<std::string>()
                          ->default_value("results/" + job + ".h5")
                          ->value_name("FILE"),
                      "the result file to check (also as a bare argument)")(
            "data-dir",
            common::po::value<std::string>()
                ->default_value(default_data_dir(), "PREFIX/share/cgt/verify-data")
                ->value_name("DIR"),
            "reference data folder: share/cgt/verify-data of the install this program is in "
            "(or, run from a build tree, the source tree's verify/data)")(
            "json", common::po::bool_switch()->default_value(false),
            "print the report as one JSON object (checks: name, published, ours, verdict)");
        options.positional("in", 1);
        if (!options.parse(argc, argv)) return 0;
        json = options.get<bool>("json");
        path = options.get<std::string>("in");
        const common::ResultReader file(path, program);
        const std::string data_dir = options.get<std::string>("data-dir");
        const auto sources = job_sources(data_dir, job);
        Report report(file, json ? ReportFormat::json : ReportFormat::text, verify_name);
        for (const auto& s : sources) report.source(s);
        body(file, report, data_dir);
        return report.finish();
    } catch (const common::UsageError& e) {
        std::fprintf(stderr, "error: %s\n", common::printable(e.what()).c_str());
        return 2;
    } catch (const common::ResultRefused& e) {
        return refused(e.what());
    } catch (const std::exception& e) {
        return refused(e.what());
    }
}

} // namespace cgt::verify
