// libFuzzer target: OctalGame::parse_game (an octal code or a subtraction set), the first
// byte choosing normal or misere play: refused with std::invalid_argument, or a game whose
// canonical code reads back as the same rules.
#include "impartial/octal.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using cgt::impartial::OctalGame;
    using cgt::impartial::Play;
    if (size == 0) return 0;
    const Play play = data[0] & 1 ? Play::misere : Play::normal;
    try {
        const OctalGame game = OctalGame::parse_game(
            std::string(reinterpret_cast<const char*>(data + 1), size - 1), play);
        if (OctalGame::parse(game.code()).digits() != game.digits()) __builtin_trap();
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
