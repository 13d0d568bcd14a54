// libFuzzer target: parse_heaps (a position of Grundy's game as typed, "10 7 5" or
// "10,7,5"): refused with std::invalid_argument, or heaps 1..max that print back as the
// same list.
#include "impartial/grundy_game.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cgt::impartial;
    constexpr HeapSize MAX = 1'000'000;
    try {
        const auto heaps = parse_heaps(std::string(reinterpret_cast<const char*>(data), size), MAX);
        std::string text;
        for (const HeapSize h : heaps) {
            if (h < 1 || h > MAX) __builtin_trap();
            text += std::to_string(h) + ",";
        }
        text.pop_back();
        if (parse_heaps(text, MAX) != heaps) __builtin_trap();
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
