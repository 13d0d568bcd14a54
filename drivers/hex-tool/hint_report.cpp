#include "hex-tool/hint_report.hpp"

#include <cstdio>
#include <stdexcept>

namespace cgt::hex_tool {

hex::Board read_position(int size, const std::string& moves, const std::string& picture) {
    if (!moves.empty() && !picture.empty())
        throw std::invalid_argument("give the position either as --moves or as --board, not both");
    if (!picture.empty()) return hex::Board::parse(picture);
    return hex::Board::from_moves(size, moves);
}

std::string hint_report(const hex::Board& board, const std::vector<hex::CellOutcome>& hints,
                        const std::string& rules, hex::Variant variant, double seconds) {
    const int n = board.size();
    const hex::Colour me = board.to_move();
    std::vector<char> mark(static_cast<std::size_t>(n * n), '.');
    std::uint64_t nodes = 0;
    std::string wins;
    int winning = 0;
    for (const auto& h : hints) {
        mark[static_cast<std::size_t>(h.cell.row * n + h.cell.col)] =
            h.outcome == hex::Outcome::win ? 'W' : h.outcome == hex::Outcome::loss ? 'L' : '?';
        nodes += h.nodes;
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
    out += "winning moves for " + std::string(hex::colour_name(me)) + " (" + std::to_string(winning) + "):" +
           (wins.empty() ? " none" : wins) + "\n";
    char tail[120];
    std::snprintf(tail, sizeof tail, "%llu nodes, %.2f s\n", static_cast<unsigned long long>(nodes), seconds);
    return out + tail;
}

} // namespace cgt::hex_tool
