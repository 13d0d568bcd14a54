#include "tools/octal/octal_report.hpp"

#include "common/plumbing/json_writer.hpp"

#include <algorithm>
#include <cstdio>

namespace cgt::octal_tool {

using impartial::Grundy;
using impartial::OctalAnalysis;
using impartial::ProofRule;

namespace {
std::string line(const std::string& name, const std::string& value) {
    char label[24];
    std::snprintf(label, sizeof label, "%-14s", name.c_str());
    return label + value + "\n";
}

std::string values_line(const std::vector<Grundy>& values, std::size_t count,
                        const OctalAnalysis* analysis) {
    std::string text;
    for (std::size_t n = 0; n < count; ++n) {
        if (n > 0) text += ' ';
        text += std::to_string(analysis ? impartial::value_at(*analysis, n) : values[n]);
    }
    return line("G(0.." + std::to_string(count - 1) + ")", text);
}
} // namespace

std::string proof_text(const OctalAnalysis& analysis) {
    if (!analysis.period) return "none within the bound";
    const auto n0 = std::to_string(analysis.period->preperiod);
    const auto p = std::to_string(analysis.period->period);
    const auto t = std::to_string(analysis.largest_removal);
    const auto end = std::to_string(analysis.check_end);
    const std::string bound = analysis.rule == ProofRule::guy_smith
                                  ? "2*" + n0 + " + " + p + " + " + t + " = " + end
                                  : n0 + " + " + t + " = " + end;
    const std::string name = analysis.rule == ProofRule::guy_smith
                                 ? "Guy-Smith (octal game, largest removal t = " + t + ")"
                                 : "subtraction window (t = max S = " + t + ")";
    return name + ": G(n) = G(n + " + p + ") for " + n0 + " <= n < " + bound + ", heaps 0.." +
           std::to_string(analysis.check_end + analysis.period->period - 1) + " read";
}

std::string describe(const impartial::OctalGame& game, const OctalAnalysis& analysis,
                     const ReportOptions& options) {
    std::string out;
    out += line("game", game.name() + (game.name() == game.code() ? "" : " (octal " + game.code() + ")"));
    out += line("values", "G(0.." + std::to_string(analysis.computed_to) + ") computed, heap bound " +
                              std::to_string(analysis.max_heap));
    if (analysis.period) {
        out += line("status", "periodic");
        out += line("preperiod", std::to_string(analysis.period->preperiod));
        out += line("period", std::to_string(analysis.period->period));
    } else {
        out += line("status", "not yet periodic up to " + std::to_string(analysis.computed_to));
    }
    out += line("proof", proof_text(analysis));
    out += line("largest value", std::to_string(analysis.largest_value) + " at heap " +
                                     std::to_string(analysis.largest_at) +
                                     (analysis.period ? " (of all heaps)" : " (so far)"));
    if (analysis.rare_mask)
        out += line("rare/common", "mask " + impartial::to_string(*analysis.rare_mask) + ", " +
                                       std::to_string(analysis.rare_mask->rare_heaps) + " rare heaps" +
                                       (analysis.last_rare ? ", the last at " + std::to_string(*analysis.last_rare) : "") +
                                       "; " + std::to_string(analysis.heaps_by_split) + " heaps valued by the split");
    else
        out += line("rare/common", game.splits() ? "not used (values by the definition)" : "not needed (no splits)");
    const std::size_t shown = analysis.period ? options.show_values
                                              : std::min(options.show_values, analysis.values.size());
    if (shown > 0) out += values_line(analysis.values, shown, &analysis);
    if (analysis.period &&
        std::size_t{analysis.period->preperiod} + analysis.period->period <= options.max_sequence)
        out += line("sequence", impartial::format_periodic(analysis.values, *analysis.period));
    return out;
}

std::string describe_squares(const std::vector<Grundy>& values, const ReportOptions& options) {
    std::string out;
    out += line("game", "subtract-a-square (S = {1, 4, 9, ...})");
    out += line("values", "G(0.." + std::to_string(values.size() - 1) + ") computed with the squares up to " +
                              std::to_string(values.size() - 1));
    out += line("status", "no period sought: S is infinite, so no finite window proves one");
    const auto largest = std::max_element(values.begin(), values.end());
    out += line("largest value", std::to_string(*largest) + " at heap " +
                                     std::to_string(largest - values.begin()) + " (so far)");
    const std::size_t shown = std::min(options.show_values, values.size());
    if (shown > 0) out += values_line(values, shown, nullptr);
    return out;
}

namespace {
common::Json json_values(const std::vector<Grundy>& values, std::size_t count,
                         const OctalAnalysis* analysis) {
    common::Json items = common::Json::array();
    for (std::size_t n = 0; n < count; ++n)
        items.push_back(analysis ? impartial::value_at(*analysis, n) : values[n]);
    return items;
}
} // namespace

std::string describe_json(const impartial::OctalGame& game, const OctalAnalysis& analysis,
                          const ReportOptions& options) {
    using common::Json;
    const auto& period = analysis.period;
    const auto& rare = analysis.rare_mask;
    Json o;
    o["game"] = game.name();
    o["code"] = game.code();
    o["status"] = period ? "periodic" : "not yet periodic";
    o["preperiod"] = period ? Json(period->preperiod) : Json(nullptr);
    o["period"] = period ? Json(period->period) : Json(nullptr);
    o["proof"] = proof_text(analysis);
    o["computed_to"] = analysis.computed_to;
    o["max_heap"] = analysis.max_heap;
    o["largest_value"] = analysis.largest_value;
    o["largest_at"] = analysis.largest_at;
    o["rare_mask"] = rare ? Json(impartial::to_string(*rare)) : Json(nullptr);
    o["rare_heaps"] = rare ? Json(rare->rare_heaps) : Json(nullptr);
    o["last_rare"] = analysis.last_rare ? Json(*analysis.last_rare) : Json(nullptr);
    const std::size_t shown =
        period ? options.show_values : std::min(options.show_values, analysis.values.size());
    o["values"] = json_values(analysis.values, shown, &analysis);
    const bool sequence =
        period && std::size_t{period->preperiod} + period->period <= options.max_sequence;
    o["sequence"] =
        sequence ? Json(impartial::format_periodic(analysis.values, *period)) : Json(nullptr);
    return common::json_text(o) + "\n";
}

std::string describe_squares_json(const std::vector<Grundy>& values, const ReportOptions& options) {
    const auto largest = std::max_element(values.begin(), values.end());
    const common::Json o{
        {"game", "subtract-a-square"},
        {"status", "no period sought"},
        {"computed_to", values.size() - 1},
        {"largest_value", *largest},
        {"largest_at", static_cast<std::size_t>(largest - values.begin())},
        {"values", json_values(values, std::min(options.show_values, values.size()), nullptr)}};
    return common::json_text(o) + "\n";
}

} // namespace cgt::octal_tool
