#include "hackenbush/stalks.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <set>
#include <string>

using namespace cgt::hackenbush;
using cgt::core::GameId;
using cgt::core::GameStore;
using cgt::core::ValueKind;

TEST_CASE("Hackenbush: the article's table of three-colour stalks up to 7 edges",
          "[hackenbush]") {
    // Per length: stalks, distinct values, numbers, x + *m, x +- up*, other. The article
    // gives lengths 1, 2, 3, 4 and 6 (5 and 7 are checked by the other facts below).
    struct Row { std::size_t count, distinct, numbers, nimbers, up_stars, other; };
    const std::array<Row, 8> article = {{{0, 0, 0, 0, 0, 0},
                                         {3, 3, 2, 1, 0, 0},
                                         {9, 9, 4, 3, 2, 0},
                                         {27, 27, 8, 7, 4, 8},
                                         {81, 81, 16, 15, 8, 42},
                                         {0, 0, 0, 0, 0, 0},
                                         {729, 729, 64, 63, 32, 570},
                                         {0, 0, 0, 0, 0, 0}}};
    std::array<Row, 8> ours{};
    std::array<std::set<std::string>, 8> texts;
    GameStore store;
    std::size_t other_ups = 0;
    walk_stalks(store, "BRG", "", 7, [&](std::string_view colours, GameId value) {
        const std::size_t n = colours.size();
        Row& row = ours[n];
        ++row.count;
        texts[n].insert(store.canonical_text(value));
        const auto c = store.classify(value);
        switch (c.kind) {
        case ValueKind::Number: ++row.numbers; break;
        case ValueKind::NumberNimber: ++row.nimbers; break;
        case ValueKind::NumberUps:
            if ((c.ups == 1 || c.ups == -1) && c.star == 1)
                ++row.up_stars;
            else
                ++other_ups;
            break;
        case ValueKind::Other: ++row.other; break;
        }
        // The article: every stalk of up to 7 edges is born on the day of its length.
        CHECK(store.birthday(value) == n);
        // x + *m exactly for a blue-red stalk x topped by m >= 1 greens (or all green);
        // x +- up* exactly for a blue-red stalk topped by G then B (up*) or G then R (down*).
        const auto first_green = colours.find('G');
        const std::string_view base = colours.substr(0, first_green);
        const bool greens_on_top = first_green != std::string_view::npos &&
                                   colours.find_first_not_of('G', first_green) == std::string_view::npos;
        const bool green_then_one = first_green != std::string_view::npos && first_green + 2 == n &&
                                    colours[n - 1] != 'G';
        CHECK((c.kind == ValueKind::NumberNimber) == greens_on_top);
        if (greens_on_top) {
            CHECK(c.number == (base.empty() ? cgt::core::Dyadic() : sign_expansion(base)));
            CHECK(c.star == n - first_green);
        }
        CHECK((c.kind == ValueKind::NumberUps) == green_then_one);
        if (green_then_one) {
            CHECK(c.number == (base.empty() ? cgt::core::Dyadic() : sign_expansion(base)));
            CHECK(c.ups == (colours[n - 1] == 'B' ? 1 : -1));
            CHECK(c.star == 1);
        }
    });
    CHECK(other_ups == 0);
    std::set<std::string> all;
    std::size_t count = 1, total = 0;
    for (std::size_t n = 1; n <= 7; ++n) {
        INFO("length " << n);
        count *= 3;
        total += count;
        ours[n].distinct = texts[n].size();
        all.insert(texts[n].begin(), texts[n].end());
        const Row& r = ours[n];
        // The shape of the table: 3^n stalks, all distinct; 2^n numbers, 2^n - 1 of
        // x + *m, 2^(n-1) of x +- up* (n >= 2).
        CHECK(r.count == count);
        CHECK(r.distinct == count);
        CHECK(r.numbers == std::size_t{1} << n);
        CHECK(r.nimbers == (std::size_t{1} << n) - 1);
        CHECK(r.up_stars == (n >= 2 ? std::size_t{1} << (n - 1) : 0));
        CHECK(r.other == count - r.numbers - r.nimbers - r.up_stars);
        if (article[n].count != 0) {
            CHECK(r.count == article[n].count);
            CHECK(r.distinct == article[n].distinct);
            CHECK(r.numbers == article[n].numbers);
            CHECK(r.nimbers == article[n].nimbers);
            CHECK(r.up_stars == article[n].up_stars);
            CHECK(r.other == article[n].other);
        }
    }
    CHECK(all.size() == total); // no two stalks of any lengths share a value
}
