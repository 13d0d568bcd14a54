#include "hex/connections/edge_ladders.hpp"
#include "hex/connections/vc_strong.hpp"
#include "hex/solver/openings.hpp"
#include "hex/solver/solver.hpp"
#include "reference_solver.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <random>
#include <unordered_map>
#include <utility>
#include <vector>

using namespace cgt::hex;
using cgt::hex::test::cells_of;
using cgt::hex::test::random_stones;
using cgt::hex::test::ReferenceSolver;

namespace {

// The local game of a connection between two cells x and y near the edge `side` of colour c:
// the opponent owns every cell outside the carrier, moves first, and the players alternate
// inside the carrier until it is full; c wins when x and y end in one component of its
// stones and that edge (an own stone touching the edge joins it). Exhaustive, memoised.
class LadderGame {
public:
    LadderGame(const Geometry<Narrow>& g, Colour c, int side, int x, int y, Narrow carrier)
        : m_geo(g), m_row(g.edge(c, side)), m_x(cell_bit<Narrow>(x)), m_y(cell_bit<Narrow>(y)) {
        for_each_cell(carrier, [&](int i) { m_cells.push_back(i); });
    }
    // Whether c holds the connection with the opponent to move, the cells of `taken` (carrier
    // cells) the opponent's already.
    bool holds(Narrow taken = 0) {
        std::uint32_t os = 0;
        for (std::size_t i = 0; i < m_cells.size(); ++i)
            if (taken & cell_bit<Narrow>(m_cells[i])) os |= 1u << i;
        return play(0, os);
    }

private:
    [[nodiscard]] bool joined(Narrow own) const {
        const Narrow from_x = m_geo.flood(m_x, own), from_y = m_geo.flood(m_y, own);
        return (from_x & m_y) || ((from_x & m_row) && (from_y & m_row));
    }
    [[nodiscard]] Narrow stones(std::uint32_t xs) const {
        Narrow own = m_x | m_y;
        for (std::size_t i = 0; i < m_cells.size(); ++i)
            if (xs >> i & 1) own |= cell_bit<Narrow>(m_cells[i]);
        return own;
    }
    bool play(std::uint32_t xs, std::uint32_t os) {
        const std::uint32_t all = (1u << m_cells.size()) - 1, empty = all & ~(xs | os);
        if (joined(stones(xs))) return true;
        if (!empty || !joined(stones(xs | empty))) return false;
        const std::uint64_t key = std::uint64_t{xs} << 32 | os;
        if (const auto it = m_memo.find(key); it != m_memo.end()) return it->second;
        bool out = true;
        for (std::uint32_t e = empty; e && out; e &= e - 1) { // every opponent move is answered
            const std::uint32_t o = os | (e & (~e + 1));
            const std::uint32_t left = all & ~(xs | o);
            bool answered = !left && joined(stones(xs));
            for (std::uint32_t a = left; a && !answered; a &= a - 1)
                answered = play(xs | (a & (~a + 1)), o);
            out = answered;
        }
        m_memo.emplace(key, out);
        return out;
    }

    Geometry<Narrow> m_geo;
    Narrow m_row, m_x, m_y;
    std::vector<int> m_cells;
    std::unordered_map<std::uint64_t, bool> m_memo;
};

// The local game of any connection the builders hold, between two vertices (cells or the
// colour's edges, numbered as the builders do): the colour's stones stay, the endpoint cells
// are the colour's, the opponent owns every empty cell outside the carrier; the players
// alternate inside it until it is full. The colour wins when the two vertices lie in one
// component of its stones and its edges. Exhaustive, memoised.
class ConnectionGame {
public:
    ConnectionGame(const Geometry<Narrow>& g, Colour c, Narrow own, int u, int v, Narrow carrier)
        : m_geo(g), m_colour(c), m_own(own), m_u(u), m_v(v) {
        for (int w : {u, v})
            if (w < g.cells()) m_own |= cell_bit<Narrow>(w);
        for_each_cell(carrier, [&](int i) { m_cells.push_back(i); });
    }
    // The opponent to move (a full connection) or the colour (a semi).
    bool holds(bool opponent_first) { return opponent_first ? answered(0, 0) : first(0, 0); }

private:
    [[nodiscard]] Narrow stones(std::uint32_t xs) const {
        Narrow own = m_own;
        for (std::size_t i = 0; i < m_cells.size(); ++i)
            if (xs >> i & 1) own |= cell_bit<Narrow>(m_cells[i]);
        return own;
    }
    [[nodiscard]] bool joined(Narrow own) const {
        const int cells = m_geo.cells();
        const auto seed = [&](int w) {
            return w < cells ? cell_bit<Narrow>(w) : m_geo.edge(m_colour, w - cells) & own;
        };
        Narrow part = m_geo.flood(seed(m_u), own);
        bool edge[2] = {m_u == cells, m_u == cells + 1};
        for (bool grew = true; grew;) { // through the edges the component touches
            grew = false;
            for (int side = 0; side < 2; ++side)
                if (!edge[side] && (part & m_geo.edge(m_colour, side))) {
                    edge[side] = grew = true;
                    part |= m_geo.flood(m_geo.edge(m_colour, side) & own, own);
                }
        }
        return m_v < cells ? (part & cell_bit<Narrow>(m_v)) != 0 : edge[m_v - cells];
    }
    bool first(std::uint32_t xs, std::uint32_t os) { // the colour to move
        const std::uint32_t empty = ((1u << m_cells.size()) - 1) & ~(xs | os);
        if (joined(stones(xs))) return true;
        for (std::uint32_t a = empty; a; a &= a - 1)
            if (answered(xs | (a & (~a + 1)), os)) return true;
        return false;
    }
    bool answered(std::uint32_t xs, std::uint32_t os) { // the opponent to move
        const std::uint32_t empty = ((1u << m_cells.size()) - 1) & ~(xs | os);
        if (joined(stones(xs))) return true;
        if (!empty) return false;
        const std::uint64_t key = std::uint64_t{xs} << 32 | os;
        if (const auto it = m_memo.find(key); it != m_memo.end()) return it->second;
        bool out = true;
        for (std::uint32_t e = empty; e && out; e &= e - 1)
            out = first(xs, os | (e & (~e + 1)));
        m_memo.emplace(key, out);
        return out;
    }

