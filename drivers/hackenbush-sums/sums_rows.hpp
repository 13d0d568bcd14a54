#pragma once
// The random-sums job: triples of small random pictures (coloured graphs of the article's
// family on the ground and V vertices with 1..E edges), each picture valued by the engine;
// the outcome of the sum of the three values must equal the value-free win/loss search on
// the one picture that places all three side by side.
//
// Triple i depends only on the seed and i (a counter-based generator), so any split of
// 0..N-1 gives the same rows. Pure: no MPI here.
#include "core/game_store.hpp"
#include "common/runtime/options.hpp"
#include "common/runtime/table.hpp"
#include "hackenbush-common/value_texts.hpp"
#include "hackenbush/graphs.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::hackenbush_sums {

struct Params {
    std::uint64_t triples = 20000; // N
    std::uint64_t seed = 20240917;
    unsigned vertices = 3;  // V
    unsigned max_edges = 4; // E, per picture
};

// Three pictures side by side hold at most 64 edges.
constexpr unsigned MAX_EDGES_PER_PICTURE = 21;

// --triples and --max-edges (--vertices: hackenbush_common::VERTICES_OPTION).
inline const common::WholeOption TRIPLES_OPTION{
    .name = "triples", .default_value = 20000, .min = 1, .meaning = "N: triples of pictures"};
inline const common::WholeOption MAX_EDGES_OPTION{.name = "max-edges",
                                                  .default_value = 4,
                                                  .min = 1,
                                                  .max = MAX_EDGES_PER_PICTURE,
                                                  .meaning = "E: most edges of each picture",
                                                  .why = "three pictures side by side must fit in 64-edge masks"};
// --seed: a whole number 0 .. 2^64 - 1.
std::uint64_t parse_seed(const std::string& text);

// Picture k (0, 1, 2) of triple i: a multiset of 1..E edge kinds drawn uniformly (edge
// count, then kinds) and drawn again until grounded, from a generator seeded by (seed, i, k).
std::vector<hackenbush::EdgeKind> random_picture(const Params& params, const hackenbush::GraphFamily& family,
                                                 std::uint64_t triple, unsigned k);

class TripleRows {
public:
    // Values go into `store` and their texts into `values`; both outlive this object.
    TripleRows(const Params& params, core::GameStore& store, jobs::hackenbush_common::ValueTexts& values);
    // Columns of the `triples` table: triple, a, b, c (the pictures, "0-1B 1-2G"), sum (the
    // local id of `values` until the driver replaces it by the global index), outcome (of
    // the sum: L, R, P or N) and search (on the three side by side).
    static void declare_columns(common::LocalTable& table);
    // Appends the rows of triples [begin, end).
    void run(std::uint64_t begin, std::uint64_t end, common::LocalTable& table);
    [[nodiscard]] std::uint64_t agree() const { return m_agree; }
    // Outcomes of the sums: L, R, P, N.
    [[nodiscard]] const std::vector<std::uint64_t>& outcomes() const { return m_outcomes; }

private:
    Params m_params;
    hackenbush::GraphFamily m_family;
    core::GameStore& m_store;
    jobs::hackenbush_common::ValueTexts& m_values;
    std::uint64_t m_agree = 0;
    std::vector<std::uint64_t> m_outcomes = std::vector<std::uint64_t>(4, 0);
};

// The `summary` table: one row (triples, agree, and the outcomes L, R, P, N of the sums).
void declare_summary_columns(common::LocalTable& table);
void append_summary_row(std::uint64_t triples, std::uint64_t agree, const std::vector<std::uint64_t>& outcomes,
                        common::LocalTable& table);

} // namespace cgt::jobs::hackenbush_sums
