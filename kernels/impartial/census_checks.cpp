#include "impartial/census_checks.hpp"

#include <stdexcept>

namespace cgt::impartial {

namespace {
constexpr std::size_t EXAMPLES = 8;

bool divides(std::uint64_t d, std::uint64_t n) {
    return d != 0 && n % d == 0;
}
} // namespace

std::string example_text(std::span<const unsigned> set, const WindowPeriod& p) {
    std::string s = "{";
    for (std::size_t i = 0; i < set.size(); ++i)
        s += (i ? "," : "") + std::to_string(set[i]);
    return s + "}: period " + std::to_string(p.period) + " from " + std::to_string(p.preperiod);
}

std::uint64_t three_move_count(unsigned c_max) {
    const std::uint64_t c = c_max;
    return c < 3 ? 0 : c * (c - 1) * (c - 2) / 6;
}

std::array<unsigned, 3> three_move_set(std::uint64_t index) {
    // c is the least with C(c, 3) > index; then within c, b the least with C(b, 2) > rest.
    unsigned c = 3;
    while (three_move_count(c) <= index)
        ++c;
    std::uint64_t rest = index - three_move_count(c - 1);
    unsigned b = 2;
    while (std::uint64_t{b} * (b - 1) / 2 <= rest)
        ++b;
    rest -= std::uint64_t{b - 1} * (b - 2) / 2;
    return {static_cast<unsigned>(rest + 1), b, c};
}

const char* check_name(CheckId id) {
    switch (id) {
    case CheckId::two_move_period:
        return "two-move {a,b}: purely periodic, period 2a or a+b";
    case CheckId::two_move_odd_multiple:
        return "two-move {a,b}: period 2a exactly when b is an odd multiple of a";
    case CheckId::additive_pure:
        return "additive {a,b,a+b}: nim-sequence purely periodic";
    case CheckId::additive_outcomes_pure:
        return "additive {a,b,a+b}: outcomes purely periodic";
    case CheckId::nonadditive_sum_of_two:
        return "non-additive {a,b,c}: period is a sum of two moves";
    case CheckId::nonadditive_divides_sum_of_two:
        return "non-additive {a,b,c}: period divides a sum of two moves";
    case CheckId::nonadditive_outcomes_sum_of_two:
        return "non-additive {a,b,c}: outcome period is a sum of two moves";
    case CheckId::nonadditive_outcomes_divides_sum_of_two:
        return "non-additive {a,b,c}: outcome period divides a sum of two moves";
    }
    return "?";
}

const char* check_source(CheckId id) {
    switch (id) {
    case CheckId::two_move_period:
        return "Benesh et al., INTEGERS 20 (2020) #G5";
    case CheckId::two_move_odd_multiple:
        return "this census (sharpens the theorem above)";
    case CheckId::additive_pure:
    case CheckId::additive_outcomes_pure:
    case CheckId::nonadditive_sum_of_two:
    case CheckId::nonadditive_outcomes_sum_of_two:
        return "Flammenkamp 1997, as stated in arXiv:2405.20054 and arXiv:2601.18715";
    case CheckId::nonadditive_divides_sum_of_two:
    case CheckId::nonadditive_outcomes_divides_sum_of_two:
        return "this census (a weaker form of Flammenkamp's conjecture)";
    }
    return "?";
}

void CensusTally::record(CheckId id, bool holds, const std::string& example) {
    Line& l = m_lines[static_cast<std::size_t>(id)];
    ++l.applied;
    if (holds) return;
    ++l.failed;
    if (l.examples.size() < EXAMPLES) l.examples.push_back(example);
}

Verdicts judge(std::span<const unsigned> set, const WindowPeriod& p, const OutcomePeriod& outcome) {
    if (!p.found) throw std::invalid_argument("judge needs a proven period");
    Verdicts v;
    const auto record = [&](CheckId id, bool holds) {
        const auto bit = static_cast<std::uint8_t>(1u << static_cast<unsigned>(id));
        v.applied |= bit;
        if (!holds) v.failed |= bit;
    };
    if (set.size() == 2) {
        const std::uint64_t a = set[0], b = set[1];
        record(CheckId::two_move_period,
               p.preperiod == 0 && (p.period == 2 * a || p.period == a + b));
        record(CheckId::two_move_odd_multiple, (p.period == 2 * a) == (b % (2 * a) == a));
    }
    if (set.size() != 3) return v;
    const std::uint64_t a = set[0], b = set[1], c = set[2];
    if (c == a + b) {
        record(CheckId::additive_pure, p.preperiod == 0);
        record(CheckId::additive_outcomes_pure, outcome.preperiod == 0);
        return v;
    }
    const auto sum_of_two = [&](std::uint64_t q) { return q == a + b || q == a + c || q == b + c; };
    record(CheckId::nonadditive_sum_of_two, sum_of_two(p.period));
    const auto divides_sum = [&](std::uint64_t q) {
        return divides(q, a + b) || divides(q, a + c) || divides(q, b + c);
    };
    record(CheckId::nonadditive_divides_sum_of_two, divides_sum(p.period));
    record(CheckId::nonadditive_outcomes_sum_of_two, sum_of_two(outcome.period));
    record(CheckId::nonadditive_outcomes_divides_sum_of_two, divides_sum(outcome.period));
    return v;
}

void CensusTally::add(std::span<const unsigned> set, const WindowPeriod& p,
                      const OutcomePeriod& outcome) {
    if (!p.found) throw std::invalid_argument("CensusTally::add needs a proven period");
    const Verdicts v = judge(set, p, outcome);
    for (std::size_t i = 0; i < CHECK_COUNT; ++i)
        if ((v.applied >> i) & 1)
            record(static_cast<CheckId>(i), !((v.failed >> i) & 1), example_text(set, p));
    if (set.size() == 3 && set[2] == set[0] + set[1]) {
        const double ab = static_cast<double>(set[2]);
        const double ratio = static_cast<double>(p.period) / (ab * ab);
        if (ratio > m_ratio) {
            m_ratio = ratio;
            m_ratio_game = example_text(set, p);
        }
    }
}

void CensusTally::merge(const CensusTally& other) {
    for (std::size_t i = 0; i < CHECK_COUNT; ++i) {
        Line& l = m_lines[i];
        const Line& o = other.m_lines[i];
        l.applied += o.applied;
        l.failed += o.failed;
        for (const auto& e : o.examples)
            if (l.examples.size() < EXAMPLES) l.examples.push_back(e);
    }
    if (other.m_ratio > m_ratio) {
        m_ratio = other.m_ratio;
        m_ratio_game = other.m_ratio_game;
    }
}

} // namespace cgt::impartial
