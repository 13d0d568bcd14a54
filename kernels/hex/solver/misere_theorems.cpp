#include "hex/solver/misere_theorems.hpp"

#include "hex/solver/openings.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace cgt::hex {

namespace {

std::string board_name(int size) {
    return std::to_string(size) + "x" + std::to_string(size);
}

std::string opening_name(int size, Cell c) {
    return board_name(size) + " opening " + cell_name(c);
}

// The statement "replies": the opening's outcome is the negamax of its replies'.
void check_replies(int size, const OpeningReplies& row, std::vector<std::string>& out) {
    if (row.replies.empty()) return;
    bool some_win = false, all_lose = true, all_known = true;
    for (const CellOutcome& r : row.replies) {
        some_win = some_win || r.outcome == Outcome::win;
        all_lose = all_lose && r.outcome == Outcome::loss;
        all_known = all_known && r.outcome != Outcome::unknown;
    }
    const std::string name = opening_name(size, row.opening);
    if (some_win && row.outcome != Outcome::loss)
        out.push_back("replies: " + name + " has a winning reply, but is not a loss");
    if (all_lose && row.outcome != Outcome::win)
        out.push_back("replies: " + name + " has every reply losing, but is not a win");
    if (all_known && !some_win && row.outcome == Outcome::loss)
        out.push_back("replies: " + name + " loses, but no reply wins");
    if (all_known && !all_lose && row.outcome == Outcome::win)
        out.push_back("replies: " + name + " wins, but not every reply loses");
}

// The statements about single openings: parity, acute and beside.
void check_opening(int size, const OpeningReplies& row, std::vector<std::string>& out) {
    const Cell c = row.opening;
    const std::string name = opening_name(size, c);
    if (size % 2 == 1 && row.outcome == Outcome::win)
        out.push_back("parity: " + name + " wins, but the first player loses on odd boards");
    if (size % 2 == 1) return;
    const Cell base = is_representative(size, c) ? c : rotate(size, c);
    if (base.row == 0 && base.col == 0 && row.outcome == Outcome::loss)
        out.push_back("acute: " + name + " loses, but the acute corner wins on even boards");
    if (size >= 4 && base.row == 0 && base.col == 1 && row.outcome == Outcome::loss)
        out.push_back("beside: " + name +
                      " loses, but the cell beside the acute corner wins on even boards >= 4");
}

// The statement "rotation", for an opening and its rotation (the same row for the centre).
void check_rotation(int size, const OpeningReplies& a, const OpeningReplies& b,
                    std::vector<std::string>& out) {
    const std::string name = opening_name(size, a.opening) + " and " + cell_name(b.opening);
    if (a.outcome != Outcome::unknown && b.outcome != Outcome::unknown && a.outcome != b.outcome)
        out.push_back("rotation: " + name + " have different results");
    std::map<int, Outcome> of_b;
    for (const CellOutcome& r : b.replies)
        of_b[r.cell.row * size + r.cell.col] = r.outcome;
    for (const CellOutcome& r : a.replies) {
        const Cell t = rotate(size, r.cell);
        const auto it = of_b.find(t.row * size + t.col);
        if (it == of_b.end() || it->second == Outcome::unknown || r.outcome == Outcome::unknown)
            continue;
        if (it->second != r.outcome)
            out.push_back("rotation: " + name + ": reply " + cell_name(r.cell) +
                          " and its rotation " + cell_name(t) + " have different results");
    }
}

} // namespace

std::vector<std::string> misere_theorem_violations(int size,
                                                   const std::vector<OpeningReplies>& rows) {
    std::map<int, const OpeningReplies*> by_cell;
    for (const OpeningReplies& row : rows) {
        const Cell c = row.opening;
        if (c.row < 0 || c.row >= size || c.col < 0 || c.col >= size)
            throw std::invalid_argument("misere_theorem_violations: opening " + cell_name(c) +
                                        " is off the " + board_name(size) + " board");
        if (!by_cell.emplace(c.row * size + c.col, &row).second)
            throw std::invalid_argument("misere_theorem_violations: opening " + cell_name(c) +
                                        " is given twice");
    }
    std::vector<std::string> out;
    for (const auto& [index, row] : by_cell) {
        check_replies(size, *row, out);
        check_opening(size, *row, out);
        const Cell t = rotate(size, row->opening);
        const int rotated = t.row * size + t.col;
        const auto other = by_cell.find(rotated);
        if (rotated >= index && other != by_cell.end())
            check_rotation(size, *row, *other->second, out);
    }
    return out;
}

} // namespace cgt::hex
