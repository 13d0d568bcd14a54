#pragma once
// The literature's statements on two- and three-move subtraction games, written here again
// from their sources (verify/data/SOURCES.md, subtraction-census.txt), so that the census's
// own tally (the checks table) is recounted without the kernel's code. Each statement is
// found by the name the checks table gives it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cgt::verify::subtraction_census {

struct GameFigures {
    std::int64_t preperiod, period, outcome_preperiod, outcome_period;
};

struct Statement {
    const char* name; // as the checks table names it
    unsigned moves;   // 2 or 3: the games it concerns
    bool conjecture;  // false: a theorem, which must hold
    // Whether it concerns the set (an additive or a non-additive one), and whether it holds.
    bool (*concerns)(const std::vector<unsigned>& set);
    bool (*holds)(const std::vector<unsigned>& set, const GameFigures& g);
};

const std::vector<Statement>& statements();
const Statement* statement_named(const std::string& name);

// "{1,3,5}: period 2 from 0" read back: the set and the figures it names.
struct Example {
    std::vector<unsigned> set;
    std::int64_t preperiod, period;
};
std::optional<Example> parse_example(const std::string& text);

} // namespace cgt::verify::subtraction_census
