#include "hex/board/board.hpp"

#include <cctype>
#include <stdexcept>

namespace cgt::hex {

const char* colour_name(Colour c) { return c == Colour::red ? "red" : "blue"; }

void check_board_size(int size, int max_size) {
    if (size < 1 || size > max_size)
        throw std::invalid_argument("board size must be 1.." + std::to_string(max_size) + ", got " +
                                    std::to_string(size));
}

void check_shape(Shape shape, int max_cells) {
    check_board_size(shape.rows);
    check_board_size(shape.cols);
    if (shape.cells() > max_cells)
        throw std::invalid_argument("a " + shape.name() + " board has " + std::to_string(shape.cells()) +
                                    " cells, more than the " + std::to_string(max_cells) + " this search holds");
}

std::string Shape::name() const { return std::to_string(cols) + "x" + std::to_string(rows); }

Shape Shape::parse(std::string_view text) {
    const auto bad = [&]() {
        return std::invalid_argument("board '" + std::string(text) + "' must be N or WxH (W columns, H rows), each 1.." +
                                     std::to_string(MAX_BOARD_SIZE));
    };
    const auto number = [&](std::string_view part) {
        if (part.empty() || part.size() > 2 || part.find_first_not_of("0123456789") != std::string_view::npos)
            throw bad();
        const int v = std::stoi(std::string(part));
        if (v < 1 || v > MAX_BOARD_SIZE) throw bad();
        return v;
    };
    const std::size_t x = text.find_first_of("xX");
    if (x == std::string_view::npos) return square(number(text));
    const int cols = number(text.substr(0, x)), rows = number(text.substr(x + 1));
    return {rows, cols};
}

std::string cell_name(Cell cell) {
    if (cell.row < 0 || cell.row >= MAX_BOARD_SIZE || cell.col < 0 || cell.col >= MAX_BOARD_SIZE)
        throw std::invalid_argument("cell (" + std::to_string(cell.row) + ", " + std::to_string(cell.col) +
                                    ") is off every board");
    return std::string(1, static_cast<char>('a' + cell.col)) + std::to_string(cell.row + 1);
}

Board::Board(Shape shape) : m_rows(shape.rows), m_cols(shape.cols) { check_shape(shape); }

int Board::size() const {
    if (m_rows != m_cols) throw std::logic_error("Board::size: the " + shape().name() + " board is not square");
    return m_rows;
}

namespace {

std::string cell_text(Cell cell) {
    return cell_name(cell) + " (" + std::to_string(cell.row) + ", " + std::to_string(cell.col) + ")";
}

void check_counts(const Board& board) {
    const int red = board.stone_count(Colour::red), blue = board.stone_count(Colour::blue);
    if (red != blue && red != blue + 1)
        throw std::invalid_argument("red must have as many stones as blue or one more (red moves first); got red " +
                                    std::to_string(red) + ", blue " + std::to_string(blue));
}

} // namespace

Board Board::parse(std::string_view picture) {
    std::vector<std::string> rows(1);
    for (char ch : picture) {
        if (ch == '\n' || ch == '/') {
            rows.emplace_back();
        } else if (ch == ' ' || ch == '\t' || ch == '\r') {
            continue;
        } else {
            rows.back() += ch;
        }
    }
    std::erase_if(rows, [](const std::string& row) { return row.empty(); });
    const int n = static_cast<int>(rows.size());
    if (n < 1 || n > MAX_BOARD_SIZE)
        throw std::invalid_argument("a board picture has 1.." + std::to_string(MAX_BOARD_SIZE) +
                                    " rows, got " + std::to_string(n));
    // Square unless the first row says otherwise: then every row is as long as the first.
    const int width = static_cast<int>(rows[0].size()) == n || static_cast<int>(rows[0].size()) > MAX_BOARD_SIZE
                          ? n
                          : static_cast<int>(rows[0].size());
    Board board(Shape{n, width});
    for (int r = 0; r < n; ++r) {
        const std::string& row = rows[r];
        if (static_cast<int>(row.size()) != width)
            throw std::invalid_argument("row " + std::to_string(r + 1) + " has " + std::to_string(row.size()) +
                                        " cells, expected " + std::to_string(width) + " (the board has " +
                                        std::to_string(n) + " rows)");
        for (int c = 0; c < width; ++c) {
            const char ch = static_cast<char>(std::toupper(static_cast<unsigned char>(row[c])));
            if (ch == 'R' || ch == 'X') {
                board.place({r, c}, Colour::red);
            } else if (ch == 'B' || ch == 'O') {
                board.place({r, c}, Colour::blue);
            } else if (ch != '.' && ch != '-') {
                throw std::invalid_argument("unexpected character '" + std::string(1, row[c]) + "' in row " +
                                            std::to_string(r + 1) + " (use . for empty, R or X for red, B or O for blue)");
            }
        }
    }
    check_counts(board);
    return board;
}

Board Board::from_moves(Shape shape, std::string_view moves) {
    Board board(shape);
    std::string token;
    int number = 0;
    auto play = [&] {
        if (token.empty()) return;
        ++number;
        const std::string where = "move " + std::to_string(number) + " '" + token + "'";
        std::size_t digits = 1;
        while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
        const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(token[0])));
        if (token.size() < 2 || token.size() > 3 || digits != token.size() || letter < 'a' || letter > 'z')
            throw std::invalid_argument(where + " is not a cell name such as c3 (column letter, row number)");
        const Cell cell{std::stoi(token.substr(1)) - 1, letter - 'a'};
        if (!board.contains(cell))
            throw std::invalid_argument(where + " is off the " + shape.name() + " board (columns a-" +
                                        std::string(1, static_cast<char>('a' + shape.cols - 1)) + ", rows 1-" +
                                        std::to_string(shape.rows) + ")");
        if (board.at(cell) != Stone::empty)
            throw std::invalid_argument(where + " plays " + cell_name(cell) + " again");
        if (const auto w = board.winner())
            throw std::invalid_argument(where + " comes after " + colour_name(*w) + " has connected");
        board.place(cell, board.to_move());
        token.clear();
    };
    for (char ch : moves) {
        if (ch == ' ' || ch == ',' || ch == '\n' || ch == '\t' || ch == '\r')
            play();
        else
            token += ch;
    }
    play();
    return board;
}

