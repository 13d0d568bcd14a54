#include "hex/analysis/rule_set.hpp"

#include <stdexcept>
#include <utility>
#include <vector>

namespace cgt::hex {

namespace {
// The rex rule set read by RuleSet::parse, or std::invalid_argument for a part it refuses.
RuleSet checked_rex(std::string_view text, const RuleSet& out) {
    if (out.inferior || out.proof || out.stronger || out.templates || out.row4 || out.semis || out.induced ||
        out.vulnerable || out.regions || out.order == Order::history || out.order == Order::distance)
        throw std::invalid_argument("rule set '" + std::string(text) +
                                    "': the rex rules take dfpn, dead, captured, pairing, keys, killers, blockers, mirror, "
                                    "rotation, transpose and the centre or resistance order (e.g. "
                                    "dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation)");
    if (out.keys && !out.pairing)
        throw std::invalid_argument("rule set '" + std::string(text) +
                                    "': keys go with pairing (e.g. rex+pairing+keys)");
    return out;
}
} // namespace

std::string RuleSet::name() const {
    const char* base = rules == Rules::plain   ? "plain"
                       : rules == Rules::rule1 ? "rule1"
                       : rules == Rules::rule12 ? "rule1+2"
                       : rules == Rules::vc     ? "vc"
                                                : "rex";
    std::string out = search == Search::dfpn ? "dfpn+" : "";
    out += base;
    if (dead) out += "+dead";
    if (captured) out += "+captured";
    if (pairing) out += "+pairing";
    if (keys) out += "+keys";
    if (killers) out += "+killers";
    if (blockers) out += "+blockers";
    if (mirror) out += "+mirror";
    if (rotation) out += "+rotation";
    if (stronger) out += "+stronger";
    if (templates) out += "+templates";
    if (row4) out += "+row4";
    if (semis) out += "+semis";
    if (ladders) out += "+ladders";
    if (keypair) out += "+keypair";
    if (inferior) out += "+inferior";
    if (induced) out += "+induced";
    if (vulnerable) out += "+vulnerable";
    if (regions) out += "+regions";
    if (proof) out += "+proof";
    if (transpose) out += "+transpose";
    if (order == Order::history) out += "+history";
    if (order == Order::distance) out += "+distance";
    if (order == Order::resistance) out += "+resistance";
    return out;
}

RuleSet RuleSet::parse(std::string_view text) {
    const auto unknown = [&]() {
        return std::invalid_argument("unknown rule set '" + std::string(text) +
                                     "' (use plain, rule1, rule1+2 or vc, optionally with +history or +distance, "
                                     "and vc with dfpn+, +stronger, +templates, +row4, +semis, +ladders, +keypair, +inferior (+induced, +vulnerable, +regions), +proof, +transpose and +resistance, "
                                     "and for misere Hex rex with dfpn+, +dead, +captured, +pairing, +keys, +killers, +blockers, +mirror, +rotation, "
                                     "+transpose and +resistance)");
    };
    std::vector<std::string_view> parts;
    for (std::size_t at = 0;;) {
        const std::size_t plus = text.find('+', at);
        parts.push_back(text.substr(at, plus == std::string_view::npos ? std::string_view::npos : plus - at));
        if (plus == std::string_view::npos) break;
        at = plus + 1;
    }
    RuleSet out;
    bool has_base = false, has_order = false, has_dfpn = false;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string_view p = parts[i];
        const auto set_base = [&](Rules r) {
            if (has_base) throw unknown();
            has_base = true;
            out.rules = r;
        };
        const auto set_order = [&](Order o) {
            if (has_order) throw unknown();
            has_order = true;
            out.order = o;
        };
        if (p == "plain") {
            set_base(Rules::plain);
        } else if (p == "rule1" || p == "1") {
            const bool with_2 = i + 1 < parts.size() && parts[i + 1] == "2";
            set_base(with_2 ? Rules::rule12 : Rules::rule1);
            i += with_2 ? 1 : 0;
        } else if (p == "2") {
            set_base(Rules::rule12);
        } else if (p == "vc") {
            set_base(Rules::vc);
        } else if (p == "rex") {
            set_base(Rules::rex);
        } else if (p == "dead" && !out.dead) {
            out.dead = true;
        } else if (p == "captured" && !out.captured) {
            out.captured = true;
        } else if (p == "pairing" && !out.pairing) {
            out.pairing = true;
        } else if (p == "keys" && !out.keys) {
            out.keys = true;
        } else if (p == "killers" && !out.killers) {
            out.killers = true;
        } else if (p == "blockers" && !out.blockers) {
            out.blockers = true;
        } else if (p == "mirror" && !out.mirror) {
            out.mirror = true;
        } else if (p == "rotation" && !out.rotation) {
            out.rotation = true;
        } else if (p == "history" || p == "h") {
            set_order(Order::history);
        } else if (p == "distance" || p == "d") {
            set_order(Order::distance);
        } else if (p == "resistance" || p == "r") {
            set_order(Order::resistance);
        } else if (p == "inferior" && !out.inferior) {
            out.inferior = true;
        } else if (p == "stronger" && !out.stronger) {
            out.stronger = true;
        } else if (p == "templates" && !out.templates) {
            out.templates = true;
        } else if (p == "row4" && !out.row4) {
            out.row4 = true;
        } else if (p == "semis" && !out.semis) {
            out.semis = true;
        } else if (p == "ladders" && !out.ladders) {
            out.ladders = true;
        } else if (p == "keypair" && !out.keypair) {
            out.keypair = true;
        } else if (p == "induced" && !out.induced) {
            out.induced = true;
        } else if (p == "vulnerable" && !out.vulnerable) {
            out.vulnerable = true;
        } else if (p == "regions" && !out.regions) {
            out.regions = true;
        } else if (p == "proof" && !out.proof) {
            out.proof = true;
        } else if (p == "transpose" && !out.transpose) {
            out.transpose = true;
        } else if (p == "dfpn" && !has_dfpn) {
            has_dfpn = true;
            out.search = Search::dfpn;
        } else {
            throw unknown();
        }
    }
    if (!has_base) throw unknown();
    if (out.rules == Rules::rex) return checked_rex(text, out);
    if (out.dead || out.captured || out.pairing || out.keys || out.killers || out.blockers || out.mirror ||
        out.rotation)
        throw std::invalid_argument("rule set '" + std::string(text) +
                                    "': dead, captured, pairing, keys, killers, blockers, mirror and rotation go with the rex "
                                    "rules only (misere Hex, e.g. dfpn+rex+dead+pairing)");
    if (out.rules != Rules::vc &&
        (out.inferior || out.proof || out.transpose || out.stronger || out.templates || out.row4 ||
         out.ladders || out.keypair || out.search == Search::dfpn))
        throw std::invalid_argument("rule set '" + std::string(text) +
                                    "': dfpn, stronger, templates, inferior, proof and transpose go with the vc rules only (e.g. "
                                    "dfpn+vc+inferior+proof)");
    if (out.keypair && !out.stronger)
        throw std::invalid_argument(
            "rule set '" + std::string(text) +
            "': keypair goes with stronger (e.g. dfpn+vc+stronger+ladders+keypair)");
    if (out.semis && !out.templates && !out.row4)
        throw std::invalid_argument("rule set '" + std::string(text) +
                                    "': semis go with templates or row4 (e.g. dfpn+vc+templates+semis)");
    if ((out.induced || out.vulnerable || out.regions) && !out.inferior)
        throw std::invalid_argument("rule set '" + std::string(text) +
                                    "': induced, vulnerable and regions go with inferior (e.g. dfpn+vc+inferior+induced)");
    if (out.rules == Rules::vc && out.order == Order::history)
        throw std::invalid_argument("rule set '" + std::string(text) +
                                    "': the vc rules take the centre, distance or resistance order, not history");
    if (out.rules != Rules::vc && out.order == Order::resistance)
        throw std::invalid_argument("rule set '" + std::string(text) + "': the resistance order goes with the vc rules only");
    return out;
}

const char* variant_name(Variant v) { return v == Variant::normal ? "normal" : "misere"; }

Variant parse_variant(std::string_view text) {
    if (text == "normal") return Variant::normal;
    if (text == "misere") return Variant::misere;
    throw std::invalid_argument("unknown variant '" + std::string(text) + "' (use normal or misere)");
}

} // namespace cgt::hex
