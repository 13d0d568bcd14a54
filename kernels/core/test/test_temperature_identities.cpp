// The identities of temperature theory and of the infinitesimals on 10,000 random games
// (and 10,000 random pairs), fixed seeds. Convention: a number m/2^k in lowest terms has
// temperature -1/2^k (an integer -1), every other game temperature >= 0 (Siegel, CGT II.5).
#include "core/expression.hpp"
#include "core/incentives.hpp"
#include "core/infinitesimals.hpp"
#include "core/thermograph.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <unordered_set>
#include <vector>

using namespace cgt::core;

namespace {

constexpr std::size_t GAMES = 10'000;

// Distinct random games: {L | R} with up to three options a side drawn from earlier games
// born by day 3, over a base of numbers and infinitesimals (all_small: 0, * and ups only).
std::vector<GameId> random_games(GameStore& s, std::size_t count, std::uint32_t seed, bool all_small) {
    std::mt19937 rng(seed);
    std::vector<GameId> pool = {GameId(), s.nimber(1), s.nimber(2), s.ups(1), s.ups(-1)};
    if (!all_small)
        for (const char* x : {"1", "-1", "2", "-2", "1/2", "-1/2", "3/2", "1/4", "-3/4"})
            pool.push_back(GameStore::number(Dyadic::parse(x)));
    std::unordered_set<std::uint64_t> seen;
    for (GameId g : pool) seen.insert(g.bits());
    std::vector<GameId> games = pool;
    while (games.size() < count) {
        std::vector<GameId> left, right;
        const int n_left = std::uniform_int_distribution<int>(all_small ? 1 : 0, 3)(rng);
        const int n_right = all_small ? std::uniform_int_distribution<int>(1, 3)(rng)
                                      : std::uniform_int_distribution<int>(0, 3)(rng);
        for (int i = 0; i < n_left + n_right; ++i) {
            const GameId o = pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)];
            (i < n_left ? left : right).push_back(o);
        }
        const GameId g = s.make(left, right);
        if (!seen.insert(g.bits()).second) continue;
        games.push_back(g);
        if (s.birthday(g) <= 3) pool.push_back(g);
    }
    return games;
}

bool infinitesimally_close_to(GameStore& s, GameId g, const Dyadic& x) {
    return s.left_stop(g) == x && s.right_stop(g) == x;
}

} // namespace

TEST_CASE("Temperature identities on 10,000 random games", "[cgt]") {
    GameStore s;
    Thermography thermal(s);
    const auto games = random_games(s, GAMES, 15, false);
    REQUIRE(games.size() == GAMES);
    std::size_t hot = 0;
    for (GameId g : games) {
        INFO(s.canonical_text(g));
        const Thermograph& th = thermal.thermograph(g);
        const Dyadic m = th.mast, t = th.temperature;
        // The convention: negative exactly for numbers, -1/2^k for m/2^k.
        if (g.is_number()) {
            const Dyadic x = g.number_value();
            CHECK(m == x);
            CHECK(t == (x.is_integer() ? Dyadic(-1) : -Dyadic::fraction(1, x.exponent())));
        } else {
            CHECK(t >= Dyadic());
            hot += Dyadic() < t;
        }
        // The walls: at t = 0 (below any non-number's temperature) the stops; left wall
        // never right of the right wall; the mast at the temperature.
        CHECK(th.left_wall.at(Dyadic()) == s.left_stop(g));
        CHECK(th.right_wall.at(Dyadic()) == s.right_stop(g));
        for (const auto& p : th.left_wall.pieces()) CHECK(th.left_wall.at(p.start) >= th.right_wall.at(p.start));
        CHECK(th.left_wall.at(t) == m);
        CHECK(th.right_wall.at(t) == m);
        // Cooling by the temperature leaves the mean plus an infinitesimal; above, the mean;
        // at t in between, the walls are the stops of G_t.
        CHECK(infinitesimally_close_to(s, thermal.freeze(g), m));
        CHECK(thermal.cool(g, t + Dyadic(1)) == GameStore::number(m));
        if (Dyadic() < t) {
            const Dyadic half = Dyadic::fraction(t.numerator(), t.exponent() + 1);
            const GameId cooled = thermal.cool(g, half);
            CHECK(s.left_stop(cooled) == th.left_wall.at(half));
            CHECK(s.right_stop(cooled) == th.right_wall.at(half));
        }
        // -G mirrors the thermograph.
        CHECK(thermal.mean(s.neg(g)) == -m);
        CHECK(thermal.temperature(s.neg(g)) == t);
        // The mean value theorem: n.m(G) - t <= R(n.G) <= L(n.G) <= n.m(G) + t; for n <= 3
        // (sums of copies of games born by day 4 grow fast; larger n below).
        GameId multiple = GameId();
        for (std::int64_t n = 1; n <= 3; ++n) {
            multiple = s.add(multiple, g);
            const Dyadic nm = times(m, n);
            const Dyadic slack = t < Dyadic() ? Dyadic() : t;
            CHECK(s.right_stop(multiple) >= nm - slack);
            CHECK(s.left_stop(multiple) <= nm + slack);
        }
        // Confusion: G || x exactly for x in the interval (tried at and beside the stops).
        const ConfusionInterval c = confusion_interval(s, g);
        for (const Dyadic& x : {s.right_stop(g), s.left_stop(g), s.right_stop(g) - Dyadic(1), s.left_stop(g) + Dyadic(1),
                                Dyadic::fraction((s.left_stop(g) + s.right_stop(g)).numerator(),
                                                 (s.left_stop(g) + s.right_stop(g)).exponent() + 1)}) {
            const bool inside = !c.empty && ((c.low < x && x < c.high) || (x == c.low && c.low_closed) ||
                                             (x == c.high && c.high_closed));
            CHECK((compare(s, g, GameStore::number(x)) == Relation::Confused) == inside);
        }
        // Incentives: no move is a free gain, G^L - G <| 0 and G - G^R <| 0.
        const Incentives inc = incentives(s, g);
        for (GameId d : inc.left) CHECK_FALSE(s.le(GameId(), d));
        for (GameId d : inc.right) CHECK_FALSE(s.le(GameId(), d));
        // The reduced canonical form is infinitesimally close and idempotent.
        const GameId r = reduced_canonical_form(s, g);
        CHECK(infinitesimally_close_to(s, s.sub(g, r), Dyadic()));
        CHECK(reduced_canonical_form(s, r) == r);
        // Every text reads back as the value.
        CHECK(s.parse(s.name(g)) == g);
        CHECK(s.parse(s.name(g, Notation::Ascii)) == g);
        CHECK(s.parse(*s.plain_text(g)) == g);
        CHECK(s.parse(s.canonical_text(g)) == g);
    }
    CHECK(hot > GAMES / 4); // the sample is not all cold
}

