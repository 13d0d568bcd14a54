// cgt-verify-octal-sweep: checks a cgt-octal-sweep result file against the published record
// (Czajka's tables of octal games, OEIS A002186 / A071464 / A071509, the subtraction games
// of muzudho's 31game article) and against what any correct file satisfies (every proof's
// bound, the same game agreeing across families), and prints a summary by family.
#include "impartial/octal_analysis.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"

#include <algorithm>
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
        report.check(code + " (class of " + rep + ", on Czajka's unsolved list) proven here",
                     "unsolved (work in progress)",
                     period_text(row->preperiod, row->period) + ", Guy-Smith to " + verify::thousands(end) +
                         ", values to " + verify::thousands(row->computed_to),
                     row->check_end == end && row->check_end + row->period - 1 <= row->computed_to);
    }
    report.note("codes of solved classes: " + std::to_string(solved_proven) + " of " + std::to_string(solved_codes) +
                " proven in this run; codes of unsolved classes: " + std::to_string(open_proven) + " of " +
                std::to_string(open_codes) + " proven (each named above)");
    if (const auto it = best.find("4.344"); it != best.end())
        report.note("4.344 is the game of Czajka's list: d0 = 4 splits a heap into two non-empty heaps, taking no "
                    "token, in Flammenkamp's notation, Winning Ways' and Czajka's code alike (verify/data/SOURCES.md); "
                    "here it is " + ours_text(*it->second) +
                    (it->second->periodic() ? ", rechecked by octal-by-definition in the test suite" : ""));
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
    check_unsolved_classes(rows, report, dir);
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(argc, argv, "cgt-verify-octal-sweep", "octal-sweep", "cgt-octal-sweep",
                              "Checks a cgt-octal-sweep result file against Czajka's octal-game tables, OEIS\n"
                              "A002186 / A071464 / A071509 and muzudho's 31game article, and prints a\n"
                              "summary (period lengths, longest period and preperiod) by family.",
                              check);
}