    Geometry<Narrow> m_geo;
    Colour m_colour;
    Narrow m_own;
    int m_u, m_v;
    std::vector<int> m_cells;
    std::unordered_map<std::uint64_t, bool> m_memo;
};

} // namespace

TEST_CASE(
    "CellLadders: every placement on 7x7 and 8x8 is a connection that needs every carrier cell",
    "[hex]") {
    int placements = 0;
    for (int n : {7, 8}) {
        const Geometry<Narrow> g(n);
        const CellLadders<Narrow> ladders(g);
        for (Colour c : {Colour::red, Colour::blue}) {
            for (const auto& p : ladders.placements(c)) {
                const int y = first_cell(p.helper);
                INFO(n << "x" << n << " " << colour_name(c) << " x " << p.anchor << " y " << y
                       << " carrier " << p.carrier);
                LadderGame game(g, c, p.side, p.anchor, y, p.carrier);
                CHECK(game.holds());
                // Minimal: with any one carrier cell the opponent's, the opponent to move cuts.
                if (n == 7)
                    for_each_cell(p.carrier, [&](int i) {
                        CHECK_FALSE(LadderGame(g, c, p.side, p.anchor, y, p.carrier)
                                        .holds(cell_bit<Narrow>(i)));
                    });
                ++placements;
            }
        }
    }
    // Per edge of either colour on width n: the second-row ladder to (0, k) spans k + 1
    // columns and its mirror image k + 2 (the reflection (dr, dc) -> (dr, -dc - dr) takes
    // (1, j) to (1, -j - 1)), the third-row one k + 3 in both images.
    const auto per_edge = [](int n) {
        int out = 0;
        for (int k = 2; k <= 7; ++k)
            out += std::max(0, n - k) + std::max(0, n - k - 1);
        for (int k = 1; k <= 6; ++k)
            out += 2 * std::max(0, n - k - 2);
        return out;
    };
    CHECK(per_edge(7) == 45);
    CHECK(placements == 4 * (per_edge(7) + per_edge(8)));
}

TEST_CASE(
    "StrongVcBuilder: with ladders and key pairs, the connection behind 7x7 b4 c2 e3 d5 g4 f2 e2",
    "[hex]") {
    // Red's stones b4, e3, e2, g4 (the fill-in's d1 e1 f1 join e2 and e3 to the top), blue's
    // c2, d5, f2 and its fill-in. Red's north-south semi connection with key f6 needs c5's
    // ladder to f6 along the bottom edge, and the AND through f6 whose carriers meet in f6's
    // pair e7, f7 (both connections go through them).
    const Geometry<Narrow> g(7);
    const Narrow red = cells_of(7, {"b4", "e3", "e2", "g4", "d1", "e1", "f1"});
    const Narrow blue =
        cells_of(7, {"c2", "d5", "f2", "a1", "b1", "c1", "g1", "a2", "b2", "g2", "a3", "b3", "a4"});
    const Narrow empty = g.all() & ~(red | blue);
    const auto semis_with_key = [&](bool ladders, bool key_pairs) {
        StrongVcBuilder<Narrow> b(g);
        b.use_templates(std::make_shared<const EdgeTemplates<Narrow>>(g));
        if (ladders) b.use_ladders(std::make_shared<const CellLadders<Narrow>>(g));
        b.use_key_pairs(key_pairs);
        CHECK_FALSE(b.build(Colour::red, red, empty));
        const int e0 = b.edge(0), e1 = b.edge(1);
        int found = 0;
        for (int i = 0; i < b.semi_count(e0, e1); ++i)
            found += (b.semis(e0, e1)[i] & cells_of(7, {"f6"})) != 0;
        return std::pair{b.semi_count(e0, e1), found};
    };
    CHECK(semis_with_key(false, false) == std::pair{0, 0});
    CHECK(semis_with_key(true, false) == std::pair{0, 0});
    CHECK(semis_with_key(false, true) == std::pair{0, 0});
    const auto [count, with_f6] = semis_with_key(true, true);
    CHECK(count >= 2);
    CHECK(with_f6 >= 1);
}

