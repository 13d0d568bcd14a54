// What a run of the openings job solves: --sizes, --rules and cell names parsed, the rows
// enumerated, the order of their tasks, the counters of a rule family.
#include "hex-openings/openings_tasks.hpp"

#include "hex-openings/openings_schema.hpp"
#include "hex/solver/openings.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace cgt::jobs::hex_openings {

std::vector<hex::Shape> parse_sizes(const std::string& text) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    std::vector<hex::Shape> out;
    const auto add = [&](hex::Shape s, const std::string& item) {
        if (std::find(out.begin(), out.end(), s) != out.end())
            throw std::invalid_argument("--sizes: the " + s.name() + " board is listed twice ('" + item + "')");
        out.push_back(s);
    };
    for (std::string item; in >> item;) {
        try {
            if (const auto dash = item.find('-'); dash != std::string::npos) {
                const hex::Shape a = hex::Shape::parse(item.substr(0, dash)), b = hex::Shape::parse(item.substr(dash + 1));
                if (!a.is_square() || !b.is_square() || item.find_first_of("xX") != std::string::npos)
                    throw std::invalid_argument("a range A-B is of square sides");
                if (a.rows > b.rows) throw std::invalid_argument("the range is empty (first > last)");
                for (int n = a.rows; n <= b.rows; ++n) add(hex::Shape::square(n), item);
            } else {
                add(hex::Shape::parse(item), item);
            }
        } catch (const std::invalid_argument& e) {
            const std::string what = e.what();
            if (what.rfind("--sizes", 0) == 0) throw;
            throw std::invalid_argument("--sizes: '" + item + "': " + what);
        }
    }
    if (out.empty()) throw std::invalid_argument("--sizes is empty: give N, A-B or WxH (e.g. 1-5 or 6x7,7x8)");
    return out;
}

std::vector<RuleSpec> parse_rule_specs(const std::string& text) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    std::vector<RuleSpec> out;
    for (std::string item; in >> item;) {
        RuleSpec spec;
        std::string name = item;
        if (const auto at = item.find('@'); at != std::string::npos) {
            name = item.substr(0, at);
            const std::string size = item.substr(at + 1);
            if (size.empty() || size.size() > 2 || size.find_first_not_of("0123456789") != std::string::npos ||
                std::stoi(size) < 1 || std::stoi(size) > hex::MAX_BOARD_SIZE)
                throw std::invalid_argument("--rules: '" + item + "': the size after @ must be 1.." +
                                            std::to_string(hex::MAX_BOARD_SIZE));
            spec.max_size = std::stoi(size);
        }
        try {
            spec.rules = hex::RuleSet::parse(name);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("--rules: " + std::string(e.what()));
        }
        for (const RuleSpec& seen : out)
            if (seen.rules == spec.rules)
                throw std::invalid_argument("--rules: " + spec.rules.name() + " is listed twice");
        out.push_back(spec);
    }
    if (out.empty()) throw std::invalid_argument("--rules is empty: name at least one rule set (e.g. rule1+2)");
    return out;
}

hex::RuleSet parse_misere_rules(const std::string& text) {
    hex::RuleSet rules;
    try {
        rules = hex::RuleSet::parse(text);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("--misere-rules: " + std::string(e.what()));
    }
    if (rules.rules != hex::Rules::plain && rules.rules != hex::Rules::rex)
        throw std::invalid_argument("--misere-rules must be plain (optionally +history or +distance) or a rex rule "
                                    "set (e.g. dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation): the "
                                    "threat and vc rules assume that connecting wins; got " + text);
    return rules;
}

std::vector<Opening> enumerate(const Params& params) {
    std::vector<Opening> rows;
    const auto add_board = [&](hex::Variant variant, const hex::RuleSet& rules, hex::Shape shape) {
        const std::uint64_t first = rows.size();
        const bool copy = std::max(shape.rows, shape.cols) >= params.copy_from;
        for (const hex::Cell c : hex::all_cells(shape)) {
            Opening o{variant, rules, shape, c, rows.size()};
            if (copy && !hex::is_representative(shape, c)) {
                const hex::Cell partner = hex::rotate(shape, c);
                o.source = first + static_cast<std::uint64_t>(partner.row * shape.cols + partner.col);
            }
            rows.push_back(o);
        }
    };
    for (const RuleSpec& spec : params.rules)
        for (const hex::Shape shape : params.sizes)
            if (std::max(shape.rows, shape.cols) <= spec.max_size) add_board(hex::Variant::normal, spec.rules, shape);
    for (int n = params.misere_min; n <= params.misere_max; ++n)
        add_board(hex::Variant::misere, params.misere_rules, hex::Shape::square(n));
    if (params.cells.empty()) return rows;
    std::vector<Opening> chosen;
    for (const std::string& name : params.cells)
        if (std::none_of(rows.begin(), rows.end(), [&](const Opening& o) { return hex::cell_name(o.cell) == name; }))
            throw std::invalid_argument("--cells: '" + name + "' is not a cell of the boards of this run");
    for (Opening o : rows)
        if (std::find(params.cells.begin(), params.cells.end(), hex::cell_name(o.cell)) != params.cells.end()) {
            o.source = chosen.size();
            chosen.push_back(o);
        }
    return chosen;
}

