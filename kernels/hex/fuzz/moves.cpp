// libFuzzer target: Board::from_moves(size, moves), the first byte choosing the size
// (0..12, so sizes off the board are tried too) and the rest the move list: refused with
// std::invalid_argument, or a board whose picture reads back as the same board.
#include "hex/board/board.hpp"

#include <cstdint>
#include <stdexcept>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using cgt::hex::Board;
    if (size == 0) return 0;
    const int board_size = data[0] % (cgt::hex::MAX_BOARD_SIZE + 2);
    try {
        const Board board = Board::from_moves(
            board_size, std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
        if (!(Board::parse(board.to_text()) == board)) __builtin_trap();
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
