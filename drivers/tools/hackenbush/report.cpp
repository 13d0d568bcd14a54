#include "tools/hackenbush/report.hpp"

#include "tools/calc/analysis_report.hpp"
#include "core/analysis.hpp"
#include "hackenbush/picture_values.hpp"

#include <sstream>

namespace cgt::hackenbush_tool {

using core::GameId;
using hackenbush::EdgeMask;
using hackenbush::Player;

namespace {

Shown show(core::Thermography& thermal, GameId g, core::Notation notation, const std::string& indent, bool full,
           bool drawings) {
    core::GameStore& store = thermal.store();
    const core::Analysis a = core::analyse(thermal, g);
    Shown s;
    s.value = store.name(g, notation);
    s.mean = a.thermograph.mast.to_string();
    s.temperature = a.thermograph.temperature.to_string();
    if (full) s.text = calc_tool::analysis_text(store, a, notation, indent, "Blue", "Red");
    s.json = calc_tool::analysis_json(store, a);
    if (drawings) {
        s.plot = calc_tool::thermograph_plot(a.thermograph);
        s.svg = calc_tool::thermograph_svg(a.thermograph, "Thermograph of " + store.name(g));
    }
    return s;
}

} // namespace

Report make_report(const std::vector<Input>& inputs, std::optional<Player> to_move,
                   core::Notation notation, bool full, std::size_t memory_budget,
                   const std::function<void(const hackenbush::PictureValues&)>& watch) {
    core::GameStore store;
    core::Thermography thermal(store);
    std::vector<hackenbush::PictureValues> sum;
    std::vector<std::size_t> first_edge; // global number of each input's edge 0
    std::size_t edges = 0;
    for (const Input& in : inputs) {
        sum.emplace_back(in.picture, store);
        sum.back().set_memory_budget(memory_budget);
        sum.back().set_watch(watch);
        first_edge.push_back(edges);
        edges += in.picture.edge_count();
    }
    Report report;
    report.full = full;
    GameId total = GameId();
    for (auto& p : sum) total = store.add(total, p.value());
    report.sum = show(thermal, total, notation, "", true, true);
    report.outcome = store.outcome(total);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& picture = inputs[i].picture;
        std::array<EdgeMask, hackenbush::Picture::MAX_EDGES> parts{};
        const unsigned n = picture.parts(picture.all(), parts);
        for (unsigned k = 0; k < n; ++k) {
            Part part{i, {}, show(thermal, sum[i].value(parts[k]), notation, "    ", full, full)};
            for (unsigned e = 0; e < picture.edge_count(); ++e)
                if (parts[k] & hackenbush::edge_bit(e)) part.edges.push_back(first_edge[i] + e);
            report.parts.push_back(std::move(part));
        }
    }
    report.to_move = to_move;
    if (to_move) {
        for (const auto& h : hackenbush::hints(sum, *to_move)) {
            const auto& e = inputs[h.picture].picture.edges()[h.edge];
            report.cuts.push_back({first_edge[h.picture] + h.edge, h.picture, e.line,
                                   std::to_string(e.u) + " " + std::to_string(e.v) + " " +
                                       hackenbush::colour_letter(e.colour),
                                   store.name(h.value_after, notation), h.keeps_win});
        }
    }
    return report;
}

namespace {

std::string where(const Input& in, std::uint32_t line) {
    return in.name + (line ? ":" + std::to_string(line) : std::string());
}

std::string edge_list(const std::vector<std::size_t>& edges) {
    std::string s;
    for (std::size_t i = 0; i < edges.size(); ++i) s += (i ? "," : "") + std::to_string(edges[i]);
    return s;
}

} // namespace

std::string format_text(const Report& report, const std::vector<Input>& inputs, bool ascii) {
    std::ostringstream out;
    out << report.sum.text;
    if (report.full) out << report.sum.plot;
    out << "parts:\n";
    for (const Part& p : report.parts) {
        out << "  " << inputs[p.input].name << " edge" << (p.edges.size() > 1 ? "s " : " ")
            << edge_list(p.edges) << ": " << p.shown.value << " (mean " << p.shown.mean << ", temperature "
            << p.shown.temperature << ")\n";
        if (report.full) out << p.shown.text << p.shown.plot;
    }
    if (report.to_move) {
        std::size_t keeping = 0;
        for (const Cut& c : report.cuts) keeping += c.keeps_win;
        out << (*report.to_move == Player::Blue ? "blue" : "red") << " to move: " << keeping
            << " of " << report.cuts.size() << " cuts keep a win\n";
        for (const Cut& c : report.cuts)
            out << "  " << (c.keeps_win ? (ascii ? "+" : "\u2713") : (ascii ? "-" : "\u2717"))
                << " edge " << c.edge << " (" << where(inputs[c.input], c.line) << ": "
                << c.edge_text << ") -> " << c.value_after << "\n";
    }
    return out.str();
}

std::string format_json(const Report& report, const std::vector<Input>& inputs) {
    using common::Json;
    Json parts = Json::array(), hints = Json::array();
    for (const Part& p : report.parts)
        parts.push_back({{"file", inputs[p.input].name},
                         {"edges", p.edges},
                         {"value", p.shown.value},
                         {"analysis", p.shown.json}});
    for (const Cut& c : report.cuts)
        hints.push_back({{"edge", c.edge},
                         {"file", inputs[c.input].name},
                         {"line", c.line},
                         {"value_after", c.value_after},
                         {"keeps_win", c.keeps_win}});
    Json out;
    out["value"] = report.sum.value;
    out["outcome"] = std::string(1, core::outcome_letter(report.outcome));
    out["analysis"] = report.sum.json;
    out["parts"] = std::move(parts);
    out["to_move"] =
        report.to_move ? Json(*report.to_move == Player::Blue ? "blue" : "red") : Json(nullptr);
    out["hints"] = std::move(hints);
    return common::json_text(out) + "\n";
}

} // namespace cgt::hackenbush_tool
