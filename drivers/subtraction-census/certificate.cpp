// cgt-subtraction-certificate: writes period certificates of subtraction games (the format is
// in verify/certificates/README.md) for the record games of a census file (the sets rows of
// its `longest` table: the longest periods and preperiods, normal and misere play) and for
// games named on the command line. The values are the census kernel's
// (impartial::subtraction_period); cgt-check-certificate checks each file by the definition
// alone, sharing no code with it.
#include "common/runtime/result_reader.hpp"
#include "impartial/subtraction_census.hpp"
#include "subtraction-census/census_schema.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cgt {
const char* build_version(); // generated/version.cpp
}

namespace {

using cgt::impartial::Play;
namespace schema = cgt::jobs::subtraction_census::schema;

struct Game {
    Play play;
    std::vector<unsigned> set;
    bool operator<(const Game& o) const { return std::pair(play, set) < std::pair(o.play, o.set); }
};

const char* play_name(Play play) {
    return play == Play::misere ? "misere" : "normal";
}

// "{2,4,7}" or "2,4,7" -> {2, 4, 7}.
std::vector<unsigned> parse_set(std::string text) {
    if (!text.empty() && text.front() == '{' && text.back() == '}')
        text = text.substr(1, text.size() - 2);
    std::vector<unsigned> set;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string word = text.substr(at, comma - at);
        if (word.empty() || word.find_first_not_of("0123456789") != std::string::npos ||
            word.size() > 5)
            throw std::invalid_argument("'" + text + "' is not a set of moves like 2,4,7");
        set.push_back(static_cast<unsigned>(std::stoul(word)));
        at = comma + 1;
    }
    for (std::size_t i = 0; i < set.size(); ++i)
        if (set[i] == 0 || (i > 0 && set[i] <= set[i - 1]))
            throw std::invalid_argument(
                "the subtraction set must be ascending and without repeats");
    return set;
}

// PLAY:SET, as --game takes it.
Game parse_game(const std::string& text) {
    const auto colon = text.find(':');
    const std::string play = text.substr(0, colon);
    if (colon == std::string::npos || (play != "normal" && play != "misere"))
        throw std::invalid_argument("--game must be normal:SET or misere:SET, got '" + text + "'");
    return {play == "misere" ? Play::misere : Play::normal, parse_set(text.substr(colon + 1))};
}

// The sets family's record games of a census file.
std::vector<Game> records(const std::string& path) {
    const cgt::common::ResultReader file(path, "cgt-subtraction-census");
    const auto t = file.read_table(schema::longest::table);
    const auto& family = t.texts(schema::longest::family);
    const auto& play = t.texts(schema::longest::play);
    const auto& game = t.texts(schema::longest::game);
    std::vector<Game> out;
    for (std::size_t i = 0; i < t.rows; ++i)
        if (family[i] == "sets")
            out.push_back({play[i] == "misere" ? Play::misere : Play::normal, parse_set(game[i])});
    return out;
}

std::string set_text(const std::vector<unsigned>& set, const char* separator) {
    std::string text;
    for (std::size_t i = 0; i < set.size(); ++i)
        text += (i ? separator : "") + std::to_string(set[i]);
    return text;
}

// FNV-1a (64 bits) of text, continued from h.
std::uint64_t fnv1a(std::uint64_t h, const std::string& text) {
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

// The census's figures of its sets family (verify/certificates/README.md has the format),
// from its rows and its `longest` table as written: cgt-check-certificate --subtraction-sets
// recomputes each one.
void write_figures(const std::string& census, const std::string& path) {
    const cgt::common::ResultReader file(census, "cgt-subtraction-census");
    namespace st = schema::sets;
    const auto t = file.read_table(st::table);
    const auto& play = t.texts(st::play);
    const auto mask = t.ints(st::mask), pre = t.ints(st::preperiod), per = t.ints(st::period),
               opre = t.ints(st::outcome_preperiod), oper = t.ints(st::outcome_period);
    const std::size_t count = t.rows / 2;
    if (t.rows == 0 || t.rows % 2 || play[0] != "normal" || play[count] != "misere" ||
        (count & (count + 1)) != 0)
        throw std::invalid_argument(census + " has not every set of a census in both plays");
    int m = 0;
    while ((std::size_t{1} << m) - 1 < count)
        ++m;
    std::ofstream out(path);
    out << "# The figures of a census of every subtraction set S within {1.." << m
        << "} (cgt-subtraction-census\n"
           "# --sets-max "
        << m
        << "), written by cgt-subtraction-certificate --figures from its rows; each one is\n"
           "# recomputed from the definition by cgt-check-certificate --subtraction-sets.\n"
        << "sets-max " << m << "\n";
    for (std::size_t half = 0; half < 2; ++half) {
        std::uint64_t h = 0xcbf29ce484222325ULL;
        for (std::size_t i = half * count; i < (half + 1) * count; ++i)
            h = fnv1a(h, std::to_string(mask[i]) + " " + std::to_string(pre[i]) + " " +
                             std::to_string(per[i]) + " " + std::to_string(opre[i]) + " " +
                             std::to_string(oper[i]) + "\n");
        char digest[32];
        std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(h));
        out << "rows " << play[half * count] << " " << count << " digest " << digest << "\n";
    }
    for (std::size_t half = 0; half < 2; ++half) {
        std::set<std::int64_t> periods(per.begin() + static_cast<std::ptrdiff_t>(half * count),
                                       per.begin() +
                                           static_cast<std::ptrdiff_t>((half + 1) * count));
        out << "distinct-periods " << play[half * count] << " " << periods.size() << "\n";
    }
    const auto l = file.read_table(schema::longest::table);
    namespace sl = schema::longest;
    for (std::size_t i = 0; i < l.rows; ++i)
        if (l.texts(sl::family)[i] == "sets")
            out << "longest " << l.texts(sl::play)[i] << " " << l.texts(sl::measure)[i] << " "
                << l.ints(sl::rank)[i] << " " << l.texts(sl::game)[i] << " "
                << l.ints(sl::preperiod)[i] << " " << l.ints(sl::period)[i] << "\n";
    std::size_t same = 0, differ_pre = 0, differ_per = 0;
    std::int64_t first_pre = 0, first_per = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t j = count + i;
        if (mask[i] != mask[j]) throw std::invalid_argument(census + ": the plays' rows differ");
        if (pre[i] == pre[j] && per[i] == per[j]) ++same;
        if (opre[i] != opre[j] && differ_pre++ == 0) first_pre = mask[i];
        if (oper[i] != oper[j] && differ_per++ == 0) first_per = mask[i];
    }
    const auto first = [](std::int64_t bits) {
        if (bits == 0) return std::string("-");
        std::vector<unsigned> set;
        for (unsigned s = 1; s <= 32; ++s)
            if (bits >> (s - 1) & 1) set.push_back(s);
        return "{" + set_text(set, ",") + "}";
    };
    out << "misere-same-preperiod-and-period " << same << "\n"
        << "outcome-preperiod-differs " << differ_pre << " first " << first(first_pre) << "\n"
        << "outcome-period-differs " << differ_per << " first " << first(first_per) << "\n";
    if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

