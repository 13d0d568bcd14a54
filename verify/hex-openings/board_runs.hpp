#pragma once
// The openings table of a cgt-hex-openings file as boards: the openings of one board with one
// variant and rule set together (BoardRun), in the file's order; the reference facts of
// hex-openings.txt and hex-large.txt; the maps as the article draws them.
#include "common/runtime/result_reader.hpp"
#include "hex/board/board.hpp"
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"
#include "verify/common/reference_data.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cgt::verify::hex_openings {

// The openings of one board with one variant and rule set, row-major.
struct BoardRun {
    std::string variant, rules;
    int size = 0, cols = 0;          // rows and columns
    std::vector<std::string> result; // "win", "loss", "unknown"; "" if the file lacks the cell
    std::vector<std::uint64_t> nodes;
    std::vector<bool> copied;
    std::vector<double> cell_seconds;
    double seconds = 0;

    [[nodiscard]] hex::Shape shape() const { return {size, cols}; }
    [[nodiscard]] bool square() const { return size == cols; }
    // "7x7", or "6x7" for 6 columns and 7 rows (Benzene's boardsize W H).
    [[nodiscard]] std::string board() const {
        return std::to_string(cols) + "x" + std::to_string(size);
    }
    // The key of its facts: "7" for 7x7, "6x7" for a board that is not square.
    [[nodiscard]] std::string fact_name() const {
        return square() ? std::to_string(size) : board();
    }
    [[nodiscard]] std::size_t index(hex::Cell c) const {
        return static_cast<std::size_t>(c.row * cols + c.col);
    }
    [[nodiscard]] const std::string& at(hex::Cell c) const { return result[index(c)]; }
    // The map row by row: W win, L loss, ? otherwise.
    [[nodiscard]] std::vector<std::string> map() const;
    [[nodiscard]] int wins() const;
    // Whether the file has the opening (a run of --cells has only those, and their
    // 180-degree partners copied).
    [[nodiscard]] bool present(hex::Cell c) const { return !at(c).empty(); }
    // Every opening of the board in the file; decided: every opening the file has is won or
    // lost (all of them when complete).
    [[nodiscard]] bool complete() const;
    [[nodiscard]] int present_count() const;
    [[nodiscard]] bool decided() const;
    [[nodiscard]] std::uint64_t total_nodes() const;
    [[nodiscard]] int solved() const; // openings in the file that were searched, not copied
};

// The boards of an openings table, in the file's order of first appearance; `seconds` per
// row (the timings table). ResultRefused for a board or cell out of range.
class BoardRuns {
  public:
    BoardRuns(const common::Table& openings, const std::vector<double>& seconds);

    [[nodiscard]] const std::vector<BoardRun>& all() const { return m_runs; }
    // The board of `variant` and `rules` with n rows and m columns (m = 0: n), or null.
    [[nodiscard]] const BoardRun* find(const std::string& variant, const std::string& rules, int n,
                                       int m = 0) const;
    // The rule sets of normal Hex, in the file's order.
    [[nodiscard]] const std::vector<std::string>& normal_rules() const { return m_normal_rules; }

  private:
    std::vector<BoardRun> m_runs;
    std::map<std::string, std::size_t> m_index;
    std::vector<std::string> m_normal_rules;
};

// The reference facts: hex-openings.txt (sen-ltd's boards) and hex-large.txt (6x6, 7x7).
class FactFiles {
  public:
    explicit FactFiles(const std::string& data_dir);
    [[nodiscard]] std::optional<std::string> text(const std::string& key) const;
    [[nodiscard]] std::optional<long long> number(const std::string& key) const;
    [[nodiscard]] std::vector<long long> numbers(const std::string& key) const {
        return m_files.front().numbers(key);
    }

  private:
    std::vector<Facts> m_files;
};

std::vector<std::string> words(const std::string& text);
std::string join(const std::vector<std::string>& rows, const char* sep = " ");
// A map as the rhombus: row r indented by r spaces, cells separated by blanks, each line
// padded to `width`.
std::vector<std::string> rhombus(const std::vector<std::string>& rows, std::size_t width);
// "3..7" for the sizes 3, 4, ..., 7; "5" for one; "-" for none.
std::string range_text(const std::vector<int>& sizes);

} // namespace cgt::verify::hex_openings
