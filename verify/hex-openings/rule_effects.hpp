#pragma once
// What the rules of cgt-hex-openings did and what they saved, as cgt-verify-hex-openings
// prints them (information, not compared: the figures depend on the implementation).
#include "common/runtime/result_reader.hpp"
#include "verify/common/report.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::verify::hex_openings {

// One board solved with one rule set (normal Hex): the totals over the openings solved.
struct RunTotals {
    std::string rules; // as written in the file ("dfpn+vc+inferior+proof+resistance")
    int size = 0, cols = 0; // rows and columns
    std::uint64_t nodes = 0;
    double seconds = 0;
    int solved = 0;  // openings searched (not copied)
    int unknown = 0; // of those, left unknown by the node limit (their nodes are the limit)
};

// For every board with several rule sets, each beside the board's first rule set (the
// job's main one): its nodes and seconds as a multiple of the first's, and the share of
// its nodes that the switches it lacks save ("without inferior: 106,000 nodes, 7.1 times;
// the switch saves 86% of them"). A run with openings left unknown gives lower bounds.
void print_savings(const std::vector<RunTotals>& runs, verify::Report& report);

// The rule_counts table summed over the openings of each board and rule set, with what
// each counter means.
void print_rule_counts(const common::ResultReader& file, verify::Report& report);

// "without inferior, proof; centre order instead of resistance": how rule set `other`
// differs from `base` (names as RuleSet::name() writes them; "" if they are the same or a
// name does not parse).
std::string rule_difference(const std::string& base, const std::string& other);

} // namespace cgt::verify::hex_openings
