#include "core/expression.hpp"
#include "core/game_store.hpp"
#include "core/infinitesimals.hpp"
#include "core/thermograph.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace cgt::core;

namespace {

// Games as explicit trees, apart from any GameStore: a disjunctive sum and Conway's <= by
// their definitions, memoised on node numbers. The store's forms are checked against them.
class Trees {
  public:
    int node(std::vector<int> left, std::vector<int> right) {
        m_nodes.push_back({std::move(left), std::move(right)});
        return static_cast<int>(m_nodes.size()) - 1;
    }
    // G + H = {G^L + H, G + H^L | G^R + H, G + H^R}.
    int sum(int g, int h) {
        if (const auto it = m_sums.find({g, h}); it != m_sums.end()) return it->second;
        std::vector<int> left, right;
        for (int o : m_nodes[g].left)
            left.push_back(sum(o, h));
        for (int o : m_nodes[h].left)
            left.push_back(sum(g, o));
        for (int o : m_nodes[g].right)
            right.push_back(sum(o, h));
        for (int o : m_nodes[h].right)
            right.push_back(sum(g, o));
        const int s = node(std::move(left), std::move(right));
        m_sums[{g, h}] = s;
        return s;
    }
    // G <= H unless some G^L >= H or some H^R <= G.
    bool le(int g, int h) {
        if (const auto it = m_le.find({g, h}); it != m_le.end()) return it->second;
        bool result = true;
        for (int o : m_nodes[g].left)
            result = result && !le(h, o);
        for (int o : m_nodes[h].right)
            result = result && !le(o, g);
        m_le[{g, h}] = result;
        return result;
    }
    bool equal(int g, int h) { return le(g, h) && le(h, g); }
    // The store's canonical form of g as a tree.
    int from_store(GameStore& store, GameId g) {
        std::vector<int> left, right;
        for (GameId o : store.left_options(g))
            left.push_back(from_store(store, o));
        for (GameId o : store.right_options(g))
            right.push_back(from_store(store, o));
        return node(std::move(left), std::move(right));
    }

  private:
    struct Node {
        std::vector<int> left, right;
    };
    std::vector<Node> m_nodes;
    std::map<std::pair<int, int>, int> m_sums;
    std::map<std::pair<int, int>, bool> m_le;
};

// The uptimal form of g found by sums, as a definition: g - x -/+ (↑^n or ↑^[n]) is a
// nimber for some n >= 2 (x = the stops).
std::optional<GameStore::UptimalForm> uptimal_by_sums(GameStore& store, GameId g,
                                                      std::uint32_t max_power) {
    if (g.is_number() || store.classify(g).kind != ValueKind::Other ||
        store.left_stop(g) != store.right_stop(g))
        return std::nullopt;
    const Dyadic x = store.left_stop(g);
    const GameId infinitesimal = store.sub(g, GameStore::number(x));
    for (std::uint32_t n = 2; n <= max_power; ++n)
        for (const bool cumulative : {false, true})
            for (const int sign : {1, -1}) {
                const GameId unit = cumulative ? store.up_power_sum(n) : store.up_power(n);
                const auto star = store.nim_value(sign > 0 ? store.sub(infinitesimal, unit)
                                                           : store.add(infinitesimal, unit));
                if (star)
                    return GameStore::UptimalForm{x, sign * static_cast<std::int32_t>(n),
                                                  cumulative, *star};
            }
    return std::nullopt;
}

bool same_form(const std::optional<GameStore::UptimalForm>& a,
               const std::optional<GameStore::UptimalForm>& b) {
    if (a.has_value() != b.has_value()) return false;
    return !a || (a->number == b->number && a->power == b->power &&
                  a->cumulative == b->cumulative && a->star == b->star);
}

std::string ups_text(int n) {
    std::string text;
    for (int i = 0; i < n; ++i)
        text += i ? "+^" : "^";
    return text;
}

} // namespace

TEST_CASE("GameStore: x + n.up + *m, made from its form, is the sum Conway's definition gives",
          "[cgt]") {
    Trees t;
    const int zero = t.node({}, {});
    const int star = t.node({zero}, {zero});
    const int up = t.node({zero}, {star});
    const int down = t.node({star}, {zero});
    const int half = t.node({zero}, {t.node({zero}, {})}); // {0 | 1}
    const int minus_one = t.node({}, {zero});
    std::vector<int> nimbers = {zero}; // *k = {*0, ..., *(k-1) | the same}
    for (int k = 1; k <= 3; ++k)
        nimbers.push_back(t.node(nimbers, nimbers));
    GameStore store;
    for (const auto& [x, x_tree] :
         {std::pair{Dyadic(), zero}, std::pair{Dyadic::parse("1/2"), half},
          std::pair{Dyadic(-1), minus_one}})
        for (int n = -4; n <= 4; ++n)
            for (std::uint32_t m = 0; m <= 3; ++m) {
                int sum = t.sum(x_tree, nimbers[m]);
                for (int i = 0; i < (n < 0 ? -n : n); ++i)
                    sum = t.sum(sum, n < 0 ? down : up);
                const GameId g = store.number_ups_star(x, n, m);
                INFO(x.to_string()
                     << " + " << n << ".up + *" << m << " = " << store.canonical_text(g));
                CHECK(t.equal(t.from_store(store, g), sum));
                const Classification c = store.classify(g);
                CHECK(c.number == x);
                CHECK(c.ups == n);
                CHECK(c.star == m);
            }
}

