#include "hex/search/minimax.hpp"

#include <stdexcept>
#include <vector>

namespace cgt::hex {

bool connected_by_search(const Board& board, Colour colour) {
    const int rows = board.rows(), n = board.cols();
    const Stone own = colour == Colour::red ? Stone::red : Stone::blue;
    std::vector<char> seen(static_cast<std::size_t>(rows * n), 0);
    std::vector<Cell> queue;
    for (int k = 0; k < (colour == Colour::red ? n : rows); ++k) {
        const Cell start = colour == Colour::red ? Cell{0, k} : Cell{k, 0};
        if (board.at(start) == own) {
            seen[static_cast<std::size_t>(start.row * n + start.col)] = 1;
            queue.push_back(start);
        }
    }
    static constexpr int DR[6] = {0, 0, -1, -1, 1, 1};
    static constexpr int DC[6] = {-1, 1, 0, 1, 0, -1};
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const Cell c = queue[head];
        if (colour == Colour::red ? c.row == rows - 1 : c.col == n - 1) return true;
        for (int d = 0; d < 6; ++d) {
            const Cell next{c.row + DR[d], c.col + DC[d]};
            if (!board.contains(next) || board.at(next) != own) continue;
            char& s = seen[static_cast<std::size_t>(next.row * n + next.col)];
            if (s) continue;
            s = 1;
            queue.push_back(next);
        }
    }
    return false;
}

namespace {

bool wins(Board& board, Colour me, Variant variant) {
    for (Cell cell : board.empty_cells()) {
        board.place(cell, me);
        const bool joined = connected_by_search(board, me);
        const bool win = variant == Variant::normal ? (joined || !wins(board, opponent(me), variant))
                                                    : (!joined && !wins(board, opponent(me), variant));
        board.remove(cell);
        if (win) return true;
    }
    return false;
}

} // namespace

bool minimax_wins(const Board& board, Variant variant) {
    for (Colour c : {Colour::red, Colour::blue})
        if (connected_by_search(board, c))
            throw std::invalid_argument(std::string("the game is over: ") + colour_name(c) + " has connected");
    Board work = board;
    return wins(work, board.to_move(), variant);
}

} // namespace cgt::hex
