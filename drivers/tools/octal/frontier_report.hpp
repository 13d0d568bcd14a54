#pragma once
// What cgt-octal --ceiling prints: one game run to its ceiling by the frontier sweep, with
// the statistics of every power of two in the form of Czajka's UnsolvedGames table, and a
// checkpoint file of the values so far so that a long run can be resumed.
#include "impartial/frontier_analysis.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::octal_tool {

// "2^24" or a decimal number, 1..2^32; std::invalid_argument otherwise.
std::uint64_t parse_heap_count(const std::string& text);

// The lines of the report; with frequencies, a line "freq 2^k v:count ..." per power of two.
std::string describe_frontier(const impartial::FrontierResult& result, bool frequencies);

// One statistics line: "n=2^21 largest G[763622]=231 rare_mask=fe num_rare=1274 last_rare=82860".
std::string stats_line(const impartial::PowerStats& stats);

// A checkpoint: the game's name and G(0..k-1) as 16-bit little-endian values, written to
// PATH.partial and renamed over PATH. read_checkpoint returns no values if PATH does not
// exist, and throws std::runtime_error naming the file if it is not a checkpoint of `game`.
void write_checkpoint(const std::string& path, const std::string& game, std::span<const std::uint16_t> values);
std::vector<std::uint16_t> read_checkpoint(const std::string& path, const std::string& game);

} // namespace cgt::octal_tool
