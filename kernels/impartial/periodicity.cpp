#include "impartial/periodicity.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace cgt::impartial {

std::string to_string(ProofRule rule) {
    return rule == ProofRule::guy_smith ? "guy-smith" : "subtraction-window";
}

ProofRule proof_rule_for(const OctalGame& game) {
    return game.is_subtraction() ? ProofRule::subtraction_window : ProofRule::guy_smith;
}

std::uint64_t check_end(ProofRule rule, const Period& period, Heap largest_removal) {
    const std::uint64_t n0 = period.preperiod, p = period.period, t = largest_removal;
    return rule == ProofRule::guy_smith ? 2 * n0 + p + t : n0 + t;
}

std::optional<Period> proven_period(std::span<const Grundy> values, ProofRule rule,
                                    Heap largest_removal) {
    const std::size_t size = values.size();
    if (size < 2) return std::nullopt;
    // z[p] on the reversed sequence R (R[i] = G(size-1-i)) is the longest z with
    // R[i] = R[i + p] for i < z, i.e. G(n + p) = G(n) for size-p-z <= n < size-p: the
    // preperiod of p on these values is size - p - z[p].
    std::vector<Grundy> reversed(values.rbegin(), values.rend());
    std::vector<std::uint32_t> z(size, 0);
    std::size_t left = 0, right = 0;
    for (std::size_t i = 1; i < size; ++i) {
        std::size_t k = i < right ? std::min<std::size_t>(right - i, z[i - left]) : 0;
        while (i + k < size && reversed[k] == reversed[i + k]) ++k;
        z[i] = static_cast<std::uint32_t>(k);
        if (i + k > right) {
            left = i;
            right = i + k;
        }
    }
    for (std::size_t p = 1; p < size; ++p) {
        const Period candidate{static_cast<Heap>(size - p - z[p]), static_cast<Heap>(p)};
        // Every compared n (n0 <= n < end) must have G(n + p) among the values.
        if (check_end(rule, candidate, largest_removal) + p <= size) return candidate;
    }
    return std::nullopt;
}

std::optional<Period> proven_period_guy_smith(std::span<const std::uint16_t> values, Heap largest_removal) {
    const std::uint64_t n = values.size(), t = largest_removal;
    const std::uint16_t* g = values.data();
    bool skipped = false;
    for (std::uint64_t p = 1; 2 * p + t <= n; ++p) {
        // start: the smallest s with G(m) = G(m + p) for s <= m < n - p.
        std::uint64_t start = n - p;
        while (start > 0 && g[start - 1] == g[start - 1 + p]) --start;
        // The proof reads heaps up to 2 n0 + p + t + p - 1.
        if (2 * start + 2 * p + t <= n) return Period{static_cast<Heap>(start), static_cast<Heap>(p)};
        // A proving p has a run n - start >= 2p; the first such p0 (this one, if it is the
        // first) is the least period of R = G(start..n-1). A q that proved, with
        // q + p0 <= min(n/2, n - start), would make gcd(q, p0) = p0 a period of its proven
        // tail, so p0 would prove: those q are skipped (their walks are the long ones).
        if (skipped || n - start < 2 * p) continue;
        skipped = true;
        const std::uint64_t reach = std::min(n / 2, n - start);
        if (reach > 2 * p) p = reach - p;
    }
    return std::nullopt;
}

Grundy periodic_value(std::span<const Grundy> values, const Period& period, std::uint64_t n) {
    if (n < values.size()) return values[n];
    if (period.period == 0 || values.size() < std::uint64_t{period.preperiod} + period.period)
        throw std::invalid_argument("periodic_value: fewer values than preperiod + period");
    return values[period.preperiod + (n - period.preperiod) % period.period];
}

namespace {
void append_value(std::string& text, Grundy v) {
    if (v < 10)
        text += static_cast<char>('0' + v);
    else if (v < 36)
        text += static_cast<char>('A' + (v - 10));
    else
        text.append("[").append(std::to_string(v)).append("]");
}
} // namespace

std::string format_periodic(std::span<const Grundy> values, const Period& period) {
    const std::size_t end = std::size_t{period.preperiod} + period.period;
    if (period.period == 0 || values.size() < end)
        throw std::invalid_argument("format_periodic: fewer values than preperiod + period");
    std::string text;
    for (std::size_t n = 0; n < end; ++n) {
        if (n == period.preperiod) text += '(';
        append_value(text, values[n]);
    }
    return text + ')';
}

WrittenSequence parse_periodic(const std::string& text) {
    WrittenSequence out;
    bool open = false, closed = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (closed) throw std::invalid_argument("text after ')' in '" + text + "'");
        if (c == '(') {
            if (open) throw std::invalid_argument("two '(' in '" + text + "'");
            open = true;
            out.period.preperiod = static_cast<Heap>(out.values.size());
        } else if (c == ')') {
            if (!open) throw std::invalid_argument("')' before '(' in '" + text + "'");
            closed = true;
        } else if (c >= '0' && c <= '9') {
            out.values.push_back(static_cast<Grundy>(c - '0'));
        } else if (c >= 'A' && c <= 'Z') {
            out.values.push_back(static_cast<Grundy>(c - 'A' + 10));
        } else if (c == '[') {
            const auto end = text.find(']', i);
            const std::string digits = end == std::string::npos ? "" : text.substr(i + 1, end - i - 1);
            if (digits.empty() || digits.size() > 9 ||
                digits.find_first_not_of("0123456789") != std::string::npos)
                throw std::invalid_argument("bad [value] in '" + text + "'");
            out.values.push_back(static_cast<Grundy>(std::stoul(digits)));
            i = end;
        } else {
            throw std::invalid_argument(std::string("'") + c + "' in '" + text + "' is no value");
        }
    }
    if (!closed) throw std::invalid_argument("no repeating part '(...)' in '" + text + "'");
    out.period.period = static_cast<Heap>(out.values.size() - out.period.preperiod);
    if (out.period.period == 0) throw std::invalid_argument("empty repeating part in '" + text + "'");
    return out;
}

} // namespace cgt::impartial
