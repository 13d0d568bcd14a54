#pragma once
// The replies of a misere opening (--misere-replies) saved and continued: an opening that the
// first player loses has every reply solved, one search each, and its task saves, at the
// pauses of a reply's search, which replies are decided and the search of the reply under
// way, so that a stopped run continues with the next reply (or inside the reply's search)
// instead of solving the opening and its replies again. Every saved chunk starts with the
// replies' header (the opening's result, nodes and rule counters, the replies decided, in
// row-major order), then holds a chunk of the reply's saved search (hex::Solver::save_search,
// possibly none); the header of the last chunk is the current one.
#include "hex-openings/openings_tasks.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace cgt::jobs::hex_openings {

struct RepliesHeader {
    hex::Outcome opening = hex::Outcome::unknown; // the first player's, after the opening
    std::uint64_t nodes = 0;                      // the opening's search
    std::vector<std::pair<std::string, std::uint64_t>> counts; // its rule counters
    std::vector<hex::CellOutcome> done;                        // the replies decided
};

// A chunk: the header, then `search`.
std::vector<std::byte> replies_chunk(const RepliesHeader& header,
                                     std::span<const std::byte> search);
// The saved state of a task in its replies (its last chunk starts as replies_chunk writes),
// or nullopt for another state (an opening's own search, or none). `search` receives the
// chunks of the reply's saved search, in order, without their headers. Throws
// std::invalid_argument on a damaged chunk.
std::optional<RepliesHeader> read_replies_state(std::span<const std::vector<std::byte>> saved,
                                                std::vector<std::vector<std::byte>>& search);

// Solves every reply of `opening` (a losing misere opening, its own search done, its
// result in `header`), continuing the replies of `header.done` and the reply's saved
// `search`, saving at the pauses as SearchHooks says and after each reply. Returns nullopt
// when it stopped on hooks.stop_requested().
std::optional<hex::OpeningReplies>
solve_replies_saving(hex::Solver& solver, hex::Cell opening, std::uint64_t pause_nodes,
                     RepliesHeader header, const std::vector<std::vector<std::byte>>& search,
                     SearchHooks& hooks);

} // namespace cgt::jobs::hex_openings
