// cgt-verify-octal-sweep: checks a cgt-octal-sweep result file against the published record
// (Czajka's tables of octal games, OEIS A002186 / A071464 / A071509, the subtraction games
// of muzudho's 31game article) and against what any correct file satisfies (every proof's
// bound, the same game agreeing across families), and prints a summary by family.
#include "impartial/frontier_sweep.hpp"
#include "impartial/grundy_game.hpp"
#include "impartial/octal_analysis.hpp"
#include "impartial/octal_values.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "verify/octal-sweep/parameters_check.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"

#include <algorithm>
#include <bit>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

using namespace cgt;
using impartial::Grundy;
using impartial::Period;

namespace schema = cgt::jobs::octal_sweep::schema;

namespace {

// One row of the `games` table, with its whole sequence from the `sequences` table if the
// game is periodic and its sequence was stored.
struct GameRow {
    std::string family, game, code, status, proof, rare_mask;
    long long preperiod, period, check_end, largest_removal, max_heap, computed_to;
    long long largest_value, largest_at, rare_heaps, last_rare;
    std::vector<Grundy> first_values; // G(0..k-1)
    std::vector<Grundy> sequence;     // G(0..n0+p-1), or empty

    [[nodiscard]] bool periodic() const { return status == "periodic"; }
    [[nodiscard]] bool has_sequence() const { return periodic() && !sequence.empty(); }
    // G(n) if the row knows it: any n from a stored sequence, else within the first values.
    [[nodiscard]] std::optional<Grundy> value(std::uint64_t n) const {
        if (has_sequence())
            return impartial::periodic_value(sequence, {static_cast<impartial::Heap>(preperiod),
                                                        static_cast<impartial::Heap>(period)}, n);
        if (n < first_values.size()) return first_values[n];
        return std::nullopt;
    }
    [[nodiscard]] std::size_t known_values() const { return has_sequence() ? SIZE_MAX : first_values.size(); }
};

std::vector<GameRow> read_rows(const common::ResultReader& file, verify::Report& report) {
    const auto table = file.read_table(schema::games::table);
    namespace g = schema::games;
    const auto& t = [&](const common::Col<std::string>& column) -> const std::vector<std::string>& {
        return table.texts(column);
    };
    const auto family = t(g::family), game = t(g::game), code = t(g::code), status = t(g::status);
    const auto proof = t(g::proof), mask = t(g::rare_mask), firsts = t(g::first_values);
    const auto index = table.ints(schema::games::index);
    const auto n0 = table.ints(schema::games::preperiod), p = table.ints(schema::games::period), end = table.ints(schema::games::check_end);
    const auto removal = table.ints(schema::games::largest_removal), bound = table.ints(schema::games::max_heap);
    const auto to = table.ints(schema::games::computed_to), largest = table.ints(schema::games::largest_value);
    const auto at = table.ints(schema::games::largest_at), rare = table.ints(schema::games::rare_heaps), last = table.ints(schema::games::last_rare);
    std::vector<GameRow> rows;
    for (std::size_t i = 0; i < table.rows; ++i) {
        if (index[i] != static_cast<long long>(i)) throw common::ResultRefused("games table out of order");
        rows.push_back({family[i], game[i], code[i], status[i], proof[i], mask[i], n0[i], p[i], end[i],
                        removal[i], bound[i], to[i], largest[i], at[i], rare[i], last[i], {}, {}});
        std::istringstream in(firsts[i]);
        for (Grundy v; in >> v;) rows.back().first_values.push_back(v);
    }
    const auto sequences = file.read_table(schema::sequences::table);
    report.count_rows(table.rows + sequences.rows);
    const auto game_of = sequences.ints(schema::sequences::index), heap = sequences.ints(schema::sequences::heap), value = sequences.ints(schema::sequences::value);
    for (std::size_t i = 0; i < sequences.rows; ++i) {
        if (game_of[i] < 0 || static_cast<std::size_t>(game_of[i]) >= rows.size())
            throw common::ResultRefused("sequences table names no game");
        auto& sequence = rows[static_cast<std::size_t>(game_of[i])].sequence;
        if (static_cast<long long>(sequence.size()) != heap[i]) throw common::ResultRefused("sequences table out of order");
        sequence.push_back(static_cast<Grundy>(value[i]));
    }
    for (const auto& row : rows)
        if (!row.sequence.empty() && static_cast<long long>(row.sequence.size()) != row.preperiod + row.period)
            throw common::ResultRefused("sequence of " + row.game + " is not preperiod + period long");
    return rows;
}

// CSV rows after the '#' comments and the header; fields split at commas outside quotes.
std::vector<std::vector<std::string>> read_csv(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read reference file '" + path + "'");
    std::vector<std::vector<std::string>> rows;
    bool header = true;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        if (std::exchange(header, false)) continue;
        std::vector<std::string> fields(1);
        bool quoted = false;
        for (char c : line) {
            if (c == '"') quoted = !quoted;
            else if (c == ',' && !quoted) fields.emplace_back();
            else fields.back() += c;
        }
        rows.push_back(std::move(fields));
    }
    return rows;
}

