#include "hackenbush-colour/colour_rows.hpp"

#include "hackenbush-colour/colour_schema.hpp"
#include "hackenbush/picture_values.hpp"
#include "hackenbush/win_loss.hpp"

#include <algorithm>
#include <stdexcept>

namespace cgt::jobs::hackenbush_colour {

using core::GameId;
using hackenbush::GraphFamily;

std::vector<std::string> parse_colours(const std::string& text) {
    std::vector<std::string> out;
    for (const std::string& set : hackenbush_common::list_items(text)) {
        bool ok = set.size() <= 3;
        for (std::size_t i = 0; ok && i < set.size(); ++i)
            ok = (set[i] == 'B' || set[i] == 'R' || set[i] == 'G') && set.find(set[i]) == i;
        if (!ok)
            throw std::invalid_argument("--colours: '" + set +
                                        "' is not a set of distinct letters B, R, G");
        if (std::find(out.begin(), out.end(), set) != out.end())
            throw std::invalid_argument("--colours: '" + set + "' is listed twice");
        out.push_back(set);
    }
    if (out.empty())
        throw std::invalid_argument(
            "--colours is empty: name at least one colour set, e.g. BR or BRG");
    return out;
}

std::vector<GraphFamily> families(const Params& params) {
    hackenbush_common::VERTICES_OPTION.check(params.vertices);
    MAX_EDGES_OPTION.check(params.max_edges);
    std::vector<GraphFamily> out;
    for (const std::string& colours : params.colours) {
        try {
            out.emplace_back(params.vertices, colours, params.max_edges);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("--vertices " + std::to_string(params.vertices) +
                                        " --max-edges " + std::to_string(params.max_edges) + ": " +
                                        e.what());
        }
    }
    return out;
}

EdgeCounts& EdgeCounts::operator+=(const EdgeCounts& o) {
    graphs += o.graphs;
    outcome_agrees += o.outcome_agrees;
    whole_agrees += o.whole_agrees;
    numbers += o.numbers;
    number_nimber += o.number_nimber;
    number_ups += o.number_ups;
    other += o.other;
    next += o.next;
    return *this;
}

std::vector<std::uint64_t> flatten(const std::vector<EdgeCounts>& counts) {
    std::vector<std::uint64_t> flat;
    for (const EdgeCounts& c : counts)
        flat.insert(flat.end(), {c.graphs, c.outcome_agrees, c.whole_agrees, c.numbers,
                                 c.number_nimber, c.number_ups, c.other, c.next});
    return flat;
}

std::vector<EdgeCounts> unflatten(const std::vector<std::uint64_t>& flat) {
    std::vector<EdgeCounts> out(flat.size() / COUNT_FIELDS);
    for (std::size_t k = 0; k < out.size(); ++k) {
        const std::uint64_t* f = flat.data() + k * COUNT_FIELDS;
        out[k] = {f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]};
    }
    return out;
}

GraphRows::GraphRows(const jobs::hackenbush_common::GraphTasks& tasks, core::GameStore& store,
                     jobs::hackenbush_common::ValueTexts& values)
    : m_tasks(tasks), m_store(store), m_values(values), m_counts(tasks.slots()) {}

void GraphRows::declare_columns(common::LocalTable& table) {
    schema::graphs::table.declare(table);
}

void GraphRows::run(std::uint64_t id, common::LocalTable& table) {
    const jobs::hackenbush_common::GraphTask task = m_tasks.task(id);
    namespace g = schema::graphs;
    auto& colours = table.column(g::colours);
    auto& edges = table.column(g::edges);
    auto& graph = table.column(g::graph);
    auto& value = table.column(g::value);
    auto& whole = table.column(g::whole);
    auto& outcome = table.column(g::outcome);
    auto& search = table.column(g::search);
    auto& kind = table.column(g::kind);
    EdgeCounts& count = m_counts[m_tasks.slot(task.family, task.edges)];
    table.begin_block(id);
    m_tasks.for_each_grounded(task, [&](const GraphFamily& family, const auto& multiset) {
        hackenbush::Picture picture = family.picture(multiset);
        const GameId split = hackenbush::PictureValues(picture, m_store, true).value();
        const GameId unsplit = hackenbush::PictureValues(picture, m_store, false).value();
        const core::Outcome by_value = m_store.outcome(split);
        const core::Outcome by_search = hackenbush::WinLossSearch(std::move(picture)).outcome();
        const core::ValueKind k = m_store.classify(split).kind;
        ++count.graphs;
        count.outcome_agrees += by_value == by_search;
        count.whole_agrees += split == unsplit;
        ++(k == core::ValueKind::Number         ? count.numbers
           : k == core::ValueKind::NumberNimber ? count.number_nimber
           : k == core::ValueKind::NumberUps    ? count.number_ups
                                                : count.other);
        count.next += by_value == core::Outcome::Next;
        colours.push_back(family.colours());
        edges.push_back(task.edges);
        graph.push_back(family.text(multiset));
        value.push_back(m_values.local_id(split));
        whole.push_back(m_values.local_id(unsplit));
        outcome.push_back(jobs::hackenbush_common::outcome_word(by_value));
        search.push_back(jobs::hackenbush_common::outcome_word(by_search));
        kind.push_back(core::kind_word(k));
    });
}

void declare_count_columns(common::LocalTable& table, bool with_edges) {
    (with_edges ? schema::by_edges : schema::colour_sets).declare(table);
}

void append_count_rows(const jobs::hackenbush_common::GraphTasks& tasks,
                       const std::vector<EdgeCounts>& counts,
                       const std::vector<std::uint64_t>& distinct, common::LocalTable& by_edges,
                       common::LocalTable& colour_sets) {
    const auto put = [](common::LocalTable& t, const EdgeCounts& c, std::uint64_t d) {
        const auto add = [&](const common::Col<std::int64_t>& col, std::uint64_t v) {
            t.column(col).push_back(static_cast<std::int64_t>(v));
        };
        add(schema::graphs_count, c.graphs);
        add(schema::distinct, d);
        add(schema::outcome_agrees, c.outcome_agrees);
        add(schema::whole_agrees, c.whole_agrees);
        add(schema::numbers, c.numbers);
        add(schema::number_nimber, c.number_nimber);
        add(schema::number_ups, c.number_ups);
        add(schema::other, c.other);
        add(schema::next, c.next);
    };
    for (std::size_t f = 0; f < tasks.families().size(); ++f) {
        const GraphFamily& family = tasks.families()[f];
        EdgeCounts total;
        for (unsigned e = 1; e <= family.max_edges(); ++e) {
            const EdgeCounts& c = counts[tasks.slot(f, e)];
            by_edges.column(schema::colours).push_back(family.colours());
            by_edges.column(schema::edges).push_back(e);
            put(by_edges, c, distinct.at(tasks.slot(f, e)));
            total += c;
        }
        colour_sets.column(schema::colours).push_back(family.colours());
        put(colour_sets, total, distinct.at(tasks.slot(f, 0))); // the colour set's distinct values
    }
}

} // namespace cgt::jobs::hackenbush_colour
