#include "verify/grundy/grundy_figures.hpp"

#include "verify/grundy/sha256.hpp"
#include "impartial/grundy_game.hpp"

#include <algorithm>
#include <stdexcept>

namespace cgt::verify {

GrundyFigures derive_figures(std::span<const std::uint16_t> values, std::uint64_t last) {
    if (last >= values.size())
        throw std::invalid_argument("derive_figures: G(" + std::to_string(last) + ") is not among the " +
                                    std::to_string(values.size()) + " values");
    GrundyFigures f;
    for (std::uint64_t n = 0; n <= last; ++n) {
        const unsigned g = values[n];
        if (impartial::is_sparse_value(g)) f.sparse.emplace_back(n, g);
        if (f.records.empty() || g > f.records.back().second) f.records.emplace_back(n, g);
        ++f.count[g];
        if (f.first[g] < 0) f.first[g] = static_cast<std::int64_t>(n);
        f.last[g] = static_cast<std::int64_t>(n);
    }
    return f;
}

TextDigest oeis_text_digest(std::span<const std::uint16_t> values, std::uint64_t last) {
    if (last >= values.size())
        throw std::invalid_argument("oeis_text_digest: G(" + std::to_string(last) + ") is not among the values");
    Sha256 hash;
    TextDigest d;
    std::string chunk;
    for (std::uint64_t n = 0; n <= last; ++n) {
        chunk += std::to_string(n);
        chunk += ' ';
        chunk += std::to_string(values[n]);
        chunk += '\n';
        if (chunk.size() >= 1 << 16 || n == last) {
            d.bytes += chunk.size();
            hash.update(chunk);
            chunk.clear();
        }
    }
    d.sha256 = hash.hex_digest();
    return d;
}

std::optional<std::uint64_t> first_difference(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
                                              std::uint64_t last) {
    if (last >= a.size() || last >= b.size())
        throw std::invalid_argument("first_difference: fewer than " + std::to_string(last + 1) + " values");
    const auto end = a.begin() + static_cast<std::ptrdiff_t>(last + 1);
    const auto [ia, ib] = std::mismatch(a.begin(), end, b.begin());
    if (ia == end) return std::nullopt;
    return static_cast<std::uint64_t>(ia - a.begin());
}

std::size_t count_up_to(const HeapValues& pairs, std::uint64_t bound) {
    return static_cast<std::size_t>(std::count_if(pairs.begin(), pairs.end(), [&](const auto& p) { return p.first <= bound; }));
}

} // namespace cgt::verify
