#include "impartial/octal_values.hpp"
#include "impartial/take_away.hpp"
#include "octal_reference.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace cgt::impartial;

namespace {
// The Grundy value of a position of several heaps, by the mex rule over moves generated
// straight from the digits (no XOR, no single-heap shortcut): an independent reading of the
// octal-code definition to test OctalValues against.
class PositionSearch {
public:
    explicit PositionSearch(std::vector<std::uint8_t> digits) : m_digits(std::move(digits)) {}

    Grundy value(std::vector<Heap> heaps) {
        heaps.erase(std::remove(heaps.begin(), heaps.end(), Heap{0}), heaps.end());
        std::sort(heaps.begin(), heaps.end());
        if (auto it = m_memo.find(heaps); it != m_memo.end()) return it->second;
        std::vector<Grundy> options;
        for (std::size_t i = 0; i < heaps.size(); ++i) {
            const Heap h = heaps[i];
            for (Heap k = 0; k < m_digits.size() && k <= h; ++k) {
                const std::uint8_t d = m_digits[k];
                auto rest = heaps;
                rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
                if ((d & 1) && k == h && k > 0) options.push_back(value(rest));
                if ((d & 2) && h > k && k > 0) {
                    auto next = rest;
                    next.push_back(h - k);
                    options.push_back(value(next));
                }
                if (d & 4)
                    for (Heap a = 1; 2 * a <= h - k; ++a) {
                        auto next = rest;
                        next.push_back(a);
                        next.push_back(h - k - a);
                        options.push_back(value(next));
                    }
            }
        }
        const Grundy g = mex(options);
        m_memo.emplace(std::move(heaps), g);
        return g;
    }

private:
    std::vector<std::uint8_t> m_digits;
    std::map<std::vector<Heap>, Grundy> m_memo;
};
} // namespace

TEST_CASE("OctalValues: single heaps and heap pairs match a search over moves from the digits",
          "[impartial][octal]") {
    const std::vector<std::string> codes = {".77", ".07", ".137", "4.07", "4.0",  ".1",   ".2",
                                            ".4",  ".6",  ".31",  ".3033", "4.3", ".165", ".007"};
    for (const auto& code : codes) {
        INFO(code);
        const auto game = OctalGame::parse(code);
        const auto values = octal_values_by_definition(game, 16);
        PositionSearch search(game.digits());
        for (Heap n = 0; n <= 16; ++n) CHECK(search.value({n}) == values[n]);
        // Two heaps: the search knows nothing of XOR, so this checks the sum rule too.
        for (Heap a = 1; a <= 7; ++a)
            for (Heap b = a; b <= 7; ++b) CHECK(search.value({a, b}) == (values[a] ^ values[b]));
    }
}

TEST_CASE("OctalValues: subtraction codes give TakeAway's values", "[impartial][octal]") {
    for (const std::string set : {"1,3,4", "2,3,7", "1,2,3", "5,6,11,12", "3"}) {
        INFO(set);
        CHECK(octal_values_by_definition(OctalGame::parse_game(set), 300) ==
              TakeAway::parse(set).grundy_values(300));
    }
}

TEST_CASE("OctalValues: the rare/common split gives the values of the definition",
          "[impartial][octal]") {
    // Games whose sequences turn sparse (several masks, with and without +pos, one and
    // several split digits), and dense ones where the split must not be taken.
    struct Row {
        std::string code;
        bool uses_split;
    };
    const std::vector<Row> rows = {
        {".16", true},   {".56", true},   {".127", true}, {".376", true}, {".354", true},
        {".104", true},  {".156", true},  {"4.406", true}, {".161", true}, {".77", true},
        {".007", false}, {".04", false},
    };
    const Heap n = 20000;
    for (const auto& row : rows) {
        INFO(row.code);
        const auto game = OctalGame::parse(row.code);
        OctalValues fast(game, ValueMethod::rare_common);
        (void)fast.extend_to(n);
        CHECK(fast.values() == octal_values_by_definition(game, n));
        CHECK((fast.heaps_by_split() > 0) == row.uses_split);
    }
}

