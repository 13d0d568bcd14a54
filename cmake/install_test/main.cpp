// stalk_value COLOURS: the value of a Hackenbush stalk (colours bottom first, B R G), in
// the engine's ASCII canonical text, e.g. `stalk_value BRB` prints 3/4.
#include "core/game_store.hpp"
#include "hackenbush/stalks.hpp"

#include <iostream>

int main(int argc, char* argv[]) {
    if (argc != 2) {
        std::cerr << "usage: stalk_value COLOURS   (e.g. BRB)\n";
        return 2;
    }
    cgt::core::GameStore store;
    const auto value = cgt::hackenbush::stalk_value(store, argv[1]);
    std::cout << store.canonical_text(value) << "\n";
    return 0;
}