// The row of a game by its octal code: the longest run of it (listed games go furthest).
const GameRow* find_code(const std::vector<GameRow>& rows, const std::string& code) {
    const GameRow* best = nullptr;
    for (const auto& row : rows)
        if (row.code == code && row.game.find("misere") == std::string::npos &&
            (!best || row.max_heap > best->max_heap))
            best = &row;
    return best;
}

const GameRow* find_game(const std::vector<GameRow>& rows, const std::string& family, const std::string& game) {
    for (const auto& row : rows)
        if (row.family == family && row.game == game) return &row;
    return nullptr;
}

std::string period_text(long long n0, long long p) {
    return "n0 " + std::to_string(n0) + ", p " + std::to_string(p);
}

std::string ours_text(const GameRow& row) {
    return row.periodic() ? period_text(row.preperiod, row.period)
                          : "not yet periodic up to " + std::to_string(row.computed_to);
}

// Subtraction games are proven by the window rule, every other octal game by Guy-Smith.
bool window_rule(const GameRow& row) { return impartial::OctalGame::parse(row.code).is_subtraction(); }

// The last heap a proof of (n0, p) for this game reads: what the run must reach to find it.
long long heaps_needed(const GameRow& row, long long n0, long long p) {
    return (window_rule(row) ? n0 + row.largest_removal : 2 * n0 + p + row.largest_removal) + p - 1;
}

// A published period is reproduced when the run reached far enough to prove it, and must
// be "not yet periodic" (no proof of anything else) when it did not. The extras (sequence,
// largest value, ...) are compared only in the first case.
void check_period(verify::Report& report, const std::string& what, const GameRow& row, long long n0, long long p,
                  const std::string& extra_published = "", const std::string& extra_ours = "") {
    const long long needed = heaps_needed(row, n0, p);
    if (row.computed_to >= needed) {
        report.check(what, period_text(n0, p) + extra_published, ours_text(row) + extra_ours,
                     row.periodic() && row.preperiod == n0 && row.period == p && extra_published == extra_ours);
    } else {
        // Below the heaps the proof reads, no correct run can claim a period.
        report.check(what + " (its proof reads heaps to " + verify::thousands(needed) + ", beyond this run)",
                     period_text(n0, p), ours_text(row), !row.periodic());
    }
}

void summary(const std::vector<GameRow>& rows, verify::Report& report) {
    report.section("Summary by family (not compared)");
    std::vector<std::string> families;
    for (const auto& row : rows)
        if (std::find(families.begin(), families.end(), row.family) == families.end()) families.push_back(row.family);
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
            if (!longest_preperiod || row.preperiod > longest_preperiod->preperiod) longest_preperiod = &row;
        }
        report.note(family + ": " + verify::thousands(static_cast<long long>(games)) + " games, " +
                    verify::thousands(static_cast<long long>(periodic)) + " proven periodic, " +
                    verify::thousands(static_cast<long long>(games - periodic)) + " not yet periodic (heap bound " +
                    verify::thousands(bound) + ")");
        if (longest_period)
            report.note("  longest period " + verify::thousands(longest_period->period) + " (" +
                        longest_period->game + "), longest preperiod " +
                        verify::thousands(longest_preperiod->preperiod) + " (" + longest_preperiod->game +
                        "), largest value " + std::to_string(largest->largest_value) + " (" + largest->game + ")");
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

