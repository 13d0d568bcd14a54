// One task of the census (compute_task), and the final tables from a summary.
#include "subtraction-census/census_rows.hpp"
#include "subtraction-census/census_schema.hpp"

#include <algorithm>

namespace cgt::jobs::subtraction_census {

namespace s = schema;
using impartial::CHECK_COUNT;
using impartial::CheckId;

namespace {
// The checks each kind answers: the two-move ones on the sets (b <= M), the three-move ones
// on the three-move family (a set within {1..M} of three moves is counted there, not twice).
std::uint8_t checks_of(Kind kind) {
    const auto bit = [](CheckId id) { return 1u << static_cast<unsigned>(id); };
    if (kind == Kind::sets_normal)
        return static_cast<std::uint8_t>(bit(CheckId::two_move_period) |
                                         bit(CheckId::two_move_odd_multiple));
    if (kind == Kind::three_move)
        return static_cast<std::uint8_t>(
            bit(CheckId::additive_pure) | bit(CheckId::additive_outcomes_pure) |
            bit(CheckId::nonadditive_sum_of_two) | bit(CheckId::nonadditive_divides_sum_of_two) |
            bit(CheckId::nonadditive_outcomes_sum_of_two) |
            bit(CheckId::nonadditive_outcomes_divides_sum_of_two));
    return 0;
}

std::string scope_of(const Params& params, CheckId id) {
    const bool two = id == CheckId::two_move_period || id == CheckId::two_move_odd_multiple;
    return two ? "{a < b}, b <= " + std::to_string(params.sets_max) + " (the sets within {1.." +
                     std::to_string(params.sets_max) + "}), normal play"
               : "{a < b < c}, c <= " + std::to_string(params.three_move_max) + ", normal play";
}

// A game's row in its table.
void append_row(Kind kind, std::span<const unsigned> set, const impartial::WindowPeriod& p,
                const impartial::OutcomePeriod& o, const TaskOut& out) {
    const std::int64_t pre = p.found ? static_cast<std::int64_t>(p.preperiod) : -1;
    const std::int64_t per = p.found ? static_cast<std::int64_t>(p.period) : -1;
    const std::int64_t opre = p.found ? static_cast<std::int64_t>(o.preperiod) : -1;
    const std::int64_t oper = p.found ? static_cast<std::int64_t>(o.period) : -1;
    const auto heaps = static_cast<std::int64_t>(p.heaps);
    if (kind == Kind::three_move) {
        namespace t = s::three_move;
        out.three_move.column(t::a).push_back(static_cast<std::uint16_t>(set[0]));
        out.three_move.column(t::b).push_back(static_cast<std::uint16_t>(set[1]));
        out.three_move.column(t::c).push_back(static_cast<std::uint16_t>(set[2]));
        out.three_move.column(t::preperiod).push_back(pre);
        out.three_move.column(t::period).push_back(per);
        out.three_move.column(t::heaps).push_back(heaps);
        out.three_move.column(t::found).push_back(p.found ? 1 : 0);
        out.three_move.column(t::outcome_preperiod).push_back(opre);
        out.three_move.column(t::outcome_period).push_back(oper);
        return;
    }
    namespace t = s::sets;
    std::int64_t mask = 0;
    for (unsigned x : set)
        mask |= std::int64_t{1} << (x - 1);
    out.sets.column(t::play).push_back(play_name(kind));
    out.sets.column(t::mask).push_back(mask);
    out.sets.column(t::preperiod).push_back(pre);
    out.sets.column(t::period).push_back(per);
    out.sets.column(t::heaps).push_back(heaps);
    out.sets.column(t::found).push_back(p.found ? 1 : 0);
    out.sets.column(t::outcome_preperiod).push_back(opre);
    out.sets.column(t::outcome_period).push_back(oper);
}
} // namespace

void compute_task(const Params& params, const TaskRange& task, TaskOut out,
                  std::vector<std::uint8_t>& values) {
    const auto play =
        task.kind == Kind::sets_misere ? impartial::Play::misere : impartial::Play::normal;
    const std::uint8_t answers = checks_of(task.kind);
    Summary part;
    for (std::uint64_t i = task.first; i < task.end; ++i) {
        const std::vector<unsigned> set = game_set(task.kind, i);
        const impartial::WindowPeriod p =
            impartial::subtraction_period(set, play, params.heap_limit, values);
        impartial::OutcomePeriod o;
        if (p.found) o = impartial::outcome_period(values, p);
        if (task.kind != Kind::three_move || set[2] <= params.three_move_rows)
            append_row(task.kind, set, p, o, out);
        const std::int64_t pre = p.found ? static_cast<std::int64_t>(p.preperiod) : -1;
        const std::int64_t per = p.found ? static_cast<std::int64_t>(p.period) : -1;
        part.count(task.kind, 0, per, 1);
        part.count(task.kind, 1, pre, 1);
        if (!p.found) continue;
        const auto kind = static_cast<std::uint8_t>(task.kind);
        part.longest({kind, 0, i, pre, per});
        part.longest({kind, 1, i, pre, per});
        if (task.kind == Kind::three_move && set[2] == set[0] + set[1])
            part.longest({kind, 2, i, pre, per});
        const impartial::Verdicts v = impartial::judge(set, p, o);
        for (unsigned c = 0; c < CHECK_COUNT; ++c) {
            if (!((v.applied & answers) >> c & 1)) continue;
            ++out.counters[2 * c];
            if (!(v.failed >> c & 1)) continue;
            ++out.counters[2 * c + 1];
            part.failure({kind, static_cast<std::uint8_t>(c), i, pre, per});
        }
    }
    // The task's part of the summaries, in the summary's order.
    part.trim();
    const Summary& kept = part;
    for (const auto& [key, games] : kept.counts()) {
        const auto& [kind, measure, value] = key;
        out.part_counts.column(s::part_counts::kind).push_back(kind);
        out.part_counts.column(s::part_counts::measure).push_back(measure);
        out.part_counts.column(s::part_counts::value).push_back(value);
        out.part_counts.column(s::part_counts::games).push_back(static_cast<std::int64_t>(games));
    }
    for (const Entry& e : kept.longest()) {
        namespace pl = s::part_longest;
        out.part_longest.column(pl::kind).push_back(e.kind);
        out.part_longest.column(pl::measure).push_back(e.tag);
        out.part_longest.column(pl::index).push_back(static_cast<std::int64_t>(e.index));
        out.part_longest.column(pl::preperiod).push_back(e.preperiod);
        out.part_longest.column(pl::period).push_back(e.period);
    }
    for (const Entry& e : kept.failures()) {
        namespace pf = s::part_failures;
        out.part_failures.column(pf::check).push_back(e.tag);
        out.part_failures.column(pf::kind).push_back(e.kind);
        out.part_failures.column(pf::index).push_back(static_cast<std::int64_t>(e.index));
        out.part_failures.column(pf::preperiod).push_back(e.preperiod);
        out.part_failures.column(pf::period).push_back(e.period);
    }
}

void append_distribution(const Summary& summary, unsigned measure, common::LocalTable& table) {
    // Both tables have the columns family, play, <value>, games in that order.
    auto& family = std::get<std::vector<std::string>>(table.columns()[0].data);
    auto& play = std::get<std::vector<std::string>>(table.columns()[1].data);
    auto& value = std::get<std::vector<std::int64_t>>(table.columns()[2].data);
    auto& games = std::get<std::vector<std::int64_t>>(table.columns()[3].data);
    for (const auto& [key, count] : summary.counts()) {
        const auto& [kind, m, v] = key;
        if (m != measure) continue;
        family.push_back(family_name(static_cast<Kind>(kind)));
        play.push_back(play_name(static_cast<Kind>(kind)));
        value.push_back(v);
        games.push_back(static_cast<std::int64_t>(count));
    }
}

void append_longest(const Summary& summary, common::LocalTable& table) {
    namespace l = s::longest;
    static const char* const measures[] = {"period", "preperiod", "additive-ratio"};
    std::int64_t rank = 0;
    const Entry* last = nullptr;
    for (const Entry& e : summary.longest()) {
        rank = last && last->kind == e.kind && last->tag == e.tag ? rank + 1 : 1;
        last = &e;
        const auto kind = static_cast<Kind>(e.kind);
        table.column(l::family).push_back(family_name(kind));
        table.column(l::play).push_back(play_name(kind));
        table.column(l::measure).push_back(measures[e.tag]);
        table.column(l::rank).push_back(rank);
        table.column(l::game).push_back(set_text(game_set(kind, e.index)));
        table.column(l::preperiod).push_back(e.preperiod);
        table.column(l::period).push_back(e.period);
    }
}

void append_checks(const Params& params, const Summary& summary,
                   std::span<const std::uint64_t> counters, common::LocalTable& table) {
    namespace c = s::checks;
    for (unsigned i = 0; i < CHECK_COUNT; ++i) {
        const auto id = static_cast<CheckId>(i);
        std::string examples;
        for (const Entry& e : summary.failures()) {
            if (e.tag != i) continue;
            const impartial::WindowPeriod p{true, static_cast<std::uint64_t>(e.preperiod),
                                            static_cast<std::uint64_t>(e.period), 0};
            examples += (examples.empty() ? "" : "; ") +
                        impartial::example_text(game_set(static_cast<Kind>(e.kind), e.index), p);
        }
        table.column(c::check).push_back(impartial::check_name(id));
        table.column(c::source).push_back(impartial::check_source(id));
        table.column(c::scope).push_back(scope_of(params, id));
        table.column(c::applied).push_back(static_cast<std::int64_t>(counters[2 * i]));
        table.column(c::counterexamples).push_back(static_cast<std::int64_t>(counters[2 * i + 1]));
        table.column(c::verdict).push_back(counters[2 * i + 1] ? "counterexamples" : "holds");
        table.column(c::examples).push_back(examples.empty() ? "-" : examples);
    }
}

} // namespace cgt::jobs::subtraction_census
