// hex_opening N CELL: the result for the second player after the first opens at CELL on the
// N x N board, with the installed Hex kernel (its layers linked through cgt::hex); e.g.
// `hex_opening 5 c3` prints loss (the centre opening wins).
#include "hex/board/board.hpp"
#include "hex/solver/solver.hpp"

#include <cstdlib>
#include <iostream>

int main(int argc, char* argv[]) {
    if (argc != 3) {
        std::cerr << "usage: hex_opening N CELL   (e.g. 5 c3)\n";
        return 2;
    }
    const int size = std::atoi(argv[1]);
    cgt::hex::Solver solver(size);
    solver.set_position(cgt::hex::Board::from_moves(size, argv[2]));
    std::cout << cgt::hex::outcome_name(solver.solve().outcome) << "\n";
    return 0;
}
