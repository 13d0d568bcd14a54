#include "verify/octal-sweep/game_rows.hpp"

#include "octal-sweep/octal_sweep_schema.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace cgt::verify::octal_sweep {

namespace schema = cgt::jobs::octal_sweep::schema;

std::vector<GameRow> read_rows(const common::ResultReader& file, verify::Report& report) {
    const auto table = file.read_table(schema::games::table);
    namespace g = schema::games;
    const auto& t = [&](const common::Col<std::string>& column) -> const std::vector<std::string>& {
        return table.texts(column);
    };
    const auto family = t(g::family), game = t(g::game), code = t(g::code), status = t(g::status);
    const auto proof = t(g::proof), mask = t(g::rare_mask), firsts = t(g::first_values);
    const auto index = table.ints(schema::games::index);
    const auto n0 = table.ints(schema::games::preperiod), p = table.ints(schema::games::period), end = table.ints(schema::games::check_end);
    const auto removal = table.ints(schema::games::largest_removal), bound = table.ints(schema::games::max_heap);
    const auto to = table.ints(schema::games::computed_to), largest = table.ints(schema::games::largest_value);
    const auto at = table.ints(schema::games::largest_at), rare = table.ints(schema::games::rare_heaps), last = table.ints(schema::games::last_rare);
    std::vector<GameRow> rows;
    for (std::size_t i = 0; i < table.rows; ++i) {
        if (index[i] != static_cast<long long>(i)) throw common::ResultRefused("games table out of order");
        rows.push_back({family[i], game[i], code[i], status[i], proof[i], mask[i], n0[i], p[i], end[i],
                        removal[i], bound[i], to[i], largest[i], at[i], rare[i], last[i], {}, {}});
        std::istringstream in(firsts[i]);
        for (Grundy v; in >> v;) rows.back().first_values.push_back(v);
    }
    const auto sequences = file.read_table(schema::sequences::table);
    report.count_rows(table.rows + sequences.rows);
    const auto game_of = sequences.ints(schema::sequences::index), heap = sequences.ints(schema::sequences::heap), value = sequences.ints(schema::sequences::value);
    for (std::size_t i = 0; i < sequences.rows; ++i) {
        if (game_of[i] < 0 || static_cast<std::size_t>(game_of[i]) >= rows.size())
            throw common::ResultRefused("sequences table names no game");
        auto& sequence = rows[static_cast<std::size_t>(game_of[i])].sequence;
        if (static_cast<long long>(sequence.size()) != heap[i]) throw common::ResultRefused("sequences table out of order");
        sequence.push_back(static_cast<Grundy>(value[i]));
    }
    for (const auto& row : rows)
        if (!row.sequence.empty() && static_cast<long long>(row.sequence.size()) != row.preperiod + row.period)
            throw common::ResultRefused("sequence of " + row.game + " is not preperiod + period long");
    return rows;
}

// CSV rows after the '#' comments and the header; fields split at commas outside quotes.
std::vector<std::vector<std::string>> read_csv(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read reference file '" + path + "'");
    std::vector<std::vector<std::string>> rows;
    bool header = true;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        if (std::exchange(header, false)) continue;
        std::vector<std::string> fields(1);
        bool quoted = false;
        for (char c : line) {
            if (c == '"') quoted = !quoted;
            else if (c == ',' && !quoted) fields.emplace_back();
            else fields.back() += c;
        }
        rows.push_back(std::move(fields));
    }
    return rows;
}

// The row of a game by its octal code: the longest run of it (listed games go furthest).
const GameRow* find_code(const std::vector<GameRow>& rows, const std::string& code) {
    const GameRow* best = nullptr;
    for (const auto& row : rows)
        if (row.code == code && row.game.find("misere") == std::string::npos &&
            (!best || row.max_heap > best->max_heap))
            best = &row;
    return best;
}

const GameRow* find_game(const std::vector<GameRow>& rows, const std::string& family, const std::string& game) {
    for (const auto& row : rows)
        if (row.family == family && row.game == game) return &row;
    return nullptr;
}

} // namespace cgt::verify::octal_sweep
