#include "hackenbush-tool/report.hpp"

#include "hackenbush/picture_values.hpp"

#include <sstream>

namespace cgt::hackenbush_tool {

using core::GameId;
using hackenbush::EdgeMask;
using hackenbush::Player;

Report make_report(const std::vector<Input>& inputs, std::optional<Player> to_move,
                   core::Notation notation) {
    core::GameStore store;
    std::vector<hackenbush::PictureValues> sum;
    std::vector<std::size_t> first_edge; // global number of each input's edge 0
    std::size_t edges = 0;
    for (const Input& in : inputs) {
        sum.emplace_back(in.picture, store);
        first_edge.push_back(edges);
        edges += in.picture.edge_count();
    }
    Report report;
    GameId total = GameId();
    for (auto& p : sum) total = store.add(total, p.value());
    report.value = store.name(total, notation);
    report.outcome = store.outcome(total);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& picture = inputs[i].picture;
        std::array<EdgeMask, hackenbush::Picture::MAX_EDGES> parts{};
        const unsigned n = picture.parts(picture.all(), parts);
        for (unsigned k = 0; k < n; ++k) {
            Part part{i, {}, store.name(sum[i].value(parts[k]), notation)};
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

const char* outcome_words(core::Outcome o) {
    switch (o) {
    case core::Outcome::Left: return "Blue wins, whoever moves first";
    case core::Outcome::Right: return "Red wins, whoever moves first";
    case core::Outcome::Previous: return "the second player wins (whoever moves first loses)";
    case core::Outcome::Next: return "the player to move wins";
    }
    return "";
}

std::string where(const Input& in, std::uint32_t line) {
    return in.name + (line ? ":" + std::to_string(line) : std::string());
}

std::string edge_list(const std::vector<std::size_t>& edges) {
    std::string s;
    for (std::size_t i = 0; i < edges.size(); ++i) s += (i ? "," : "") + std::to_string(edges[i]);
    return s;
}

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", u);
            out += buffer;
        } else {
            out += c; // UTF-8 passes through
        }
    }
    return out + "\"";
}

} // namespace

std::string format_text(const Report& report, const std::vector<Input>& inputs, bool ascii) {
    std::ostringstream out;
    out << "value:   " << report.value << "\n";
    out << "outcome: " << core::outcome_letter(report.outcome) << " (" << outcome_words(report.outcome)
        << ")\n";
    out << "parts:\n";
    for (const Part& p : report.parts)
        out << "  " << inputs[p.input].name << " edge" << (p.edges.size() > 1 ? "s " : " ")
            << edge_list(p.edges) << ": " << p.value << "\n";
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
    std::ostringstream out;
    out << "{\"value\": " << json_string(report.value) << ", \"outcome\": \""
        << core::outcome_letter(report.outcome) << "\", \"parts\": [";
    for (std::size_t i = 0; i < report.parts.size(); ++i) {
        const Part& p = report.parts[i];
        out << (i ? ", " : "") << "{\"file\": " << json_string(inputs[p.input].name)
            << ", \"edges\": [";
        for (std::size_t k = 0; k < p.edges.size(); ++k) out << (k ? ", " : "") << p.edges[k];
        out << "], \"value\": " << json_string(p.value) << "}";
    }
    out << "], \"to_move\": ";
    if (report.to_move)
        out << (*report.to_move == Player::Blue ? "\"blue\"" : "\"red\"");
    else
        out << "null";
    out << ", \"hints\": [";
    for (std::size_t i = 0; i < report.cuts.size(); ++i) {
        const Cut& c = report.cuts[i];
        out << (i ? ", " : "") << "{\"edge\": " << c.edge << ", \"file\": "
            << json_string(inputs[c.input].name) << ", \"line\": " << c.line
            << ", \"value_after\": " << json_string(c.value_after)
            << ", \"keeps_win\": " << (c.keeps_win ? "true" : "false") << "}";
    }
    out << "]}\n";
    return out.str();
}

} // namespace cgt::hackenbush_tool
