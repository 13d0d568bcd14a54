#pragma once
// A Hex position as a user writes it: the stones of each colour on an n x n board or a
// rows x cols one (each side 1..MAX_BOARD_SIZE), read from a picture or a move list and
// printed back. The player to move follows from the stone counts, red moving first.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cgt::hex {

struct Cell {
    int row = 0;
    int col = 0;
    friend bool operator==(const Cell&, const Cell&) = default;
};

enum class Stone : std::uint8_t { empty, red, blue };

// "c2" for (row 1, column 2): the column as a letter, the row counted from 1 (the names
// HexGui and Benzene use). Throws std::invalid_argument for a cell off an 11x11 board.
std::string cell_name(Cell cell);

class Board {
public:
    // An empty board; throws std::invalid_argument unless each side is 1..MAX_BOARD_SIZE.
    explicit Board(int size) : Board(Shape::square(size)) {}
    explicit Board(Shape shape);

    // A picture: one line per row, top row first, every row as long; '.' (or '-') empty,
    // 'R'/'X' red, 'B'/'O' blue, either case; spaces and indentation ignored; rows may also
    // be separated by '/' ("R../.B./..."). Throws std::invalid_argument naming the row and
    // what is wrong, also when the counts are not red = blue or red = blue + 1.
    static Board parse(std::string_view picture);
    // Moves played alternately from the empty board, red first, as cell names separated by
    // spaces or commas ("c3 b2 d1"). Refuses cells off the board, a cell played twice and
    // moves after a player has connected.
    static Board from_moves(int size, std::string_view moves) { return from_moves(Shape::square(size), moves); }
    static Board from_moves(Shape shape, std::string_view moves);

    [[nodiscard]] Shape shape() const { return {m_rows, m_cols}; }
    [[nodiscard]] int rows() const { return m_rows; }
    [[nodiscard]] int cols() const { return m_cols; }
    // The side of a square board (std::logic_error for another shape).
    [[nodiscard]] int size() const;
    [[nodiscard]] bool contains(Cell cell) const;
    [[nodiscard]] Stone at(Cell cell) const;
    [[nodiscard]] int stone_count(Colour colour) const;
    [[nodiscard]] int empty_count() const { return m_rows * m_cols - stone_count(Colour::red) - stone_count(Colour::blue); }
    // Red when the counts are equal, blue when red has one more (the only counts a board
    // built by parse, from_moves or alternate place calls has).
    [[nodiscard]] Colour to_move() const;

    // Throws std::invalid_argument if the cell is off the board or not empty.
    void place(Cell cell, Colour colour);
    // Throws std::invalid_argument if the cell is off the board or empty.
    void remove(Cell cell);

    // True when the colour's stones join its two edges.
    [[nodiscard]] bool connected(Colour colour) const;
    // The connected colour, if any (at most one: Hex has no position with both).
    [[nodiscard]] std::optional<Colour> winner() const;

    // Bit c set when (row, c) holds the colour's stone.
    [[nodiscard]] std::uint32_t row_mask(Colour colour, int row) const;
    // All the colour's stones, cell (r, c) at bit r*cols + c.
    [[nodiscard]] Wide stones(Colour colour) const { return m_stones[colour_index(colour)]; }
    [[nodiscard]] std::vector<Cell> empty_cells() const;

    // The board turned by 180 degrees, (r, c) -> (rows-1-r, cols-1-c): the same game.
    [[nodiscard]] Board rotated() const;
    // The picture parse reads, each row indented one more space than the one above, so the
    // rhombus shows; the last line has no newline.
    [[nodiscard]] std::string to_text() const;

    friend bool operator==(const Board&, const Board&) = default;

private:
    [[nodiscard]] Geometry<Wide> geometry() const { return Geometry<Wide>(shape()); }
    [[nodiscard]] Wide bit(Cell cell) const { return cell_bit<Wide>(cell.row * m_cols + cell.col); }
    int m_rows, m_cols;
    Wide m_stones[2] = {0, 0};
};

} // namespace cgt::hex
