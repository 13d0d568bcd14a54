#include "tools/lookup/atlas.hpp"

#include "core/infinitesimals.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <tuple>

namespace cgt::lookup_tool {

using core::GameId;

namespace {

// Whether every row's value index is in range and the values table is 0, 1, 2, ...
void check_value_indices(const std::string& path, const std::vector<std::int64_t>& value, std::uint64_t distinct,
                         const std::vector<std::int64_t>& numbering) {
    for (std::size_t i = 0; i < numbering.size(); ++i)
        if (numbering[i] != static_cast<std::int64_t>(i))
            throw common::ResultRefused(path + ": table values is not numbered 0, 1, 2, ... (row " +
                                        std::to_string(i) + ")");
    for (std::int64_t v : value)
        if (v < 0 || static_cast<std::uint64_t>(v) >= distinct)
            throw common::ResultRefused(path + ": a row's value " + std::to_string(v) + " is not in table values");
}

} // namespace

void Atlas::load(Part& p, const std::string& path, const char* program, const char* table, const char* size,
                 const char* key) {
    if (p.loaded) return;
    const common::ResultReader reader(path, program);
    p.table = reader.read_table(table);
    p.values = reader.read_table("values");
    p.path = path;
    p.rows = p.table.rows;
    p.texts = &p.values.texts("text");
    p.value = p.table.ints("value");
    p.size = p.table.ints(size);
    p.key = &p.table.texts(key);
    p.kind = &p.table.texts("kind");
    check_value_indices(path, p.value, p.texts->size(), p.values.ints("value"));
    index(p);
    p.loaded = true;
}

void Atlas::load_stalks(const std::string& path) {
    load(m_stalks, path, "cgt-hackenbush-stalks", "stalks", "length", "colours");
}

void Atlas::load_graphs(const std::string& path) {
    Part& p = m_graphs;
    if (p.loaded) return;
    load(p, path, "cgt-hackenbush-colour", "graphs", "edges", "graph");
    p.family = &p.table.texts("colours");
    p.outcome = &p.table.texts("outcome");
    for (const std::string& f : *p.family)
        if (p.families.empty() || p.families.back() != f) p.families.push_back(f); // rows by colour set
}

void Atlas::index(Part& p) {
    const std::size_t n = p.texts->size();
    p.first_of_value.assign(n + 1, 0);
    for (std::int64_t v : p.value) ++p.first_of_value[static_cast<std::size_t>(v) + 1];
    for (std::size_t i = 0; i < n; ++i) p.first_of_value[i + 1] += p.first_of_value[i];
    p.rows_by_value.resize(p.value.size());
    std::vector<std::uint64_t> next(p.first_of_value.begin(), p.first_of_value.end() - 1);
    for (std::size_t r = 0; r < p.value.size(); ++r) p.rows_by_value[next[static_cast<std::size_t>(p.value[r])]++] = r;
    for (std::size_t i = 1; i < n; ++i)
        if (!((*p.texts)[i - 1] < (*p.texts)[i]))
            throw common::ResultRefused(p.path + ": table values is not in byte order of its texts (row " +
                                        std::to_string(i) + ")");
    p.games.assign(n, GameId::none());
}

std::optional<Row> Atlas::stalk(const std::string& colours) const {
    const Part& p = m_stalks;
    if (colours.empty() || colours.find_first_not_of("BRG") != std::string::npos)
        throw std::invalid_argument("a stalk is a string of B, R and G from the ground up, got '" + colours + "'");
    // Rows are in (length, colours) order with B < R < G: stalks shorter than n come first
    // (3 + 9 + ... + 3^(n-1)), then the base-3 rank of the colours.
    std::uint64_t row = 0, power = 1;
    for (std::size_t l = 1; l < colours.size(); ++l) {
        power *= 3;
        row += power;
        if (row > p.rows) return std::nullopt;
    }
    std::uint64_t rank = 0;
    for (char c : colours) rank = rank * 3 + (c == 'B' ? 0 : c == 'R' ? 1 : 2);
    row += rank;
    if (row >= p.rows) return std::nullopt;
    if ((*p.key)[row] != colours)
        throw common::ResultRefused(p.path + ": the stalks are not in (length, colours) order at row " +
                                    std::to_string(row));
    return Row{Source::Stalks, row};
}

std::string normalised_graph(const std::string& text, const std::string& colours) {
    std::vector<std::tuple<std::uint32_t, std::uint32_t, std::size_t, std::string>> edges;
    for (std::size_t pos = 0; pos < text.size();) {
        if (text[pos] == ' ' || text[pos] == ',') {
            ++pos;
            continue;
        }
        const std::size_t stop = std::min(text.find_first_of(" ,", pos), text.size());
        const std::string edge = text.substr(pos, stop - pos);
        pos = stop;
        const std::size_t dash = edge.find('-');
        const auto number = [&](const std::string& digits) {
            if (digits.empty() || digits.size() > 2 || digits.find_first_not_of("0123456789") != std::string::npos)
                throw std::invalid_argument("graph edge '" + edge + "' is not u-vC (vertices u, v and a colour B, R or G)");
            return static_cast<std::uint32_t>(std::stoul(digits));
        };
        if (dash == std::string::npos || edge.size() < dash + 3)
            throw std::invalid_argument("graph edge '" + edge + "' is not u-vC (vertices u, v and a colour B, R or G)");
        std::uint32_t u = number(edge.substr(0, dash)), v = number(edge.substr(dash + 1, edge.size() - dash - 2));
        const char c = edge.back();
        if (c != 'B' && c != 'R' && c != 'G')
            throw std::invalid_argument("graph edge '" + edge + "' is not u-vC (vertices u, v and a colour B, R or G)");
        const std::size_t place = colours.find(c);
        if (place == std::string::npos) return {}; // not a graph of this colour set
        if (v < u) std::swap(u, v);
        edges.emplace_back(u, v, place, std::to_string(u) + "-" + std::to_string(v) + c);
    }
    if (edges.empty()) throw std::invalid_argument("a graph needs at least one edge u-vC");
    std::sort(edges.begin(), edges.end());
    std::string out;
    for (const auto& e : edges) out += (out.empty() ? "" : " ") + std::get<3>(e);
    return out;
}

std::vector<Row> Atlas::graph(const std::string& text) {
    Part& p = m_graphs;
    const auto hash = [](std::string_view t) { return std::hash<std::string_view>{}(t); };
    if (p.graph_rows.empty()) {
        p.graph_rows.reserve(p.rows);
        for (std::uint64_t r = 0; r < p.rows; ++r) p.graph_rows.emplace_back(hash((*p.key)[r]), r);
        std::sort(p.graph_rows.begin(), p.graph_rows.end());
    }
    std::vector<Row> out;
    for (const std::string& f : p.families) {
        const std::string key = normalised_graph(text, f);
        if (key.empty()) continue;
        const std::uint64_t h = hash(key);
        for (auto it = std::lower_bound(p.graph_rows.begin(), p.graph_rows.end(), std::pair<std::uint64_t, std::uint64_t>{h, 0});
             it != p.graph_rows.end() && it->first == h; ++it)
            if ((*p.key)[it->second] == key && (*p.family)[it->second] == f) out.push_back({Source::Graphs, it->second});
    }
    std::sort(out.begin(), out.end(), [](Row a, Row b) { return a.row < b.row; });
    return out;
}

std::vector<Row> Atlas::with_value(GameId g) {
    const std::string text = m_store.canonical_text(g);
    std::vector<Row> out;
    for (Source s : {Source::Stalks, Source::Graphs}) {
        const Part& p = part(s);
        if (!p.loaded) continue;
        const auto it = std::lower_bound(p.texts->begin(), p.texts->end(), text);
        if (it == p.texts->end() || *it != text) continue;
        const auto v = static_cast<std::size_t>(it - p.texts->begin());
        for (std::uint64_t i = p.first_of_value[v]; i < p.first_of_value[v + 1]; ++i)
            out.push_back({s, p.rows_by_value[i]});
    }
    return out;
}

const std::vector<GameId>& Atlas::games(Source s) {
    Part& p = part(s);
    for (std::size_t i = 0; i < p.games.size(); ++i)
        if (p.games[i] == GameId::none()) p.games[i] = m_store.parse((*p.texts)[i]);
    return p.games;
}

std::vector<Row> Atlas::rows_of_values(Source s, const std::vector<bool>& wanted) const {
    const Part& p = part(s);
    std::vector<Row> out;
    for (std::uint64_t r = 0; r < p.rows; ++r)
        if (wanted[static_cast<std::size_t>(p.value[r])]) out.push_back({s, r});
    return out;
}

std::vector<Row> Atlas::with_outcome(Source s, char outcome) {
    const Part& p = part(s);
    if (!p.loaded) return {};
    if (p.outcome) {
        std::vector<Row> out;
        for (std::uint64_t r = 0; r < p.rows; ++r)
            if ((*p.outcome)[r].size() == 1 && (*p.outcome)[r][0] == outcome) out.push_back({s, r});
        return out;
    }
    const auto& g = games(s);
    std::vector<bool> wanted(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) wanted[i] = core::outcome_letter(m_store.outcome(g[i])) == outcome;
    return rows_of_values(s, wanted);
}

std::vector<Row> Atlas::with_temperature(Source s, const core::Dyadic& low, const core::Dyadic& high) {
    if (!part(s).loaded) return {};
    const auto& g = games(s);
    std::vector<bool> wanted(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) {
        const core::Dyadic t = m_thermal.temperature(g[i]);
        wanted[i] = !(t < low) && !(high < t);
    }
    return rows_of_values(s, wanted);
}

std::vector<Row> Atlas::with_atomic_weight(Source s, GameId w) {
    if (!part(s).loaded) return {};
    const auto& g = games(s);
    std::vector<bool> wanted(g.size());
    for (std::size_t i = 0; i < g.size(); ++i)
        wanted[i] = core::is_all_small(m_store, g[i]) && core::atomic_weight(m_store, g[i]) == w;
    return rows_of_values(s, wanted);
}

std::string Atlas::key(Row r) const { return (*part(r.source).key)[r.row]; }
std::string Atlas::family(Row r) const { return r.source == Source::Graphs ? (*m_graphs.family)[r.row] : ""; }
std::int64_t Atlas::size(Row r) const { return part(r.source).size[r.row]; }
std::uint64_t Atlas::value_index(Row r) const { return static_cast<std::uint64_t>(part(r.source).value[r.row]); }
const std::string& Atlas::value_text(Row r) const { return (*part(r.source).texts)[value_index(r)]; }
const std::string& Atlas::kind(Row r) const { return (*part(r.source).kind)[r.row]; }

char Atlas::outcome(Row r) {
    Part& p = part(r.source);
    if (p.outcome) return (*p.outcome)[r.row].empty() ? '?' : (*p.outcome)[r.row][0];
    GameId& g = p.games[value_index(r)];
    if (g == GameId::none()) g = m_store.parse(value_text(r));
    return core::outcome_letter(m_store.outcome(g));
}

} // namespace cgt::lookup_tool