TEST_CASE("GameStore: sums and comparisons of thousands of ups are made from their forms",
          "[cgt]") {
    // The most ups a value may hold: n.up is n + 1 levels deep (4095 in an optimised build).
    const int n = static_cast<int>(GameStore::DEFAULT_MAX_DEPTH) - 1;
    GameStore store;
    GameId sum = GameId();
    for (int k = 1; k <= n; ++k)
        sum = store.add(sum, store.ups(1));
    CHECK(sum == store.ups(n));
    CHECK(store.depth(sum) == GameStore::DEFAULT_MAX_DEPTH);
    CHECK(store.birthday(sum) == static_cast<std::uint64_t>(n) + 1);
    // n.up = {0 | (n-1).up*}.
    CHECK(store.left_options(sum) == std::vector<GameId>{GameId()});
    CHECK(store.right_options(sum) ==
          std::vector<GameId>{store.number_ups_star(Dyadic(), n - 1, 1)});
    CHECK(store.add(sum, store.ups(-n)) == GameId());
    CHECK(store.add(store.ups(1), store.ups(1)) == store.parse("\u21d1"));
    CHECK(store.sub(sum, store.ups(n - 1)) == store.ups(1));
    CHECK(store.outcome(sum) == Outcome::Left);
    CHECK(store.outcome(store.number_ups_star(Dyadic(), 1, 1)) == Outcome::Next); // up* is fuzzy
    CHECK(store.lt(store.number_ups_star(Dyadic(), n - 2, 1), sum));              // by double-up*
    CHECK(store.lt(store.number_ups_star(Dyadic(), n - 9, 5),
                   store.ups(n - 8))); // by up*5 (*5 is 5 deep)
    // (n-1).up and n.up* differ by up*, which is confused with 0.
    CHECK(compare(store, store.ups(n - 2), store.number_ups_star(Dyadic(), n - 1, 1)) ==
          Relation::Confused);
    CHECK(store.lt(GameStore::number(Dyadic::parse("-1/1024")), sum));
    CHECK(atomic_weight(store, sum) == GameStore::integer(n));
    CHECK(reduced_canonical_form(store, sum) == GameId());
    Thermography thermal(store);
    CHECK(thermal.mean(sum) == Dyadic());
    CHECK(store.name(store.ups(n), Notation::Ascii) ==
          std::string(static_cast<std::size_t>(n), '^'));
    // A sum of 1,000 ups typed as such (511 in an AddressSanitizer build).
    const int m = std::min(1000, n);
    CHECK(store.parse(ups_text(m)) == store.ups(m));
    CHECK(store.parse(ups_text(m / 2) + "+*+" + ups_text(m / 2) + "+1/2") ==
          store.number_ups_star(Dyadic::parse("1/2"), m / 2 * 2, 1));
}

TEST_CASE("GameStore: a value past max_depth is refused, and up to it every walk completes",
          "[cgt]") {
    // up + up^2 + ... + up^n = {up^[n-1] | *}: a chain that is no x + n.up + *m, so every
    // function walks all of it.
    GameStore store;
    GameId chain = store.up_power_sum(1);
    const GameId star[1] = {store.nimber(1)};
    while (store.depth(chain) < GameStore::DEFAULT_MAX_DEPTH) {
        const GameId left[1] = {chain};
        chain = store.make(left, star);
    }
    CHECK(store.classify(chain).kind == ValueKind::Other);
    const auto u = store.uptimal_form(chain); // up^[k], k = max_depth - 1
    REQUIRE(u.has_value());
    CHECK(u->power == static_cast<std::int32_t>(GameStore::DEFAULT_MAX_DEPTH) - 1);
    CHECK(u->cumulative);
    CHECK(store.name(chain, Notation::Ascii) ==
          "^[" + std::to_string(GameStore::DEFAULT_MAX_DEPTH - 1) + "]");
    const GameId left[1] = {chain};
    CHECK_THROWS_AS(store.make(left, star), DepthError);
    CHECK(store.outcome(chain) == Outcome::Left);
    // up < up^[n] < double-up: up^[n] - up = up^2 + ... + up^n > 0, and up^k << up for k >= 2.
    CHECK(store.lt(store.ups(1), chain));
    CHECK(store.lt(chain, store.ups(2)));
    CHECK(store.neg(store.neg(chain)) == chain);
    Thermography thermal(store);
    CHECK(thermal.mean(chain) == Dyadic());
    CHECK(thermal.cool(chain, Dyadic(1)) == GameId());
    CHECK(is_all_small(store, chain));
    CHECK(reduced_canonical_form(store, chain) == GameId());
    // up^[1] = up is 2 levels deep, and each {up^[k-1] | *} one more.
    std::string text(GameStore::DEFAULT_MAX_DEPTH - 2, '{');
    text += '^';
    for (std::uint32_t k = 2; k < GameStore::DEFAULT_MAX_DEPTH; ++k)
        text += "|*}";
    CHECK(store.canonical_text(chain) == text);
    CHECK_THROWS_AS(store.add(chain, chain), DepthError);
}

