#include "verify/hackenbush-common/frame.hpp"

#include "hackenbush-common/values_schema.hpp"
#include "verify/hackenbush-common/figures.hpp"

#include <algorithm>

namespace cgt::verify::hackenbush_common {

int run_hackenbush_body(int argc, char* argv[], const std::string& kind, const std::string& summary,
                        const HackenbushBody& body) {
    const std::string job = "hackenbush-" + kind;
    return run_verify(
        argc, argv, "cgt-verify-" + job, job, "cgt-" + job, summary,
        [&](const common::ResultReader& file, Report& report, const std::string& data_dir) {
            const Facts facts(data_dir + "/hackenbush.txt");
            body(file, report, facts);
        });
}

bool values_sorted(const common::Table& values) {
    namespace schema = jobs::hackenbush_common::schema::values;
    const auto& text = values.texts(schema::text);
    const auto index = values.ints(schema::value);
    for (std::size_t k = 0; k < values.rows; ++k)
        if (index[k] != static_cast<long long>(k) || (k > 0 && !(text[k - 1] < text[k])))
            return false;
    return true;
}

bool indexes_valid(const std::vector<std::int64_t>& column, std::uint64_t values_rows) {
    return std::all_of(column.begin(), column.end(), [&](std::int64_t i) {
        return i >= 0 && static_cast<std::uint64_t>(i) < values_rows;
    });
}

void check_counts(Report& report, const std::string& what, const std::vector<long long>& published,
                  const std::vector<long long>& ours) {
    const auto n = static_cast<long>(std::min(published.size(), ours.size()));
    report.check_equal(what, join({published.begin(), published.begin() + n}),
                       join({ours.begin(), ours.begin() + n}));
}

void check_sample(Report& report, const std::string& what, std::uint64_t rows,
                  const std::function<std::uint64_t(std::uint64_t)>& next,
                  const std::function<bool(std::uint64_t)>& equal) {
    long long checked = 0, same = 0;
    for (std::uint64_t i = 0; i < rows; i = next(i)) {
        ++checked;
        same += equal(i);
    }
    report.check_equal(what, thousands(checked), thousands(same));
}

void check_sample(Report& report, const std::string& what, std::uint64_t rows, std::uint64_t step,
                  const std::function<bool(std::uint64_t)>& equal) {
    check_sample(
        report, what, rows, [step](std::uint64_t i) { return i + step; }, equal);
}

} // namespace cgt::verify::hackenbush_common
