#pragma once
// SHA-256 (FIPS 180-4), enough to prove that reference data kept in the repository in a
// compact form regenerates a published file byte for byte (the OEIS publishes the hash of
// each b-file and a-file).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace cgt::verify {

class Sha256 {
public:
    Sha256();
    void update(std::string_view bytes);
    // The digest as 64 lower-case hex digits; the object must not be updated afterwards.
    [[nodiscard]] std::string hex_digest();

private:
    void compress(const std::uint8_t* block);
    std::array<std::uint32_t, 8> m_state;
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_length = 0; // bytes hashed so far
};

} // namespace cgt::verify
