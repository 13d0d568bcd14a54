#include "verify/common/report.hpp"

#include "common/printable.hpp"
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

Report::Report(const common::ResultReader& file) {
    std::printf("%s: written by %s %s on %lld rank(s), started %s, %.1f s\n", file.path().c_str(),
                file.text_attribute("program").c_str(), file.text_attribute("version").c_str(),
                static_cast<long long>(file.int_attribute("ranks")), file.text_attribute("started").c_str(),
                file.float_attribute("wall_seconds"));
    std::printf("%-*s %-*s %-*s %s\n", WHAT, "", VALUE, "published", VALUE, "ours", "");
}

void Report::section(const std::string& title) { std::printf("\n%s\n", title.c_str()); }

void Report::check(const std::string& what, const std::string& published, const std::string& ours, bool ok) {
    ++m_checks;
    if (!ok) ++m_failed;
    const char* verdict = ok ? "ok" : "FAIL";
    if (static_cast<int>(published.size()) <= VALUE && static_cast<int>(ours.size()) <= VALUE &&
        static_cast<int>(what.size()) <= WHAT + 2) {
        std::printf("  %-*s %-*s %-*s %s\n", WHAT - 2, what.c_str(), VALUE, published.c_str(), VALUE,
                    ours.c_str(), verdict);
    } else {
        std::printf("  %s: %s\n    published: %s\n    ours:      %s\n", what.c_str(), verdict,
                    published.c_str(), ours.c_str());
    }
}

void Report::note(const std::string& text) { std::printf("  %s\n", text.c_str()); }

int Report::finish() {
    if (m_failed == 0)
        std::printf("\nverdict: PASS (%d checks; %llu rows)\n", m_checks, static_cast<unsigned long long>(m_rows));
    else
        std::printf("\nverdict: FAIL (%d of %d checks failed; %llu rows)\n", m_failed, m_checks,
                    static_cast<unsigned long long>(m_rows));
    std::fflush(stdout);
    return m_failed == 0 ? 0 : 1;
}

int run_verify(int argc, char* argv[], const std::string& verify_name, const std::string& job,
               const std::string& program, const std::string& summary, const VerifyBody& body) {
    try {
        common::Options options(verify_name, summary, verify_name + " results/" + job + ".h5");
        options.add()("in", common::po::value<std::string>()->default_value("results/" + job + ".h5")->value_name("FILE"),
                      "the result file to check (also as a bare argument)")(
            "data-dir", common::po::value<std::string>()->default_value(default_data_dir())->value_name("DIR"),
            "reference data folder (verify/data of the source tree)");
        options.positional("in", 1);
        if (!options.parse(argc, argv)) return 0;
        const common::ResultReader file(options.get<std::string>("in"), program);
        Report report(file);
        body(file, report, options.get<std::string>("data-dir"));
        return report.finish();
    } catch (const common::UsageError& e) {
        std::fprintf(stderr, "error: %s\n", common::printable(e.what()).c_str());
        return 2;
    } catch (const common::ResultRefused& e) {
        std::fprintf(stderr, "error: %s\n", common::printable(e.what()).c_str());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", common::printable(e.what()).c_str());
        return 2;
    }
}

} // namespace cgt::verify
