#pragma once
// For the tests that feed arbitrary bytes through every --json output: random byte strings
// (the same for a seed on every machine), and an independent check of UTF-8 (RFC 3629).
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace cgt::test {

// A code point as UTF-8 (no surrogates are asked for).
inline void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xc0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xe0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    }
}

// `count` strings of 0-40 bytes in four kinds, in turn: any bytes; ASCII with its control
// characters; valid UTF-8 of code points up to U+10FFFF; valid UTF-8 with one byte changed
// at random (mostly invalid then).
inline std::vector<std::string> random_byte_strings(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::string> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t length = rng() % 41;
        std::string s;
        switch (i % 4) {
        case 0:
            for (std::size_t k = 0; k < length; ++k)
                s += static_cast<char>(rng() & 0xff);
            break;
        case 1:
            for (std::size_t k = 0; k < length; ++k)
                s += static_cast<char>(rng() & 0x7f);
            break;
        default:
            while (s.size() < length) {
                const std::uint32_t limits[] = {0x80, 0x800, 0xd800, 0x110000};
                std::uint32_t cp = static_cast<std::uint32_t>(rng() % limits[rng() % 4]);
                if (cp >= 0xd800 && cp < 0xe000) cp -= 0x800;
                append_utf8(s, cp);
            }
            if (i % 4 == 3 && !s.empty()) s[rng() % s.size()] = static_cast<char>(rng() & 0xff);
        }
        out.push_back(std::move(s));
    }
    return out;
}

// Whether `s` is UTF-8 as RFC 3629 defines it: shortest forms only, no surrogates, nothing
// above U+10FFFF.
inline bool valid_utf8(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;
        std::uint32_t cp = 0, least = 0;
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf) {
            n = 1, cp = c & 0x1fu, least = 0x80;
        } else if (c >= 0xe0 && c <= 0xef) {
            n = 2, cp = c & 0x0fu, least = 0x800;
        } else if (c >= 0xf0 && c <= 0xf4) {
            n = 3, cp = c & 0x07u, least = 0x10000;
        } else {
            return false;
        }
        for (std::size_t k = 1; k <= n; ++k) {
            if (i + k >= s.size()) return false;
            const auto d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xc0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3f);
        }
        if (cp < least || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) return false;
        i += n + 1;
    }
    return true;
}

} // namespace cgt::test
