// Subtraction games for cgt-check-certificate, by their definition alone (subtraction.hpp).
#include "subtraction.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace cgt::certificates {

namespace {

using Values = std::vector<std::uint8_t>;

// Sets of at most this many moves: values are at most |S|, so below 256.
constexpr std::size_t MAX_MOVES = 255;
// The most values computed for one game by the census figures' search.
constexpr std::size_t MAX_HEAPS = std::size_t{1} << 26;

struct Game {
    std::vector<unsigned> set; // ascending, distinct, positive
    bool misere = false;
};

// Extends g (G(0..g.size() - 1)) to G(0..to - 1) by the definition.
void extend(const Game& game, Values& g, std::size_t to) {
    g.reserve(to);
    for (std::size_t n = g.size(); n < to; ++n) {
        std::uint64_t seen[4] = {0, 0, 0, 0}; // the options' values, 256 bits
        bool moves = false;
        for (unsigned s : game.set)
            if (s <= n) {
                moves = true;
                const unsigned v = g[n - s];
                seen[v / 64] |= std::uint64_t{1} << (v % 64);
            }
        unsigned mex = 0;
        while (seen[mex / 64] >> (mex % 64) & 1)
            ++mex;
        g.push_back(static_cast<std::uint8_t>(game.misere && !moves ? 1 : mex));
    }
}

struct Period {
    std::size_t preperiod = 0, period = 0;
};

// The least preperiod and period of the outcomes o(n) = (G(n) != 0) of values periodic from
// `values.preperiod` with period `values.period` (g must reach n0 + 2p): the least divisor d
// of p with o(m) = o(m + d) over one period from n0, then walked back from n0.
Period outcomes_of(const Values& g, const Period& values) {
    const auto o = [&](std::size_t m) { return g[m] != 0; };
    const std::size_t n0 = values.preperiod, p = values.period;
    Period out{n0, p};
    for (std::size_t d = 1; d <= p; ++d) {
        if (p % d) continue;
        bool same = true;
        for (std::size_t m = n0; m < n0 + p && same; ++m)
            same = o(m) == o(m + d);
        if (same) {
            out.period = d;
            break;
        }
    }
    while (out.preperiod > 0 && o(out.preperiod - 1) == o(out.preperiod - 1 + out.period))
        --out.preperiod;
    return out;
}

// The least eventual period and preperiod of a game, by a search of its own (the census
// uses Brent's cycle finding): with G(0..L-1) computed, the least p <= L - t whose window
// G(L - p - t .. L - p - 1) equals the last one, G(L - t .. L - 1), proves G(n) = G(n + p)
// for n >= L - p - t (subtraction.hpp); L doubles until one is found. The first p found is
// the least eventual period q: q holds wherever a multiple of it does, so q <= p and its
// windows are equal as well. The preperiod is then walked back. g keeps the values, to at
// least n0 + 2p.
Period least_period(const Game& game, Values& g) {
    const std::size_t t = game.set.back();
    g.clear();
    for (std::size_t length = 4 * t + 64; length <= MAX_HEAPS; length *= 2) {
        extend(game, g, length);
        const auto last = g.begin() + static_cast<std::ptrdiff_t>(length - t);
        for (std::size_t p = 1; p <= length - t; ++p) {
            if (!std::equal(last - static_cast<std::ptrdiff_t>(p),
                            last - static_cast<std::ptrdiff_t>(p) + static_cast<std::ptrdiff_t>(t),
                            last))
                continue;
            std::size_t n0 = length - p - t;
            while (n0 > 0 && g[n0 - 1] == g[n0 - 1 + p])
                --n0;
            extend(game, g, n0 + 2 * p + t);
            return {n0, p};
        }
    }
    throw std::runtime_error("no period within " + std::to_string(MAX_HEAPS) + " values");
}

std::string set_text(const std::vector<unsigned>& set) {
    std::string text = "{";
    for (std::size_t i = 0; i < set.size(); ++i)
        text += (i ? "," : "") + std::to_string(set[i]);
    return text + "}";
}

std::vector<unsigned> parse_set(const std::string& text) {
    if (text.size() < 3 || text.front() != '{' || text.back() != '}')
        throw std::invalid_argument("the set '" + text + "' is not written {s1,s2,...}");
    std::vector<unsigned> set;
    std::istringstream in(text.substr(1, text.size() - 2));
    std::string word;
    while (std::getline(in, word, ',')) {
        if (word.empty() || word.size() > 6 ||
            word.find_first_not_of("0123456789") != std::string::npos)
            throw std::invalid_argument("the set '" + text + "' has a move that is not a number");
        set.push_back(static_cast<unsigned>(std::stoul(word)));
    }
    for (std::size_t i = 0; i < set.size(); ++i)
        if (set[i] == 0 || (i > 0 && set[i] <= set[i - 1]))
            throw std::invalid_argument("the set '" + text +
                                        "' is not ascending positive moves without repeats");
    if (set.empty() || set.size() > MAX_MOVES)
        throw std::invalid_argument("the set '" + text + "' must have 1..255 moves");
    return set;
}

std::uint64_t number(const Keys& keys, const std::string& key) {
    const auto it = keys.find(key);
    if (it == keys.end()) throw std::invalid_argument("no '" + key + "' line");
    if (it->second.empty() || it->second.find_first_not_of("0123456789") != std::string::npos)
        throw std::invalid_argument("the '" + key + "' line is not a whole number");
    return std::stoull(it->second);
}

std::string text(const Keys& keys, const std::string& key) {
    const auto it = keys.find(key);
    if (it == keys.end()) throw std::invalid_argument("no '" + key + "' line");
    return it->second;
}

// A value's digit: 0-9, then a-z for 10..35.
unsigned digit_value(char c) {
    if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'z') return static_cast<unsigned>(c - 'a') + 10;
    throw std::invalid_argument(std::string("'") + c + "' is not a value digit (0-9, a-z)");
}

