#include "verify/hex-openings/replies_checks.hpp"

#include "hex-openings/openings_schema.hpp"
#include "hex/board/board.hpp"
#include "hex/solver/openings.hpp"
#include "verify/common/checks.hpp"
#include "verify/hex-openings/misere_definition.hpp"

#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cgt::verify::hex_openings {

namespace schema = cgt::jobs::hex_openings::schema;

namespace {

// The replies of one board and rule set: opening cell -> reply cell -> the second player's
// result after the reply ("win", "loss", "unknown"); cells as row-major indices.
struct BoardReplies {
    int size = 0;
    std::string rules;
    std::map<int, std::map<int, std::string>> rows;
    std::string first_repeated; // a reply listed twice, or a reply on its own opening
};

std::string cell_text(int size, int index) {
    return hex::cell_name({index / size, index % size});
}

std::map<std::pair<std::string, int>, BoardReplies> group_replies(const common::Table& t) {
    std::map<std::pair<std::string, int>, BoardReplies> boards;
    const auto sizes = t.ints(schema::size), cols = t.ints(schema::cols),
               rows = t.ints(schema::row), columns = t.ints(schema::col),
               reply_rows = t.ints(schema::replies::reply_row),
               reply_cols = t.ints(schema::replies::reply_col);
    const auto& rules = t.texts(schema::rules);
    const auto& results = t.texts(schema::replies::result);
    for (std::size_t i = 0; i < t.rows; ++i) {
        const int n = static_cast<int>(sizes[i]);
        if (cols[i] != n) throw common::ResultRefused("replies table: a board that is not square");
        auto& b = boards[{rules[i], n}];
        b.size = n;
        b.rules = rules[i];
        const int opening = static_cast<int>(rows[i] * n + columns[i]);
        const int reply = static_cast<int>(reply_rows[i] * n + reply_cols[i]);
        if (opening < 0 || opening >= n * n || reply < 0 || reply >= n * n)
            throw common::ResultRefused("replies table: a cell off the board");
        const bool fresh = b.rows[opening].emplace(reply, results[i]).second;
        if ((!fresh || reply == opening) && b.first_repeated.empty())
            b.first_repeated = cell_text(n, opening) + " " + cell_text(n, reply);
    }
    return boards;
}

// Every losing opening has all n*n - 1 replies, once each and decided; no other opening has
// rows.
void check_complete(const BoardReplies& b, const BoardRun& run, const std::string& what,
                    Report& report) {
    const int n = b.size;
    std::string missing, extra, undecided;
    for (int o = 0; o < n * n; ++o) {
        const auto it = b.rows.find(o);
        const bool losing = run.at({o / n, o % n}) == "loss";
        if (losing && (it == b.rows.end() || static_cast<int>(it->second.size()) != n * n - 1) &&
            missing.empty())
            missing = cell_text(n, o);
        if (!losing && it != b.rows.end() && extra.empty()) extra = cell_text(n, o);
        if (it == b.rows.end()) continue;
        for (const auto& [reply, result] : it->second)
            if (result != "win" && result != "loss" && undecided.empty())
                undecided = cell_text(n, o) + " " + cell_text(n, reply);
    }
    report.check(what + ": every reply of every losing opening, once each", "all",
                 !b.first_repeated.empty() ? "twice or on the opening: " + b.first_repeated
                 : !missing.empty()        ? "not all at " + missing
                 : !extra.empty()          ? "rows of an opening that wins or is unknown: " + extra
                                           : "all",
                 b.first_repeated.empty() && missing.empty() && extra.empty());
    report.check(what + ": every reply decided", "all",
                 undecided.empty() ? "all" : "unknown at " + undecided, undecided.empty());
}

// The opening loses for the first player exactly when a reply wins for the second.
void check_negamax(const BoardReplies& b, const std::string& what, Report& report) {
    std::string without;
    int openings = 0;
    for (const auto& [opening, replies] : b.rows) {
        bool any = false;
        for (const auto& [reply, result] : replies)
            any = any || result == "win";
        if (any)
            ++openings;
        else if (without.empty())
            without = cell_text(b.size, opening);
    }
    report.check(what + ": every losing opening has a winning reply (the negamax of its replies)",
                 "all",
                 without.empty() ? std::to_string(openings) + " openings" : "none at " + without,
                 without.empty());
    if (b.size % 2 == 1) // Hayward, Toft and Henderson: on odd boards every opening has one
        report.check(
            what + ": every opening has a second-player winning reply (Hayward, Toft, Henderson)",
            std::to_string(b.size * b.size), std::to_string(openings), openings == b.size * b.size);
}

// The reply r to the opening o and the reply rot(r) to rot(o) are the same game.
void check_rotation(const BoardReplies& b, const std::string& what, Report& report) {
    const int n = b.size;
    std::string differ;
    int pairs = 0;
    for (const auto& [opening, replies] : b.rows) {
        const auto partner = b.rows.find(n * n - 1 - opening);
        if (partner == b.rows.end()) continue;
        for (const auto& [reply, result] : replies) {
            const auto it = partner->second.find(n * n - 1 - reply);
            if (it == partner->second.end()) continue;
            ++pairs;
            if (it->second != result && differ.empty())
                differ = cell_text(n, opening) + " " + cell_text(n, reply);
        }
    }
    report.check(what + ": a reply and its 180-degree rotation agree", "all agree",
                 differ.empty() ? std::to_string(pairs) + " pairs agree" : "differ at " + differ,
                 differ.empty());
}

// On boards up to 4x4 every reply's result as the definition of the game says
// (misere_definition.hpp: exhaustive, no code of the kernels).
void check_definition(const BoardReplies& b, const std::string& what, Report& report) {
    if (b.size > MisereDefinition::MAX_SIZE) return;
    MisereDefinition game(b.size);
    std::string differ;
    std::size_t rows = 0;
    for (const auto& [opening, replies] : b.rows)
        for (const auto& [reply, result] : replies) {
            ++rows;
            const bool second_wins =
                !game.mover_wins(std::uint32_t{1} << opening, std::uint32_t{1} << reply);
            if (result != (second_wins ? "win" : "loss") && differ.empty())
                differ = cell_text(b.size, opening) + " " + cell_text(b.size, reply);
        }
    report.check(
        what + ": every reply as the game's definition says (exhaustive search)", "all agree",
        differ.empty() ? std::to_string(rows) + " agree" : "differs at " + differ, differ.empty());
}

// The number of winning replies of each opening, as a rhombus ("-" where the opening wins).
void print_counts(const BoardReplies& b, const std::string& what, Report& report) {
    report.note(what + ": the second player's winning replies to each opening");
    for (int r = 0; r < b.size; ++r) {
        std::string line(static_cast<std::size_t>(2 * r + 4), ' ');
        for (int c = 0; c < b.size; ++c) {
            const auto it = b.rows.find(r * b.size + c);
            int wins = 0;
            if (it != b.rows.end())
                for (const auto& [reply, result] : it->second)
                    wins += result == "win";
            char cell[8];
            std::snprintf(cell, sizeof cell, "%4s",
                          it == b.rows.end() ? "-" : std::to_string(wins).c_str());
            line += cell;
        }
        report.note(line);
    }
}

} // namespace

void check_replies(const common::ResultReader& file, Report& report, const BoardRuns& boards) {
    if (!file.has_table(schema::replies::table.name)) return;
    const auto t = file.read_table(schema::replies::table);
    if (t.rows == 0) return;
    report.section(
        "Misere Hex: the second player's replies to the losing openings (the replies table)");
    for (const auto& [key, b] : group_replies(t)) {
        const std::string what =
            std::to_string(b.size) + "x" + std::to_string(b.size) + " " + b.rules;
        const BoardRun* run = boards.find("misere", b.rules, b.size);
        check_holds(report, what + ": the board is in the openings table", run != nullptr);
        if (!run) continue;
        check_complete(b, *run, what, report);
        check_negamax(b, what, report);
        check_rotation(b, what, report);
        check_definition(b, what, report);
        print_counts(b, what, report);
    }
}

} // namespace cgt::verify::hex_openings