TEST_CASE("OctalValues: the split gives the definition's values for every code of 3 digits",
          "[impartial][octal]") {
    // Heaps to 1100: the split is first considered at 512 and taken by most of these games.
    // (Checked once to heap 8192 as well: all 1,023 agree, 863 of them through the split.)
    std::size_t games = 0, by_split = 0;
    for (std::uint8_t d0 : {std::uint8_t{0}, LEAVE_TWO})
        for (unsigned code = d0 ? 0 : 1; code < 512; ++code) {
            const auto game = OctalGame::from_digits({d0, static_cast<std::uint8_t>(code >> 6),
                                                      static_cast<std::uint8_t>(code >> 3 & 7),
                                                      static_cast<std::uint8_t>(code & 7)});
            INFO(game.code());
            OctalValues fast(game);
            (void)fast.extend_to(1100);
            CHECK(fast.values() == octal_values_by_definition(game, 1100));
            ++games;
            by_split += fast.heaps_by_split() > 0;
        }
    CHECK(games == 1023);
    CHECK(by_split > 500);
}

TEST_CASE("OctalValues: Kayles is OEIS A002186", "[impartial][octal]") {
    const auto reference = test::read_b_file("A002186.txt");
    REQUIRE(reference.size() == 105);
    const auto values = octal_values_by_definition(OctalGame::parse(".77"), 104);
    for (const auto& row : reference) CHECK(values[row.n] == row.value);
}

TEST_CASE("OctalValues: .127 and .1777 are OEIS A071464 and A071509 (n = 1..10000)",
          "[impartial][octal]") {
    for (const auto& [code, file] : {std::pair<std::string, std::string>{".127", "A071464.txt"},
                                     {".1777", "A071509.txt"}}) {
        INFO(code);
        const auto reference = test::read_b_file(file);
        REQUIRE(reference.size() == 10000);
        OctalValues values(OctalGame::parse(code));
        (void)values.extend_to(10000);
        std::size_t differences = 0;
        for (const auto& row : reference) differences += values.values()[row.n] != row.value;
        CHECK(differences == 0);
    }
}

TEST_CASE("OctalValues: subtract-a-square is OEIS A014586 (n = 0..10000)", "[impartial][octal]") {
    const auto reference = test::read_b_file("A014586.txt");
    REQUIRE(reference.size() == 10001);
    const auto game = OctalGame::subtraction(squares_up_to(10000));
    CHECK(game.largest_removal() == 10000);
    const auto values = octal_values_by_definition(game, 10000);
    std::size_t differences = 0;
    for (const auto& row : reference) differences += values[row.n] != row.value;
    CHECK(differences == 0);
}

TEST_CASE("OctalValues: misere values are 0 exactly at misere losses", "[impartial][octal]") {
    // Misere win/loss of one heap by search: no move = a win; else a win iff some move
    // reaches a loss. The misere value (1 at a heap with no move) is 0 iff the heap is lost.
    for (const std::string set : {"1,2,3", "1,3,4", "2,3,7", "2", "3,5", "4,5,9,11"}) {
        INFO(set);
        const auto game = OctalGame::parse_game(set, Play::misere);
        const auto values = octal_values_by_definition(game, 200);
        std::vector<bool> wins(201, false);
        for (Heap n = 0; n <= 200; ++n) {
            bool has_move = false, reaches_loss = false;
            for (Heap s : game.subtraction_set())
                if (s <= n) {
                    has_move = true;
                    reaches_loss = reaches_loss || !wins[n - s];
                }
            wins[n] = !has_move || reaches_loss;
            CHECK((values[n] == 0) == !wins[n]);
        }
    }
    // S = {1,2,3}: the first player loses exactly at n = 1 (mod 4).
    const auto values = octal_values_by_definition(OctalGame::parse_game("1,2,3", Play::misere), 11);
    CHECK(values == std::vector<Grundy>{1, 0, 2, 3, 1, 0, 2, 3, 1, 0, 2, 3});
}

TEST_CASE("OptionMarks: marks are forgotten at the next heap", "[impartial][octal]") {
    OptionMarks marks;
    marks.begin(8);
    for (Grundy v : {0u, 1u, 3u}) marks.mark(v);
    CHECK(marks.mex() == 2);
    CHECK(marks.has(3));
    marks.begin(8);
    CHECK_FALSE(marks.has(3));
    CHECK(marks.mex() == 0);
    for (Grundy v = 0; v < 8; ++v) marks.mark(v);
    CHECK(marks.mex() == 8);
}
