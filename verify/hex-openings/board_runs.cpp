#include "verify/hex-openings/board_runs.hpp"

#include "hex-openings/openings_schema.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace cgt::verify::hex_openings {

namespace schema = jobs::hex_openings::schema;

std::vector<std::string> BoardRun::map() const {
    std::vector<std::string> rows(static_cast<std::size_t>(size));
    for (int i = 0; i < size * cols; ++i) {
        const std::string& r = result[static_cast<std::size_t>(i)];
        rows[static_cast<std::size_t>(i / cols)] += r == "win" ? 'W' : r == "loss" ? 'L' : '?';
    }
    return rows;
}

int BoardRun::wins() const {
    return static_cast<int>(std::count(result.begin(), result.end(), "win"));
}

bool BoardRun::complete() const {
    return present_count() == static_cast<int>(result.size());
}

int BoardRun::present_count() const {
    return static_cast<int>(result.size()) -
           static_cast<int>(std::count(result.begin(), result.end(), std::string()));
}

bool BoardRun::decided() const {
    return std::all_of(result.begin(), result.end(),
                       [](const std::string& r) { return r.empty() || r == "win" || r == "loss"; });
}

std::uint64_t BoardRun::total_nodes() const {
    std::uint64_t t = 0;
    for (auto n : nodes)
        t += n;
    return t;
}

int BoardRun::solved() const {
    int n = 0;
    for (std::size_t i = 0; i < result.size(); ++i)
        n += !result[i].empty() && !copied[i];
    return n;
}

BoardRuns::BoardRuns(const common::Table& t, const std::vector<double>& seconds) {
    const auto size = t.ints(schema::size), cols = t.ints(schema::cols), row = t.ints(schema::row),
               col = t.ints(schema::col), nodes = t.ints(schema::openings::nodes),
               copied = t.ints(schema::openings::copied);
    const auto &variant = t.texts(schema::variant), &rules = t.texts(schema::rules),
               &result = t.texts(schema::openings::result);
    for (std::size_t i = 0; i < t.rows; ++i) {
        const std::string key = variant[i] + "|" + rules[i] + "|" + std::to_string(size[i]) + "x" +
                                std::to_string(cols[i]);
        auto it = m_index.find(key);
        if (it == m_index.end()) {
            const int n = static_cast<int>(size[i]), m = static_cast<int>(cols[i]);
            if (n < 1 || n > hex::MAX_BOARD_SIZE || m < 1 || m > hex::MAX_BOARD_SIZE)
                throw common::ResultRefused("row " + std::to_string(i) + ": board of " +
                                            std::to_string(n) + " rows and " + std::to_string(m) +
                                            " columns");
            const auto cells = static_cast<std::size_t>(n * m);
            BoardRun run{variant[i],
                         rules[i],
                         n,
                         m,
                         std::vector<std::string>(cells),
                         std::vector<std::uint64_t>(cells, 0),
                         std::vector<bool>(cells, false),
                         std::vector<double>(cells, 0.0)};
            it = m_index.emplace(key, m_runs.size()).first;
            m_runs.push_back(std::move(run));
        }
        BoardRun& run = m_runs[it->second];
        if (row[i] < 0 || row[i] >= run.size || col[i] < 0 || col[i] >= run.cols)
            throw common::ResultRefused("row " + std::to_string(i) + ": cell off the board");
        // An empty result would read as an opening the file lacks.
        if (result[i] != "win" && result[i] != "loss" && result[i] != "unknown")
            throw common::ResultRefused("row " + std::to_string(i) + ": result '" + result[i] +
                                        "' is not win, loss or unknown");
        const auto cell = static_cast<std::size_t>(row[i] * run.cols + col[i]);
        run.result[cell] = result[i];
        run.nodes[cell] = static_cast<std::uint64_t>(nodes[i]);
        run.copied[cell] = copied[i] != 0;
        run.cell_seconds[cell] = seconds[i];
        run.seconds += seconds[i];
    }
    for (const auto& run : m_runs)
        if (run.variant == "normal" && std::find(m_normal_rules.begin(), m_normal_rules.end(),
                                                 run.rules) == m_normal_rules.end())
            m_normal_rules.push_back(run.rules);
}

const BoardRun* BoardRuns::find(const std::string& variant, const std::string& rules, int n,
                                int m) const {
    const auto it = m_index.find(variant + "|" + rules + "|" + std::to_string(n) + "x" +
                                 std::to_string(m ? m : n));
    return it == m_index.end() ? nullptr : &m_runs[it->second];
}

FactFiles::FactFiles(const std::string& data_dir) {
    for (const char* name : {"/hex-openings.txt", "/hex-large.txt"})
        if (std::filesystem::exists(data_dir + name) || std::string(name) == "/hex-openings.txt")
            m_files.emplace_back(data_dir + name);
}

std::optional<std::string> FactFiles::text(const std::string& key) const {
    for (const auto& f : m_files) {
        try {
            return f.text(key);
        } catch (const std::runtime_error&) {
        }
    }
    return std::nullopt;
}

std::optional<long long> FactFiles::number(const std::string& key) const {
    for (const auto& f : m_files) {
        try {
            return f.number(key);
        } catch (const std::runtime_error&) {
        }
    }
    return std::nullopt;
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

std::string join(const std::vector<std::string>& rows, const char* sep) {
    std::string s;
    for (const auto& r : rows)
        s += (s.empty() ? "" : sep) + r;
    return s;
}

std::vector<std::string> rhombus(const std::vector<std::string>& rows, std::size_t width) {
    std::vector<std::string> out;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        std::string line(r, ' ');
        for (std::size_t c = 0; c < rows[r].size(); ++c)
            line += (c ? " " : "") + std::string(1, rows[r][c]);
        line.resize(std::max(line.size(), width), ' ');
        out.push_back(line);
    }
    return out;
}

std::string range_text(const std::vector<int>& sizes) {
    if (sizes.empty()) return "-";
    return std::to_string(sizes.front()) +
           (sizes.size() > 1 ? ".." + std::to_string(sizes.back()) : "");
}

} // namespace cgt::verify::hex_openings
