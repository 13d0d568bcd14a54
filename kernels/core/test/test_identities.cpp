#include "core/game_store.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace cgt::core;

namespace {

// G <= H straight from Conway's definition on the canonical options: no memo, no stops,
// no number avoidance. Exponential, so only for the small games below.
bool naive_le(GameStore& s, GameId g, GameId h) {
    for (GameId gl : s.left_options(g))
        if (naive_le(s, h, gl)) return false;
    for (GameId hr : s.right_options(h))
        if (naive_le(s, hr, g)) return false;
    return true;
}

// Random games born by day 4: {L | R} with up to three options a side from earlier games.
std::vector<GameId> random_games(GameStore& s, std::size_t count, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<GameId> pool = {GameId(), GameStore::integer(1), GameStore::integer(-1),
                                s.nimber(1), GameStore::number(Dyadic::parse("1/2"))};
    while (pool.size() < count) {
        std::vector<GameId> left, right;
        for (auto* side : {&left, &right}) {
            const auto n = std::uniform_int_distribution<int>(0, 3)(rng);
            for (int i = 0; i < n; ++i) {
                const GameId o = pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)];
                if (s.birthday(o) <= 3) side->push_back(o);
            }
        }
        const GameId g = s.make(left, right);
        if (std::find(pool.begin(), pool.end(), g) == pool.end()) pool.push_back(g);
    }
    return pool;
}

} // namespace

TEST_CASE("GameStore: le agrees with Conway's definition and is a partial order", "[cgt]") {
    GameStore s;
    const auto games = random_games(s, 90, 1);
    std::size_t comparable = 0;
    for (GameId g : games)
        for (GameId h : games) {
            const bool le = s.le(g, h);
            CHECK(le == naive_le(s, g, h));
            if (le && s.le(h, g)) CHECK(g == h); // antisymmetric: equal values, equal handles
            // G <= H exactly when H - G >= 0, i.e. Left wins H - G moving second.
            const Outcome o = s.outcome(s.sub(h, g));
            CHECK(le == (o == Outcome::Left || o == Outcome::Previous));
            comparable += le;
        }
    for (GameId g : games) CHECK(s.le(g, g));
    for (GameId g : games)
        for (GameId h : games)
            if (s.le(g, h))
                for (GameId k : games)
                    if (s.le(h, k)) CHECK(s.le(g, k));
    // The sample is not degenerate: some pairs are comparable, some are not.
    CHECK(comparable > games.size());
    CHECK(comparable < games.size() * games.size() / 2);
}

TEST_CASE("GameStore: G - G = 0, G + H = H + G, (G + H) + K = G + (H + K)", "[cgt]") {
    GameStore s;
    const auto games = random_games(s, 60, 2);
    std::mt19937 rng(3);
    const auto pick = [&] {
        return games[std::uniform_int_distribution<std::size_t>(0, games.size() - 1)(rng)];
    };
    for (GameId g : games) {
        CHECK(s.sub(g, g) == GameId());
        CHECK(s.neg(s.neg(g)) == g);
    }
    for (int i = 0; i < 300; ++i) {
        const GameId g = pick(), h = pick(), k = pick();
        CHECK(s.add(g, h) == s.add(h, g));
        CHECK(s.add(s.add(g, h), k) == s.add(g, s.add(h, k)));
        CHECK(s.neg(s.add(g, h)) == s.add(s.neg(g), s.neg(h)));
    }
}

TEST_CASE("GameStore: make leaves no dominated and no reversible option", "[cgt]") {
    GameStore s;
    for (GameId g : random_games(s, 120, 4)) {
        if (g.is_number()) continue;
        const auto left = s.left_options(g), right = s.right_options(g);
        INFO(s.name(g));
        for (GameId a : left)
            for (GameId b : left)
                if (a != b) CHECK_FALSE(naive_le(s, a, b));
        for (GameId a : right)
            for (GameId b : right)
                if (a != b) CHECK_FALSE(naive_le(s, b, a));
        for (GameId a : left)
            for (GameId ar : s.right_options(a)) CHECK_FALSE(naive_le(s, ar, g));
        for (GameId b : right)
            for (GameId bl : s.left_options(b)) CHECK_FALSE(naive_le(s, g, bl));
    }
}

TEST_CASE("GameStore: canonical text and hash do not depend on the order of interning",
          "[cgt]") {
    GameStore first;
    const auto games = random_games(first, 80, 5);
    std::vector<std::string> texts;
    for (GameId g : games) texts.push_back(first.canonical_text(g));

    // A second store meets other values first and reads the texts back in reverse order,
    // so its handles differ; a third one keeps almost no memo entries.
    GameStore second;
    for (std::uint32_t m = 0; m < 9; ++m) second.add(second.nimber(m), second.ups(3));
    GameStore::Limits tiny;
    tiny.max_cache_entries = 2;
    GameStore third(tiny);
    std::size_t moved = 0;
    for (std::size_t i = games.size(); i-- > 0;) {
        INFO(texts[i]);
        const GameId g2 = second.parse(texts[i]);
        const GameId g3 = third.parse(first.name(games[i]));
        moved += g2 != games[i];
        CHECK(second.canonical_text(g2) == texts[i]);
        CHECK(third.canonical_text(g3) == texts[i]);
        CHECK(second.hash(g2) == first.hash(games[i]));
        CHECK(third.hash(g3) == first.hash(games[i]));
        CHECK(first.parse(texts[i]) == games[i]);
        CHECK(second.birthday(g2) == first.birthday(games[i]));
    }
    CHECK(moved > 0);
    // Distinct values have distinct texts (and here distinct hashes).
    auto sorted = texts;
    std::sort(sorted.begin(), sorted.end());
    CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
}
