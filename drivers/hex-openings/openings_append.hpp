#pragma once
// What the openings job's tasks append to its tables, shared by their files: the key columns
// every table starts with, an opening's rule counts, a split node's outcome for the first player.
#include "hex-openings/openings_tasks.hpp"

#include <cstdint>
#include <vector>

namespace cgt::jobs::hex_openings {

// The key columns every table starts with.
void append_key(common::LocalTable& t, const Opening& row);
void append_counts(common::LocalTable& counts, std::uint64_t key, const Opening& o,
                   const std::vector<RuleCount>& values);
// A node's outcome for its mover, as the first player's.
hex::Outcome for_red(const hex::SplitNode& n, hex::Outcome o);

} // namespace cgt::jobs::hex_openings
