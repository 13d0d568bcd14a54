#pragma once
// A cgt-subtraction-census result file as cgt-verify-subtraction-census reads it: the run's
// parameters, and the tables as columns (the three-move table may hold 20 million rows: its
// columns are kept as read, a game's set computed from a, b, c when asked).
#include "common/runtime/result_reader.hpp"
#include "verify/common/report.hpp"
#include "verify/subtraction-census/definition.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cgt::verify::subtraction_census {

// The games of one table: sets (by mask and play) or three-move (by a, b, c).
struct GameColumns {
    std::vector<std::int64_t> key; // mask, or a + b * 2^16 + c * 2^32
    std::vector<bool> misere;
    std::vector<std::int64_t> preperiod, period, heaps, outcome_preperiod, outcome_period;
    std::vector<std::uint8_t> found;
    [[nodiscard]] std::size_t size() const { return key.size(); }
    [[nodiscard]] std::vector<unsigned> set(std::size_t row, bool three_move) const;
};

struct Distribution {
    std::vector<std::string> family, play;
    std::vector<std::int64_t> value, games;
};

struct Longest {
    std::vector<std::string> family, play, measure, game;
    std::vector<std::int64_t> rank, preperiod, period;
};

struct ChecksTable {
    std::vector<std::string> check, source, scope, verdict, examples;
    std::vector<std::int64_t> applied, counterexamples;
};

struct CensusFile {
    CensusFile(const common::ResultReader& reader, std::string data)
        : file(reader), data_dir(std::move(data)) {}
    const common::ResultReader& file;
    std::string data_dir;
    long long sets_max = 0, three_move_max = 0, three_move_rows = 0, heap_limit = 0;
    bool misere = false;
    GameColumns sets, three_move;
    Distribution periods, preperiods;
    Longest longest;
    ChecksTable checks;
};

// Reads every table (ResultRefused on a parameter out of its range or a table out of order).
CensusFile read_census(const common::ResultReader& file, const std::string& data_dir,
                       Report& report);

} // namespace cgt::verify::subtraction_census
