// The games table of a cgt-octal-sweep file as the verify program reads it, and the
// reference CSV files of verify/data/octal.
#pragma once

#include "common/runtime/result_reader.hpp"
#include "impartial/octal_analysis.hpp"
#include "verify/common/report.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cgt::verify::octal_sweep {

using impartial::Grundy;

// One row of the `games` table, with its whole sequence from the `sequences` table if the
// game is periodic and its sequence was stored.
struct GameRow {
    std::string family, game, code, status, proof, rare_mask;
    long long preperiod, period, check_end, largest_removal, max_heap, computed_to;
    long long largest_value, largest_at, rare_heaps, last_rare;
    std::vector<Grundy> first_values; // G(0..k-1)
    std::vector<Grundy> sequence;     // G(0..n0+p-1), or empty

    [[nodiscard]] bool periodic() const { return status == "periodic"; }
    [[nodiscard]] bool has_sequence() const { return periodic() && !sequence.empty(); }
    // G(n) if the row knows it: any n from a stored sequence, else within the first values.
    [[nodiscard]] std::optional<Grundy> value(std::uint64_t n) const {
        if (has_sequence())
            return impartial::periodic_value(sequence, {static_cast<impartial::Heap>(preperiod),
                                                        static_cast<impartial::Heap>(period)}, n);
        if (n < first_values.size()) return first_values[n];
        return std::nullopt;
    }
    [[nodiscard]] std::size_t known_values() const { return has_sequence() ? SIZE_MAX : first_values.size(); }
};

// The games table with its sequences (ResultRefused if it is out of order or inconsistent).
std::vector<GameRow> read_rows(const common::ResultReader& file, Report& report);
// CSV rows after the '#' comments and the header; fields split at commas outside quotes.
std::vector<std::vector<std::string>> read_csv(const std::string& path);
// The row of a game by its octal code: the longest run of it (listed games go furthest).
const GameRow* find_code(const std::vector<GameRow>& rows, const std::string& code);
// The row of a game by family and name, if any.
const GameRow* find_game(const std::vector<GameRow>& rows, const std::string& family, const std::string& game);

} // namespace cgt::verify::octal_sweep
