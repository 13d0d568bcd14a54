// libFuzzer target: TakeAway::parse (nim or a subtraction set such as {1,3,4}): refused
// with std::invalid_argument, or a game whose name reads back as the same game.
#include "impartial/take_away.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using cgt::impartial::TakeAway;
    try {
        const TakeAway game =
            TakeAway::parse(std::string(reinterpret_cast<const char*>(data), size));
        const std::string name = game.name(); // "nim" or "S={...}"
        const TakeAway again = TakeAway::parse(game.is_nim() ? name : name.substr(2));
        if (again.is_nim() != game.is_nim() || again.set() != game.set()) __builtin_trap();
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
