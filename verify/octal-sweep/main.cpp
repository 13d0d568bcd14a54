// cgt-verify-octal-sweep: checks a cgt-octal-sweep result file against the published record
// (Czajka's tables of octal games, OEIS A002186 / A071464 / A071509, the subtraction games
// of muzudho's 31game article) and against what any correct file satisfies (every proof's
// bound, the same game agreeing across families), and prints a summary by family.
#include "impartial/octal_analysis.hpp"
#include "impartial/octal_values.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "verify/octal-sweep/frontier_checks.hpp"
#include "verify/octal-sweep/game_rows.hpp"
#include "verify/octal-sweep/parameters_check.hpp"

#include <algorithm>
#include <map>
#include <set>

using namespace cgt;
using impartial::Grundy;
using impartial::Period;

namespace schema = cgt::jobs::octal_sweep::schema;

using namespace cgt::verify::octal_sweep;

namespace {

std::string period_text(long long n0, long long p) {
    return "n0 " + std::to_string(n0) + ", p " + std::to_string(p);
}

std::string ours_text(const GameRow& row) {
    return row.periodic() ? period_text(row.preperiod, row.period)
                          : "not yet periodic up to " + std::to_string(row.computed_to);
}

// Subtraction games are proven by the window rule, every other octal game by Guy-Smith.
bool window_rule(const GameRow& row) {
    return impartial::OctalGame::parse(row.code).is_subtraction();
}

// The last heap a proof of (n0, p) for this game reads: what the run must reach to find it.
long long heaps_needed(const GameRow& row, long long n0, long long p) {
    return (window_rule(row) ? n0 + row.largest_removal : 2 * n0 + p + row.largest_removal) + p - 1;
}

// A published period is reproduced when the run reached far enough to prove it, and must
// be "not yet periodic" (no proof of anything else) when it did not. The extras (sequence,
// largest value, ...) are compared only in the first case.
void check_period(verify::Report& report, const std::string& what, const GameRow& row, long long n0,
                  long long p, const std::string& extra_published = "",
                  const std::string& extra_ours = "") {
    const long long needed = heaps_needed(row, n0, p);
    if (row.computed_to >= needed) {
        report.check(what, period_text(n0, p) + extra_published, ours_text(row) + extra_ours,
                     row.periodic() && row.preperiod == n0 && row.period == p &&
                         extra_published == extra_ours);
    } else {
        // Below the heaps the proof reads, no correct run can claim a period.
        report.check(what + " (its proof reads heaps to " + verify::thousands(needed) +
                         ", beyond this run)",
                     period_text(n0, p), ours_text(row), !row.periodic());
    }
}

void summary(const std::vector<GameRow>& rows, verify::Report& report) {
    report.section("Summary by family (not compared)");
    std::vector<std::string> families;
    for (const auto& row : rows)
        if (std::find(families.begin(), families.end(), row.family) == families.end())
            families.push_back(row.family);
    for (const auto& family : families) {
        std::map<long long, std::uint64_t> periods;
        std::uint64_t games = 0, periodic = 0;
        const GameRow *longest_period = nullptr, *longest_preperiod = nullptr, *largest = nullptr;
        long long bound = 0;
        for (const auto& row : rows) {
            if (row.family != family) continue;
            ++games;
            bound = std::max(bound, row.max_heap);
            if (!largest || row.largest_value > largest->largest_value) largest = &row;
            if (!row.periodic()) continue;
            ++periodic;
            ++periods[row.period];
            if (!longest_period || row.period > longest_period->period) longest_period = &row;
            if (!longest_preperiod || row.preperiod > longest_preperiod->preperiod)
                longest_preperiod = &row;
        }
        report.note(family + ": " + verify::thousands(static_cast<long long>(games)) + " games, " +
                    verify::thousands(static_cast<long long>(periodic)) + " proven periodic, " +
                    verify::thousands(static_cast<long long>(games - periodic)) +
                    " not yet periodic (heap bound " + verify::thousands(bound) + ")");
        if (longest_period)
            report.note("  longest period " + verify::thousands(longest_period->period) + " (" +
                        longest_period->game + "), longest preperiod " +
                        verify::thousands(longest_preperiod->preperiod) + " (" +
                        longest_preperiod->game + "), largest value " +
                        std::to_string(largest->largest_value) + " (" + largest->game + ")");
        std::string histogram;
        std::size_t shown = 0;
        for (const auto& [p, count] : periods) {
            if (++shown > 24) {
                histogram += " ... (" + std::to_string(periods.size()) + " lengths)";
                break;
            }
            histogram += " " + std::to_string(p) + ":" + std::to_string(count);
        }
        if (!periods.empty()) report.note("  period length:count" + histogram);
    }
}

void check_czajka_trivial(const std::vector<GameRow>& rows, verify::Report& report,
                          const std::string& dir) {
    report.section(
        "Czajka's 82 octal games with periods below heap 1000 (preperiod, period, sequence)");
    std::size_t absent = 0;
    for (const auto& ref : read_csv(dir + "/czajka_trivial_games.csv")) {
        const std::string code = impartial::OctalGame::parse(ref[0]).code();
        const GameRow* row = find_code(rows, code);
        if (!row) {
            ++absent;
            continue;
        }
        const long long n0 = std::stoll(ref[1]), p = std::stoll(ref[2]);
        // The whole sequences agree if they agree on preperiod + 2 periods of the longer.
        const auto published = impartial::parse_periodic(ref[3]);
        std::string ours = ", sequence";
        const std::uint64_t span = std::uint64_t(std::max<long long>(n0, row->preperiod)) +
                                   2 * std::uint64_t(std::max<long long>(p, row->period));
        for (std::uint64_t n = 0; n < span; ++n)
            if (row->value(n) != impartial::periodic_value(published.values, published.period, n)) {
                ours = ", differs at heap " + std::to_string(n);
                break;
            }
        check_period(report, ref[0], *row, n0, p, ", sequence", ours);
    }
    if (absent) report.note(std::to_string(absent) + " of these games are not in this run");
}

void check_czajka_solved(const std::vector<GameRow>& rows, verify::Report& report,
                         const std::string& dir) {
    report.section(
        "Czajka's solved octal games with long preperiods (largest value, rare/common split)");
    for (const auto& ref : read_csv(dir + "/czajka_solved_games.csv")) {
        const GameRow* row = find_code(rows, impartial::OctalGame::parse(ref[0]).code());
        if (!row) {
            report.note(ref[0] + " is not in this run");
            continue;
        }
        const long long n0 = std::stoll(ref[1]), p = std::stoll(ref[2]);
        std::string published = ", max " + ref[4] + " at " + ref[3];
        std::string ours = ", max " + std::to_string(row->largest_value) + " at " +
                           std::to_string(row->largest_at);
        if (!ref[5].empty()) {
            published += ", rare " + ref[5] + " " + ref[6] + " last " + ref[7];
            ours += ", rare " + row->rare_mask + " " + std::to_string(row->rare_heaps) + " last " +
                    std::to_string(row->last_rare);
        }
        check_period(report, ref[0], *row, n0, p, published, ours);
    }
}

// Values of a row against an OEIS b-file, over the heaps the row knows.
void check_oeis(const std::vector<GameRow>& rows, verify::Report& report, const std::string& path,
                const std::string& code, const std::string& what) {
    const GameRow* row = find_code(rows, code);
    if (!row) {
        report.note(what + ": " + code + " is not in this run");
        return;
    }
    std::uint64_t compared = 0, differ = 0;
    for (const auto& [n, value] : verify::read_pairs(path)) {
        const auto ours = row->value(static_cast<std::uint64_t>(n));
        if (!ours) continue;
        ++compared;
        differ += *ours != static_cast<Grundy>(value);
    }
    report.check(what + ": " + code + " values against the b-file (" +
                     verify::thousands(static_cast<long long>(compared)) + " heaps)",
                 "equal", differ ? std::to_string(differ) + " differ" : "equal",
                 differ == 0 && compared > 0);
}

void check_oeis_all(const std::vector<GameRow>& rows, verify::Report& report,
                    const std::string& dir, const verify::Facts& facts) {
    report.section("OEIS: Kayles A002186, .127 A071464, .1777 A071509");
    check_oeis(rows, report, dir + "/A002186.txt", facts.text("kayles.code"), "A002186");
    if (const GameRow* kayles = find_code(rows, facts.text("kayles.code")))
        check_period(report, "Kayles .77", *kayles, facts.number("kayles.preperiod"),
                     facts.number("kayles.period"));
    check_oeis(rows, report, dir + "/A071464.txt", facts.text("dot127.code"), "A071464");
    if (const GameRow* row = find_code(rows, facts.text("dot127.code")))
        check_period(report, ".127", *row, facts.number("dot127.preperiod"),
                     facts.number("dot127.period"));
    if (find_code(rows, ".1777"))
        check_oeis(rows, report, dir + "/A071509.txt", ".1777", "A071509");
}

void check_subtraction(const std::vector<GameRow>& rows, verify::Report& report,
                       const verify::Facts& facts) {
    report.section("Subtraction games (muzudho's 31game article, Qiita 2022, and issue 7)");
    for (const auto& [key, name] : {std::pair<std::string, std::string>{"s123", "S={1,2,3}"},
                                    {"s134", "S={1,3,4}"},
                                    {"s237", "S={2,3,7}"}}) {
        const GameRow* row = find_game(rows, "subtraction", name);
        if (!row) {
            report.note(name + " is not in this run");
            continue;
        }
        const auto values = facts.numbers(key + ".values");
        bool same = true;
        for (std::size_t n = 0; n < values.size(); ++n)
            same = same && row->value(n) == static_cast<Grundy>(values[n]);
        check_period(report, name, *row, facts.number(key + ".preperiod"),
                     facts.number(key + ".period"), ", values",
                     same ? ", values" : ", other values");
    }
    // Every {a, b} and every {1..k} present in the run.
    std::uint64_t pairs = 0, pairs_ok = 0, runs = 0, runs_ok = 0, misere = 0, misere_ok = 0;
    const long long max_b = facts.number("pairs.max_b");
    for (const auto& row : rows) {
        if (row.family.rfind("subtraction", 0) != 0) continue;
        const auto set = impartial::OctalGame::parse(row.code).subtraction_set();
        const bool is_run = set.back() == set.size();
        if (row.family == "subtraction" && set.size() == 2 && set[1] <= max_b) {
            ++pairs;
            pairs_ok += row.periodic() && row.preperiod == 0 && (set[0] + set[1]) % row.period == 0;
        } else if (row.family == "subtraction" && is_run) {
            ++runs;
            runs_ok += row.periodic() && row.preperiod == 0 &&
                       row.period == static_cast<long long>(set.size()) + 1;
        } else if (row.family == "subtraction-misere" && is_run) {
            // Misere {1..k}: the player to move loses exactly at n = 1 (mod k + 1).
            ++misere;
            bool ok = row.periodic() && row.period == static_cast<long long>(set.size()) + 1;
            for (std::uint64_t n = 0; ok && n < 3 * (set.size() + 1); ++n)
                ok = (row.value(n) == Grundy{0}) == (n % (set.size() + 1) == 1);
            misere_ok += ok;
        }
    }
    if (pairs)
        report.check_equal("{a, b}, a < b <= " + std::to_string(max_b) + ": a + b a period from 0",
                           verify::thousands(static_cast<long long>(pairs)) + " of " +
                               verify::thousands(static_cast<long long>(pairs)),
                           verify::thousands(static_cast<long long>(pairs_ok)) + " of " +
                               verify::thousands(static_cast<long long>(pairs)));
    if (runs)
        report.check_equal("{1..k}: period k + 1 from 0",
                           std::to_string(runs) + " of " + std::to_string(runs),
                           std::to_string(runs_ok) + " of " + std::to_string(runs));
    if (misere)
        report.check_equal("{1..k} misere: lost exactly at 1 (mod k + 1)",
                           std::to_string(misere) + " of " + std::to_string(misere),
                           std::to_string(misere_ok) + " of " + std::to_string(misere));
}

void check_consistency(const std::vector<GameRow>& rows, verify::Report& report) {
    report.section("Every row: its proof's bound, and the same game alike in every family");
    std::uint64_t periodic = 0, bound_ok = 0, open = 0, open_ok = 0, shared = 0, shared_ok = 0;
    std::map<std::string, const GameRow*> first_of_code;
    for (const auto& row : rows) {
        if (row.periodic()) {
            ++periodic;
            const bool window = window_rule(row);
            const long long end = window ? row.preperiod + row.largest_removal
                                         : 2 * row.preperiod + row.period + row.largest_removal;
            bound_ok += row.check_end == end && row.check_end + row.period - 1 <= row.computed_to &&
                        row.proof == (window ? "subtraction-window" : "guy-smith");
        } else {
            ++open;
            open_ok += row.computed_to <= row.max_heap && row.preperiod == -1 && row.period == -1;
        }
        // A game met twice (".3" as octal code and S={1}; listed and family): same values
        // on the heaps both know, and the same period where both proved one.
        const std::string key =
            row.code + (row.game.find("misere") == std::string::npos ? "" : " misere");
        auto [it, inserted] = first_of_code.emplace(key, &row);
        if (inserted) continue;
        ++shared;
        const GameRow& other = *it->second;
        bool same = !(row.periodic() && other.periodic()) ||
                    (row.preperiod == other.preperiod && row.period == other.period);
        const std::size_t known =
            std::min({row.known_values(), other.known_values(), std::size_t{4096}});
        for (std::size_t n = 0; same && n < known; ++n)
            same = row.value(n) == other.value(n);
        shared_ok += same;
    }
    report.check_equal(
        "periodic rows: check_end = 2 n0 + p + t (octal) or n0 + t (window), within the values",
        verify::thousands(static_cast<long long>(periodic)),
        verify::thousands(static_cast<long long>(bound_ok)));
    report.check_equal("not-yet-periodic rows: no period, values within the bound",
                       verify::thousands(static_cast<long long>(open)),
                       verify::thousands(static_cast<long long>(open_ok)));
    report.check_equal("games met twice that agree",
                       verify::thousands(static_cast<long long>(shared)),
                       verify::thousands(static_cast<long long>(shared_ok)));
}

// A proof of a period on Czajka's unsolved list, checked again from values computed here
// without the frontier sweep: by the definition (every option of every heap) when the proof
// reads at most 40,000 heaps, else by the family's rare/common sweep (OctalValues). True if
// G(n) = G(n + p) for n0 <= n < end and G(n0 - 1) != G(n0 - 1 + p).
bool recheck_proof(const std::string& code, long long n0, long long p, long long end) {
    constexpr long long BY_DEFINITION = 40000;
    const long long last = end + p - 1;
    impartial::OctalValues values(impartial::OctalGame::parse(code),
                                  last <= BY_DEFINITION ? impartial::ValueMethod::definition
                                                        : impartial::ValueMethod::rare_common);
    values.extend_to(static_cast<impartial::Heap>(last));
    const auto& g = values.values();
    const auto at = [&](long long n) { return g[static_cast<std::size_t>(n)]; };
    for (long long n = n0; n < end; ++n)
        if (at(n) != at(n + p)) return false;
    return n0 == 0 || at(n0 - 1) != at(n0 - 1 + p);
}

// Czajka's unsolved list names 82 codes, each for its class of equivalent codes (his lookup
// tables): 325 of the 1,023 codes of up to 3 digits. A code of an unsolved class reported
// periodic here is news to that list: it is named, with its proof, and its proof's bound
// checked. 4.344 is such a code (see SOURCES.md: the notation 4.abc is the same there).
void check_unsolved_classes(const std::vector<GameRow>& rows, verify::Report& report,
                            const std::string& dir) {
    report.section(
        "Czajka's unsolved list and its classes (his lookup tables): what this run proves");
    std::set<std::string> unsolved;
    for (const auto& ref : read_csv(dir + "/czajka_unsolved_games.csv"))
        if (ref[0] != "grundy") unsolved.insert(impartial::OctalGame::parse(ref[0]).code());
    std::map<std::string, std::string> representative;
    for (const auto& ref : read_csv(dir + "/czajka_game_lookup.csv"))
        representative[impartial::OctalGame::parse(ref[0]).code()] =
            impartial::OctalGame::parse(ref[1]).code();
    report.check_equal("Czajka's unsolved codes, and the codes of their classes", "82 and 325",
                       std::to_string(unsolved.size()) + " and " +
                           std::to_string(std::count_if(
                               representative.begin(), representative.end(),
                               [&](const auto& e) { return unsolved.count(e.second) > 0; })));
    std::uint64_t solved_codes = 0, solved_proven = 0, open_codes = 0, open_proven = 0;
    std::map<std::string, const GameRow*> best; // the longest run of each code
    for (const auto& row : rows)
        if (row.family != "subtraction-misere" && row.game.find("misere") == std::string::npos &&
            representative.count(row.code) &&
            (!best.count(row.code) || row.max_heap > best[row.code]->max_heap))
            best[row.code] = &row;
    for (const auto& [code, row] : best) {
        const std::string& rep = representative.at(code);
        if (!unsolved.count(rep)) {
            ++solved_codes;
            solved_proven += row->periodic();
            continue;
        }
        ++open_codes;
        if (!row->periodic()) continue;
        ++open_proven;
        const long long end = 2 * row->preperiod + row->period + row->largest_removal;
        const bool rechecked = recheck_proof(code, row->preperiod, row->period, end);
        report.check(
            code + " (class of " + rep + ", on Czajka's unsolved list) proven here, and rechecked",
            "unsolved (work in progress)",
            period_text(row->preperiod, row->period) + ", Guy-Smith to " + verify::thousands(end) +
                ", values to " + verify::thousands(row->computed_to) +
                (rechecked ? ", rechecked" : ", NOT confirmed by the recheck"),
            rechecked && row->check_end == end &&
                row->check_end + row->period - 1 <= row->computed_to);
    }
    report.note("codes of solved classes: " + std::to_string(solved_proven) + " of " +
                std::to_string(solved_codes) +
                " proven in this run; codes of unsolved classes: " + std::to_string(open_proven) +
                " of " + std::to_string(open_codes) + " proven (each named above)");
    if (const auto it = best.find("4.344"); it != best.end())
        report.note("4.344 is the game of Czajka's list: d0 = 4 splits a heap into two non-empty "
                    "heaps, taking no "
                    "token, in Flammenkamp's notation, Winning Ways' and Czajka's code alike "
                    "(verify/data/SOURCES.md); "
                    "here it is " +
                    ours_text(*it->second) +
                    (it->second->periodic()
                         ? ", rechecked above and by octal-by-definition in the test suite"
                         : ""));
}

// The file as the checks read it: the games table (and, once the checks on the games have
// run, the frontier tables), the folder of the octal data and its facts.
struct OctalFile {
    const common::ResultReader& file;
    std::string dir;
    verify::Facts facts;
    std::vector<GameRow> rows;
    Frontier frontier{};
};

using OctalCheck = verify::NamedCheck<const OctalFile&, verify::Report&>;

// The checks on the games table, before the frontier tables are read.
const OctalCheck GAME_CHECKS[] = {
    {"summary by family (not compared)", "-", "the games table",
     [](const OctalFile& f, verify::Report& report) { summary(f.rows, report); }},
    {"Czajka's trivial games", "czajka_trivial_games.csv", "Czajka, octal-games, TrivialGames.md",
     [](const OctalFile& f, verify::Report& report) {
         check_czajka_trivial(f.rows, report, f.dir);
     }},
    {"Czajka's solved games", "czajka_solved_games.csv", "Czajka, octal-games, SolvedGames.md",
     [](const OctalFile& f, verify::Report& report) {
         check_czajka_solved(f.rows, report, f.dir);
     }},
    {"OEIS sequences and periods", "A002186.txt, A071464.txt, A071509.txt, kayles.*, dot127.*",
     "OEIS A002186, A071464, A071509",
     [](const OctalFile& f, verify::Report& report) {
         check_oeis_all(f.rows, report, f.dir, f.facts);
     }},
    {"subtraction games", "facts.txt subtraction keys, A014586.txt",
     "muzudho's 31game article; OEIS A014586; the periods of {a, b} and {1..k}",
     [](const OctalFile& f, verify::Report& report) {
         check_subtraction(f.rows, report, f.facts);
     }},
    {"periods and bounds of every row", "identity", "the Guy-Smith periodicity theorem",
     [](const OctalFile& f, verify::Report& report) { check_consistency(f.rows, report); }},
};

// The checks on the frontier tables, then the classes and the parameters.
const OctalCheck FRONTIER_CHECKS[] = {
    {"the frontier tables", "identity", "what any correct file satisfies",
     [](const OctalFile& f, verify::Report& report) {
         check_frontier_tables(f.rows, f.frontier, report);
     }},
    {"values by the definition", "identity", "the mex definition, every option of every heap",
     [](const OctalFile& f, verify::Report& report) {
         check_direct_values(f.rows, f.frontier, report);
     }},
    {"Czajka's statistics", "czajka_unsolved_games.csv", "Czajka, octal-games, UnsolvedGames.md",
     [](const OctalFile& f, verify::Report& report) {
         check_czajka_statistics(f.rows, f.frontier, report, f.dir);
     }},
    {"Czajka's unsolved classes", "czajka_unsolved_games.csv, czajka_game_lookup.csv",
     "Czajka, octal-games, UnsolvedGames.md and GameLookup.md",
     [](const OctalFile& f, verify::Report& report) {
         check_unsolved_classes(f.rows, report, f.dir);
     }},
    {"the file against its parameters", "parameters", "the run's games, digits and heaps",
     [](const OctalFile& f, verify::Report& report) { check_parameters(f.file, report); }},
};

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const std::string dir = data_dir + "/octal";
    verify::Facts facts(dir + "/facts.txt");
    OctalFile f{file, dir, std::move(facts), read_rows(file, report)};
    verify::run_checks(GAME_CHECKS, f, report);
    f.frontier = read_frontier(file, f.rows, report);
    verify::run_checks(FRONTIER_CHECKS, f, report);
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(
        argc, argv, "cgt-verify-octal-sweep", "octal-sweep", "cgt-octal-sweep",
        "Checks a cgt-octal-sweep result file against Czajka's octal-game tables, OEIS\n"
        "A002186 / A071464 / A071509 and muzudho's 31game article, and prints a\n"
        "summary (period lengths, longest period and preperiod) by family.",
        check);
}
