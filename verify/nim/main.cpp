// cgt-verify-nim: checks a cgt-nim result file against the tutorial «Ним и функция
// Шпрага-Гранди» (verify/data/SOURCES.md) and against
// identities any correct file satisfies (XOR rule = search, winning moves reach 0).
#include "impartial/multisets.hpp"
#include "impartial/take_away.hpp"
#include "nim/nim_schema.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/parameters.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

namespace cgt::verify::nim {
namespace {

namespace schema = jobs::nim::schema;

std::string join(const std::vector<long long>& v) {
    std::string s;
    for (auto x : v)
        s += (s.empty() ? "" : " ") + std::to_string(x);
    return s;
}

std::vector<long long> parse_heaps(const std::string& text) {
    std::istringstream in(text);
    std::vector<long long> h;
    for (long long x; in >> x;)
        h.push_back(x);
    return h;
}

// The subtraction game a table names: "nim", or "S={1,3,4}".
impartial::TakeAway game_of(const std::string& name) {
    return impartial::TakeAway::parse(name == "nim" ? "nim" : name.substr(2));
}

// The file as the checks read it.
struct NimFile {
    const common::ResultReader& file;
    Facts facts;
    common::Table positions{}, values{};
    std::map<std::string, std::vector<long long>> grundy{}; // G(0), G(1), ... per game
};

NimFile read_nim_file(const common::ResultReader& file, const std::string& data_dir,
                      Report& report) {
    NimFile f{file, Facts(data_dir + "/nim.txt")};
    f.positions = file.read_table(schema::positions::table);
    f.values = file.read_table(schema::values::table);
    report.count_rows(f.positions.rows + f.values.rows);
    const auto& game = f.values.texts(schema::values::game);
    const auto heap = f.values.ints(schema::values::heap),
               g = f.values.ints(schema::values::grundy);
    for (std::size_t i = 0; i < f.values.rows; ++i) {
        auto& v = f.grundy[game[i]];
        if (static_cast<long long>(v.size()) != heap[i])
            throw common::ResultRefused("values table out of order");
        v.push_back(g[i]);
    }
    return f;
}

// The tables: one game for each of --games, G(0..max(max-heap, 20)) each, every multiset of
// --heaps heaps.
void check_parameters(const NimFile& f, Report& report) {
    report.section("The file against its parameters");
    const auto parameters = run_parameters(f.file);
    const long long heaps = parameter_number(parameters, "heaps"),
                    max_heap = parameter_number(parameters, "max-heap");
    std::istringstream names(parameters.count("games") ? parameters.at("games") : "");
    long long games = 0;
    for (std::string name; names >> name;)
        ++games;
    report.check_equal("values: one game for each of --games", games,
                       static_cast<long long>(f.grundy.size()));
    // cgt-nim lists G(0..max(max-heap, 20)) of each game.
    const long long rows = std::max(max_heap, 20LL) + 1;
    bool every = !f.grundy.empty();
    for (const auto& [name, v] : f.grundy)
        every = every && static_cast<long long>(v.size()) == rows;
    check_holds(report, "values: G(0..max(max-heap, 20)) of each game", every,
                std::to_string(rows) + " rows each", "other counts");
    if (heaps < 1 || heaps > 16 || max_heap < 0 || max_heap > 1'000'000)
        throw common::ResultRefused("the file's parameters: heaps or max-heap out of range");
    const auto per_game =
        impartial::Multisets(static_cast<unsigned>(heaps), static_cast<impartial::Heap>(max_heap))
            .count();
    report.check_equal("positions: every multiset of heaps of each game",
                       games * static_cast<long long>(per_game),
                       static_cast<long long>(f.positions.rows));
}

void check_nim_values(const NimFile& f, Report& report) {
    report.section("Grundy values (the program output printed in «Ним и функция Шпрага-Гранди»)");
    if (!f.grundy.count("nim")) return;
    const auto& v = f.grundy.at("nim");
    const std::vector<long long> ours(v.begin(), v.begin() + std::min<std::size_t>(v.size(), 11));
    report.check_equal("nim: G(0..10)", join(f.facts.numbers("nim.grundy_0_10")), join(ours));
    bool all = true;
    for (std::size_t h = 0; h < v.size(); ++h)
        all = all && v[h] == static_cast<long long>(h);
    check_holds(report, "nim: G(h) = h for every heap in the file", all);
}

void check_s134_values(const NimFile& f, Report& report) {
    if (!f.grundy.count("S={1,3,4}")) return;
    const auto& v = f.grundy.at("S={1,3,4}");
    const std::vector<long long> ours(v.begin(), v.begin() + std::min<std::size_t>(v.size(), 15));
    report.check_equal("S={1,3,4}: G(0..14)", join(f.facts.numbers("s134.grundy_0_14")),
                       join(ours));
    const auto pattern = f.facts.numbers("s134.grundy_0_14");
    bool periodic = true;
    for (std::size_t h = 0; h < v.size(); ++h)
        periodic = periodic && v[h] == pattern[h % 7];
    check_holds(report, "S={1,3,4}: period 7 from 0 on every heap", periodic, "period 7",
                "not periodic");
}

// Every game in the file, recomputed by the definition here.
void check_definition(const NimFile& f, Report& report) {
    for (const auto& [name, v] : f.grundy) {
        const auto ref = game_of(name).grundy_values(static_cast<impartial::Heap>(v.size() - 1));
        check_holds(report, name + ": values = mex definition",
                    std::equal(v.begin(), v.end(), ref.begin()), "equal", "differ");
    }
}

// Positions whose XOR value and search agree, whose move reaches XOR 0 (or that have none,
// being lost), and that are the tutorial's (3 heaps of <= 8 in its two games).
struct PositionCounts {
    std::uint64_t agree = 0, good_moves = 0, article_rows = 0;
};

// A winning move must reach XOR 0; a lost position has none.
bool good_move(const std::string& move, const std::string& game, const std::vector<long long>& h,
               const std::vector<long long>& g, long long x) {
    if (x == 0) return move == "-";
    long long t = 0, from = 0;
    if (std::sscanf(move.c_str(), "take %lld from %lld", &t, &from) != 2) return false;
    const auto s = game_of(game).takes(static_cast<impartial::Heap>(from));
    const bool legal = std::find(h.begin(), h.end(), from) != h.end() &&
                       std::find(s.begin(), s.end(), t) != s.end();
    return legal && (x ^ g.at(from) ^ g.at(from - t)) == 0;
}

PositionCounts count_positions(const NimFile& f) {
    namespace p = schema::positions;
    const auto &game = f.positions.texts(p::game), &heaps = f.positions.texts(p::heaps);
    const auto &search = f.positions.texts(p::search), &move = f.positions.texts(p::move);
    const auto value = f.positions.ints(p::value);
    PositionCounts counts;
    for (std::size_t i = 0; i < f.positions.rows; ++i) {
        const auto h = parse_heaps(heaps[i]);
        const auto& g = f.grundy.at(game[i]);
        long long x = 0;
        for (auto k : h)
            x ^= g.at(k);
        if (x == value[i] && (x != 0) == (search[i] == "win")) ++counts.agree;
        if ((game[i] == "nim" || game[i] == "S={1,3,4}") && h.size() == 3 &&
            *std::max_element(h.begin(), h.end()) <= f.facts.number("max_heap"))
            ++counts.article_rows;
        counts.good_moves += good_move(move[i], game[i], h, g, x);
    }
    return counts;
}

void check_positions(const NimFile& f, Report& report) {
    report.section("Positions: XOR rule against the value-free search");
    const PositionCounts counts = count_positions(f);
    const auto rows = f.positions.rows;
    report.check_equal("positions whose value and search agree", thousands(rows),
                       thousands(counts.agree));
    report.check_equal("positions with a correct move (or none)", thousands(rows),
                       thousands(counts.good_moves));
    if (counts.article_rows == rows)
        report.check_equal("the tutorial's 3-heap positions, heaps <= 8",
                           f.facts.number("positions_checked"), static_cast<long long>(rows));
    else
        report.note("(parameters differ from the tutorial's; its count of " +
                    std::to_string(f.facts.number("positions_checked")) +
                    " positions does not apply)");
}

void check_examples(const NimFile& f, Report& report) {
    namespace p = schema::positions;
    report.section("Worked examples");
    const auto &game = f.positions.texts(p::game), &heaps = f.positions.texts(p::heaps);
    const auto &search = f.positions.texts(p::search), &move = f.positions.texts(p::move);
    const auto value = f.positions.ints(p::value);
    for (std::size_t i = 0; i < f.positions.rows; ++i) {
        if (game[i] != "nim") continue;
        if (heaps[i] == "3 5 7") {
            report.check_equal("nim 3 5 7: XOR", f.facts.number("nim.357.value"), value[i]);
            report.check_equal("nim 3 5 7: winning move", f.facts.text("nim.357.move"), move[i]);
        }
        if (heaps[i] == "3 5 6") {
            report.check_equal("nim 3 5 6: XOR", f.facts.number("nim.356.value"), value[i]);
            report.check_equal("nim 3 5 6: to move", "loss", search[i]);
        }
    }
}

const NamedCheck<const NimFile&, Report&> CHECKS[] = {
    {"the file against its parameters", "parameters", "the run's --games, --heaps and --max-heap",
     check_parameters},
    {"nim: G(0..10), G(h) = h", "nim.grundy_0_10",
     "the tutorial «Ним и функция Шпрага-Гранди»; Bouton", check_nim_values},
    {"S={1,3,4}: G(0..14), period 7", "s134.grundy_0_14",
     "the tutorial «Ним и функция Шпрага-Гранди»", check_s134_values},
    {"values = mex definition", "identity", "Sprague, Grundy (the mex rule)", check_definition},
    {"XOR rule = value-free search, winning moves, the tutorial's positions", "positions_checked",
     "the tutorial «Ним и функция Шпрага-Гранди»; Bouton (the XOR rule)", check_positions},
    {"worked examples", "nim.357.value, nim.357.move, nim.356.value",
     "the tutorial «Ним и функция Шпрага-Гранди»", check_examples},
};

void check(const common::ResultReader& file, Report& report, const std::string& data_dir) {
    run_checks(CHECKS, read_nim_file(file, data_dir, report), report);
}

} // namespace
} // namespace cgt::verify::nim

int main(int argc, char* argv[]) {
    return cgt::verify::run_verify(
        argc, argv, "cgt-verify-nim", "nim", "cgt-nim",
        "Checks a cgt-nim result file against the figures of the tutorial «Ним и функция\n"
        "Шпрага-Гранди» and the Sprague-Grundy identities.",
        cgt::verify::nim::check);
}
