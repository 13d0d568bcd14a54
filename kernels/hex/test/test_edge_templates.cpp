#include "hex/connections/edge_templates.hpp"
#include "hex/connections/vc.hpp"
#include "hex/connections/vc_strong.hpp"
#include "hex/search/vc_search.hpp"
#include "reference_solver.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <tuple>

using namespace cgt::hex;
using cgt::hex::test::ReferenceSolver;

namespace {

// Whether red, not to move, joins its edges: every cell but `red` and `carrier` is blue.
// Judged by the solver without templates (and by the reference when the carrier is small).
bool red_connects(Shape shape, Wide red, Wide carrier) {
    const Geometry<Wide> g(shape);
    const Wide blue = g.all() & ~(red | carrier);
    VcSearch<Wide> search(shape, RuleSet::parse("dfpn+vc+inferior+proof+resistance"), 4);
    search.load(red, blue, Colour::blue);
    SearchStats stats;
    const Outcome o = search.solve(0, stats);
    REQUIRE(o != Outcome::unknown);
    if (count_cells(carrier) <= 10 && shape.cells() <= 64) {
        ReferenceSolver judge(shape.rows, shape.cols);
        CHECK(judge.wins(static_cast<std::uint64_t>(red), static_cast<std::uint64_t>(blue), Colour::blue) ==
              (o == Outcome::win));
    }
    return o == Outcome::loss;
}

// One placement of pattern p on a board of `shape` rows (the anchor on the second row, joined
// to red's top edge by the red cell above it, the rest of the top row blue, so red joins its
// edges exactly when the anchor reaches the bottom one): it connects, the opponent on any one
// carrier cell breaks it (minimal), and so does the opponent on the helper's cell. Returns
// red's stones (the anchor, the cell above it and the helper).
Wide check_placement(Shape shape, const EdgePattern& p, const EdgeTemplates<Wide>::Placement& pl, int& cells_checked) {
    const Wide anchor = cell_bit<Wide>(pl.anchor) | cell_bit<Wide>(pl.anchor - shape.cols), red = anchor | pl.helper;
    INFO("height " << p.height << " helper (" << int(p.helper.dr) << "," << int(p.helper.dc) << ") carrier "
                   << count_cells(pl.carrier) << " anchor " << pl.anchor);
    CHECK((pl.carrier & red) == 0);
    CHECK(count_cells(pl.carrier) == static_cast<int>(p.carrier.size()));
    CHECK(red_connects(shape, red, pl.carrier));
    for_each_cell(pl.carrier, [&](int c) {
        INFO("without cell " << c);
        CHECK_FALSE(red_connects(shape, red, pl.carrier & ~cell_bit<Wide>(c)));
        ++cells_checked;
    });
    CHECK_FALSE(red_connects(shape, anchor, pl.carrier));
    return red;
}

} // namespace

TEST_CASE("EdgeTemplates: every ladder placement connects, needs its helper and every carrier cell", "[hex]") {
    // Each pattern on a board of `height` + 1 rows and 11 columns: the anchor on the second
    // row, joined to red's top edge by the red cell above it (the rest of the top row blue),
    // so red joins its edges exactly when the anchor reaches the bottom one. One placement
    // of each mirror image (told apart by the helper's offset).
    int placed = 0, cells_checked = 0, beyond_h_search = 0;
    std::set<int> heights;
    for (const EdgePattern& p : ladder_patterns()) {
        heights.insert(p.height);
        const Shape shape(p.height + 1, 11);
        const Geometry<Wide> g(shape);
        const EdgeTemplates<Wide> t(g, {p});
        std::set<int> offsets;
        for (const auto& pl : t.placements(Colour::red)) {
            if (pl.side != 1 || !offsets.insert(first_cell(pl.helper) - pl.anchor).second) continue;
            const Wide red = check_placement(shape, p, pl, cells_checked);
            // Whether H-search alone finds the connection here.
            VcBuilder<Wide> plain(g), with(g);
            with.use_templates(std::make_shared<const EdgeTemplates<Wide>>(g));
            plain.build(Colour::red, red, pl.carrier);
            with.build(Colour::red, red, pl.carrier);
            CHECK(with.full_count(with.edge(0), with.edge(1)) > 0);
            beyond_h_search += plain.full_count(plain.edge(0), plain.edge(1)) == 0;
            ++placed;
        }
        CHECK(offsets.size() == 2); // both mirror images
    }
    CHECK(ladder_patterns().size() == 29);
    CHECK(heights == std::set<int>{2, 3, 4});
    CHECK(placed == 58);
    CHECK(cells_checked > 500);
    INFO("beyond H-search: " << beyond_h_search);
    CHECK(beyond_h_search > 0); // 7 of the 58 when written
}

TEST_CASE("EdgeTemplates: the placements of both colours and edges are images of each other", "[hex]") {
    for (const Shape shape : {Shape(7, 7), Shape(6, 8), Shape(8, 6)}) {
        const Geometry<Wide> g(shape);
        const EdgeTemplates<Wide> t(g);
        using Key = std::tuple<Wide, Wide, int>;
        std::set<Key> red[2], blue[2];
        for (const auto& p : t.placements(Colour::red)) red[p.side].insert({p.carrier, p.helper, p.anchor});
        for (const auto& p : t.placements(Colour::blue)) blue[p.side].insert({p.carrier, p.helper, p.anchor});
        INFO(shape.name());
        CHECK(!red[0].empty());
        // Side 0 is side 1 turned by 180 degrees.
        for (int colour = 0; colour < 2; ++colour) {
            const auto& s = colour == 0 ? red : blue;
            std::set<Key> turned;
            for (const auto& [c, h, a] : s[1]) turned.insert({g.rotate(c), g.rotate(h), g.cells() - 1 - a});
            CHECK(turned == s[0]);
        }
        // Blue's on this board are red's on the transposed board, transposed.
        const Shape tr(shape.cols, shape.rows);
        const Geometry<Wide> gt(tr);
        const EdgeTemplates<Wide> tt(gt);
        const auto transpose = [&](Wide x) {
            Wide out = 0;
            for_each_cell(x, [&](int i) { out |= cell_bit<Wide>((i % tr.cols) * shape.cols + i / tr.cols); });
            return out;
        };
        for (int side = 0; side < 2; ++side) {
            std::set<Key> mapped;
            for (const auto& p : tt.placements(Colour::red))
                if (p.side == side)
                    mapped.insert({transpose(p.carrier), transpose(p.helper), first_cell(transpose(cell_bit<Wide>(p.anchor)))});
            CHECK(mapped == blue[side]);
        }
    }
}

