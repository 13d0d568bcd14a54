#include "impartial/period_certificate.hpp"

#include <cstdio>
#include <stdexcept>

namespace cgt::impartial {

namespace {
constexpr std::size_t PER_LINE = 64;

std::string line(const char* key, std::uint64_t value) { return std::string(key) + " " + std::to_string(value) + "\n"; }
} // namespace

std::string period_certificate(const HeapRules& rules, std::span<const std::uint16_t> values, const Period& period,
                               const RareMask& hint) {
    if (!rules.equal_splits) throw std::invalid_argument("a period certificate is for octal games only");
    const std::uint64_t n0 = period.preperiod, p = period.period, t = rules.largest_removal;
    if (p == 0 || values.size() < n0 + p)
        throw std::invalid_argument("a period certificate needs G(0..n0 + p - 1)");
    std::string out = "# period certificate (Guy-Smith): G(n) = G(n + p) for n0 <= n < 2 n0 + p + t\n";
    out += "game " + rules.name + "\n";
    out += line("preperiod", n0) + line("period", p) + line("largest-removal", t);
    out += "guy-smith " + std::to_string(n0) + " " + std::to_string(2 * n0 + p + t) + "\n";
    out += line("heaps", 2 * n0 + 2 * p + t);
    char mask[32];
    std::snprintf(mask, sizeof mask, "%x", static_cast<unsigned>(hint.mask));
    out += std::string("rare-mask ") + mask;
    if (hint.position_parity) out += "+pos" + std::to_string(hint.phase);
    out += "\n" + line("values", n0 + p);
    for (std::uint64_t n = 0; n < n0 + p; ++n) {
        if (values[n] > 0xFF) throw std::invalid_argument("a period certificate holds values below 256");
        char hex[3];
        std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned>(values[n]));
        out += hex;
        if ((n + 1) % PER_LINE == 0 || n + 1 == n0 + p) out += "\n";
    }
    return out;
}

} // namespace cgt::impartial
