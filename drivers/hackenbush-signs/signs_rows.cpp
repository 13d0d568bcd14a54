#include "hackenbush-signs/signs_rows.hpp"

#include "hackenbush-signs/signs_schema.hpp"
#include "hackenbush/stalks.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>

namespace cgt::jobs::hackenbush_signs {

using core::GameId;

namespace {
void check(const Params& params) {
    MAX_LENGTH_OPTION.check(static_cast<long>(std::min<std::size_t>(params.max_length, LONG_MAX)));
}
} // namespace

SignTasks::SignTasks(const Params& params) {
    check(params);
    const std::size_t l = params.max_length;
    m_depth = std::max(std::min<std::size_t>(l, 5), l > 21 ? l - 21 : 0);
    m_count = 1 + (std::uint64_t{1} << m_depth);
}

std::string SignTasks::prefix(std::uint64_t task) const {
    if (task == 0) return "";
    std::string s(m_depth, 'R');
    for (std::uint64_t i = task - 1, k = m_depth; k-- > 0; i >>= 1) s[k] = (i & 1) ? 'B' : 'R';
    return s;
}

SignWalk::SignWalk(const Params& params)
    : m_params(params), m_stalks(params.max_length + 1, 0), m_mismatches(params.max_length + 1, 0),
      m_values(params.max_length + 1), m_intervals(params.max_length + 1) {
    check(params);
}

void SignWalk::run(const SignTasks& tasks, std::uint64_t task) {
    const auto visit = [this](std::string_view colours, GameId value) {
        const std::size_t n = colours.size();
        ++m_stalks[n];
        if (value != GameId::number(hackenbush::sign_expansion(colours))) ++m_mismatches[n];
        m_values[n].push_back(value.bits());
    };
    if (task == 0)
        hackenbush::walk_stalks(m_store, "RB", "", tasks.prefix_length() - 1, visit);
    else
        hackenbush::walk_stalks(m_store, "RB", tasks.prefix(task), m_params.max_length, visit);

    for (std::size_t n = 1; n <= m_params.max_length; ++n) {
        std::vector<std::uint64_t>& v = m_values[n];
        if (v.empty()) continue;
        Interval piece;
        piece.length = n;
        piece.low = piece.high = GameId::from_bits(v.front());
        for (std::uint64_t bits : v) {
            const GameId g = GameId::from_bits(bits);
            if (!g.is_number()) {
                piece.numbers_only = false;
                break;
            }
            if (compare_numbers(g, piece.low) < 0) piece.low = g;
            if (compare_numbers(g, piece.high) > 0) piece.high = g;
        }
        // Handles of equal values are equal within a store, so distinct handles are
        // distinct values.
        std::sort(v.begin(), v.end());
        piece.distinct = static_cast<std::uint64_t>(std::unique(v.begin(), v.end()) - v.begin());
        v.clear();
        std::vector<Interval>& chain = m_intervals[n];
        if (!chain.empty() && chain.back().numbers_only && piece.numbers_only &&
            compare_numbers(chain.back().high, piece.low) < 0) {
            chain.back().distinct += piece.distinct;
            chain.back().high = piece.high;
        } else {
            chain.push_back(piece);
        }
    }
}

std::vector<Interval> SignWalk::intervals() const {
    std::vector<Interval> out;
    for (const auto& chain : m_intervals) out.insert(out.end(), chain.begin(), chain.end());
    return out;
}

std::vector<Interval> SignWalk::take_intervals() {
    std::vector<Interval> out = intervals();
    for (auto& chain : m_intervals) chain.clear();
    return out;
}

std::vector<Interval> chain_consecutive(const std::vector<std::pair<std::uint64_t, Interval>>& by_task) {
    std::vector<Interval> out;
    std::vector<std::pair<std::uint64_t, std::size_t>> last; // per length: (task, index in out) of its chain's end
    for (const auto& [task, piece] : by_task) {
        if (piece.length >= last.size()) last.resize(piece.length + 1, {~std::uint64_t{0}, 0});
        auto& [last_task, at] = last[piece.length];
        if (last_task != ~std::uint64_t{0} && last_task + 1 == task && out[at].numbers_only && piece.numbers_only &&
            compare_numbers(out[at].high, piece.low) < 0) {
            out[at].distinct += piece.distinct;
            out[at].high = piece.high;
        } else {
            out.push_back(piece);
            at = out.size() - 1;
        }
        last_task = task;
    }
    return out;
}

std::vector<std::uint64_t> pack(const std::vector<Interval>& intervals) {
    std::vector<std::uint64_t> out;
    for (const Interval& i : intervals)
        out.insert(out.end(), {i.length, i.distinct, i.numbers_only ? 1u : 0u, i.low.bits(), i.high.bits()});
    return out;
}

std::vector<Interval> unpack(const std::vector<std::uint64_t>& packed) {
    if (packed.size() % 5 != 0) throw std::logic_error("unpack: not a whole number of intervals");
    std::vector<Interval> out;
    for (std::size_t k = 0; k < packed.size(); k += 5)
        out.push_back({packed[k], packed[k + 1], packed[k + 2] != 0, GameId::from_bits(packed[k + 3]),
                       GameId::from_bits(packed[k + 4])});
    return out;
}

std::vector<std::int64_t> distinct_by_length(std::size_t max_length, std::vector<Interval> intervals) {
    std::vector<std::int64_t> distinct(max_length + 1, 0);
    std::vector<bool> known(max_length + 1, true);
    for (const Interval& i : intervals)
        if (!i.numbers_only) known.at(i.length) = false;
    std::erase_if(intervals, [](const Interval& i) { return !i.numbers_only; });
    std::sort(intervals.begin(), intervals.end(), [](const Interval& a, const Interval& b) {
        return a.length != b.length ? a.length < b.length : compare_numbers(a.low, b.low) < 0;
    });
    for (std::size_t k = 0; k < intervals.size(); ++k) {
        const Interval& i = intervals[k];
        distinct.at(i.length) += static_cast<std::int64_t>(i.distinct);
        if (k > 0 && intervals[k - 1].length == i.length && compare_numbers(intervals[k - 1].high, i.low) >= 0)
            known[i.length] = false;
    }
    for (std::size_t n = 0; n <= max_length; ++n)
        if (!known[n]) distinct[n] = -1;
    return distinct;
}

void declare_length_columns(common::LocalTable& table) { schema::lengths::table.declare(table); }

void append_length_rows(const std::vector<std::uint64_t>& stalks, const std::vector<std::uint64_t>& mismatches,
                        const std::vector<std::int64_t>& distinct, const std::vector<Interval>& intervals,
                        common::LocalTable& table) {
    for (std::size_t n = 1; n < stalks.size(); ++n) {
        std::string smallest, largest; // "" unless every value of the length is a number
        GameId low, high;
        bool any = false, numbers = true;
        for (const Interval& i : intervals) {
            if (i.length != n) continue;
            numbers = numbers && i.numbers_only;
            if (!i.numbers_only) continue;
            if (!any || compare_numbers(i.low, low) < 0) low = i.low;
            if (!any || compare_numbers(i.high, high) > 0) high = i.high;
            any = true;
        }
        if (any && numbers) {
            smallest = low.number_value().to_string();
            largest = high.number_value().to_string();
        }
        namespace l = schema::lengths;
        table.column(l::length).push_back(static_cast<std::int64_t>(n));
        table.column(l::stalks).push_back(static_cast<std::int64_t>(stalks[n]));
        table.column(l::mismatches).push_back(static_cast<std::int64_t>(mismatches[n]));
        table.column(l::distinct).push_back(distinct.at(n));
        table.column(l::smallest).push_back(smallest);
        table.column(l::largest).push_back(largest);
    }
}

void declare_example_columns(common::LocalTable& table) { schema::examples::table.declare(table); }

void append_example_rows(const Params& params, common::LocalTable& table) {
    core::GameStore store;
    const std::size_t top = std::min<std::size_t>(params.max_length, 4);
    for (std::size_t n = 1; n <= top; ++n)
        for (std::uint64_t k = 0; k < (std::uint64_t{1} << n); ++k) {
            std::string colours(n, 'B');
            for (std::uint64_t i = k, j = n; j-- > 0; i >>= 1) colours[j] = (i & 1) ? 'R' : 'B';
            namespace e = schema::examples;
            table.column(e::colours).push_back(colours);
            table.column(e::value).push_back(store.canonical_text(hackenbush::stalk_value(store, colours)));
            table.column(e::sign_expansion).push_back(hackenbush::sign_expansion(colours).to_string());
        }
}

} // namespace cgt::jobs::hackenbush_signs
