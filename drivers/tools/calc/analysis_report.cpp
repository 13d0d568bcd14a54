#include "tools/calc/analysis_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

namespace cgt::calc_tool {

using core::Dyadic;
using core::GameId;
using core::Notation;
using core::PiecewiseLinear;

namespace {

// Plain text past this many bytes is left out (it can grow exponentially with the birthday).
constexpr std::size_t MAX_PLAIN_BYTES = std::size_t{1} << 20;

const char* kind_text(core::ValueKind kind) {
    switch (kind) {
    case core::ValueKind::Number: return "number";
    case core::ValueKind::NumberNimber: return "number + nimber (x+*m)";
    case core::ValueKind::NumberUps: return "number + ups + nimber (x+n.up+*m)";
    case core::ValueKind::Other: return "other";
    }
    return "other";
}

std::string names(core::GameStore& store, const std::vector<GameId>& games, Notation notation) {
    std::string out;
    for (GameId g : games) out += (out.empty() ? "" : " and ") + store.name(g, notation);
    return out.empty() ? "none" : out;
}

common::Json json_names(core::GameStore& store, const std::vector<GameId>& games) {
    common::Json out = common::Json::array();
    for (GameId g : games)
        out.push_back(store.name(g));
    return out;
}

common::Json json_wall(const PiecewiseLinear& wall) {
    common::Json out = common::Json::array();
    for (const auto& piece : wall.pieces())
        out.push_back({{"t", piece.start.to_string()},
                       {"x", piece.value.to_string()},
                       {"slope", piece.slope}});
    return out;
}

} // namespace

std::string outcome_text(core::Outcome o, const std::string& left, const std::string& right) {
    const std::string letter(1, core::outcome_letter(o));
    switch (o) {
    case core::Outcome::Left: return letter + " (" + left + " wins, whoever moves first)";
    case core::Outcome::Right: return letter + " (" + right + " wins, whoever moves first)";
    case core::Outcome::Previous: return letter + " (the second player wins: whoever moves first loses)";
    case core::Outcome::Next: return letter + " (the player to move wins)";
    }
    return letter;
}

std::string wall_text(const PiecewiseLinear& wall) {
    const auto& pieces = wall.pieces();
    std::string out;
    for (std::size_t i = 0; i + 1 < pieces.size(); ++i)
        out += PiecewiseLinear::formula(pieces[i]) + " on [" + pieces[i].start.to_string() + ", " +
               pieces[i + 1].start.to_string() + "]; ";
    const auto& last = pieces.back();
    if (last.slope != 0) return out + PiecewiseLinear::formula(last) + " from t = " + last.start.to_string();
    return out + "mast " + last.value.to_string() + " from t = " + last.start.to_string();
}

std::string analysis_text(core::GameStore& store, const core::Analysis& a, Notation notation, const std::string& indent,
                          const std::string& left, const std::string& right) {
    std::ostringstream out;
    const auto line = [&](const char* name, const std::string& value) {
        std::string label = std::string(name) + ":";
        label.resize(std::max<std::size_t>(label.size() + 1, 15), ' ');
        out << indent << label << value << "\n";
    };
    line("value", store.name(a.value, notation));
    line("outcome", outcome_text(a.outcome, left, right));
    line("kind", kind_text(a.classification.kind));
    line("stops", "left " + a.left_stop.to_string() + ", right " + a.right_stop.to_string());
    line("mean", a.thermograph.mast.to_string());
    line("temperature", a.thermograph.temperature.to_string());
    line("thermograph", a.thermograph.cgsuite_text());
    line("  left wall", wall_text(a.thermograph.left_wall));
    line("  right wall", wall_text(a.thermograph.right_wall));
    line("confused with", a.confusion.empty ? "no number" : a.confusion.text());
    line("incentives", "left " + names(store, a.incentives.left, notation) + "; right " +
                           names(store, a.incentives.right, notation));
    line("birthday", std::to_string(a.birthday));
    line("atomic weight", a.atomic_weight ? store.name(*a.atomic_weight, notation) : "none (not all-small)");
    line("reduced form", store.name(a.reduced, notation));
    const auto plain = store.plain_text(a.value, MAX_PLAIN_BYTES);
    const std::string compact = store.canonical_text(a.value);
    line("cgsuite", plain ? *plain : "(over 1 MB; see compact)");
    if (!plain || *plain != compact) line("compact", compact);
    return out.str();
}

common::Json analysis_json(core::GameStore& store, const core::Analysis& a) {
    using common::Json;
    const auto plain = store.plain_text(a.value, MAX_PLAIN_BYTES);
    Json out;
    out["value"] = store.name(a.value);
    out["ascii"] = store.name(a.value, Notation::Ascii);
    out["cgsuite"] = plain ? Json(*plain) : Json(nullptr);
    out["compact"] = store.canonical_text(a.value);
    out["outcome"] = std::string(1, core::outcome_letter(a.outcome));
    out["kind"] = core::kind_word(a.classification.kind);
    out["left_stop"] = a.left_stop.to_string();
    out["right_stop"] = a.right_stop.to_string();
    out["mean"] = a.thermograph.mast.to_string();
    out["temperature"] = a.thermograph.temperature.to_string();
    out["thermograph"] = {{"cgsuite", a.thermograph.cgsuite_text()},
                          {"left_wall", json_wall(a.thermograph.left_wall)},
                          {"right_wall", json_wall(a.thermograph.right_wall)}};
    out["confusion_interval"] = a.confusion.empty ? Json(nullptr)
                                                  : Json{{"low", a.confusion.low.to_string()},
                                                         {"high", a.confusion.high.to_string()},
                                                         {"low_closed", a.confusion.low_closed},
                                                         {"high_closed", a.confusion.high_closed}};
    out["left_incentives"] = json_names(store, a.incentives.left);
    out["right_incentives"] = json_names(store, a.incentives.right);
    out["birthday"] = a.birthday;
    out["all_small"] = a.all_small;
    out["atomic_weight"] = a.atomic_weight ? Json(store.name(*a.atomic_weight)) : Json(nullptr);
    out["reduced_canonical_form"] = store.name(a.reduced);
    return out;
}

common::Json comparison_json(core::GameStore& store, const core::Statement& s,
                             const std::string& text) {
    const core::Relation order = core::compare(store, s.value, *s.other);
    return {{"expression", text},     {"left", store.name(s.value)},
            {"relation", s.relation}, {"right", store.name(*s.other)},
            {"holds", s.holds},       {"order", core::relation_symbol(order)}};
}

namespace {

// The window a drawing shows: t from -1 to a little above the temperature, x over both
// walls' range (values at t = -1 are the extremes: the left wall falls, the right rises).
struct Window {
    double t_low = -1, t_high, x_low, x_high;
};

Window window_of(const core::Thermograph& t) {
    Window w;
    const double foot = t.temperature.to_double();
    w.t_high = std::max(foot, 0.0) + std::max(1.0, (foot + 1) / 3);
    w.x_high = t.left_wall.at(PiecewiseLinear::base()).to_double();
    w.x_low = t.right_wall.at(PiecewiseLinear::base()).to_double();
    if (w.x_high - w.x_low < 2) {
        const double mid = (w.x_high + w.x_low) / 2;
        w.x_high = mid + 1;
        w.x_low = mid - 1;
    }
    return w;
}

double value_at(const PiecewiseLinear& wall, double t) {
    // The piece holding t, evaluated in floating point (for drawing only).
    const auto& pieces = wall.pieces();
    std::size_t i = 0;
    while (i + 1 < pieces.size() && pieces[i + 1].start.to_double() <= t) ++i;
    return pieces[i].value.to_double() + pieces[i].slope * (t - pieces[i].start.to_double());
}

std::int32_t slope_at(const PiecewiseLinear& wall, double t) {
    const auto& pieces = wall.pieces();
    std::size_t i = 0;
    while (i + 1 < pieces.size() && pieces[i + 1].start.to_double() <= t) ++i;
    return pieces[i].slope;
}

std::string format_number(double x) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", x);
    return buffer;
}

} // namespace