char digit(unsigned v) {
    if (v >= 36) throw std::logic_error("a value past 35 has no certificate digit");
    return static_cast<char>(v < 10 ? '0' + v : 'a' + (v - 10));
}

// Writes DIR/PLAY-S.txt (S's moves joined by '-'); returns its path.
std::string write(const Game& g, const std::string& dir) {
    std::vector<std::uint8_t> values;
    const auto p =
        cgt::impartial::subtraction_period(g.set, g.play, std::uint64_t{1} << 26, values);
    if (!p.found) throw std::runtime_error("no period found for " + set_text(g.set, ","));
    const auto o = cgt::impartial::outcome_period(values, p);
    const std::uint64_t listed = p.preperiod + p.period, t = g.set.back();
    const std::string path = dir + "/" + play_name(g.play) + "-" + set_text(g.set, "-") + ".txt";
    std::ofstream out(path);
    out << "# period certificate of a subtraction game: G(n) = G(n + p) for n0 <= n < n0 + t\n"
        << "game subtraction {" << set_text(g.set, ",") << "}\n"
        << "play " << play_name(g.play) << "\n"
        << "preperiod " << p.preperiod << "\n"
        << "period " << p.period << "\n"
        << "largest-removal " << t << "\n"
        << "window " << p.preperiod << " " << p.preperiod + t << "\n"
        << "outcome-preperiod " << o.preperiod << "\n"
        << "outcome-period " << o.period << "\n"
        << "values " << listed << "\n";
    for (std::uint64_t n = 0; n < listed; n += 64) {
        for (std::uint64_t k = n; k < std::min(listed, n + 64); ++k)
            out << digit(values[k]);
        out << "\n";
    }
    if (!out.flush()) throw std::runtime_error("cannot write " + path);
    return path;
}

int usage_error(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "--version") {
        std::cout << "cgt-subtraction-certificate " << cgt::build_version() << "\n";
        return 0;
    }
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        std::cout
            << "Usage: cgt-subtraction-certificate [--census FILE] [--game PLAY:SET]... "
               "[--figures FILE] --out DIR\n"
               "Writes a period certificate (DIR/PLAY-S.txt) of each record game of the sets\n"
               "family of a cgt-subtraction-census file (its longest periods and\n"
               "preperiods, normal and misere) and of each game named by --game (normal:2,4,7\n"
               "or misere:2,4,7). cgt-check-certificate checks them by the definition.\n"
               "--figures FILE writes the census's figures of its sets (row digests,\n"
               "records, normal against misere), which cgt-check-certificate\n"
               "--subtraction-sets FILE recomputes (--out is then optional).\n\n"
               "Example:\n  cgt-subtraction-certificate --census results/subtraction-census.h5 "
               "--out verify/certificates/subtraction\n";
        return 0;
    }
    std::set<Game> games;
    std::string dir, figures, census;
    try {
        for (std::size_t i = 0; i < args.size(); ++i) {
            const std::string& a = args[i];
            if (a != "--census" && a != "--game" && a != "--out" && a != "--figures")
                return usage_error("unknown argument '" + a + "'");
            if (i + 1 == args.size()) return usage_error(a + " needs a value");
            const std::string& value = args[++i];
            if (a == "--out")
                dir = value;
            else if (a == "--figures")
                figures = value;
            else if (a == "--game")
                games.insert(parse_game(value));
            else {
                census = value;
                for (Game& g : records(value))
                    games.insert(std::move(g));
            }
        }
        if (!figures.empty()) {
            if (census.empty()) return usage_error("--figures needs --census FILE");
            write_figures(census, figures);
            if (dir.empty()) return 0;
        }
        if (dir.empty()) return usage_error("--out DIR is required");
        if (games.empty()) return usage_error("no games: give --census FILE or --game PLAY:SET");
        std::filesystem::create_directories(dir);
        for (const Game& g : games)
            std::cout << write(g, dir) << "\n";
    } catch (const cgt::common::ResultRefused& e) { // a damaged or foreign --census file
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    } catch (const std::invalid_argument& e) {
        return usage_error(e.what());
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
