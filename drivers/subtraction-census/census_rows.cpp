#include "subtraction-census/census_rows.hpp"

#include "subtraction-census/census_schema.hpp"

#include <algorithm>
#include <stdexcept>

namespace cgt::jobs::subtraction_census {

namespace s = schema;
using impartial::CHECK_COUNT;
using impartial::CheckId;

namespace {
constexpr unsigned MEASURE_PERIOD = 0, MEASURE_RATIO = 2;

// The value an entry is ranked by; for the additive ratio p / c^2, compared as p1 c2^2 against
// p2 c1^2 (exact: p < 2^32 and c <= 4000).
std::uint64_t ratio_side(const Entry& e, const Entry& other) {
    const std::uint64_t c = impartial::three_move_set(other.index)[2];
    return static_cast<std::uint64_t>(e.period) * c * c;
}
} // namespace

const char* family_name(Kind kind) {
    return kind == Kind::three_move ? "three-move" : "sets";
}

const char* play_name(Kind kind) {
    return kind == Kind::sets_misere ? "misere" : "normal";
}

std::uint64_t kind_games(const Params& params, Kind kind) {
    switch (kind) {
    case Kind::sets_normal:
        return (std::uint64_t{1} << params.sets_max) - 1;
    case Kind::sets_misere:
        return params.misere ? (std::uint64_t{1} << params.sets_max) - 1 : 0;
    case Kind::three_move:
        return impartial::three_move_count(params.three_move_max);
    }
    return 0;
}

std::vector<unsigned> game_set(Kind kind, std::uint64_t index) {
    if (kind != Kind::three_move)
        return impartial::set_of_mask(static_cast<std::uint32_t>(index + 1));
    const auto abc = impartial::three_move_set(index);
    return {abc[0], abc[1], abc[2]};
}

std::string set_text(std::span<const unsigned> set) {
    std::string text = "{";
    for (std::size_t i = 0; i < set.size(); ++i)
        text += (i ? "," : "") + std::to_string(set[i]);
    return text + "}";
}

std::vector<TaskRange> plan_tasks(const Params& params) {
    std::vector<TaskRange> tasks;
    for (unsigned k = 0; k < KINDS; ++k) {
        const auto kind = static_cast<Kind>(k);
        const std::uint64_t games = kind_games(params, kind);
        for (std::uint64_t first = 0; first < games; first += TASK_GAMES)
            tasks.push_back({kind, first, std::min(games, first + TASK_GAMES)});
    }
    return tasks;
}

bool better(const Entry& a, const Entry& b) {
    if (a.kind != b.kind || a.tag != b.tag)
        return std::tie(a.kind, a.tag) < std::tie(b.kind, b.tag);
    std::uint64_t x = 0, y = 0;
    if (a.tag == MEASURE_RATIO) {
        x = ratio_side(a, b);
        y = ratio_side(b, a);
    } else {
        x = static_cast<std::uint64_t>(a.tag == MEASURE_PERIOD ? a.period : a.preperiod);
        y = static_cast<std::uint64_t>(b.tag == MEASURE_PERIOD ? b.period : b.preperiod);
    }
    return x != y ? x > y : a.index < b.index;
}

void Summary::count(Kind kind, unsigned measure, std::int64_t value, std::uint64_t games) {
    m_counts[{static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(measure), value}] += games;
}

void Summary::longest(const Entry& e) {
    m_longest.push_back(e);
    if (m_longest.size() > 4 * LONGEST * KINDS * 3) trim();
}

void Summary::failure(const Entry& e) {
    m_failures.push_back(e);
    if (m_failures.size() > 4 * EXAMPLES * CHECK_COUNT) trim();
}

void Summary::trim() {
    const auto keep = [](std::vector<Entry>& entries, std::size_t most, auto order, auto group) {
        std::sort(entries.begin(), entries.end(), order);
        std::vector<Entry> kept;
        std::size_t run = 0;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            run = i > 0 && group(entries[i - 1]) == group(entries[i]) ? run + 1 : 0;
            if (run < most) kept.push_back(entries[i]);
        }
        entries = std::move(kept);
    };
    keep(m_longest, LONGEST, better, [](const Entry& e) { return std::tie(e.kind, e.tag); });
    keep(
        m_failures, EXAMPLES,
        [](const Entry& a, const Entry& b) {
            return std::tie(a.tag, a.kind, a.index) < std::tie(b.tag, b.kind, b.index);
        },
        [](const Entry& e) { return e.tag; });
}

void Summary::add_parts(const common::LocalTable& counts, const common::LocalTable& longest,
                        const common::LocalTable& failures) {
    const auto& kind = counts.column(s::part_counts::kind);
    const auto& measure = counts.column(s::part_counts::measure);
    const auto& value = counts.column(s::part_counts::value);
    const auto& games = counts.column(s::part_counts::games);
    for (std::size_t i = 0; i < kind.size(); ++i)
        count(static_cast<Kind>(kind[i]), measure[i], value[i],
              static_cast<std::uint64_t>(games[i]));
    namespace pl = s::part_longest;
    for (std::size_t i = 0; i < longest.column(pl::kind).size(); ++i)
        this->longest({longest.column(pl::kind)[i], longest.column(pl::measure)[i],
                       static_cast<std::uint64_t>(longest.column(pl::index)[i]),
                       longest.column(pl::preperiod)[i], longest.column(pl::period)[i]});
    namespace pf = s::part_failures;
    for (std::size_t i = 0; i < failures.column(pf::kind).size(); ++i)
        failure({failures.column(pf::kind)[i], failures.column(pf::check)[i],
                 static_cast<std::uint64_t>(failures.column(pf::index)[i]),
                 failures.column(pf::preperiod)[i], failures.column(pf::period)[i]});
    trim();
}

std::vector<std::uint64_t> Summary::pack() const {
    std::vector<std::uint64_t> out{m_counts.size()};
    for (const auto& [key, games] : m_counts) {
        const auto& [kind, measure, value] = key;
        out.insert(out.end(), {kind, measure, static_cast<std::uint64_t>(value), games});
    }
    for (const auto* entries : {&m_longest, &m_failures}) {
        out.push_back(entries->size());
        for (const Entry& e : *entries)
            out.insert(out.end(), {e.kind, e.tag, e.index, static_cast<std::uint64_t>(e.preperiod),
                                   static_cast<std::uint64_t>(e.period)});
    }
    return out;
}

void Summary::unpack(std::span<const std::uint64_t> packed) {
    std::size_t at = 0;
    const auto next = [&] {
        if (at >= packed.size()) throw std::logic_error("Summary::unpack: a truncated summary");
        return packed[at++];
    };
    while (at < packed.size()) {
        for (std::uint64_t n = next(); n > 0; --n) {
            const auto kind = static_cast<Kind>(next());
            const auto measure = static_cast<unsigned>(next());
            const auto value = static_cast<std::int64_t>(next());
            count(kind, measure, value, next());
        }
        for (int list = 0; list < 2; ++list)
            for (std::uint64_t n = next(); n > 0; --n) {
                Entry e;
                e.kind = static_cast<std::uint8_t>(next());
                e.tag = static_cast<std::uint8_t>(next());
                e.index = next();
                e.preperiod = static_cast<std::int64_t>(next());
                e.period = static_cast<std::int64_t>(next());
                list == 0 ? longest(e) : failure(e);
            }
    }
    trim();
}

} // namespace cgt::jobs::subtraction_census