std::string thermograph_plot(const core::Thermograph& t, int width, int height) {
    const Window w = window_of(t);
    const auto column = [&](double x) {
        return static_cast<int>(std::lround((w.x_high - x) / (w.x_high - w.x_low) * (width - 1)));
    };
    // Rows 1/k apart, so that t = -1 and t = 0 fall on rows.
    const int per_unit = std::max(1, static_cast<int>(std::lround((height - 1) / (w.t_high - w.t_low))));
    const int rows = static_cast<int>(std::ceil((w.t_high - w.t_low) * per_unit)) + 1;
    std::ostringstream out;
    out << "  t\n";
    for (int row = 0; row < rows; ++row) {
        const int steps_above_base = rows - 1 - row;
        const double temp = w.t_low + static_cast<double>(steps_above_base) / per_unit;
        std::string line(static_cast<std::size_t>(width), ' ');
        if (steps_above_base == per_unit) std::fill(line.begin(), line.end(), '-'); // the row of t = 0
        const int cl = std::clamp(column(value_at(t.left_wall, temp)), 0, width - 1);
        const int cr = std::clamp(column(value_at(t.right_wall, temp)), 0, width - 1);
        const std::int32_t sl = slope_at(t.left_wall, temp), sr = slope_at(t.right_wall, temp);
        line[static_cast<std::size_t>(cl)] = sl < 0 ? '/' : '|';
        if (cr != cl) line[static_cast<std::size_t>(cr)] = sr > 0 ? '\\' : '|';
        char label[16];
        std::snprintf(label, sizeof label, "%6.2f ", temp);
        out << label << line << "\n";
    }
    std::string axis = format_number(w.x_high);
    const std::string right = format_number(w.x_low);
    const std::string mean = "mean " + t.mast.to_string();
    std::string bottom(static_cast<std::size_t>(width) + 7, ' ');
    bottom.replace(7, axis.size(), axis);
    bottom.replace(bottom.size() - right.size(), right.size(), right);
    const auto mid = static_cast<std::size_t>(7 + std::clamp(column(t.mast.to_double()), 0, width - 1));
    if (mid >= 7 + axis.size() + 2 && mid + mean.size() + 2 <= bottom.size() - right.size()) bottom.replace(mid, mean.size(), mean);
    out << bottom << "\n";
    out << "       (x: the stops of G cooled by t; Left's side on the left; temperature " << t.temperature.to_string()
        << ", mean " << t.mast.to_string() << ")\n";
    return out.str();
}