bool Board::contains(Cell cell) const {
    return cell.row >= 0 && cell.row < m_rows && cell.col >= 0 && cell.col < m_cols;
}

Stone Board::at(Cell cell) const {
    if (!contains(cell)) throw std::invalid_argument("cell " + cell_text(cell) + " is off the board");
    const Wide b = bit(cell);
    if (m_stones[0] & b) return Stone::red;
    if (m_stones[1] & b) return Stone::blue;
    return Stone::empty;
}

int Board::stone_count(Colour colour) const { return count_cells(m_stones[colour_index(colour)]); }

Colour Board::to_move() const {
    return stone_count(Colour::red) == stone_count(Colour::blue) ? Colour::red : Colour::blue;
}

void Board::place(Cell cell, Colour colour) {
    if (at(cell) != Stone::empty) throw std::invalid_argument("cell " + cell_text(cell) + " is not empty");
    m_stones[colour_index(colour)] |= bit(cell);
}

void Board::remove(Cell cell) {
    if (at(cell) == Stone::empty) throw std::invalid_argument("cell " + cell_text(cell) + " is empty");
    m_stones[0] &= ~bit(cell);
    m_stones[1] &= ~bit(cell);
}

bool Board::connected(Colour colour) const {
    const Geometry<Wide> g = geometry();
    const Wide own = m_stones[colour_index(colour)];
    return (g.flood(g.edge(colour, 0), own) & g.edge(colour, 1)) != 0;
}

std::optional<Colour> Board::winner() const {
    if (connected(Colour::red)) return Colour::red;
    if (connected(Colour::blue)) return Colour::blue;
    return std::nullopt;
}

std::uint32_t Board::row_mask(Colour colour, int row) const {
    if (row < 0 || row >= m_rows) throw std::invalid_argument("row " + std::to_string(row) + " is off the board");
    const Wide full = (Wide{1} << m_cols) - 1;
    return static_cast<std::uint32_t>((m_stones[colour_index(colour)] >> (row * m_cols)) & full);
}

std::vector<Cell> Board::empty_cells() const {
    std::vector<Cell> out;
    for (int r = 0; r < m_rows; ++r)
        for (int c = 0; c < m_cols; ++c)
            if (at({r, c}) == Stone::empty) out.push_back({r, c});
    return out;
}

Board Board::rotated() const {
    const Geometry<Wide> g = geometry();
    Board out(shape());
    out.m_stones[0] = g.rotate(m_stones[0]);
    out.m_stones[1] = g.rotate(m_stones[1]);
    return out;
}

std::string Board::to_text() const {
    std::string out;
    for (int r = 0; r < m_rows; ++r) {
        if (r > 0) out += '\n';
        out += std::string(static_cast<std::size_t>(r), ' ');
        for (int c = 0; c < m_cols; ++c) {
            if (c > 0) out += ' ';
            const Stone s = at({r, c});
            out += s == Stone::red ? 'R' : s == Stone::blue ? 'B' : '.';
        }
    }
    return out;
}

} // namespace cgt::hex