TEST_CASE("Expressions: a sum of 60,000 ups is refused at the depth bound with its column",
          "[cgt]") {
    GameStore store;
    const std::string text = ups_text(60'000);
    try {
        store.parse(text);
        FAIL("a sum of 60,000 ups was accepted");
    } catch (const TextError& e) {
        // The up that makes max_depth ups is the first past the bound: it ends at column
        // 2 max_depth (8192 in an optimised build).
        const std::string max = std::to_string(GameStore::DEFAULT_MAX_DEPTH);
        CHECK(e.column() == 2 * GameStore::DEFAULT_MAX_DEPTH);
        CHECK_THAT(e.reason(), Catch::Contains(max + " ups in one value") &&
                                   Catch::Contains("limit of " + max));
    }
    GameStore small(GameStore::Limits{.max_depth = 10});
    CHECK(small.parse(ups_text(9)) == small.ups(9));
    CHECK_THROWS_WITH(small.parse("{0|{0|{0|{0|{0|{0|{0|{0|{0|{0|*}}}}}}}}}}"),
                      Catch::Contains("limit of 10"));
}

TEST_CASE("GameStore: uptimals x + up^n + *m and x + up^[n] + *m are read off their forms",
          "[cgt]") {
    GameStore store;
    for (const char* x : {"0", "1/2", "-2"})
        for (std::uint32_t n = 2; n <= 12; ++n)
            for (std::uint32_t m = 0; m <= 9; ++m)
                for (const bool cumulative : {false, true})
                    for (const int sign : {1, -1}) {
                        const GameId unit = cumulative ? store.up_power_sum(n) : store.up_power(n);
                        const GameId g = store.add(store.add(GameStore::number(Dyadic::parse(x)),
                                                             sign > 0 ? unit : store.neg(unit)),
                                                   store.nimber(m));
                        const auto u = store.uptimal_form(g);
                        INFO(x << (sign > 0 ? " + " : " - ") << (cumulative ? "up^[" : "up^") << n
                               << (cumulative ? "]" : "") << " + *" << m << " = "
                               << store.canonical_text(g));
                        REQUIRE(u.has_value());
                        CHECK(u->number == Dyadic::parse(x));
                        CHECK(u->power == sign * static_cast<std::int32_t>(n));
                        CHECK(u->cumulative == cumulative);
                        CHECK(u->star == m);
                    }
    // And no other value is taken for one: the forms agree with the sums on random games
    // whose options are nimbers, ups and uptimals of both signs (uptimals and near misses).
    std::mt19937 rng(33);
    std::vector<GameId> pool;
    for (std::uint32_t m = 0; m <= 4; ++m) {
        pool.push_back(store.nimber(m));
        for (const GameId unit :
             {store.ups(1), store.up_power_sum(2), store.up_power_sum(3), store.up_power(2)})
            for (const GameId signed_unit : {unit, store.neg(unit)})
                pool.push_back(store.add(signed_unit, store.nimber(m)));
    }
    int uptimals = 0, others = 0;
    for (int i = 0; i < 3000; ++i) {
        std::vector<GameId> left, right;
        for (auto* side : {&left, &right}) {
            const int count = std::uniform_int_distribution<int>(1, 4)(rng) <= 3 ? 1 : 2;
            for (int k = 0; k < count; ++k)
                side->push_back(
                    pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)]);
        }
        const GameId g = store.make(left, right);
        if (store.depth(g) > 8) continue;
        if (std::find(pool.begin(), pool.end(), g) == pool.end() && pool.size() < 60)
            pool.push_back(g);
        INFO(store.canonical_text(g));
        const auto by_form = store.uptimal_form(g);
        CHECK(same_form(by_form, uptimal_by_sums(store, g, store.depth(g) + 1)));
        ++(by_form ? uptimals : others);
    }
    // Both kinds were met (seed 33: 43 uptimals among 2,798 games).
    CHECK(uptimals >= 20);
    CHECK(others >= 1000);
}
