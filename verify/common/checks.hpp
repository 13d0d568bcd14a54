#pragma once
// A verify program as a list of named checks: each check is one function that compares one
// published figure (or a few printed together) with the file's, or states an identity any
// correct file satisfies, and the list says beside it which figure that is and where it is
// published. A reader finds any figure by the name of its check; the list runs its checks in
// order, so the report's rows come in the order of the list.
//
//   const NamedCheck<const StalksFile&, Report&> CHECKS[] = {
//       {"the stalk table", "stalks.length.N, stalks.stalks",
//        "sen-ltd's Hackenbush article (Qiita), its stalk table", check_table},
//       {"string rules", "identity", "the string rules (Siegel)", check_string_rules},
//   };
//   run_checks(CHECKS, read_stalks_file(file, facts, report), report);
#include "verify/common/report.hpp"

#include <cstddef>
#include <string>

namespace cgt::verify {

template <class... Args> struct NamedCheck {
    // What is compared, as a reader would look it up.
    const char* name;
    // The published figure(s) compared: keys of the program's verify/data file (N, SET: any
    // of a family of keys), or the data file where its whole content is compared; "identity"
    // for a fact any correct file satisfies; "parameters" for the tables against the run's
    // parameters; "-" for rows printed beside the published ones but not compared.
    const char* figure;
    // Where the figure is published (a line of verify/data/sources.txt, shortened), or what
    // the identity is.
    const char* source;
    void (*run)(Args...);
};

// Runs every check of `checks` in order with the same arguments.
template <class... Args, std::size_t N, class... Given>
void run_checks(const NamedCheck<Args...> (&checks)[N], Given&&... arguments) {
    for (const auto& check : checks)
        check.run(arguments...);
}

// A row whose published side is `expected` (what holds) and whose side of ours is
// `expected` when `ok`, otherwise `otherwise`.
inline void check_holds(Report& report, const std::string& what, bool ok,
                        const std::string& expected = "yes", const std::string& otherwise = "no") {
    report.check(what, expected, ok ? expected : otherwise, ok);
}

} // namespace cgt::verify
