// cgt-verify-nim: checks a cgt-nim result file against the tutorial «Ним и функция
// Шпрага-Гранди» (verify/data/SOURCES.md) and against
// identities any correct file satisfies (XOR rule = search, winning moves reach 0).
#include "impartial/multisets.hpp"
#include "impartial/take_away.hpp"
#include "verify/common/parameters.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "nim/nim_schema.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

using namespace cgt;

namespace schema = cgt::jobs::nim::schema;

namespace {

std::string join(const std::vector<long long>& v) {
    std::string s;
    for (auto x : v) s += (s.empty() ? "" : " ") + std::to_string(x);
    return s;
}

std::vector<long long> parse_heaps(const std::string& text) {
    std::istringstream in(text);
    std::vector<long long> h;
    for (long long x; in >> x;) h.push_back(x);
    return h;
}

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const verify::Facts facts(data_dir + "/nim.txt");
    const auto positions = file.read_table(schema::positions::table);
    const auto values = file.read_table(schema::values::table);
    report.count_rows(positions.rows + values.rows);

    // Grundy values per game, from the file.
    std::map<std::string, std::vector<long long>> grundy;
    {
        const auto& game = values.texts(schema::values::game);
        const auto heap = values.ints(schema::values::heap), g = values.ints(schema::values::grundy);
        for (std::size_t i = 0; i < values.rows; ++i) {
            auto& v = grundy[game[i]];
            if (static_cast<long long>(v.size()) != heap[i]) throw common::ResultRefused("values table out of order");
            v.push_back(g[i]);
        }
    }

    report.section("The file against its parameters");
    {
        const auto parameters = verify::run_parameters(file);
        const long long heaps = verify::parameter_number(parameters, "heaps"),
                        max_heap = verify::parameter_number(parameters, "max-heap");
        std::istringstream names(parameters.count("games") ? parameters.at("games") : "");
        long long games = 0;
        for (std::string name; names >> name;) ++games;
        report.check_equal("values: one game for each of --games", games, static_cast<long long>(grundy.size()));
        // cgt-nim lists G(0..max(max-heap, 20)) of each game.
        const long long rows = std::max(max_heap, 20LL) + 1;
        bool every = !grundy.empty();
        for (const auto& [name, v] : grundy) every = every && static_cast<long long>(v.size()) == rows;
        report.check("values: G(0..max(max-heap, 20)) of each game", std::to_string(rows) + " rows each",
                     every ? std::to_string(rows) + " rows each" : "other counts", every);
        if (heaps < 1 || heaps > 16 || max_heap < 0 || max_heap > 1'000'000) throw common::ResultRefused("the file's parameters: heaps or max-heap out of range");
        const auto per_game = impartial::Multisets(static_cast<unsigned>(heaps), static_cast<impartial::Heap>(max_heap)).count();
        report.check_equal("positions: every multiset of heaps of each game", games * static_cast<long long>(per_game),
                           static_cast<long long>(positions.rows));
    }

    report.section("Grundy values (the program output printed in «Ним и функция Шпрага-Гранди»)");
    if (grundy.count("nim")) {
        const auto& v = grundy["nim"];
        const std::vector<long long> ours(v.begin(), v.begin() + std::min<std::size_t>(v.size(), 11));
        report.check_equal("nim: G(0..10)", join(facts.numbers("nim.grundy_0_10")), join(ours));
        bool all = true;
        for (std::size_t h = 0; h < v.size(); ++h) all = all && v[h] == static_cast<long long>(h);
        report.check("nim: G(h) = h for every heap in the file", "yes", all ? "yes" : "no", all);
    }
    if (grundy.count("S={1,3,4}")) {
        const auto& v = grundy["S={1,3,4}"];
        const std::vector<long long> ours(v.begin(), v.begin() + std::min<std::size_t>(v.size(), 15));
        report.check_equal("S={1,3,4}: G(0..14)", join(facts.numbers("s134.grundy_0_14")), join(ours));
        const auto pattern = facts.numbers("s134.grundy_0_14");
        bool periodic = true;
        for (std::size_t h = 0; h < v.size(); ++h) periodic = periodic && v[h] == pattern[h % 7];
        report.check("S={1,3,4}: period 7 from 0 on every heap", "period 7", periodic ? "period 7" : "not periodic",
                     periodic);
    }
    // Every game in the file, recomputed by the definition here.
    for (const auto& [name, v] : grundy) {
        const auto game = impartial::TakeAway::parse(name == "nim" ? "nim" : name.substr(2));
        const auto ref = game.grundy_values(static_cast<impartial::Heap>(v.size() - 1));
        const bool same = std::equal(v.begin(), v.end(), ref.begin());
        report.check(name + ": values = mex definition", "equal", same ? "equal" : "differ", same);
    }

