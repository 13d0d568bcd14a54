#include "verify/subtraction-census/statements.hpp"

#include <sstream>

namespace cgt::verify::subtraction_census {

namespace {
bool additive(const std::vector<unsigned>& s) {
    return s.size() == 3 && s[2] == s[0] + s[1];
}
bool divides(std::int64_t d, std::int64_t n) {
    return d > 0 && n % d == 0;
}
bool sum_of_two(const std::vector<unsigned>& s, std::int64_t q) {
    const std::int64_t a = s[0], b = s[1], c = s[2];
    return q == a + b || q == a + c || q == b + c;
}
bool divides_sum(const std::vector<unsigned>& s, std::int64_t q) {
    const std::int64_t a = s[0], b = s[1], c = s[2];
    return divides(q, a + b) || divides(q, a + c) || divides(q, b + c);
}
bool pair(const std::vector<unsigned>& s) {
    return s.size() == 2;
}
bool non_additive(const std::vector<unsigned>& s) {
    return s.size() == 3 && !additive(s);
}
} // namespace

const std::vector<Statement>& statements() {
    static const std::vector<Statement> all = {
        {"two-move {a,b}: purely periodic, period 2a or a+b", 2, false, pair,
         [](const std::vector<unsigned>& s, const GameFigures& g) {
             return g.preperiod == 0 &&
                    (g.period == 2 * std::int64_t{s[0]} || g.period == std::int64_t{s[0]} + s[1]);
         }},
        {"two-move {a,b}: period 2a exactly when b is an odd multiple of a", 2, false, pair,
         [](const std::vector<unsigned>& s, const GameFigures& g) {
             return (g.period == 2 * std::int64_t{s[0]}) == (s[1] % (2 * s[0]) == s[0]);
         }},
        {"additive {a,b,a+b}: nim-sequence purely periodic", 3, true, additive,
         [](const std::vector<unsigned>&, const GameFigures& g) { return g.preperiod == 0; }},
        {"additive {a,b,a+b}: outcomes purely periodic", 3, true, additive,
         [](const std::vector<unsigned>&, const GameFigures& g) {
             return g.outcome_preperiod == 0;
         }},
        {"non-additive {a,b,c}: period is a sum of two moves", 3, true, non_additive,
         [](const std::vector<unsigned>& s, const GameFigures& g) {
             return sum_of_two(s, g.period);
         }},
        {"non-additive {a,b,c}: period divides a sum of two moves", 3, true, non_additive,
         [](const std::vector<unsigned>& s, const GameFigures& g) {
             return divides_sum(s, g.period);
         }},
        {"non-additive {a,b,c}: outcome period is a sum of two moves", 3, true, non_additive,
         [](const std::vector<unsigned>& s, const GameFigures& g) {
             return sum_of_two(s, g.outcome_period);
         }},
        {"non-additive {a,b,c}: outcome period divides a sum of two moves", 3, true, non_additive,
         [](const std::vector<unsigned>& s, const GameFigures& g) {
             return divides_sum(s, g.outcome_period);
         }},
    };
    return all;
}

const Statement* statement_named(const std::string& name) {
    for (const Statement& s : statements())
        if (name == s.name) return &s;
    return nullptr;
}

std::optional<Example> parse_example(const std::string& text) {
    // {a,b,c}: period P from N
    const auto close = text.find('}');
    if (text.empty() || text[0] != '{' || close == std::string::npos) return std::nullopt;
    Example e{};
    std::istringstream set(text.substr(1, close - 1));
    for (std::string item; std::getline(set, item, ',');) {
        try {
            e.set.push_back(static_cast<unsigned>(std::stoul(item)));
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    std::istringstream rest(text.substr(close + 1));
    std::string colon, word, from, more;
    if (!(rest >> colon >> word >> e.period >> from >> e.preperiod) || colon != ":" ||
        word != "period" || from != "from" || (rest >> more))
        return std::nullopt;
    return e;
}

} // namespace cgt::verify::subtraction_census
