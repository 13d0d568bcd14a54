#include "tools/hex/hint_report.hpp"

#include "common/plumbing/json_writer.hpp"

#include <cstdio>
#include <map>
#include <stdexcept>

namespace cgt::hex_tool {

hex::Board read_position(int size, const std::string& moves, const std::string& picture) {
    if (!moves.empty() && !picture.empty())
        throw std::invalid_argument("give the position either as --moves or as --board, not both");
    if (!picture.empty()) {
        hex::Board board = hex::Board::parse(picture);
        if (board.rows() != board.cols())
            throw std::invalid_argument(
                "the picture has " + std::to_string(board.rows()) + " rows of " +
                std::to_string(board.cols()) +
                " cells: cgt-hex takes square boards (as many rows as cells in a row)");
        return board;
    }
    return hex::Board::from_moves(size, moves);
}

std::string hint_report(const hex::Board& board, const std::vector<hex::CellOutcome>& hints,
                        const std::string& rules, hex::Variant variant, double seconds) {
    const int n = board.size();
    const hex::Colour me = board.to_move();
    std::vector<char> mark(static_cast<std::size_t>(n * n), '.');
    std::uint64_t nodes = 0;
    std::string wins;
    int winning = 0, undecided = 0;
    for (const auto& h : hints) {
        mark[static_cast<std::size_t>(h.cell.row * n + h.cell.col)] =
            h.outcome == hex::Outcome::win ? 'W' : h.outcome == hex::Outcome::loss ? 'L' : '?';
        nodes += h.nodes;
        undecided += h.outcome == hex::Outcome::unknown;
        if (h.outcome == hex::Outcome::win) {
            wins += " " + hex::cell_name(h.cell);
            ++winning;
        }
    }
    std::string out = std::to_string(n) + "x" + std::to_string(n) + " " + hex::variant_name(variant) + " Hex, " +
                      hex::colour_name(me) + " to move (red joins top and bottom, blue left and right); " + rules + "\n";
    out += "W: " + std::string(hex::colour_name(me)) + " wins by playing there, L: loses, ?: undecided; R, B: stones\n";
    out += "   ";
    for (int c = 0; c < n; ++c) out += std::string(" ") + static_cast<char>('a' + c);
    out += "\n";
    for (int r = 0; r < n; ++r) {
        out += std::string(static_cast<std::size_t>(r), ' ') + (r + 1 < 10 ? " " : "") + std::to_string(r + 1) + " ";
        for (int c = 0; c < n; ++c) {
            const hex::Stone s = board.at({r, c});
            const char ch = s == hex::Stone::red ? 'R' : s == hex::Stone::blue ? 'B' : mark[static_cast<std::size_t>(r * n + c)];
            out += std::string(" ") + ch;
        }
        out += "\n";
    }
    // With undecided cells the list is what was found, not all there is.
    out +=
        "winning moves for " + std::string(hex::colour_name(me)) + " (" + std::to_string(winning);
    if (undecided == 0)
        out += std::string("):") + (wins.empty() ? " none" : wins) + "\n";
    else
        out += " found, " + std::to_string(undecided) +
               " cells undecided within the node limit):" + (wins.empty() ? " none found" : wins) +
               "\n";
    char tail[120];
    std::snprintf(tail, sizeof tail, "%llu nodes, %.2f s\n", static_cast<unsigned long long>(nodes), seconds);
    return out + tail;
}

std::string hint_json(const hex::Board& board, const std::vector<hex::CellOutcome>& hints,
                      const std::string& rules, hex::Variant variant, double seconds) {
    using common::Json;
    Json cells = Json::array(), winning = Json::array();
    std::uint64_t nodes = 0;
    for (const auto& h : hints) {
        const std::string name = hex::cell_name(h.cell);
        cells.push_back(
            {{"cell", name}, {"result", hex::outcome_name(h.outcome)}, {"nodes", h.nodes}});
        if (h.outcome == hex::Outcome::win) winning.push_back(name);
        nodes += h.nodes;
    }
    const Json out{{"size", board.size()},
                   {"variant", hex::variant_name(variant)},
                   {"to_move", hex::colour_name(board.to_move())},
                   {"rules", rules},
                   {"cells", std::move(cells)},
                   {"winning", std::move(winning)},
                   {"nodes", nodes},
                   {"seconds", seconds}};
    return common::json_text(out) + "\n";
}

std::vector<hex::CellOutcome> openings_from_rows(const std::vector<OpeningRow>& rows, int size,
                                                 hex::Variant variant, const std::string& file,
                                                 std::string& rules_used) {
    const std::string variant_text = hex::variant_name(variant);
    std::map<std::pair<long, long>, const OpeningRow*> first; // the first rule set's row per cell
    std::map<std::pair<long, long>, std::string> result;
    std::string sizes, first_rules;
    for (const auto& r : rows) {
        if (r.variant != variant_text) continue;
        const std::string board = std::to_string(r.size) + "x" + std::to_string(r.size);
        if (sizes.find(board) == std::string::npos) sizes += (sizes.empty() ? "" : ", ") + board;
        if (r.size != size) continue;
        const auto key = std::make_pair(r.row, r.col);
        if (auto it = result.find(key); it != result.end() && it->second != r.result)
            throw std::invalid_argument(file + " disagrees with itself on " + board + " " +
                                        hex::cell_name({static_cast<int>(r.row), static_cast<int>(r.col)}) +
                                        " (" + it->second + " and " + r.result + "): verify it first");
        result[key] = r.result;
        if (first_rules.empty()) first_rules = r.rules;
        if (r.rules == first_rules) first.emplace(key, &r);
    }
    if (first.size() != static_cast<std::size_t>(size * size))
        throw std::invalid_argument(file + " holds no complete " + std::to_string(size) + "x" + std::to_string(size) +
                                    " " + variant_text + " board (it has: " + (sizes.empty() ? "none" : sizes) + ")");
    rules_used = first_rules;
    std::vector<hex::CellOutcome> out;
    for (int r = 0; r < size; ++r) {
        for (int c = 0; c < size; ++c) {
            const OpeningRow* row = first.at({r, c});
            const OpeningRow* searched = row->copied ? first.at({size - 1 - r, size - 1 - c}) : row;
            const hex::Outcome o = row->result == "win"    ? hex::Outcome::win
                                   : row->result == "loss" ? hex::Outcome::loss
                                                           : hex::Outcome::unknown;
            out.push_back({{r, c}, o, searched->nodes});
        }
    }
    return out;
}

} // namespace cgt::hex_tool