std::string thermograph_svg(const core::Thermograph& t, const std::string& title) {
    const Window w = window_of(t);
    constexpr double WIDTH = 480, HEIGHT = 360, MARGIN = 48;
    const auto sx = [&](double x) { return MARGIN + (w.x_high - x) / (w.x_high - w.x_low) * (WIDTH - 2 * MARGIN); };
    const auto sy = [&](double temp) {
        return HEIGHT - MARGIN - (temp - w.t_low) / (w.t_high - w.t_low) * (HEIGHT - 2 * MARGIN);
    };
    const auto polyline = [&](const PiecewiseLinear& wall, const char* colour) {
        std::ostringstream p;
        p << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"";
        for (const auto& piece : wall.pieces())
            p << sx(piece.value.to_double()) << "," << sy(piece.start.to_double()) << " ";
        p << sx(value_at(wall, w.t_high)) << "," << sy(w.t_high) << "\"/>\n";
        return p.str();
    };
    const auto escape = [](const std::string& s) {
        std::string out;
        for (char c : s) {
            if (c == '<') out += "&lt;";
            else if (c == '>') out += "&gt;";
            else if (c == '&') out += "&amp;";
            else if (c == '"') out += "&quot;";
            else if (static_cast<unsigned char>(c) >= 0x20) out += c;
        }
        return out;
    };
    std::ostringstream svg;
    svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << WIDTH << "\" height=\"" << HEIGHT
        << "\" viewBox=\"0 0 " << WIDTH << " " << HEIGHT << "\" font-family=\"sans-serif\" font-size=\"11\">\n"
        << "<title>" << escape(title) << "</title>\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    // Axes: t = -1 at the bottom, t = 0 dashed, ticks at the critical temperatures.
    svg << "<line x1=\"" << MARGIN << "\" y1=\"" << sy(w.t_low) << "\" x2=\"" << WIDTH - MARGIN << "\" y2=\""
        << sy(w.t_low) << "\" stroke=\"black\"/>\n";
    svg << "<line x1=\"" << MARGIN << "\" y1=\"" << sy(0) << "\" x2=\"" << WIDTH - MARGIN << "\" y2=\"" << sy(0)
        << "\" stroke=\"grey\" stroke-dasharray=\"4 3\"/>\n";
    svg << "<text x=\"4\" y=\"" << sy(0) + 4 << "\">t = 0</text>\n";
    svg << "<text x=\"4\" y=\"" << sy(w.t_low) + 4 << "\">t = -1</text>\n";
    svg << "<line x1=\"" << MARGIN << "\" y1=\"" << sy(t.temperature.to_double()) << "\" x2=\"" << WIDTH - MARGIN
        << "\" y2=\"" << sy(t.temperature.to_double()) << "\" stroke=\"#bbbbbb\" stroke-dasharray=\"1 3\"/>\n";
    svg << "<text x=\"4\" y=\"" << sy(t.temperature.to_double()) - 4 << "\">t = " << t.temperature.to_string()
        << "</text>\n";
    svg << "<text x=\"" << sx(w.x_high) << "\" y=\"" << HEIGHT - MARGIN + 16 << "\" text-anchor=\"middle\">"
        << format_number(w.x_high) << "</text>\n";
    svg << "<text x=\"" << sx(w.x_low) << "\" y=\"" << HEIGHT - MARGIN + 16 << "\" text-anchor=\"middle\">"
        << format_number(w.x_low) << "</text>\n";
    svg << "<text x=\"" << sx(t.mast.to_double()) << "\" y=\"" << HEIGHT - MARGIN + 30
        << "\" text-anchor=\"middle\">mean " << t.mast.to_string() << "</text>\n";
    svg << polyline(t.left_wall, "#1f4fbf") << polyline(t.right_wall, "#c0392b");
    svg << "<text x=\"" << WIDTH / 2 << "\" y=\"16\" text-anchor=\"middle\">" << escape(title) << "</text>\n";
    svg << "</svg>\n";
    return svg.str();
}

} // namespace cgt::calc_tool
