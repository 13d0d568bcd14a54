#pragma once
// What cgt-octal prints for one game: its values, preperiod and period, and the proof bound
// it used (or "not yet periodic up to N"). Pure text from an analysis, tested on its own.
#include "impartial/octal_analysis.hpp"

#include <string>

namespace cgt::octal_tool {

struct ReportOptions {
    std::size_t show_values = 40;   // G(0..show_values-1) are printed
    std::size_t max_sequence = 400; // the whole sequence is printed if at most this long
};

// The lines "name  value" for a game analysed to a bound.
std::string describe(const impartial::OctalGame& game, const impartial::OctalAnalysis& analysis,
                     const ReportOptions& options);

// The lines for subtract-a-square (S infinite) computed to max_heap: values only, since
// no finite proof applies to an infinite subtraction set.
std::string describe_squares(const std::vector<impartial::Grundy>& values, const ReportOptions& options);

// The same as one JSON object (cgt-octal --json): game, code, status ("periodic" or "not
// yet periodic"), preperiod and period (null when not periodic), proof, computed_to,
// max_heap, largest_value, largest_at, rare_mask, rare_heaps, last_rare, values
// (G(0..show_values-1)) and sequence (null unless printed in text too).
std::string describe_json(const impartial::OctalGame& game, const impartial::OctalAnalysis& analysis,
                          const ReportOptions& options);
std::string describe_squares_json(const std::vector<impartial::Grundy>& values, const ReportOptions& options);

// The proof in words: "Guy-Smith: G(n) = G(n + 12) for 71 <= n < 2*71 + 12 + 2 = 156".
std::string proof_text(const impartial::OctalAnalysis& analysis);

} // namespace cgt::octal_tool
