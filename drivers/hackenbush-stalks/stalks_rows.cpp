#include "hackenbush-stalks/stalks_rows.hpp"

#include "hackenbush-stalks/stalks_schema.hpp"
#include "hackenbush/stalks.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>

namespace cgt::jobs::hackenbush_stalks {

using core::GameId;
using core::ValueKind;

void check(const Params& params) {
    MAX_LENGTH_OPTION.check(static_cast<long>(std::min<std::size_t>(params.max_length, LONG_MAX)));
}

std::uint64_t stalks_of_length(std::size_t length) {
    std::uint64_t n = 1;
    for (std::size_t i = 0; i < length; ++i) n *= 3;
    return n;
}

StalkTasks::StalkTasks(const Params& params)
    : m_depth(std::min<std::size_t>(params.max_length, 6)), m_count(1 + stalks_of_length(m_depth)) {
    check(params);
}

std::string StalkTasks::prefix(std::uint64_t task) const {
    if (task == 0) return "";
    std::string s(m_depth, 'B');
    for (std::uint64_t i = task - 1, k = m_depth; k-- > 0; i /= 3) s[k] = "BRG"[i % 3];
    return s;
}

std::vector<std::uint64_t> summed_counts(const std::vector<LengthCounts>& counts) {
    std::vector<std::uint64_t> flat;
    for (const LengthCounts& c : counts)
        flat.insert(flat.end(), {c.stalks, c.numbers, c.number_nimber, c.number_up_star, c.number_ups_other, c.other,
                                 c.birthday_is_length, c.number_rule_failures, c.nimber_rule_failures,
                                 c.up_star_rule_failures});
    return flat;
}

void set_summed_counts(std::vector<LengthCounts>& counts, const std::vector<std::uint64_t>& flat) {
    if (flat.size() != counts.size() * SUMMED_COUNTS) throw std::logic_error("set_summed_counts: wrong size");
    for (std::size_t n = 0; n < counts.size(); ++n) {
        const std::uint64_t* f = flat.data() + n * SUMMED_COUNTS;
        LengthCounts& c = counts[n];
        c.stalks = f[0];
        c.numbers = f[1];
        c.number_nimber = f[2];
        c.number_up_star = f[3];
        c.number_ups_other = f[4];
        c.other = f[5];
        c.birthday_is_length = f[6];
        c.number_rule_failures = f[7];
        c.nimber_rule_failures = f[8];
        c.up_star_rule_failures = f[9];
    }
}

StalkRows::StalkRows(const Params& params, core::GameStore& store, jobs::hackenbush_common::ValueTexts& values)
    : m_params(params), m_store(store), m_values(values), m_counts(params.max_length + 1),
      m_by_length(params.max_length + 1) {
    check(params);
}

void StalkRows::declare_columns(common::LocalTable& table) { schema::stalks::table.declare(table); }

void StalkRows::visit(std::string_view colours, GameId value) {
    const std::size_t n = colours.size();
    const core::Classification c = m_store.classify(value);
    const auto birthday = static_cast<std::int64_t>(m_store.birthday(value));
    LengthCounts& count = m_counts[n];
    ++count.stalks;
    const bool up_star = c.kind == ValueKind::NumberUps && (c.ups == 1 || c.ups == -1) && c.star == 1;
    switch (c.kind) {
    case ValueKind::Number: ++count.numbers; break;
    case ValueKind::NumberNimber: ++count.number_nimber; break;
    case ValueKind::NumberUps: ++(up_star ? count.number_up_star : count.number_ups_other); break;
    case ValueKind::Other: ++count.other; break;
    }
    count.birthday_is_length += static_cast<std::size_t>(birthday) == n;
    count.max_birthday = std::max(count.max_birthday, static_cast<std::uint64_t>(birthday));

    // The string rules, read off the colours alone: the blue-red base below the first
    // green, and what lies on top of it.
    const std::size_t first_green = colours.find('G');
    const std::string_view base = colours.substr(0, first_green);
    const core::Dyadic x = base.empty() ? core::Dyadic() : hackenbush::sign_expansion(base);
    const bool blue_red = first_green == std::string_view::npos;
    const bool greens_on_top =
        !blue_red && colours.find_first_not_of('G', first_green) == std::string_view::npos;
    const bool green_then_one = !blue_red && first_green + 2 == n && colours[n - 1] != 'G';
    if ((c.kind == ValueKind::Number) != blue_red || (blue_red && c.number != x)) ++count.number_rule_failures;
    if ((c.kind == ValueKind::NumberNimber) != greens_on_top ||
        (greens_on_top && (c.number != x || c.star != n - first_green)))
        ++count.nimber_rule_failures;
    if (up_star != green_then_one ||
        (green_then_one && (c.number != x || c.ups != (colours[n - 1] == 'B' ? 1 : -1))))
        ++count.up_star_rule_failures;

    m_by_length[n].push_back({std::string(colours), m_values.local_id(value), birthday, c.kind});
}

void StalkRows::run(const StalkTasks& tasks, std::uint64_t task, common::LocalTable& table) {
    const std::size_t depth = tasks.prefix_length();
    const auto visit = [this](std::string_view colours, GameId value) { this->visit(colours, value); };
    if (task == 0)
        hackenbush::walk_stalks(m_store, "BRG", "", depth - 1, visit);
    else
        hackenbush::walk_stalks(m_store, "BRG", tasks.prefix(task), m_params.max_length, visit);
    // A depth-first walk meets the stalks of one length in lexicographic order.
    namespace s = schema::stalks;
    auto& length = table.column(s::length);
    auto& colours = table.column(s::colours);
    auto& value = table.column(s::value);
    auto& birthday = table.column(s::birthday);
    auto& kind = table.column(s::kind);
    for (std::size_t n = 1; n <= m_params.max_length; ++n) {
        std::vector<Row>& rows = m_by_length[n];
        if (rows.empty()) continue;
        table.begin_block(tasks.block_key(n, task));
        for (Row& r : rows) {
            length.push_back(static_cast<std::int64_t>(n));
            colours.push_back(std::move(r.colours));
            value.push_back(r.value);
            birthday.push_back(r.birthday);
            kind.push_back(core::kind_word(r.kind));
        }
        rows.clear();
    }
}

void declare_length_columns(common::LocalTable& table) { schema::lengths::table.declare(table); }

void append_length_rows(const std::vector<LengthCounts>& counts, const std::vector<std::uint64_t>& distinct,
                        common::LocalTable& table) {
    const auto put = [&](const common::Col<std::int64_t>& col, std::uint64_t v) {
        table.column(col).push_back(static_cast<std::int64_t>(v));
    };
    namespace l = schema::lengths;
    for (std::size_t n = 1; n < counts.size(); ++n) {
        const LengthCounts& c = counts[n];
        put(l::length, n);
        put(l::stalks, c.stalks);
        put(l::distinct, distinct.at(n));
        put(l::numbers, c.numbers);
        put(l::number_nimber, c.number_nimber);
        put(l::number_up_star, c.number_up_star);
        put(l::number_ups_other, c.number_ups_other);
        put(l::other, c.other);
        put(l::birthday_is_length, c.birthday_is_length);
        put(l::max_birthday, c.max_birthday);
        put(l::number_rule_failures, c.number_rule_failures);
        put(l::nimber_rule_failures, c.nimber_rule_failures);
        put(l::up_star_rule_failures, c.up_star_rule_failures);
    }
}

} // namespace cgt::jobs::hackenbush_stalks