void check_czajka_trivial(const std::vector<GameRow>& rows, verify::Report& report, const std::string& dir) {
    report.section("Czajka's 82 octal games with periods below heap 1000 (preperiod, period, sequence)");
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

void check_czajka_solved(const std::vector<GameRow>& rows, verify::Report& report, const std::string& dir) {
    report.section("Czajka's solved octal games with long preperiods (largest value, rare/common split)");
    for (const auto& ref : read_csv(dir + "/czajka_solved_games.csv")) {
        const GameRow* row = find_code(rows, impartial::OctalGame::parse(ref[0]).code());
        if (!row) {
            report.note(ref[0] + " is not in this run");
            continue;
        }
        const long long n0 = std::stoll(ref[1]), p = std::stoll(ref[2]);
        std::string published = ", max " + ref[4] + " at " + ref[3];
        std::string ours = ", max " + std::to_string(row->largest_value) + " at " + std::to_string(row->largest_at);
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
    report.check(what + ": " + code + " values against the b-file (" + verify::thousands(static_cast<long long>(compared)) +
                     " heaps)",
                 "equal", differ ? std::to_string(differ) + " differ" : "equal", differ == 0 && compared > 0);
}

void check_oeis_all(const std::vector<GameRow>& rows, verify::Report& report, const std::string& dir,
                    const verify::Facts& facts) {
    report.section("OEIS: Kayles A002186, .127 A071464, .1777 A071509");
    check_oeis(rows, report, dir + "/A002186.txt", facts.text("kayles.code"), "A002186");
    if (const GameRow* kayles = find_code(rows, facts.text("kayles.code")))
        check_period(report, "Kayles .77", *kayles, facts.number("kayles.preperiod"), facts.number("kayles.period"));
    check_oeis(rows, report, dir + "/A071464.txt", facts.text("dot127.code"), "A071464");
    if (const GameRow* row = find_code(rows, facts.text("dot127.code")))
        check_period(report, ".127", *row, facts.number("dot127.preperiod"), facts.number("dot127.period"));
    if (find_code(rows, ".1777")) check_oeis(rows, report, dir + "/A071509.txt", ".1777", "A071509");
}

void check_subtraction(const std::vector<GameRow>& rows, verify::Report& report, const verify::Facts& facts) {
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
        for (std::size_t n = 0; n < values.size(); ++n) same = same && row->value(n) == static_cast<Grundy>(values[n]);
        check_period(report, name, *row, facts.number(key + ".preperiod"), facts.number(key + ".period"),
                     ", values", same ? ", values" : ", other values");
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
            runs_ok += row.periodic() && row.preperiod == 0 && row.period == static_cast<long long>(set.size()) + 1;
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
                           verify::thousands(static_cast<long long>(pairs)) + " of " + verify::thousands(static_cast<long long>(pairs)),
                           verify::thousands(static_cast<long long>(pairs_ok)) + " of " + verify::thousands(static_cast<long long>(pairs)));
    if (runs)
        report.check_equal("{1..k}: period k + 1 from 0", std::to_string(runs) + " of " + std::to_string(runs),
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
        const std::string key = row.code + (row.game.find("misere") == std::string::npos ? "" : " misere");
        auto [it, inserted] = first_of_code.emplace(key, &row);
        if (inserted) continue;
        ++shared;
        const GameRow& other = *it->second;
        bool same = !(row.periodic() && other.periodic()) ||
                    (row.preperiod == other.preperiod && row.period == other.period);
        const std::size_t known = std::min({row.known_values(), other.known_values(), std::size_t{4096}});
        for (std::size_t n = 0; same && n < known; ++n) same = row.value(n) == other.value(n);
        shared_ok += same;
    }
    report.check_equal("periodic rows: check_end = 2 n0 + p + t (octal) or n0 + t (window), within the values",
                       verify::thousands(static_cast<long long>(periodic)), verify::thousands(static_cast<long long>(bound_ok)));
    report.check_equal("not-yet-periodic rows: no period, values within the bound",
                       verify::thousands(static_cast<long long>(open)), verify::thousands(static_cast<long long>(open_ok)));
    report.check_equal("games met twice that agree", verify::thousands(static_cast<long long>(shared)),
                       verify::thousands(static_cast<long long>(shared_ok)));
}

// A proof of a period on Czajka's unsolved list, checked again from values computed here
// without the frontier sweep: by the definition (every option of every heap) when the proof
// reads at most 40,000 heaps, else by the family's rare/common sweep (OctalValues). True if
// G(n) = G(n + p) for n0 <= n < end and G(n0 - 1) != G(n0 - 1 + p).
bool recheck_proof(const std::string& code, long long n0, long long p, long long end) {
    constexpr long long BY_DEFINITION = 40000;
    const long long last = end + p - 1;
    impartial::OctalValues values(impartial::OctalGame::parse(code), last <= BY_DEFINITION
                                                                         ? impartial::ValueMethod::definition
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
void check_unsolved_classes(const std::vector<GameRow>& rows, verify::Report& report, const std::string& dir) {
    report.section("Czajka's unsolved list and its classes (his lookup tables): what this run proves");
    std::set<std::string> unsolved;
    for (const auto& ref : read_csv(dir + "/czajka_unsolved_games.csv"))
        if (ref[0] != "grundy") unsolved.insert(impartial::OctalGame::parse(ref[0]).code());
    std::map<std::string, std::string> representative;
    for (const auto& ref : read_csv(dir + "/czajka_game_lookup.csv"))
        representative[impartial::OctalGame::parse(ref[0]).code()] = impartial::OctalGame::parse(ref[1]).code();
    report.check_equal("Czajka's unsolved codes, and the codes of their classes", "82 and 325",
                       std::to_string(unsolved.size()) + " and " +
                           std::to_string(std::count_if(representative.begin(), representative.end(), [&](const auto& e) {
                               return unsolved.count(e.second) > 0;
                           })));
    std::uint64_t solved_codes = 0, solved_proven = 0, open_codes = 0, open_proven = 0;
    std::map<std::string, const GameRow*> best; // the longest run of each code
    for (const auto& row : rows)
        if (row.family != "subtraction-misere" && row.game.find("misere") == std::string::npos &&
            representative.count(row.code) && (!best.count(row.code) || row.max_heap > best[row.code]->max_heap))
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
        report.check(code + " (class of " + rep + ", on Czajka's unsolved list) proven here, and rechecked",
                     "unsolved (work in progress)",
                     period_text(row->preperiod, row->period) + ", Guy-Smith to " + verify::thousands(end) +
                         ", values to " + verify::thousands(row->computed_to) +
                         (rechecked ? ", rechecked" : ", NOT confirmed by the recheck"),
                     rechecked && row->check_end == end && row->check_end + row->period - 1 <= row->computed_to);
    }
    report.note("codes of solved classes: " + std::to_string(solved_proven) + " of " + std::to_string(solved_codes) +
                " proven in this run; codes of unsolved classes: " + std::to_string(open_proven) + " of " +
                std::to_string(open_codes) + " proven (each named above)");
    if (const auto it = best.find("4.344"); it != best.end())
        report.note("4.344 is the game of Czajka's list: d0 = 4 splits a heap into two non-empty heaps, taking no "
                    "token, in Flammenkamp's notation, Winning Ways' and Czajka's code alike (verify/data/SOURCES.md); "
                    "here it is " + ours_text(*it->second) +
                    (it->second->periodic() ? ", rechecked above and by octal-by-definition in the test suite" : ""));
}


// The frontier tables: per game (by its games/index) how far it went, and its statistics of
// every power of two with the frequencies of its values.
struct PowerRow {
    long long heaps, largest_value, largest_at, rare_heaps, last_rare;
    std::string rare_mask;
    std::map<long long, long long> frequency; // value -> count
};
struct FrontierGame {
    long long ceiling = 0, heaps = 0;
    std::string stop;
    std::vector<PowerRow> powers; // ascending N
};
using Frontier = std::map<long long, FrontierGame>;

Frontier read_frontier(const common::ResultReader& file, const std::vector<GameRow>& rows, verify::Report& report) {
    namespace f = schema::frontier;
    namespace st = schema::frontier_stats;
    namespace q = schema::frontier_frequencies;
    Frontier out;
    const auto games = file.read_table(f::table);
    const auto index = games.ints(f::index), ceiling = games.ints(f::ceiling), heaps = games.ints(f::heaps);
    const auto& stop = games.texts(f::stop);
    for (std::size_t i = 0; i < games.rows; ++i) {
        if (index[i] < 0 || static_cast<std::size_t>(index[i]) >= rows.size() || (i && index[i] <= index[i - 1]))
            throw common::ResultRefused("frontier table names no game, or is out of order");
        out[index[i]] = {ceiling[i], heaps[i], stop[i], {}};
    }
    const auto stats = file.read_table(st::table);
    const auto s_index = stats.ints(st::index), s_heaps = stats.ints(st::heaps), largest = stats.ints(st::largest_value);
    const auto at = stats.ints(st::largest_at), rare = stats.ints(st::rare_heaps), last = stats.ints(st::last_rare);
    const auto& mask = stats.texts(st::rare_mask);
    for (std::size_t i = 0; i < stats.rows; ++i) {
        const auto game = out.find(s_index[i]);
        if (game == out.end()) throw common::ResultRefused("frontier_stats names a game the frontier table lacks");
        auto& powers = game->second.powers;
        if (!powers.empty() && s_heaps[i] <= powers.back().heaps) throw common::ResultRefused("frontier_stats out of order");
        powers.push_back({s_heaps[i], largest[i], at[i], rare[i], last[i], mask[i], {}});
    }
    const auto freq = file.read_table(q::table);
    const auto f_index = freq.ints(q::index), f_heaps = freq.ints(q::heaps), value = freq.ints(q::value), count = freq.ints(q::count);
    for (std::size_t i = 0; i < freq.rows; ++i) {
        const auto game = out.find(f_index[i]);
        PowerRow* power = nullptr;
        if (game != out.end())
            for (auto& p : game->second.powers)
                if (p.heaps == f_heaps[i]) power = &p;
        if (!power) throw common::ResultRefused("frontier_frequencies names a game and N without statistics");
        power->frequency[value[i]] += count[i];
    }
    report.count_rows(games.rows + stats.rows + freq.rows);
    return out;
}

// The frontier game of a code (or "grundy") that went furthest, if any.
const FrontierGame* find_frontier(const std::vector<GameRow>& rows, const Frontier& frontier, const std::string& code,
                                  long long* index = nullptr) {
    const FrontierGame* best = nullptr;
    for (const auto& [i, game] : frontier)
        if (rows[static_cast<std::size_t>(i)].code == code && (!best || game.heaps > best->heaps)) {
            best = &game;
            if (index) *index = i;
        }
    return best;
}

// What any correct file satisfies: a statistics row per power of two up to the heaps
// computed, frequencies that sum to N, the largest value the largest that occurs, the
// games row agreeing with the frontier row.
void check_frontier_tables(const std::vector<GameRow>& rows, const Frontier& frontier, verify::Report& report) {
    if (frontier.empty()) return;
    report.section("The frontier tables: every power of two of every game run to its ceiling or proof");
    std::uint64_t games_ok = 0, powers = 0, sums_ok = 0, largest_ok = 0, proven = 0, at_ceiling = 0, by_definition = 0;
    for (const auto& [i, game] : frontier) {
        const GameRow& row = rows[static_cast<std::size_t>(i)];
        bool ok = game.heaps >= 1 && game.heaps <= game.ceiling && row.computed_to == game.heaps - 1 &&
                  row.max_heap == game.ceiling - 1 && game.powers.size() == static_cast<std::size_t>(std::bit_width(
                                                                               static_cast<std::uint64_t>(game.heaps)));
        ok = ok && game.stop == (row.periodic() ? "proven" : game.heaps == game.ceiling ? "ceiling" : "definition-ceiling");
        proven += game.stop == "proven";
        at_ceiling += game.stop == "ceiling";
        by_definition += game.stop == "definition-ceiling";
        for (std::size_t k = 0; k < game.powers.size(); ++k) {
            const PowerRow& p = game.powers[k];
            ok = ok && p.heaps == (1LL << k);
            ++powers;
            long long sum = 0;
            for (const auto& [v, c] : p.frequency) sum += c;
            sums_ok += sum == p.heaps;
            largest_ok += !p.frequency.empty() && p.frequency.rbegin()->first == p.largest_value &&
                          p.largest_at < p.heaps && p.rare_heaps <= p.heaps && p.last_rare < p.heaps;
        }
        games_ok += ok;
    }
    const auto n = [](std::uint64_t v) { return verify::thousands(static_cast<long long>(v)); };
    report.check_equal("frontier games: one statistics row per power of two to the heaps computed, the games row alike",
                       n(frontier.size()), n(games_ok));
    report.check_equal("(game, N) pairs whose frequencies sum to N", n(powers), n(sums_ok));
    report.check_equal("(game, N) pairs whose largest value is the largest that occurs", n(powers), n(largest_ok));
    report.note("frontier games: " + n(frontier.size()) + " (" + n(proven) + " proven, " + n(at_ceiling) +
                " at their ceiling, " + n(by_definition) + " stopped where the definition valued them)");
}

// The statistics of G(0..N-1) for N = 1, 2, 4, ... <= values.size(), as the frontier
// sweep writes them, from values computed here by the definition.
std::vector<PowerRow> powers_of(const std::vector<Grundy>& values, const impartial::HeapRules& rules) {
    std::vector<PowerRow> out;
    const auto phase = rules.split_phase();
    std::vector<std::uint64_t> counts;
    std::map<long long, long long> frequency;
    Grundy largest = 0;
    std::uint64_t largest_at = 0;
    for (std::uint64_t n = 0; n < values.size(); ++n) {
        const Grundy v = values[n];
        if (v > largest) largest = v, largest_at = n;
        ++frequency[v];
        const std::size_t slot = (std::size_t{v} << 1) | ((n + phase.value_or(0)) & 1);
        if (counts.size() <= slot) counts.resize(std::max<std::size_t>(4, std::bit_ceil(slot + 1)), 0);
        ++counts[slot];
        if (!std::has_single_bit(n + 1)) continue;
        const auto mask = impartial::best_mask_of_counts(counts, n + 1, phase.has_value(), phase.value_or(0));
        long long last = -1;
        for (std::uint64_t m = 0; m <= n; ++m) {
            const unsigned rho = static_cast<unsigned>(std::popcount(values[m] & mask.mask) & 1) ^
                                 (mask.position_parity ? static_cast<unsigned>((m + mask.phase) & 1) : 0u);
            if (rho == 0) last = static_cast<long long>(m);
        }
        out.push_back({static_cast<long long>(n + 1), largest, static_cast<long long>(largest_at),
                       static_cast<long long>(mask.rare_heaps), last, impartial::to_string(mask), frequency});
    }
    return out;
}

// The first 2^16 values of some unsolved games by the definition (every option of every
// heap: no rare/common split), against every statistics row up to 2^16 and first_values.
void check_direct_values(const std::vector<GameRow>& rows, const Frontier& frontier, verify::Report& report) {
    constexpr std::uint64_t N = 1u << 16;
    bool heading = false;
    for (const std::string code : {"grundy", ".6", ".161", ".014"}) {
        long long index = -1;
        const FrontierGame* game = find_frontier(rows, frontier, code, &index);
        if (!game || game->heaps < static_cast<long long>(N)) continue;
        if (!std::exchange(heading, true))
            report.section("Unsolved games: the first 2^16 values by the definition (no split) against the frontier sweep's");
        const GameRow& row = rows[static_cast<std::size_t>(index)];
        std::vector<Grundy> values;
        if (code == "grundy") {
            values = impartial::grundy_values_by_definition(N - 1);
        } else {
            impartial::OctalValues direct(impartial::OctalGame::parse(code), impartial::ValueMethod::definition);
            direct.extend_to(N - 1);
            values = direct.values();
        }
        values.resize(N);
        const auto ours = powers_of(values, impartial::HeapRules::parse(code));
        bool same = row.first_values.size() <= values.size() &&
                    std::equal(row.first_values.begin(), row.first_values.end(), values.begin());
        std::string differs = same ? "" : " (first_values differ)";
        for (std::size_t k = 0; k < ours.size() && same; ++k) {
            const PowerRow &a = ours[k], &b = game->powers[k];
            same = a.heaps == b.heaps && a.largest_value == b.largest_value && a.largest_at == b.largest_at &&
                   a.rare_mask == b.rare_mask && a.rare_heaps == b.rare_heaps && a.last_rare == b.last_rare &&
                   a.frequency == b.frequency;
            if (!same) differs = " (differ at N = " + std::to_string(a.heaps) + ")";
        }
        const PowerRow& top = ours.back();
        const std::string figures = "max " + std::to_string(top.largest_value) + " at " + std::to_string(top.largest_at) +
                                    ", rare " + top.rare_mask + " " + std::to_string(top.rare_heaps) + " last " +
                                    std::to_string(top.last_rare);
        report.check(code + ": statistics and frequencies of every N <= 2^16, first values", figures + " (definition)",
                     same ? figures : "other" + differs, same);
    }
}

// Czajka's UnsolvedGames statistics (Grundy's game and .6 at 2^21, .04 and .06 at 2^17).
void check_czajka_statistics(const std::vector<GameRow>& rows, const Frontier& frontier, verify::Report& report,
                             const std::string& dir) {
    report.section("Czajka's UnsolvedGames statistics (largest value, rare mask, rare heaps, last rare heap)");
    for (const auto& ref : read_csv(dir + "/czajka_unsolved_games.csv")) {
        if (ref[1].empty()) continue;
        const std::string code = ref[0] == "grundy" ? "grundy" : impartial::OctalGame::parse(ref[0]).code();
        const long long n = std::stoll(ref[1]);
        const std::string published = "max " + ref[3] + " at " + ref[2] + ", rare " + ref[4] + " " + ref[5] +
                                      " last " + ref[6];
        const FrontierGame* game = find_frontier(rows, frontier, code);
        const PowerRow* power = nullptr;
        if (game)
            for (const auto& p : game->powers)
                if (p.heaps == n) power = &p;
        if (!power) {
            report.note(code + " at N = " + verify::thousands(n) + ": not in this run (" +
                        (game ? "its frontier run has " + verify::thousands(game->heaps) + " heaps" : "no frontier run") + ")");
            continue;
        }
        const std::string ours = "max " + std::to_string(power->largest_value) + " at " + std::to_string(power->largest_at) +
                                 ", rare " + power->rare_mask + " " + std::to_string(power->rare_heaps) + " last " +
                                 std::to_string(power->last_rare);
        report.check_equal(ref[0] + " at N = " + verify::thousands(n), published, ours);
    }
}

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const std::string dir = data_dir + "/octal";
    const verify::Facts facts(dir + "/facts.txt");
    const auto rows = read_rows(file, report);
    summary(rows, report);
    check_czajka_trivial(rows, report, dir);
    check_czajka_solved(rows, report, dir);
    check_oeis_all(rows, report, dir, facts);
    check_subtraction(rows, report, facts);
    check_consistency(rows, report);
    const Frontier frontier = read_frontier(file, rows, report);
    check_frontier_tables(rows, frontier, report);
    check_direct_values(rows, frontier, report);
    check_czajka_statistics(rows, frontier, report, dir);
    check_unsolved_classes(rows, report, dir);
    verify::octal_sweep::check_parameters(file, report);
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(argc, argv, "cgt-verify-octal-sweep", "octal-sweep", "cgt-octal-sweep",
                              "Checks a cgt-octal-sweep result file against Czajka's octal-game tables, OEIS\n"
                              "A002186 / A071464 / A071509 and muzudho's 31game article, and prints a\n"
                              "summary (period lengths, longest period and preperiod) by family.",
                              check);
}