// The census figures' rows: the least n0 and p of each game and of its outcomes.
struct Row {
    std::uint32_t preperiod, period, outcome_preperiod, outcome_period;
};

// FNV-1a (64 bits) of text, continued from h.
std::uint64_t fnv1a(std::uint64_t h, const std::string& text) {
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}
constexpr std::uint64_t FNV_START = 0xcbf29ce484222325ULL;

std::vector<unsigned> set_of_mask(std::uint32_t mask) {
    std::vector<unsigned> set;
    for (unsigned s = 1; s <= 32; ++s)
        if (mask >> (s - 1) & 1) set.push_back(s);
    return set;
}

// The figures' lines of every S within {1..M} (README.md), from the rows of both plays
// (index mask - 1).
std::vector<std::string> figure_lines(unsigned m, const std::vector<Row> (&rows)[2]) {
    std::vector<std::string> lines{"sets-max " + std::to_string(m)};
    const char* plays[2] = {"normal", "misere"};
    const std::size_t count = rows[0].size();
    for (int play = 0; play < 2; ++play) {
        std::uint64_t h = FNV_START;
        for (std::size_t i = 0; i < count; ++i) {
            const Row& r = rows[play][i];
            h = fnv1a(h, std::to_string(i + 1) + " " + std::to_string(r.preperiod) + " " +
                             std::to_string(r.period) + " " + std::to_string(r.outcome_preperiod) +
                             " " + std::to_string(r.outcome_period) + "\n");
        }
        char digest[32];
        std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(h));
        lines.push_back("rows " + std::string(plays[play]) + " " + std::to_string(count) +
                        " digest " + digest);
    }
    for (int play = 0; play < 2; ++play) {
        std::vector<std::uint32_t> periods;
        for (const Row& r : rows[play])
            periods.push_back(r.period);
        std::sort(periods.begin(), periods.end());
        const auto distinct = std::unique(periods.begin(), periods.end()) - periods.begin();
        lines.push_back("distinct-periods " + std::string(plays[play]) + " " +
                        std::to_string(distinct));
    }
    for (int play = 0; play < 2; ++play)
        for (int measure = 0; measure < 2; ++measure) {
            // Greater first, then the smaller mask (the census's order).
            const auto key = [&](std::size_t i) {
                const Row& r = rows[play][i];
                return measure == 0 ? r.period : r.preperiod;
            };
            std::vector<std::size_t> index(count);
            std::iota(index.begin(), index.end(), std::size_t{0});
            const std::size_t keep = std::min<std::size_t>(10, count);
            std::partial_sort(index.begin(), index.begin() + static_cast<std::ptrdiff_t>(keep),
                              index.end(), [&](std::size_t a, std::size_t b) {
                                  return key(a) != key(b) ? key(a) > key(b) : a < b;
                              });
            for (std::size_t r = 0; r < keep; ++r) {
                const std::size_t i = index[r];
                lines.push_back("longest " + std::string(plays[play]) + " " +
                                (measure == 0 ? "period " : "preperiod ") + std::to_string(r + 1) +
                                " " + set_text(set_of_mask(static_cast<std::uint32_t>(i + 1))) +
                                " " + std::to_string(rows[play][i].preperiod) + " " +
                                std::to_string(rows[play][i].period));
            }
        }
    std::size_t same = 0, outcome_pre = 0, outcome_period = 0, first_pre = 0, first_period = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const Row &n = rows[0][i], &x = rows[1][i];
        if (n.preperiod == x.preperiod && n.period == x.period) ++same;
        if (n.outcome_preperiod != x.outcome_preperiod && outcome_pre++ == 0) first_pre = i + 1;
        if (n.outcome_period != x.outcome_period && outcome_period++ == 0) first_period = i + 1;
    }
    const auto first = [](std::size_t mask) {
        return mask ? set_text(set_of_mask(static_cast<std::uint32_t>(mask))) : std::string("-");
    };
    lines.push_back("misere-same-preperiod-and-period " + std::to_string(same));
    lines.push_back("outcome-preperiod-differs " + std::to_string(outcome_pre) + " first " +
                    first(first_pre));
    lines.push_back("outcome-period-differs " + std::to_string(outcome_period) + " first " +
                    first(first_period));
    return lines;
}

} // namespace

