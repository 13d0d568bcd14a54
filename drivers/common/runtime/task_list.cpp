#include "common/runtime/task_list.hpp"

#include "common/plumbing/mpi_environment.hpp" // UsageError
#include "common/plumbing/partition.hpp"

#include <algorithm>
#include <sstream>

namespace cgt::common {

namespace {
std::uint64_t number(const std::string& s, const std::string& text) {
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos)
        throw UsageError("--tasks must be task numbers and ranges a-b separated by commas, or a part K/N; got '" +
                         text + "'");
    return std::stoull(s);
}
} // namespace

std::vector<std::uint64_t> parse_task_list(const std::string& text, std::uint64_t count) {
    std::vector<std::uint64_t> out;
    if (const auto slash = text.find('/'); slash != std::string::npos) {
        const std::uint64_t k = number(text.substr(0, slash), text), n = number(text.substr(slash + 1), text);
        if (n == 0 || k == 0 || k > n)
            throw UsageError("--tasks " + text + ": a part K/N needs 1 <= K <= N");
        const Range r = block_range(count, n, k - 1);
        for (std::uint64_t t = r.begin; t < r.end; ++t) out.push_back(t);
        return out;
    }
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        const auto dash = item.find('-');
        const std::uint64_t a = number(item.substr(0, dash), text);
        const std::uint64_t b = dash == std::string::npos ? a : number(item.substr(dash + 1), text);
        if (a > b) throw UsageError("--tasks: the range '" + item + "' is empty (first > last)");
        if (b >= count)
            throw UsageError("--tasks: task " + std::to_string(b) + " does not exist: this run has tasks 0.." +
                             (count ? std::to_string(count - 1) : std::string("(none)")));
        for (std::uint64_t t = a; t <= b; ++t) out.push_back(t);
    }
    if (out.empty()) throw UsageError("--tasks is empty: name at least one task");
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string format_task_ranges(const std::vector<bool>& tasks, std::size_t max_ranges) {
    std::string out;
    std::size_t ranges = 0;
    for (std::size_t t = 0; t < tasks.size(); ++t) {
        if (!tasks[t]) continue;
        std::size_t end = t;
        while (end + 1 < tasks.size() && tasks[end + 1]) ++end;
        if (ranges == max_ranges) {
            out += ", ...";
            break;
        }
        out += (out.empty() ? "" : ", ") + std::to_string(t) + (end > t ? "-" + std::to_string(end) : "");
        ++ranges;
        t = end;
    }
    return out;
}

} // namespace cgt::common
