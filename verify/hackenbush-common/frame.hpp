#pragma once
// The frame the five Hackenbush verify programs share: their main (the file of
// cgt-hackenbush-<job>, the figures of verify/data/hackenbush.txt), and the checks of the
// same shape in several of them: the values table and the indexes into it, a published
// count list against the file's, a sample of rows valued again by this program.
#include "common/runtime/result_reader.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cgt::verify::hackenbush_common {

// The checks of one file: `facts` are DATA_DIR/hackenbush.txt.
using HackenbushBody =
    std::function<void(const common::ResultReader& file, Report& report, const Facts& facts)>;
int run_hackenbush_body(int argc, char* argv[], const std::string& kind, const std::string& summary,
                        const HackenbushBody& body);

// The main of cgt-verify-hackenbush-`kind` (kind "colour", "green", "signs", "stalks" or
// "sums"): run_verify for the files of cgt-hackenbush-`kind`, with hackenbush.txt read; `read`
// reads the file as the checks want it (and counts its rows), then `checks` run in order.
template <class File, std::size_t N>
int run_hackenbush_verify(int argc, char* argv[], const std::string& kind,
                          const std::string& summary,
                          File (*read)(const common::ResultReader&, const Facts&, Report&),
                          const NamedCheck<const File&, Report&> (&checks)[N]) {
    return run_hackenbush_body(
        argc, argv, kind, summary,
        [&](const common::ResultReader& file, Report& report, const Facts& facts) {
            run_checks(checks, read(file, facts, report), report);
        });
}

// The values table's texts sorted and distinct and its `value` column 0, 1, 2, ... (what the
// drivers write: hackenbush-common/values_schema.hpp).
bool values_sorted(const common::Table& values);
// Every index of `column` a row of a values table of `values_rows` rows.
bool indexes_valid(const std::vector<std::int64_t>& column, std::uint64_t values_rows);

// A published list of counts against the file's, over the lengths both have: a row
// "`what` | published | ours", each blank-separated.
void check_counts(Report& report, const std::string& what, const std::vector<long long>& published,
                  const std::vector<long long>& ours);

// Rows valued again by this program: row 0, then row `next(i)` after row i, while below
// `rows`; `equal(i)` says whether row i is valued alike here. One row "`what` | rows
// sampled | rows equal".
void check_sample(Report& report, const std::string& what, std::uint64_t rows,
                  const std::function<std::uint64_t(std::uint64_t)>& next,
                  const std::function<bool(std::uint64_t)>& equal);
// The same for every `step`-th row.
void check_sample(Report& report, const std::string& what, std::uint64_t rows, std::uint64_t step,
                  const std::function<bool(std::uint64_t)>& equal);

} // namespace cgt::verify::hackenbush_common
