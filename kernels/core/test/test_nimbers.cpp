#include "core/game_store.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::core;

// Nimbers are interned directly, not through make() (which compared the options of *m
// pairwise: parse("*425") took 8 s). The largest accepted nimber is built in milliseconds;
// a return of the cubic cost would run this test past ctest's timeout.
TEST_CASE("GameStore: nimbers up to the bound, made directly", "[cgt]") {
    GameStore store;
    const GameId big = store.parse("*" + std::to_string(GameStore::MAX_NIMBER));
    CHECK(store.nim_value(big) == GameStore::MAX_NIMBER);
    CHECK(store.birthday(big) == GameStore::MAX_NIMBER);
    CHECK(store.left_options(big).size() == GameStore::MAX_NIMBER);
    CHECK(store.outcome(big) == Outcome::Next);
    CHECK(store.parse("*425") == store.nimber(425));
    // Sums of nimbers are nim sums: *1023 + *1022 = *, *425 + *425 = 0.
    CHECK(store.add(big, store.nimber(GameStore::MAX_NIMBER - 1)) == store.nimber(1));
    CHECK(store.add(store.nimber(425), store.nimber(425)) == GameId());
    CHECK(store.add(store.nimber(600), store.nimber(300)) == store.nimber(600 ^ 300));
}

TEST_CASE("GameStore: a nimber made directly is the one make() finds", "[cgt]") {
    GameStore store;
    // *3 through make() first, with the options in a shuffled order and a repeat ...
    const std::vector<GameId> options = {store.nimber(2), GameId(), store.nimber(1), GameId()};
    const GameId made = store.make(options, options);
    // ... is the handle nimber(3) returns, and {0, *, *2, *3 | ...} built by make() is *4.
    CHECK(store.nimber(3) == made);
    const std::vector<GameId> four = {GameId(), store.nimber(1), store.nimber(2), made};
    CHECK(store.make(four, four) == store.nimber(4));
    // A second store that makes *0..*12 directly gives the same canonical texts and hashes.
    GameStore other;
    for (std::uint32_t m = 0; m <= 12; ++m) {
        std::vector<GameId> lower;
        for (std::uint32_t k = 0; k < m; ++k) lower.push_back(store.nimber(k));
        const GameId by_make = m == 0 ? GameId() : store.make(lower, lower);
        INFO("*" << m);
        CHECK(by_make == store.nimber(m));
        CHECK(other.canonical_text(other.nimber(m)) == store.canonical_text(by_make));
        CHECK(other.hash(other.nimber(m)) == store.hash(by_make));
    }
}

TEST_CASE("GameStore: a nimber above the bound is refused with the bound named", "[cgt]") {
    GameStore store;
    const std::string too_big = "*" + std::to_string(GameStore::MAX_NIMBER + 1);
    CHECK_THROWS_WITH(store.nimber(GameStore::MAX_NIMBER + 1),
                      Catch::Contains("is too large (at most *1023"));
    CHECK_THROWS_WITH(store.parse(too_big), Catch::Contains("nimber"));
    CHECK_THROWS_WITH(store.parse("*65535"), Catch::Contains("nimber"));
}
