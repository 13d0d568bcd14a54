#include "verify/subtraction-census/census_checks.hpp"

#include "verify/common/checks.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/subtraction-census/statements.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <tuple>

namespace cgt::verify::subtraction_census {

namespace {
std::string of(std::uint64_t good, std::uint64_t all) {
    return thousands(static_cast<long long>(good)) + " of " +
           thousands(static_cast<long long>(all));
}

long long choose3(long long n) {
    return n < 3 ? 0 : n * (n - 1) * (n - 2) / 6;
}

// The rows of both tables as (family, play) groups: sets normal, sets misere, three-move.
struct Group {
    const char* family;
    const char* play;
    const GameColumns* games;
    bool three_move;
    bool misere;
};
std::vector<Group> groups(const CensusFile& f) {
    return {{"sets", "normal", &f.sets, false, false},
            {"sets", "misere", &f.sets, false, true},
            {"three-move", "normal", &f.three_move, true, false}};
}

GameFigures figures(const GameColumns& g, std::size_t i) {
    return {g.preperiod[i], g.period[i], g.outcome_preperiod[i], g.outcome_period[i]};
}

// One game's row against its values by the definition: "" or what is wrong.
std::string recheck(const GameColumns& g, std::size_t i, bool three_move, long long heap_limit) {
    const auto set = g.set(i, three_move);
    if (!g.found[i]) return g.heaps[i] <= heap_limit ? "" : "heaps past the heap limit";
    const unsigned t = set.back();
    const long long n0 = g.preperiod[i], p = g.period[i];
    if (n0 < 0 || p < 1) return "no period in a found row";
    if (g.heaps[i] < n0 + p + t || g.heaps[i] > heap_limit) return "heaps do not hold the window";
    const auto values =
        values_by_definition(set, g.misere[i], static_cast<std::uint64_t>(n0 + 2 * p + t + 1));
    std::string why = check_claim(values, t, {n0, p});
    if (why.empty())
        why = check_outcome_claim(values, t, p, {g.outcome_preperiod[i], g.outcome_period[i]});
    return why.empty() ? "" : set_text(set) + ": " + why;
}
} // namespace

void check_parameters(const CensusFile& f, Report& report) {
    report.section("The tables against the run's parameters");
    const long long sets = (1LL << f.sets_max) - 1;
    report.check_equal("sets: 2^M - 1 sets in each play", sets * (f.misere ? 2 : 1),
                       static_cast<long long>(f.sets.size()));
    bool order = true;
    for (std::size_t i = 0; i < f.sets.size() && order; ++i)
        order = f.sets.key[i] == static_cast<long long>(i % sets) + 1 &&
                f.sets.misere[i] == (static_cast<long long>(i) >= sets);
    check_holds(report, "sets: masks 1..2^M-1, normal play then misere", order);
    report.check_equal("three_move: C(R, 3) games {a < b < c <= R}", choose3(f.three_move_rows),
                       static_cast<long long>(f.three_move.size()));
    std::size_t i = 0;
    for (long long c = 3; c <= f.three_move_rows && order; ++c)
        for (long long b = 2; b < c && order; ++b)
            for (long long a = 1; a < b && order; ++a)
                order = i < f.three_move.size() && f.three_move.key[i++] == (a | b << 16 | c << 32);
    check_holds(report, "three_move: ordered by c, b, a", order);
    for (const auto* d : {&f.periods, &f.preperiods})
        for (const Group& g : groups(f)) {
            long long games = 0;
            for (std::size_t k = 0; k < d->games.size(); ++k)
                if (d->family[k] == g.family && d->play[k] == g.play) games += d->games[k];
            const long long expected =
                g.three_move ? choose3(f.three_move_max) : (g.misere && !f.misere ? 0 : sets);
            report.check_equal(std::string(d == &f.periods ? "periods" : "preperiods") + ": " +
                                   g.family + " " + g.play + " sum to the games",
                               expected, games);
        }
}

void check_definition(const CensusFile& f, Report& report) {
    report.section("Rows recomputed by the definition (mex of G(n - s)), claims rechecked");
    // Every set within {1..10}, every three-move game with c <= 30, and a seeded sample of
    // 3,000 more rows of each table.
    constexpr std::size_t SAMPLE = 3000;
    std::mt19937_64 random(20261203);
    for (const bool three : {false, true}) {
        const GameColumns& g = three ? f.three_move : f.sets;
        std::set<std::size_t> rows;
        for (std::size_t i = 0; i < g.size(); ++i)
            if (g.set(i, three).back() <= (three ? 30u : 10u)) rows.insert(i);
        const std::size_t all = rows.size();
        for (std::size_t k = 0; k < SAMPLE && g.size() > all; ++k)
            rows.insert(std::uniform_int_distribution<std::size_t>(0, g.size() - 1)(random));
        std::uint64_t good = 0;
        std::string first;
        for (std::size_t i : rows) {
            const std::string why = recheck(g, i, three, f.heap_limit);
            good += why.empty();
            if (!why.empty() && first.empty()) first = why;
        }
        report.check(std::string(three ? "three-move games: every c <= 30"
                                       : "sets: every S within {1..10}") +
                         " and a sample of the others, values, periods and outcomes",
                     of(rows.size(), rows.size()),
                     of(good, rows.size()) + (first.empty() ? "" : " (" + first + ")"),
                     good == rows.size());
    }
}

void check_published(const CensusFile& f, Report& report) {
    report.section("Published periods (31game, the take-1-3-4 game, {1..k}, two-move games)");
    const Facts facts(f.data_dir + "/subtraction-census.txt");
    for (const auto& [key, mask] : {std::pair<std::string, long long>{"s123", 7}, {"s134", 13}}) {
        if (mask >= (1LL << f.sets_max)) continue;
        const auto i = static_cast<std::size_t>(mask - 1);
        const auto values = facts.numbers(key + ".values");
        const auto direct = values_by_definition(set_of_mask(mask), false,
                                                 static_cast<std::uint64_t>(values.size()));
        bool same = true;
        for (std::size_t n = 0; n < values.size(); ++n)
            same = same && direct[n] == values[n];
        report.check(set_text(set_of_mask(mask)),
                     "period " + std::to_string(facts.number(key + ".period")) + " from " +
                         std::to_string(facts.number(key + ".preperiod")) + ", values",
                     "period " + std::to_string(f.sets.period[i]) + " from " +
                         std::to_string(f.sets.preperiod[i]) +
                         (same ? ", values" : ", other values"),
                     same && f.sets.period[i] == facts.number(key + ".period") &&
                         f.sets.preperiod[i] == facts.number(key + ".preperiod"));
    }
    // {1..k}: period k + 1 from 0 (normal); misere: lost exactly at n = 1 mod (k + 1).
    const long long sets = (1LL << f.sets_max) - 1;
    std::uint64_t runs = 0, runs_ok = 0;
    for (long long k = 1; k <= f.sets_max; ++k)
        for (const bool misere : {false, true}) {
            if (misere && !f.misere) continue;
            const auto i = static_cast<std::size_t>((1LL << k) - 2 + (misere ? sets : 0));
            ++runs;
            const auto values = values_by_definition(set_of_mask((1LL << k) - 1), misere,
                                                     static_cast<std::uint64_t>(3 * (k + 1)));
            bool ok = f.sets.period[i] == k + 1 && (misere || f.sets.preperiod[i] == 0);
            for (std::size_t n = 0; ok && n < values.size(); ++n)
                ok = (values[n] == 0) == (misere ? n % (k + 1) == 1 : n % (k + 1) == 0);
            runs_ok += ok;
        }
    report.check_equal("{1..k}, k <= M: period k + 1 (misere: lost exactly at 1 mod k + 1)",
                       of(runs, runs), of(runs_ok, runs));
}

void check_statements(const CensusFile& f, Report& report) {
    report.section("The literature's statements on two- and three-move games, recounted");
    const bool all_three = f.three_move_rows == f.three_move_max;
    for (std::size_t k = 0; k < f.checks.check.size(); ++k) {
        const Statement* s = statement_named(f.checks.check[k]);
        if (!s) {
            report.check("a statement of the checks table", "one of the known statements",
                         f.checks.check[k], false);
            continue;
        }
        // Recounted from the rows where they cover the scope: the sets' pairs always, the
        // three-move games when every c <= C has its row.
        const bool three = s->moves == 3;
        const GameColumns& g = three ? f.three_move : f.sets;
        std::uint64_t applied = 0, failed = 0;
        if (!three || all_three)
            for (std::size_t i = 0; i < g.size(); ++i) {
                if (g.misere[i] || !g.found[i]) continue;
                const auto set = g.set(i, three);
                if (set.size() != s->moves || !s->concerns(set)) continue;
                ++applied;
                failed += !s->holds(set, figures(g, i));
            }
        // Each counterexample named in the file, again by the definition.
        std::uint64_t examples = 0, real = 0;
        std::string first;
        for (std::size_t at = 0; f.checks.examples[k] != "-" && at < f.checks.examples[k].size();) {
            const auto end =
                std::min(f.checks.examples[k].find("; ", at), f.checks.examples[k].size());
            const std::string text = f.checks.examples[k].substr(at, end - at);
            at = end + 2;
            ++examples;
            if (first.empty()) first = text;
            const auto e = parse_example(text);
            if (!e || e->set.size() != s->moves || !s->concerns(e->set)) continue;
            const unsigned t = e->set.back();
            const auto v = values_by_definition(
                e->set, false, static_cast<std::uint64_t>(e->preperiod + 2 * e->period + t + 1));
            if (!check_claim(v, t, {e->preperiod, e->period}).empty()) continue;
            const PeriodClaim o = outcome_of(v, {e->preperiod, e->period});
            real += !s->holds(e->set, {e->preperiod, e->period, o.preperiod, o.period});
        }
        const std::string published = s->conjecture ? "conjectured" : "holds (a theorem)";
        std::string ours = f.checks.counterexamples[k] == 0
                               ? "holds for all " + thousands(f.checks.applied[k])
                               : thousands(f.checks.counterexamples[k]) + " counterexamples of " +
                                     thousands(f.checks.applied[k]) + ", first " + first;
        const bool recounted = !three || all_three;
        bool ok = real == examples && (examples == 0) == (f.checks.counterexamples[k] == 0) &&
                  (!recounted || (static_cast<long long>(applied) == f.checks.applied[k] &&
                                  static_cast<long long>(failed) == f.checks.counterexamples[k]));
        if (!s->conjecture) ok = ok && f.checks.counterexamples[k] == 0;
        if (!recounted)
            ours += " (tally not recounted: rows only to c = " + std::to_string(f.three_move_rows) +
                    ")";
        report.check(f.checks.check[k], published, ours, ok);
    }
}

void check_summaries(const CensusFile& f, Report& report) {
    report.section("Distributions and longest games against the rows");
    for (const Group& gr : groups(f)) {
        if (gr.three_move && f.three_move_rows != f.three_move_max) continue;
        const GameColumns& g = *gr.games;
        std::map<std::int64_t, std::int64_t> periods, preperiods;
        std::int64_t longest = -1, deepest = -1;
        for (std::size_t i = 0; i < g.size(); ++i) {
            if (g.misere[i] != gr.misere) continue;
            ++periods[g.period[i]];
            ++preperiods[g.preperiod[i]];
            longest = std::max(longest, g.period[i]);
            deepest = std::max(deepest, g.preperiod[i]);
        }
        bool same = true;
        for (const auto& [d, counts] :
             {std::pair{&f.periods, &periods}, {&f.preperiods, &preperiods}}) {
            std::map<std::int64_t, std::int64_t> file;
            for (std::size_t k = 0; k < d->games.size(); ++k)
                if (d->family[k] == gr.family && d->play[k] == gr.play)
                    file[d->value[k]] = d->games[k];
            same = same && file == *counts;
        }
        std::int64_t top_period = -1, top_pre = -1;
        for (std::size_t k = 0; k < f.longest.rank.size(); ++k)
            if (f.longest.family[k] == gr.family && f.longest.play[k] == gr.play &&
                f.longest.rank[k] == 1) {
                if (f.longest.measure[k] == "period") top_period = f.longest.period[k];
                if (f.longest.measure[k] == "preperiod") top_pre = f.longest.preperiod[k];
            }
        report.check(std::string(gr.family) + " " + gr.play +
                         ": the distributions and the longest period and preperiod",
                     "as the rows",
                     same && top_period == longest && top_pre == deepest
                         ? "as the rows"
                         : "differ (longest " + std::to_string(top_period) + ", rows " +
                               std::to_string(longest) + ")",
                     same && top_period == longest && top_pre == deepest);
    }
}

void summary(const CensusFile& f, Report& report) {
    report.section("Summary (not compared)");
    if (f.misere) { // an observation: misere and normal play of each set side by side
        const std::size_t sets = f.sets.size() / 2;
        std::uint64_t same = 0, outcomes = 0;
        for (std::size_t i = 0; i < sets; ++i) {
            same += f.sets.preperiod[i] == f.sets.preperiod[i + sets] &&
                    f.sets.period[i] == f.sets.period[i + sets];
            outcomes += f.sets.outcome_period[i] == f.sets.outcome_period[i + sets];
        }
        report.note("misere play has the preperiod and period of normal play in " + of(same, sets) +
                    " sets, the outcome period in " + of(outcomes, sets));
    }
    for (const Group& gr : groups(f)) {
        std::string text;
        for (std::size_t k = 0; k < f.longest.rank.size(); ++k)
            if (f.longest.family[k] == gr.family && f.longest.play[k] == gr.play &&
                f.longest.rank[k] <= 3)
                text += " " + f.longest.measure[k] + " #" + std::to_string(f.longest.rank[k]) +
                        " " + f.longest.game[k] + " (n0 " + std::to_string(f.longest.preperiod[k]) +
                        ", p " + std::to_string(f.longest.period[k]) + ");";
        if (!text.empty()) report.note(std::string(gr.family) + " " + gr.play + ":" + text);
    }
}

} // namespace cgt::verify::subtraction_census