std::vector<std::uint64_t> tasks(const std::vector<Opening>& rows) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t i = 0; i < rows.size(); ++i)
        if (rows[i].source == i) out.push_back(i);
    const auto weight = [&](std::uint64_t i) {
        const Opening& o = rows[i];
        const int variant = o.variant == hex::Variant::misere ? 0 : 1;
        const int rules = static_cast<int>(o.rules.rules) * 8 + (o.rules.search == hex::Search::dfpn ? 4 : 0) +
                          (o.rules.inferior ? 2 : 0) + (o.rules.proof ? 1 : 0);
        const int order = o.rules.order == hex::Order::distance ? 1 : 0;
        const bool vc = o.rules.rules == hex::Rules::vc;
        const int r = o.cell.row, c = o.cell.col;
        const int edge = vc ? std::min(c, o.shape.cols - 1 - c) : 0;
        const int middle = vc ? std::abs(2 * r - (o.shape.rows - 1)) : 0;
        return std::make_tuple(-o.shape.cells(), variant, rules, order, edge, middle, i);
    };
    std::sort(out.begin(), out.end(), [&](std::uint64_t a, std::uint64_t b) { return weight(a) < weight(b); });
    return out;
}

std::vector<RuleCount> rule_counters(const hex::RuleSet& rules, const hex::SearchStats& s) {
    if (rules.rules == hex::Rules::rex) // misere_analysis.hpp's rules
        return {{"tt-hits", s.tt_hits},
                {"expansions", s.expansions},
                {"fill-dead", s.filled_dead},
                {"fill-pairs", s.filled_pairs},
                {"fill-decided", s.fill_decided},
                {"forced-moves", s.forced_moves},
                {"pairing-wins", s.vc_wins},
                {"pairing-losses", s.vc_losses},
                {"mirror-wins", s.rule2_wins},
                {"mirror-losses", s.rule2_losses},
                {"keys-cut", s.vulnerable_cut},
                {"killers-cut", s.dominated_cut},
                {"rotation-cut", s.mustplay_cut}};
    if (rules.rules != hex::Rules::vc)
        return {{"tt-hits", s.tt_hits},
                {"rule1-losses", s.rule1_losses},
                {"forced-moves", s.forced_moves},
                {"rule2-wins", s.rule2_wins},
                {"rule2-losses", s.rule2_losses}};
    return {{"tt-hits", s.tt_hits},
            {"expansions", s.expansions},
            {"fill-dead", s.filled_dead},
            {"fill-captured", s.filled_captured},
            {"fill-pairs", s.filled_pairs},
            {"fill-decided", s.fill_decided},
            {"vc-wins", s.vc_wins},
            {"vc-losses", s.vc_losses},
            {"mustplay-losses", s.mustplay_losses},
            {"mustplay-cut", s.mustplay_cut},
            {"dominated-cut", s.dominated_cut},
            {"proof-cut", s.proof_cut}};
}

std::vector<std::string> parse_cell_names(const std::string& text, const std::string& option,
                                          const std::string& none_word) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    std::vector<std::string> out;
    for (std::string name; in >> name;) {
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (name == none_word) continue;
        const bool letter = name.size() >= 2 && name[0] >= 'a' && name[0] < 'a' + hex::MAX_BOARD_SIZE;
        const std::string digits = letter ? name.substr(1) : "";
        if (!letter || digits.size() > 2 || digits.find_first_not_of("0123456789") != std::string::npos ||
            digits[0] == '0' || std::stoi(digits) > hex::MAX_BOARD_SIZE)
            throw std::invalid_argument(option + ": '" + name + "' is not a cell name (a column letter and a row from 1: g2)");
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    return out;
}

} // namespace cgt::jobs::hex_openings
