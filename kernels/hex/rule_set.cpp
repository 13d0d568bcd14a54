#include "hex/rule_set.hpp"

#include <stdexcept>
#include <utility>

namespace cgt::hex {

std::string RuleSet::name() const {
    const char* base = rules == Rules::plain ? "plain" : rules == Rules::rule1 ? "rule1" : "rule1+2";
    const char* suffix = order == Order::history ? "+history" : order == Order::distance ? "+distance" : "";
    return std::string(base) + suffix;
}

RuleSet RuleSet::parse(std::string_view text) {
    RuleSet out;
    std::string_view base = text;
    const std::pair<std::string_view, Order> suffixes[] = {
        {"+history", Order::history}, {"+h", Order::history}, {"+distance", Order::distance}, {"+d", Order::distance}};
    for (const auto& [suffix, order] : suffixes) {
        if (base.size() > suffix.size() && base.substr(base.size() - suffix.size()) == suffix) {
            out.order = order;
            base.remove_suffix(suffix.size());
            break;
        }
    }
    if (base == "plain") {
        out.rules = Rules::plain;
    } else if (base == "rule1" || base == "1") {
        out.rules = Rules::rule1;
    } else if (base == "rule1+2" || base == "1+2" || base == "2") {
        out.rules = Rules::rule12;
    } else {
        throw std::invalid_argument("unknown rule set '" + std::string(text) +
                                    "' (use plain, rule1 or rule1+2, optionally with +history or +distance)");
    }
    return out;
}

const char* variant_name(Variant v) { return v == Variant::normal ? "normal" : "misere"; }

Variant parse_variant(std::string_view text) {
    if (text == "normal") return Variant::normal;
    if (text == "misere") return Variant::misere;
    throw std::invalid_argument("unknown variant '" + std::string(text) + "' (use normal or misere)");
}

const char* outcome_name(Outcome o) {
    return o == Outcome::win ? "win" : o == Outcome::loss ? "loss" : "unknown";
}

} // namespace cgt::hex
