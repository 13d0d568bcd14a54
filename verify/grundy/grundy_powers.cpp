#include "verify/grundy/grundy_powers.hpp"

#include "grundy/grundy_schema.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <vector>

namespace cgt::verify {

namespace schema = jobs::grundy::schema;

namespace {
using Counts = std::map<std::int64_t, std::int64_t>; // value -> heaps

long long ll(std::uint64_t v) {
    return static_cast<long long>(v);
}

std::map<std::int64_t, Counts> frequencies_by_power(const common::Table& t) {
    const auto heaps = t.ints(schema::frequencies::heaps),
               value = t.ints(schema::frequencies::value),
               count = t.ints(schema::frequencies::count);
    std::map<std::int64_t, Counts> out;
    for (std::size_t r = 0; r < t.rows; ++r)
        out[heaps[r]][value[r]] += count[r];
    return out;
}

Counts counts_of(std::span<const std::uint16_t> g, std::uint64_t n) {
    Counts c;
    for (std::uint64_t h = 0; h < n; ++h)
        ++c[g[h]];
    return c;
}

// The frequencies of every power: sums, largest values, and the stored values' counts.
void check_each_power(const common::Table& stats, const std::map<std::int64_t, Counts>& freq,
                      Report& report, std::span<const std::uint16_t> g) {
    const auto heaps = stats.ints(schema::stats::heaps),
               largest = stats.ints(schema::stats::largest_value),
               largest_at = stats.ints(schema::stats::largest_at);
    bool sums = freq.size() == stats.rows, tops = true, stored = true, first = true;
    std::uint64_t compared = 0;
    for (std::size_t r = 0; r < stats.rows; ++r) {
        const auto it = freq.find(heaps[r]);
        if (it == freq.end()) {
            sums = false;
            continue;
        }
        std::int64_t total = 0;
        for (const auto& [v, c] : it->second)
            total += c;
        sums = sums && total == heaps[r];
        tops = tops && !it->second.empty() && it->second.rbegin()->first == largest[r] &&
               largest_at[r] < heaps[r];
        const auto n = static_cast<std::uint64_t>(heaps[r]);
        if (n > g.size()) continue;
        compared = n;
        stored = stored && counts_of(g, n) == it->second;
        const auto top = std::max_element(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(n));
        first = first && top - g.begin() == largest_at[r];
    }
    report.check("frequencies: each power N's sum to N", "every N", sums ? "every N" : "no", sums);
    report.check("stats: the largest value is the largest with a frequency", "every N",
                 tops ? "every N" : "no", tops);
    report.check("frequencies: the counts of the stored values, N <= " + thousands(ll(compared)),
                 "equal", stored ? "equal" : "differ", stored);
    report.check("stats: the largest value's first heap, N <= " + thousands(ll(compared)), "equal",
                 first ? "equal" : "differs", first);
}
} // namespace

void check_powers(const common::ResultReader& file, Report& report,
                  std::span<const std::uint16_t> g, std::uint64_t max_heap) {
    report.section("The statistics of every power of two N <= " + thousands(ll(max_heap + 1)));
    const common::Table stats = file.read_table(schema::stats::table),
                        frequencies = file.read_table(schema::frequencies::table),
                        counts = file.read_table(schema::value_counts::table);
    report.count_rows(stats.rows + frequencies.rows);
    const std::uint64_t powers = static_cast<std::uint64_t>(std::bit_width(max_heap + 1));
    report.check_equal("stats: one row per power of two 1..N", ll(powers), ll(stats.rows));
    const auto freq = frequencies_by_power(frequencies);
    check_each_power(stats, freq, report, g);

    const auto value = counts.ints(schema::value_counts::value),
               count = counts.ints(schema::value_counts::count);
    std::int64_t total = 0;
    Counts all;
    for (std::size_t r = 0; r < counts.rows; ++r) {
        total += count[r];
        if (count[r]) all[value[r]] = count[r];
    }
    report.check_equal("value_counts: the counts sum to max-heap + 1", ll(max_heap + 1), total);
    if (freq.empty()) return;
    const auto& [last_power, last] = *freq.rbegin();
    bool covers = true;
    for (const auto& [v, c] : last)
        covers = covers && all.count(v) && all.at(v) >= c;
    report.check("value_counts: at least the frequencies of N = " + thousands(last_power), "yes",
                 covers ? "yes" : "no", covers);
    if (static_cast<std::uint64_t>(last_power) == max_heap + 1)
        report.check("value_counts: the frequencies of N = max-heap + 1", "equal",
                     all == last ? "equal" : "differ", all == last);
}

void check_definition(Report& report, std::span<const std::uint16_t> g) {
    const std::uint64_t n_end = std::min<std::uint64_t>(g.size(), std::uint64_t{1} << 16);
    std::vector<std::uint16_t> mine(n_end, 0);
    std::vector<std::uint32_t> seen(65536 * 2, 0);
    std::uint64_t differ = n_end;
    for (std::uint64_t n = 0; n < n_end; ++n) {
        const auto stamp = static_cast<std::uint32_t>(n + 1);
        for (std::uint64_t a = 1; 2 * a < n; ++a)
            seen[mine[a] ^ mine[n - a]] = stamp;
        std::uint16_t mex = 0;
        while (seen[mex] == stamp)
            ++mex;
        mine[n] = mex;
        if (differ == n_end && mine[n] != g[n]) differ = n;
    }
    report.check("G(0.." + thousands(ll(n_end - 1)) + ") by the definition (mex of the splits)",
                 "equal", differ == n_end ? "equal" : "n = " + thousands(ll(differ)) + " differs",
                 differ == n_end);
}

} // namespace cgt::verify