    report.section("Positions: XOR rule against the value-free search");
    const auto& game = positions.texts(schema::positions::game);
    const auto& heaps = positions.texts(schema::positions::heaps);
    const auto value = positions.ints(schema::positions::value);
    const auto& search = positions.texts(schema::positions::search);
    const auto& move = positions.texts(schema::positions::move);
    std::uint64_t agree = 0, article_rows = 0, good_moves = 0;
    for (std::size_t i = 0; i < positions.rows; ++i) {
        const auto h = parse_heaps(heaps[i]);
        const auto& g = grundy.at(game[i]);
        long long x = 0;
        for (auto k : h) x ^= g.at(k);
        const bool win = search[i] == "win";
        if (x == value[i] && (x != 0) == win) ++agree;
        if ((game[i] == "nim" || game[i] == "S={1,3,4}") && h.size() == 3 &&
            *std::max_element(h.begin(), h.end()) <= facts.number("max_heap"))
            ++article_rows;
        // A winning move must reach XOR 0; a lost position has none.
        if (x == 0) {
            good_moves += move[i] == "-";
        } else {
            long long t = 0, from = 0;
            if (std::sscanf(move[i].c_str(), "take %lld from %lld", &t, &from) == 2) {
                auto it = std::find(h.begin(), h.end(), from);
                const auto s = impartial::TakeAway::parse(game[i] == "nim" ? "nim" : game[i].substr(2)).takes(
                    static_cast<impartial::Heap>(from));
                const bool legal = it != h.end() && std::find(s.begin(), s.end(), t) != s.end();
                if (legal && (x ^ g.at(from) ^ g.at(from - t)) == 0) ++good_moves;
            }
        }
    }
    report.check_equal("positions whose value and search agree", verify::thousands(positions.rows),
                       verify::thousands(agree));
    report.check_equal("positions with a correct move (or none)", verify::thousands(positions.rows),
                       verify::thousands(good_moves));
    if (article_rows == positions.rows)
        report.check_equal("the tutorial's 3-heap positions, heaps <= 8", facts.number("positions_checked"),
                           static_cast<long long>(positions.rows));
    else
        report.note("(parameters differ from the tutorial's; its count of " +
                    std::to_string(facts.number("positions_checked")) + " positions does not apply)");

    report.section("Worked examples");
    for (std::size_t i = 0; i < positions.rows; ++i) {
        if (game[i] != "nim") continue;
        if (heaps[i] == "3 5 7") {
            report.check_equal("nim 3 5 7: XOR", facts.number("nim.357.value"), value[i]);
            report.check_equal("nim 3 5 7: winning move", facts.text("nim.357.move"), move[i]);
        }
        if (heaps[i] == "3 5 6") {
            report.check_equal("nim 3 5 6: XOR", facts.number("nim.356.value"), value[i]);
            report.check_equal("nim 3 5 6: to move", "loss", search[i]);
        }
    }
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(argc, argv, "cgt-verify-nim", "nim", "cgt-nim",
                              "Checks a cgt-nim result file against the figures of the tutorial «Ним и функция\n"
                              "Шпрага-Гранди» and the Sprague-Grundy identities.", check);
}
