#pragma once
// Distinct values across ranks, identified by their text (a game's canonical text, say).
// Every distinct text gets an index that depends only on the set of texts of all ranks
// together (its place in byte order among them), never on how the items were split, so a
// table of items can refer to a table of distinct texts and both are the same at any rank
// count.
//
// The texts are range-partitioned by a sample sort: each rank sends each of its distinct
// texts to the rank owning its range, owners sort and number their share, and the indices
// travel back. Work and memory are spread over the ranks (no rank holds every text), and
// the owners' shares, taken in rank order, are the sorted distinct texts: each rank writes
// its own share of the table of distinct texts.
#include "common/plumbing/comm.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cgt::common {

struct DistinctTexts {
    // index[i]: the global index of the i-th text passed in (0 .. total-1).
    std::vector<std::uint64_t> index;
    // Distinct texts over all ranks.
    std::uint64_t total = 0;
    // This rank's share of the sorted distinct texts: global indices first ..
    // first + owned.size() - 1. Shares are in rank order and cover 0 .. total-1.
    std::uint64_t first = 0;
    std::vector<std::string> owned;
};

// Collective. `texts` are this rank's texts, in any order, repeats allowed (a rank may pass
// none); they are consumed (moved into `owned` where possible). Byte order decides the
// indices. A rank may send or receive at most 2 GiB of text in one exchange (MPI counts
// and displacements are ints); beyond that std::runtime_error names the limit.
DistinctTexts index_distinct_texts(const Comm& comm, std::vector<std::string> texts);

// Collective. For each group g < groups, how many distinct indices (< total) the items of
// group g carry over all ranks: item i of this rank is in group[i] and has index[i]. Costs
// groups * total bits of memory on every rank.
std::vector<std::uint64_t> count_distinct_per_group(const Comm& comm, std::uint64_t total, std::size_t groups,
                                                    std::span<const std::uint64_t> group,
                                                    std::span<const std::uint64_t> index);

} // namespace cgt::common
