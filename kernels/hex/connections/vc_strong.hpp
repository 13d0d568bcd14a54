#pragma once
// Stronger virtual connections (Pawlewicz, Hayward, Henderson and Arneson, "Stronger
// Virtual Connections in Hex", IEEE TCIAIG 2015; the VC builder of Benzene since 2013): the
// same ends, base connections and AND rule as H-search (vc.hpp), with no limit on the
// number of carriers and an OR rule over any number of semi connections, and a different
// rule for which carriers are kept:
//   - semi connections: every minimal carrier (none a superset of another, none a superset
//     of a full carrier between the same ends);
//   - full connections: a new carrier is kept when it is minimal and either makes a kept
//     carrier redundant or shrinks the intersection of the kept ones. The intersection of
//     the full carriers (and of the semi carriers, the must-play region) is what the solver
//     uses, and a carrier that shrinks neither cannot change it.
//   - AND: a full connection is combined once with every full connection already combined
//     (processed) at each of its ends; through an empty cell z the result is a semi with
//     key z, through a group a full connection;
//   - OR: when the semi carriers between two ends have an empty common intersection, for
//     each cell c of the full carriers' intersection (all cells when there are none) the
//     semis avoiding c are joined, smallest first, until their intersection is empty: a
//     full connection avoiding c (the opponent's one move leaves one of them whole).
// Carriers are sound for the same reason as H-search's: each rule's result holds whatever
// happens outside its carrier.
//
// Key pairs (use_key_pairs, RuleSet::keypair): an empty cell z on the second row of one of
// the colour's edges whose two neighbours on the first row are empty has them as its pair:
// once the colour holds z, the pair is captured (the opponent's stone on one, answered on
// the other, joins nothing of the opponent's, and the colour's stone on the other joins z
// to the edge, so that the cell lost adds nothing to the colour's components either). The
// AND through an empty cell z then also takes two carriers that meet only inside z's pair,
// and the semi connection's carrier holds the whole pair: after the key z, the colour
// answers a move in the pair with its other cell and follows the two connections'
// strategies elsewhere, each seeing both cells of the pair as the colour's. (Benzene's
// builder does this with its captured-set pattern.)
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"
#include "hex/connections/vc.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace cgt::hex {