std::string not_least(const std::vector<std::uint8_t>& g, std::uint64_t n0, std::uint64_t p) {
    if (n0 > 0 && g[n0 - 1] == g[n0 - 1 + p])
        return "G(n0 - 1) = G(n0 - 1 + p): the preperiod is smaller";
    for (std::uint64_t d = 1; d < p; ++d) {
        if (p % d) continue;
        bool differs = false;
        for (std::uint64_t n = n0; n < n0 + p && !differs; ++n)
            differs = g[n] != g[n + d];
        if (!differs) return "the sequence repeats with period " + std::to_string(d) + " from n0";
    }
    return {};
}

bool check_subtraction(const Keys& keys, const std::vector<std::string>& value_lines) {
    const std::string game_text = text(keys, "game");
    Game game{parse_set(game_text.substr(game_text.find(' ') + 1)), false};
    const std::string play = text(keys, "play");
    if (play != "normal" && play != "misere")
        throw std::invalid_argument("play must be normal or misere");
    game.misere = play == "misere";
    const Period claim{number(keys, "preperiod"), number(keys, "period")};
    const Period outcome_claim{number(keys, "outcome-preperiod"), number(keys, "outcome-period")};
    const std::size_t t = game.set.back(), listed = number(keys, "values");
    std::istringstream window(text(keys, "window"));
    std::size_t from = 0, to = 0;
    window >> from >> to;
    if (claim.period == 0 || number(keys, "largest-removal") != t || from != claim.preperiod ||
        to != claim.preperiod + t || listed != claim.preperiod + claim.period)
        throw std::invalid_argument(
            "the period, t, the window or the count of values do not follow from the game");
    Values given;
    for (const std::string& line : value_lines)
        for (char c : line)
            given.push_back(static_cast<std::uint8_t>(digit_value(c)));
    if (given.size() != listed) throw std::invalid_argument("the values must be G(0..n0 + p - 1)");

    // The values by the definition, far enough for every comparison below.
    Values g;
    extend(game, g, claim.preperiod + 2 * claim.period + t);
    std::size_t wrong = 0;
    while (wrong < listed && given[wrong] == g[wrong])
        ++wrong;
    std::size_t repeat = claim.preperiod; // the first m of the window with G(m) != G(m + p)
    while (repeat < to && g[repeat] == g[repeat + claim.period])
        ++repeat;
    const std::string least =
        wrong == listed && repeat == to ? not_least(g, claim.preperiod, claim.period) : "";
    const Period outcomes = outcomes_of(g, claim);
    const bool outcomes_ok =
        outcomes.preperiod == outcome_claim.preperiod && outcomes.period == outcome_claim.period;

    std::cout << "subtraction " << set_text(game.set) << " " << play << ": preperiod "
              << claim.preperiod << ", period " << claim.period << ", t " << t << ", G(0.."
              << g.size() - 1 << ") ";
    if (wrong < listed) {
        std::cout << "WRONG at heap " << wrong << " (listed value " << unsigned{given[wrong]}
                  << ", the mex of its options is " << unsigned{g[wrong]} << ")\n";
        return false;
    }
    if (repeat < to) {
        std::cout << "by the definition, but G(" << repeat << ") != G(" << repeat + claim.period
                  << "): not periodic from n0 with p\n";
        return false;
    }
    if (!least.empty()) {
        std::cout << "by the definition, but " << least << "\n";
        return false;
    }
    std::cout << "by the definition; G(n) = G(n + p) for " << from << " <= n < " << to
              << ": periodic (t repeated values), least n0 and p; outcomes: ";
    if (!outcomes_ok) {
        std::cout << "WRONG, the least are preperiod " << outcomes.preperiod << " and period "
                  << outcomes.period << ", not " << outcome_claim.preperiod << " and "
                  << outcome_claim.period << "\n";
        return false;
    }
    std::cout << "preperiod " << outcomes.preperiod << ", period " << outcomes.period
              << ", least\n";
    return true;
}