TEST_CASE("EdgeTemplates: the row-4 two-stone templates connect, need their helper and every carrier cell, beyond H-search", "[hex]") {
    // As the ladders: a board of 5 rows and 11 columns, the anchor on the second row joined
    // to red's top edge by the red cell above it (the rest of the top row blue). One placement
    // of each mirror image; neither builder derives the connection, with the templates both do.
    int placed = 0, cells_checked = 0;
    for (const EdgePattern& p : row4_patterns()) {
        CHECK(p.height == 4);
        const Shape shape(p.height + 1, 11);
        const Geometry<Wide> g(shape);
        const auto templates = std::make_shared<const EdgeTemplates<Wide>>(g, std::vector<EdgePattern>{p});
        std::set<int> offsets;
        for (const auto& pl : templates->placements(Colour::red)) {
            if (pl.side != 1 || !offsets.insert(first_cell(pl.helper) - pl.anchor).second) continue;
            const Wide red = check_placement(shape, p, pl, cells_checked);
            VcBuilder<Wide> plain(g), with(g);
            StrongVcBuilder<Wide> strong(g), strong_with(g);
            with.use_templates(templates);
            strong_with.use_templates(templates);
            plain.build(Colour::red, red, pl.carrier);
            with.build(Colour::red, red, pl.carrier);
            strong.build(Colour::red, red, pl.carrier);
            strong_with.build(Colour::red, red, pl.carrier);
            CHECK(plain.full_count(plain.edge(0), plain.edge(1)) == 0);
            CHECK(strong.full_count(strong.edge(0), strong.edge(1)) == 0);
            CHECK(with.full_count(with.edge(0), with.edge(1)) > 0);
            CHECK(strong_with.full_count(strong_with.edge(0), strong_with.edge(1)) > 0);
            ++placed;
        }
        CHECK(offsets.size() == 2); // both mirror images
    }
    CHECK(row4_patterns().size() == 2);
    CHECK(placed == 4);
    CHECK(cells_checked == 2 * (10 + 16));
}

TEST_CASE("EdgeTemplates: with the helper's cell empty, the player to move holds every template (semis)", "[hex]") {
    // RuleSet::semis: a template whose helper cell is empty is a semi connection of the anchor
    // to the edge with the helper's cell as key. On the test board of each pattern (as
    // above, the helper's cell empty): red to move connects, proven by the solver without
    // templates (and the reference when the region is small); blue to move breaks it (blue
    // takes the helper's cell, which the placement test shows breaks it). Both builders
    // with semis then hold a semi between red's edges, and no full connection.
    std::vector<EdgePattern> patterns = ladder_patterns();
    patterns.insert(patterns.end(), row4_patterns().begin(), row4_patterns().end());
    int placed = 0;
    for (const EdgePattern& p : patterns) {
        const Shape shape(p.height + 1, 11);
        const Geometry<Wide> g(shape);
        const auto templates = std::make_shared<const EdgeTemplates<Wide>>(g, std::vector<EdgePattern>{p}, true);
        CHECK(templates->semis());
        std::set<int> offsets;
        for (const auto& pl : templates->placements(Colour::red)) {
            if (pl.side != 1 || !offsets.insert(first_cell(pl.helper) - pl.anchor).second) continue;
            INFO("height " << p.height << " helper (" << int(p.helper.dr) << "," << int(p.helper.dc) << ") anchor "
                           << pl.anchor);
            const Wide red = cell_bit<Wide>(pl.anchor) | cell_bit<Wide>(pl.anchor - shape.cols);
            const Wide region = pl.carrier | pl.helper;
            const Wide blue = g.all() & ~(red | region);
            VcSearch<Wide> search(shape, RuleSet::parse("dfpn+vc+inferior+proof+resistance"), 4);
            search.load(red, blue, Colour::red);
            SearchStats stats;
            const Outcome o = search.solve(0, stats);
            CHECK(o == Outcome::win);
            if (count_cells(region) <= 11) {
                ReferenceSolver judge(shape.rows, shape.cols);
                CHECK(judge.wins(static_cast<std::uint64_t>(red), static_cast<std::uint64_t>(blue), Colour::red));
            }
            CHECK_FALSE(red_connects(shape, red, region)); // blue to move
            VcBuilder<Wide> with(g);
            StrongVcBuilder<Wide> strong_with(g);
            with.use_templates(templates);
            strong_with.use_templates(templates);
            with.build(Colour::red, red, region);
            strong_with.build(Colour::red, red, region);
            CHECK(with.semi_count(with.edge(0), with.edge(1)) > 0);
            CHECK(strong_with.semi_count(strong_with.edge(0), strong_with.edge(1)) > 0);
            CHECK(with.full_count(with.edge(0), with.edge(1)) == 0);
            CHECK(strong_with.full_count(strong_with.edge(0), strong_with.edge(1)) == 0);
            ++placed;
        }
    }
    CHECK(placed == 62);
}