template <class Bits> class StrongVcBuilder {
public:
    using Stop = typename VcBuilder<Bits>::Stop;

    explicit StrongVcBuilder(const Geometry<Bits>& g);

    // As VcBuilder::build.
    bool build(Colour colour, Bits own, Bits empty, Stop stop = Stop::never);

    [[nodiscard]] int edge(int side) const { return m_cells + side; }
    [[nodiscard]] int vertex(int cell) const { return m_vertex_of[static_cast<std::size_t>(cell)]; }

    // The carriers between two ends (in either order), in no particular order.
    [[nodiscard]] int full_count(int u, int v) const { return static_cast<int>(pair(u, v).full.size()); }
    [[nodiscard]] const Bits* fulls(int u, int v) const { return pair(u, v).full.data(); }
    [[nodiscard]] int semi_count(int u, int v) const { return static_cast<int>(pair(u, v).semi.size()); }
    [[nodiscard]] const Bits* semis(int u, int v) const { return pair(u, v).semi.data(); }
    // Whether some full connection joins the two ends: full_count(u, v) > 0 from a bit set
    // (resistance.hpp asks it of every pair of ends).
    [[nodiscard]] bool has_full(int u, int v) const { return m_full_ends[static_cast<std::size_t>(u)].has(v); }

    [[nodiscard]] const VcStats& stats() const { return m_stats; }

    // As VcBuilder::use_templates and use_ladders.
    void use_templates(std::shared_ptr<const EdgeTemplates<Bits>> templates) { m_templates = std::move(templates); }
    void use_ladders(std::shared_ptr<const CellLadders<Bits>> ladders) { m_ladders = std::move(ladders); }
    // The AND rule through an empty cell with its key pair (see above), from the next build on.
    void use_key_pairs(bool on) { m_key_pairs = on; }

private:
    struct Pair {
        std::vector<Bits> full, semi;
        // How many carriers of each list the AND (fulls) and the OR rule (semis) have
        // processed: always the first ones, as carriers are appended in the order they are
        // queued, processed in that order (the OR rule takes every semi at once) and dropped
        // keeping the order of the others.
        int full_done = 0, semi_done = 0;
        Bits full_meet = 0;      // intersection of the full carriers (all cells when none)
        Bits semi_meet = 0;      // intersection of the semi carriers
        bool queued = false;     // waiting for the OR rule
        bool used = false;
    };
    struct Semi { // the OR rule's view of a semi carrier
        Bits carrier;
        int size;
        int order; // its place in the pair's list
        bool done;
    };
    struct FullTask {
        int u, v;
        Bits carrier;
    };
    struct Ends {
        std::uint64_t w[2] = {0, 0};
        void set(int v) { w[v >> 6] |= std::uint64_t{1} << (v & 63); }
        [[nodiscard]] bool has(int v) const { return (w[v >> 6] >> (v & 63)) & 1; }
    };

    [[nodiscard]] int index(int u, int v) const { return u < v ? u * m_ends + v : v * m_ends + u; }
    [[nodiscard]] const Pair& pair(int u, int v) const { return m_pairs[static_cast<std::size_t>(index(u, v))]; }
    Pair& use(int u, int v);
    Bits& done_meet_of(int u, int v) { return m_done_meet[static_cast<std::size_t>(u * m_ends + v)]; }
    void keep_least(std::vector<Bits>& least, int u, int v, Bits carrier);
    [[nodiscard]] bool is_cell(int v) const { return v < m_cells; }
    [[nodiscard]] bool in(Bits carrier, int v) const { return v < m_cells && (carrier & cell_bit<Bits>(v)); }
    [[nodiscard]] bool is_edge_pair(int u, int v) const { return index(u, v) == index(edge(0), edge(1)); }

    bool add_full(int u, int v, Bits carrier);
    void add_semi(int u, int v, Bits carrier);
    void process_full(const FullTask& t);
    void and_through(int x, int z, Bits carrier);
    void or_rule(int u, int v);

    Geometry<Bits> m_geo;
    int m_cells;
    int m_ends;
    Bits m_all;
    Bits m_captains = 0; // the free groups' ends
    Stop m_stop = Stop::never;
    bool m_done = false;
    std::vector<Pair> m_pairs;
    std::vector<int> m_touched;
    // Per ordered pair (u, v) at u * m_ends + v, both orders kept equal: the intersection of
    // the pair's processed full carriers (all cells when none), a row per end so that the
    // AND rule's scan through an end reads one dense row.
    std::vector<Bits> m_done_meet;
    std::vector<Ends> m_done_ends; // per end: the ends it has a processed full connection with
    std::vector<Ends> m_full_ends; // per end: the ends it has a full connection with
    // Per ordered pair as m_done_meet: the smallest full (semi) carrier stored between the two
    // ends in this build, NONE when none yet, kept even when a later carrier drops it. A
    // carrier is dropped only for one inside it, so a carrier holding this one holds a kept
    // full (a kept full or semi) and add_full (add_semi) would refuse it: the AND rule skips
    // such pairs without reading their lists. (NONE is compared, not only masked: on 8x8 a
    // carrier of every cell has all its bits.)
    static constexpr Bits NONE = ~Bits{0};
    std::vector<Bits> m_least_full, m_least_semi;
    std::vector<FullTask> m_full_queue;
    std::vector<int> m_or_queue;
    std::vector<int> m_vertex_of;
    std::vector<Bits> m_scratch;
    std::vector<Semi> m_or_semis; // the OR rule's scratch list
    std::shared_ptr<const EdgeTemplates<Bits>> m_templates;
    std::shared_ptr<const CellLadders<Bits>> m_ladders;
    bool m_key_pairs = false;
    std::vector<Bits> m_pair_of; // per cell: its key pair in this build (0: none)
    VcStats m_stats;
};

extern template class StrongVcBuilder<Narrow>;
extern template class StrongVcBuilder<Wide>;

} // namespace cgt::hex
