#pragma once
// The value atlas: the stalk and graph tables of the Hackenbush result files, read once and
// checked as the verify programs check them (a partial, incomplete, foreign or altered file
// is refused: common::ResultRefused), then asked without recomputing any position:
//
//   stalks: results/hackenbush-stalks.h5 (cgt-hackenbush-stalks), tables `stalks`
//           (length, colours, value, birthday, kind) and `values` (value, text);
//   graphs: results/hackenbush-colour.h5 (cgt-hackenbush-colour), tables `graphs`
//           (colours, edges, graph, value, whole, outcome, search, kind) and `values`.
//
// A row's value is an index into its file's `values` table, whose `text` column holds the
// compact canonical text (GameStore::canonical_text: "#k" back-references where a group
// repeats). Equal values have equal texts, so "every row of value V" is the rows of one
// index, found through the text of V. Outcomes come from the graphs' own column; for stalks,
// and for temperatures and atomic weights, each distinct value's text is read back into the
// engine once, on the first query that needs it (stalk files do not yet store them).
#include "common/runtime/result_reader.hpp"
#include "core/game_store.hpp"
#include "core/thermograph.hpp"

#include <optional>
#include <string>
#include <vector>

namespace cgt::lookup_tool {

enum class Source : std::uint8_t { Stalks, Graphs };

struct Row {
    Source source;
    std::uint64_t row;
};

class Atlas {
public:
    Atlas() : m_thermal(m_store) {}
    Atlas(const Atlas&) = delete; // parts point into their own tables
    Atlas& operator=(const Atlas&) = delete;
    // Reads and checks a file (ResultRefused on a refused one). Each at most once.
    void load_stalks(const std::string& path);
    void load_graphs(const std::string& path);
    [[nodiscard]] bool has(Source s) const { return part(s).loaded; }

    // The row of a stalk ("GBRBG": colours from the ground up), if the file holds it.
    [[nodiscard]] std::optional<Row> stalk(const std::string& colours) const;
    // The rows of a graph ("0-1B 1-2R", edges u-vC in any order; one row per colour set of
    // the file that holds it: a blue-red graph is in the BR and the BRG families).
    std::vector<Row> graph(const std::string& text);
    // The rows whose value is g.
    std::vector<Row> with_value(core::GameId g);
    // The rows of an outcome ('L', 'R', 'P', 'N'), of a temperature in [low, high], of an
    // atomic weight equal to w (all-small values only).
    std::vector<Row> with_outcome(Source s, char outcome);
    std::vector<Row> with_temperature(Source s, const core::Dyadic& low, const core::Dyadic& high);
    std::vector<Row> with_atomic_weight(Source s, core::GameId w);

    // What a row shows.
    [[nodiscard]] std::string key(Row r) const;            // the stalk's colours or the graph's text
    [[nodiscard]] std::string family(Row r) const;         // "" or the graph's colour set
    [[nodiscard]] std::int64_t size(Row r) const;          // length or edges
    [[nodiscard]] const std::string& value_text(Row r) const; // compact canonical text
    [[nodiscard]] const std::string& kind(Row r) const;
    [[nodiscard]] std::uint64_t value_index(Row r) const;
    char outcome(Row r);

    [[nodiscard]] std::uint64_t rows(Source s) const { return part(s).rows; }
    [[nodiscard]] std::uint64_t distinct_values(Source s) const { return part(s).texts->size(); }
    core::GameStore& store() { return m_store; }
    core::Thermography& thermal() { return m_thermal; }

private:
    struct Part {
        bool loaded = false;
        std::string path;
        std::uint64_t rows = 0;
        common::Table table, values;
        const std::vector<std::string>* texts = nullptr; // values.text by value index
        std::vector<std::int64_t> value, size;            // per row
        const std::vector<std::string>* key = nullptr;    // colours or graph text, per row
        const std::vector<std::string>* family = nullptr; // graphs: colour set, per row
        std::vector<std::string> families;                // graphs: the colour sets
        const std::vector<std::string>* kind = nullptr;
        const std::vector<std::string>* outcome = nullptr; // graphs only
        // The rows of each value index (counting sort). A text's index is found by binary
        // search: the writer numbers the values in byte order of their texts (checked at load).
        std::vector<std::uint64_t> first_of_value, rows_by_value;
        // Made on first need: (hash of the graph text, row) sorted; per value: engine handle.
        std::vector<std::pair<std::uint64_t, std::uint64_t>> graph_rows;
        std::vector<core::GameId> games;
    };
    [[nodiscard]] const Part& part(Source s) const { return s == Source::Stalks ? m_stalks : m_graphs; }
    Part& part(Source s) { return s == Source::Stalks ? m_stalks : m_graphs; }
    void load(Part& p, const std::string& path, const char* program, const char* table, const char* size,
              const char* key);
    void index(Part& p);
    const std::vector<core::GameId>& games(Source s);
    std::vector<Row> rows_of_values(Source s, const std::vector<bool>& wanted) const;

    core::GameStore m_store;
    core::Thermography m_thermal;
    Part m_stalks, m_graphs;
};

// "0-1B 1-2R" with its edges ordered as the graph job writes them for the colour set
// `colours` (by u <= v, then v, then the colour's place in the set); std::invalid_argument
// for a bad edge or a colour outside the set.
std::string normalised_graph(const std::string& text, const std::string& colours);

} // namespace cgt::lookup_tool
