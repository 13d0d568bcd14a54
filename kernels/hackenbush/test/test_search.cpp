#include "hackenbush/picture.hpp"
#include "hackenbush/picture_values.hpp"
#include "hackenbush/win_loss.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::hackenbush;
using cgt::core::GameId;
using cgt::core::GameStore;

namespace {

// Every picture of 1..max_edges coloured edges {u, v}, u <= v <= 3 (loops and parallel
// edges allowed, counted as multisets), with every edge connected to the ground: the
// article's three-colour graphs on the ground and three vertices.
std::vector<Picture> small_pictures(std::size_t max_edges) {
    std::vector<Edge> kinds;
    for (std::uint32_t u = 0; u <= 3; ++u)
        for (std::uint32_t v = u; v <= 3; ++v)
            for (Colour c : {Colour::Blue, Colour::Red, Colour::Green}) kinds.push_back({u, v, c, 0});
    std::vector<Picture> out;
    std::vector<std::size_t> pick;
    const auto extend = [&](const auto& self, std::size_t from) -> void {
        if (!pick.empty()) {
            std::vector<Edge> edges;
            for (std::size_t k : pick) edges.push_back(kinds[k]);
            if (auto p = Picture::if_grounded(edges)) out.push_back(std::move(*p));
        }
        if (pick.size() == max_edges) return;
        for (std::size_t k = from; k < kinds.size(); ++k) {
            pick.push_back(k);
            self(self, k);
            pick.pop_back();
        }
    };
    extend(extend, 0);
    return out;
}

} // namespace

TEST_CASE("Hackenbush: engine outcomes equal a value-free search, parts add up",
          "[hackenbush]") {
    GameStore store;
    const auto pictures = small_pictures(4);
    // The article's counts of three-colour graphs by edge count: 12, 159, 1,903, 18,753.
    std::array<std::size_t, 5> by_edges{};
    for (const Picture& p : pictures) ++by_edges[p.edge_count()];
    CHECK(by_edges == std::array<std::size_t, 5>{0, 12, 159, 1903, 18753});
    std::size_t next = 0;
    for (const Picture& p : pictures) {
        PictureValues split(p, store, true), whole(p, store, false);
        WinLossSearch search(p);
        const GameId value = split.value();
        INFO(p.to_text());
        CHECK(store.outcome(value) == search.outcome());
        CHECK(whole.value() == value);
        CHECK(PictureValues(p.negated(), store).value() == store.neg(value));
        next += search.outcome() == cgt::core::Outcome::Next;
    }
    CHECK(next > 0);
}

TEST_CASE("Hackenbush: the outcome of a sum of values is the outcome of the pictures side "
          "by side", "[hackenbush]") {
    GameStore store;
    const auto pictures = small_pictures(2);
    std::mt19937 rng(7);
    for (int trial = 0; trial < 400; ++trial) {
        const Picture& a = pictures[rng() % pictures.size()];
        const Picture& b = pictures[rng() % pictures.size()];
        const Picture& c = pictures[rng() % pictures.size()];
        const GameId sum = store.add(store.add(PictureValues(a, store).value(),
                                               PictureValues(b, store).value()),
                                     PictureValues(c, store).value());
        WinLossSearch search(Picture::side_by_side(Picture::side_by_side(a, b), c));
        CHECK(store.outcome(sum) == search.outcome());
    }
}

TEST_CASE("Hackenbush: hints give each cut's value and whether it keeps the win",
          "[hackenbush]") {
    // 1/2 (a BR stalk) + -1 (a red edge) = -1/2.
    GameStore store;
    std::vector<PictureValues> sum;
    sum.emplace_back(Picture::parse("0 1 B\n1 2 R\n"), store);
    sum.emplace_back(Picture::parse("0 1 R\n"), store);
    struct Row { std::size_t picture; unsigned edge; std::string after; bool keeps; };
    const std::vector<Row> blue = {{0, 0, "-1", false}};
    const std::vector<Row> red = {{0, 1, "0", true}, {1, 0, "1/2", false}};
    for (const auto& [player, rows] : {std::pair{Player::Blue, blue}, std::pair{Player::Red, red}}) {
        const auto h = hints(sum, player);
        REQUIRE(h.size() == rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            CHECK(h[i].picture == rows[i].picture);
            CHECK(h[i].edge == rows[i].edge);
            CHECK(store.name(h[i].value_after) == rows[i].after);
            CHECK(h[i].keeps_win == rows[i].keeps);
        }
    }
}

TEST_CASE("Picture: text round trip, negation and side by side", "[hackenbush]") {
    const Picture p = Picture::parse("0 1 B\n1 2 G\n2 2 R\n0 3 R\n");
    CHECK(Picture::parse(p.to_text()).edges().size() == 4);
    CHECK(Picture::parse(p.to_text()).to_text() == p.to_text());
    CHECK(p.negated().to_text() == "0 1 R\n1 2 G\n2 2 B\n0 3 B\n");
    const Picture q = Picture::side_by_side(p, Picture::stalk("BR"));
    CHECK(q.to_text() == "0 1 B\n1 2 G\n2 2 R\n0 3 R\n0 4 B\n4 5 R\n");
    std::array<EdgeMask, Picture::MAX_EDGES> parts{};
    REQUIRE(q.parts(q.all(), parts) == 3);
    CHECK(parts[0] == 0b000111);
    CHECK(parts[1] == 0b001000);
    CHECK(parts[2] == 0b110000);
    CHECK(q.cut(q.all(), 0) == 0b111000); // cutting the bottom blue edge drops 1-2 and the loop
    GameStore store;
    CHECK(PictureValues(q, store).value() ==
          store.add(PictureValues(p, store).value(), store.parse("1/2")));
}
