// libFuzzer target: Picture::parse on any bytes either refuses them with
// std::invalid_argument or gives a picture whose text reads back as the same picture.
#include "hackenbush/picture.hpp"

#include <cstdint>
#include <stdexcept>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using cgt::hackenbush::Picture;
    try {
        const Picture picture =
            Picture::parse(std::string_view(reinterpret_cast<const char*>(data), size));
        if (Picture::parse(picture.to_text()).to_text() != picture.to_text()) __builtin_trap();
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
