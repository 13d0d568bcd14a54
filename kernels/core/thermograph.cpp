#include "core/thermograph.hpp"

#include "core/post_order.hpp"

#include <stdexcept>
#include <vector>

namespace cgt::core {

namespace {

void append_wall(std::string& out, const PiecewiseLinear& wall) {
    const auto& pieces = wall.pieces();
    out += wall.at(pieces.back().start).to_string();
    out += ",[";
    for (std::size_t i = pieces.size(); i-- > 1;) {
        out += pieces[i].start.to_string();
        if (i > 1) out += ',';
    }
    out += "],[";
    for (std::size_t i = pieces.size(); i-- > 0;) {
        out += std::to_string(pieces[i].slope);
        if (i > 0) out += ',';
    }
    out += ']';
}

} // namespace

std::string Thermograph::cgsuite_text() const {
    std::string out = "Thermograph(";
    append_wall(out, left_wall);
    out += ',';
    append_wall(out, right_wall);
    return out + ')';
}

const Thermograph& Thermography::thermograph(GameId g) {
    if (const auto it = m_memo.find(g.bits()); it != m_memo.end()) return it->second;
    // compute() asks for the options' thermographs, which are remembered by then.
    post_order(
        m_store, g, [&](GameId x) { return m_memo.contains(x.bits()); },
        [](GameId x) { return x.is_number() && x.number_value().is_integer(); },
        [&](GameId x) { m_memo.emplace(x.bits(), compute(x)); });
    return m_memo.at(g.bits());
}

Thermograph Thermography::compute(GameId g) {
    if (g.is_number() && g.number_value().is_integer()) {
        const Dyadic n = g.number_value();
        return {PiecewiseLinear::constant(n), PiecewiseLinear::constant(n), n, PiecewiseLinear::base()};
    }
    // Every other canonical form (a non-integer number included) has options on both sides.
    const std::vector<GameId> left = m_store.left_options(g), right = m_store.right_options(g);
    PiecewiseLinear left_scaffold = thermograph(left.front()).right_wall;
    for (std::size_t i = 1; i < left.size(); ++i)
        left_scaffold = PiecewiseLinear::max(left_scaffold, thermograph(left[i]).right_wall);
    PiecewiseLinear right_scaffold = thermograph(right.front()).left_wall;
    for (std::size_t i = 1; i < right.size(); ++i)
        right_scaffold = PiecewiseLinear::min(right_scaffold, thermograph(right[i]).left_wall);
    left_scaffold = left_scaffold.plus_t(-1);
    right_scaffold = right_scaffold.plus_t(1);
    // The left scaffold falls and the right one rises, so they meet exactly once.
    const auto foot = PiecewiseLinear::first_at_or_below(left_scaffold, right_scaffold);
    if (!foot || left_scaffold.at(*foot) != right_scaffold.at(*foot))
        throw std::logic_error("thermograph of " + m_store.canonical_text(g) +
                               ": the scaffolds do not meet (apart at t = -1)");
    const Dyadic mast = left_scaffold.at(*foot);
    return {left_scaffold.frozen_from(*foot), right_scaffold.frozen_from(*foot), mast, *foot};
}

GameId Thermography::cool(GameId g, const Dyadic& t) {
    if (t < PiecewiseLinear::base())
        throw std::invalid_argument("cooling is defined for t >= -1, got " + t.to_string());
    std::unordered_map<std::uint64_t, GameId> memo;
    const GameId tax = GameStore::number(t);
    const auto integer = [](GameId x) { return x.is_number() && x.number_value().is_integer(); };
    const auto cooled = [&](GameId x) { return integer(x) ? x : memo.at(x.bits()); };
    post_order(
        m_store, g, [&](GameId x) { return integer(x) || memo.contains(x.bits()); },
        [&](GameId x) { return temperature(x) < t; },
        [&](GameId x) {
            GameId result;
            if (temperature(x) < t) {
                result = GameStore::number(mean(x));
            } else {
                std::vector<GameId> left, right;
                for (GameId o : m_store.left_options(x)) left.push_back(m_store.sub(cooled(o), tax));
                for (GameId o : m_store.right_options(x)) right.push_back(m_store.add(cooled(o), tax));
                result = m_store.make(left, right);
            }
            memo.emplace(x.bits(), result);
        });
    return cooled(g);
}

} // namespace cgt::core