bool check_sets_figures(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument("cannot read it");
    std::vector<std::string> claimed;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') claimed.push_back(line);
    unsigned m = 0;
    if (claimed.empty() || std::sscanf(claimed[0].c_str(), "sets-max %u", &m) != 1 || m < 1 ||
        m > 20)
        throw std::invalid_argument("the first line must be 'sets-max M', M 1..20");

    std::vector<Row> rows[2];
    Values g;
    const std::size_t count = (std::size_t{1} << m) - 1;
    for (int play = 0; play < 2; ++play) {
        rows[play].reserve(count);
        for (std::size_t mask = 1; mask <= count; ++mask) {
            const Game game{set_of_mask(static_cast<std::uint32_t>(mask)), play == 1};
            const Period p = least_period(game, g);
            const Period o = outcomes_of(g, p);
            rows[play].push_back(
                {static_cast<std::uint32_t>(p.preperiod), static_cast<std::uint32_t>(p.period),
                 static_cast<std::uint32_t>(o.preperiod), static_cast<std::uint32_t>(o.period)});
        }
    }
    const std::vector<std::string> computed = figure_lines(m, rows);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < std::max(claimed.size(), computed.size()); ++i) {
        const std::string a = i < claimed.size() ? claimed[i] : "(none)";
        const std::string b = i < computed.size() ? computed[i] : "(none)";
        if (a == b) continue;
        ++differ;
        std::cout << "DIFFERS: the file says '" << a << "', the definition gives '" << b << "'\n";
    }
    std::cout << "every S within {1.." << m << "}, normal and misere (" << 2 * count
              << " games), recomputed by the definition: ";
    if (differ) {
        std::cout << differ << " of " << claimed.size() << " figures differ\n";
        return false;
    }
    std::cout << "all " << claimed.size() << " figures equal\n";
    return true;
}

} // namespace cgt::certificates