TEST_CASE("Openings: with +ladders+keypair the 6x6 map is the one without, in fewer nodes",
          "[hex]") {
    const auto map = [](const char* name, std::uint64_t& nodes) {
        Solver solver(6, {Variant::normal, RuleSet::parse(name), 0, 16});
        std::vector<Outcome> out;
        for (Cell c : all_cells(6)) {
            const OpeningResult r = solve_opening(solver, c);
            out.push_back(r.outcome);
            nodes += r.nodes;
        }
        return out;
    };
    std::uint64_t before = 0, after = 0;
    const auto without =
        map("dfpn+vc+stronger+templates+inferior+regions+proof+resistance", before);
    const auto with =
        map("dfpn+vc+stronger+templates+ladders+keypair+inferior+regions+proof+resistance", after);
    CHECK(with == without);
    CHECK(std::count(with.begin(), with.end(), Outcome::win) == 24); // the literature's 6x6 map
    CHECK(after < before);
}

TEST_CASE("StrongVcBuilder: every connection that ladders and key pairs add holds in its local "
          "game, random 5x5 and 6x6",
          "[hex]") {
    // Random positions; for every pair of vertices, each carrier (of at most 12 cells) that
    // the builder with ladders and key pairs holds and the builder without them does not is
    // played out: a full connection with the opponent to move, a semi with the colour.
    std::mt19937_64 rng(29);
    int fulls = 0, semis = 0;
    for (int n : {5, 6}) {
        const Geometry<Narrow> g(n);
        const auto templates = std::make_shared<const EdgeTemplates<Narrow>>(g);
        StrongVcBuilder<Narrow> plain(g), vc(g);
        plain.use_templates(templates);
        vc.use_templates(templates);
        vc.use_ladders(std::make_shared<const CellLadders<Narrow>>(g));
        vc.use_key_pairs(true);
        for (int trial = 0; trial < 30; ++trial) {
            Narrow s[2] = {0, 0};
            random_stones(n, 4 + static_cast<int>(rng() % (2 * n)), rng, s[0], s[1]);
            const Narrow empty = g.all() & ~(s[0] | s[1]);
            for (Colour x : {Colour::red, Colour::blue}) {
                const Narrow own = s[colour_index(x)];
                if (vc.build(x, own, empty) || plain.build(x, own, empty)) continue;
                std::vector<int> vertices = {vc.edge(0), vc.edge(1)};
                for_each_cell(own | empty, [&](int i) {
                    if (vc.vertex(i) == i) vertices.push_back(i);
                });
                const auto known = [](const Narrow* list, int count, Narrow c) {
                    return std::find(list, list + count, c) != list + count;
                };
                for (std::size_t a = 0; a < vertices.size(); ++a)
                    for (std::size_t b = a + 1; b < vertices.size(); ++b) {
                        const int u = vertices[a], v = vertices[b];
                        INFO(n << "x" << n << " red " << s[0] << " blue " << s[1] << " colour "
                               << colour_name(x) << " u " << u << " v " << v);
                        for (int i = 0; i < vc.full_count(u, v); ++i) {
                            const Narrow c = vc.fulls(u, v)[i];
                            if (count_cells(c) > 12 ||
                                known(plain.fulls(u, v), plain.full_count(u, v), c))
                                continue;
                            INFO("full " << c);
                            CHECK(ConnectionGame(g, x, own, u, v, c).holds(true));
                            ++fulls;
                        }
                        for (int i = 0; i < vc.semi_count(u, v); ++i) {
                            const Narrow c = vc.semis(u, v)[i];
                            if (count_cells(c) > 12 ||
                                known(plain.semis(u, v), plain.semi_count(u, v), c))
                                continue;
                            INFO("semi " << c);
                            CHECK(ConnectionGame(g, x, own, u, v, c).holds(false));
                            ++semis;
                        }
                    }
            }
        }
    }
    CHECK(fulls > 100);
    CHECK(semis > 100);
}
