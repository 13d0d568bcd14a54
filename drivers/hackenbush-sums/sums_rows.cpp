#include "hackenbush-sums/sums_rows.hpp"

#include "core/flat_map.hpp"
#include "hackenbush-sums/sums_schema.hpp"
#include "hackenbush/picture_values.hpp"
#include "hackenbush/win_loss.hpp"

#include <algorithm>
#include <stdexcept>

namespace cgt::jobs::hackenbush_sums {

using core::GameId;
using hackenbush::GraphFamily;
using hackenbush::Picture;

std::uint64_t parse_seed(const std::string& text) {
    const auto bad = [&] {
        return std::invalid_argument("--seed must be a whole number 0..18446744073709551615, got '" + text + "'");
    };
    if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos) throw bad();
    try {
        return std::stoull(text);
    } catch (const std::exception&) {
        throw bad();
    }
}

namespace {
// A counter-based stream: splitmix64 from a start that mixes seed, triple and picture.
class Stream {
public:
    Stream(std::uint64_t seed, std::uint64_t triple, unsigned k)
        : m_state(core::mix64(seed) ^ core::mix64(triple * 3 + k + 0x9e3779b97f4a7c15ULL)) {}
    // Uniform in 0 .. n-1 (the modulo bias, below 2^-50 for these n, does not matter).
    std::uint64_t below(std::uint64_t n) { return core::mix64(m_state += 0x9e3779b97f4a7c15ULL) % n; }

private:
    std::uint64_t m_state;
};
} // namespace

std::vector<hackenbush::EdgeKind> random_picture(const Params& params, const GraphFamily& family, std::uint64_t triple,
                                                 unsigned k) {
    Stream stream(params.seed, triple, k);
    std::vector<hackenbush::EdgeKind> kinds;
    for (;;) {
        kinds.resize(1 + stream.below(params.max_edges));
        for (auto& kind : kinds) kind = static_cast<hackenbush::EdgeKind>(stream.below(family.kinds().size()));
        std::sort(kinds.begin(), kinds.end());
        if (family.grounded(kinds)) return kinds;
    }
}

TripleRows::TripleRows(const Params& params, core::GameStore& store, jobs::hackenbush_common::ValueTexts& values)
    : m_params(params), m_family(params.vertices, "BRG", params.max_edges), m_store(store), m_values(values) {
    MAX_EDGES_OPTION.check(params.max_edges);
}

void TripleRows::declare_columns(common::LocalTable& table) { schema::triples::table.declare(table); }

void TripleRows::run(std::uint64_t begin, std::uint64_t end, common::LocalTable& table) {
    namespace t = schema::triples;
    std::vector<std::string>* picture_columns[] = {&table.column(t::a), &table.column(t::b), &table.column(t::c)};
    for (std::uint64_t i = begin; i < end; ++i) {
        GameId sum = GameId();
        std::vector<Picture> pictures;
        for (unsigned k = 0; k < 3; ++k) {
            const auto kinds = random_picture(m_params, m_family, i, k);
            picture_columns[k]->push_back(m_family.text(kinds));
            pictures.push_back(m_family.picture(kinds));
            sum = m_store.add(sum, hackenbush::PictureValues(pictures.back(), m_store).value());
        }
        const core::Outcome by_value = m_store.outcome(sum);
        const core::Outcome by_search =
            hackenbush::WinLossSearch(Picture::side_by_side(Picture::side_by_side(pictures[0], pictures[1]), pictures[2]))
                .outcome();
        m_agree += by_value == by_search;
        ++m_outcomes[static_cast<std::size_t>(by_value)];
        table.column(t::triple).push_back(static_cast<std::int64_t>(i));
        table.column(t::sum).push_back(m_values.local_id(sum));
        table.column(t::outcome).push_back(jobs::hackenbush_common::outcome_word(by_value));
        table.column(t::search).push_back(jobs::hackenbush_common::outcome_word(by_search));
    }
}

void declare_summary_columns(common::LocalTable& table) { schema::summary::table.declare(table); }

void append_summary_row(std::uint64_t triples, std::uint64_t agree, const std::vector<std::uint64_t>& outcomes,
                        common::LocalTable& table) {
    namespace s = schema::summary;
    const common::Col<std::int64_t> by_outcome[] = {s::left, s::right, s::previous, s::next}; // Outcome order
    table.column(s::triples).push_back(static_cast<std::int64_t>(triples));
    table.column(s::agree).push_back(static_cast<std::int64_t>(agree));
    for (std::size_t k = 0; k < 4; ++k) table.column(by_outcome[k]).push_back(static_cast<std::int64_t>(outcomes.at(k)));
}

} // namespace cgt::jobs::hackenbush_sums