TEST_CASE("Temperature: the mean value theorem for n up to 12", "[cgt]") {
    // Games born by day 3 (hot ones among them), n.G for n = 1..12: the stops of n.G stay
    // within t(G) of n.m(G), so L(n.G)/n and R(n.G)/n approach the mean within t/n.
    GameStore s;
    Thermography thermal(s);
    const auto games = random_games(s, 3000, 20, false);
    std::size_t tried = 0;
    for (GameId g : games) {
        if (s.birthday(g) > 3 || !(Dyadic() < thermal.temperature(g))) continue;
        ++tried;
        INFO(s.canonical_text(g));
        const Dyadic m = thermal.mean(g), t = thermal.temperature(g);
        GameId multiple = GameId();
        for (std::int64_t n = 1; n <= 12; ++n) {
            multiple = s.add(multiple, g);
            CHECK(s.right_stop(multiple) >= times(m, n) - t);
            CHECK(s.left_stop(multiple) <= times(m, n) + t);
        }
    }
    CHECK(tried > 50);
}

TEST_CASE("Temperature identities on 10,000 random sums", "[cgt]") {
    GameStore s;
    Thermography thermal(s);
    const auto games = random_games(s, 2'000, 16, false);
    std::mt19937 rng(17);
    std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
    for (std::size_t i = 0; i < GAMES; ++i) {
        const GameId g = games[pick(rng)], h = games[pick(rng)];
        const GameId sum = s.add(g, h);
        INFO(s.canonical_text(g) << " + " << s.canonical_text(h));
        // The mean is additive; the temperature of a sum is at most the larger one.
        CHECK(thermal.mean(sum) == thermal.mean(g) + thermal.mean(h));
        CHECK(thermal.temperature(sum) <= std::max(thermal.temperature(g), thermal.temperature(h)));
        // The reduced canonical form respects sums modulo infinitesimals.
        CHECK(reduced_canonical_form(s, sum) ==
              reduced_canonical_form(s, s.add(reduced_canonical_form(s, g), reduced_canonical_form(s, h))));
    }
}

TEST_CASE("Atomic weight identities on 10,000 random all-small games", "[cgt]") {
    GameStore s;
    const auto games = random_games(s, GAMES, 18, true);
    std::mt19937 rng(19);
    std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
    const GameId far_star = s.nimber(64); // remote for games born by day 4 and their sums
    std::size_t integer_weights = 0;
    for (std::size_t i = 0; i < GAMES; ++i) {
        const GameId g = games[i];
        INFO(s.canonical_text(g));
        REQUIRE(is_all_small(s, g));
        const GameId aw = atomic_weight(s, g);
        // The two-ahead rule: weight >= 2 wins for Left, <= -2 for Right.
        if (s.le(GameStore::integer(2), aw)) CHECK(s.outcome(g) == Outcome::Left);
        if (s.le(aw, GameStore::integer(-2))) CHECK(s.outcome(g) == Outcome::Right);
        // An integer weight n says how G stands to a remote star: n >= 1 above it, n <= -1
        // below it, 0 confused with it (weights may also be fractions, {^ | vv*} has -1/2,
        // or games).
        if (aw.is_number() && aw.number_value().is_integer()) {
            ++integer_weights;
            const Relation r = compare(s, g, far_star);
            const Dyadic n = aw.number_value();
            CHECK(r == (Dyadic() < n ? Relation::Greater : n < Dyadic() ? Relation::Less : Relation::Confused));
        }
        // Atomic weight is additive: aw(G + H) = aw(G) + aw(H).
        const GameId h = games[pick(rng)];
        CHECK(atomic_weight(s, s.add(g, h)) == s.add(aw, atomic_weight(s, h)));
        // aw(-G) = -aw(G).
        CHECK(atomic_weight(s, s.neg(g)) == s.neg(aw));
    }
    CHECK(integer_weights > GAMES / 4);
}
