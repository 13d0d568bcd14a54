// cgt-grundy-play: the demo of sen-ltd's Grundy's-game article on the command line. Given the
// heaps of a position of Grundy's game, lists every split of every heap with the xor of the
// values it leaves: a split to xor 0 wins for the player who makes it (the article's check
// mark), any other loses against best play. Values come from the sparse-space sweep (heaps
// up to 10^6) or, with --table, from a cgt-grundy result file (any heap it reaches).
#include "common/plumbing/json_writer.hpp"
#include "common/runtime/options.hpp"
#include "common/runtime/result_reader.hpp"
#include "common/plumbing/tool_main.hpp"
#include "impartial/grundy_game.hpp"
#include "impartial/sparse_sweep.hpp"

#include <algorithm>
#include <cstdio>

using namespace cgt;
using namespace cgt::common;

namespace {
constexpr impartial::HeapSize MAX_PLAY_HEAP = 1'000'000;

std::string join(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
    return s;
}

// G(0..N) of a cgt-grundy result file (its grundy table, checksum verified).
std::vector<impartial::Grundy> read_table(const std::string& path) {
    try {
        const ResultReader file(path, "cgt-grundy");
        const auto values = file.read_table("grundy").ints("value");
        return {values.begin(), values.end()};
    } catch (const ResultRefused& e) {
        throw UsageError(std::string("--table: ") + e.what());
    }
}

void print_text(const std::vector<impartial::HeapSize>& heaps, const std::vector<impartial::Grundy>& values,
                const std::vector<impartial::SplitVerdict>& verdicts) {
    std::string sizes, gs;
    for (auto h : heaps) {
        sizes += (sizes.empty() ? "" : " ") + std::to_string(h);
        gs += (gs.empty() ? "" : " xor ") + std::to_string(values[h]);
    }
    const impartial::Grundy total = impartial::position_value(heaps, values);
    std::printf("position %s: G = %s = %u: the player to move %s\n", sizes.c_str(), gs.c_str(), total,
                total ? "wins" : "loses");
    std::size_t winning = 0;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
        std::printf("heap %zu: %llu tokens, G = %u%s\n", i + 1, static_cast<unsigned long long>(heaps[i]),
                    values[heaps[i]], heaps[i] <= 2 ? ", no split" : "");
        for (const auto& v : verdicts) {
            if (v.heap_index != i) continue;
            winning += v.winning;
            std::printf("  %llu + %llu  xor after %u  %s\n", static_cast<unsigned long long>(v.split.small),
                        static_cast<unsigned long long>(v.split.large), v.value_after,
                        v.winning ? "winning" : "losing");
        }
    }
    std::printf("%zu of %zu splits win\n", winning, verdicts.size());
}

// {"heaps": [...], "values": [...], "xor": 1, "to_move": "wins", "splits": [{"heap": 1,
//  "small": 1, "large": 9, "xor_after": 3, "winning": false}, ...], "winning_splits": 2}
void print_json(const std::vector<impartial::HeapSize>& heaps, const std::vector<impartial::Grundy>& values,
                const std::vector<impartial::SplitVerdict>& verdicts, const std::string& source) {
    Json hs = Json::array(), gs = Json::array(), splits = Json::array();
    for (auto h : heaps) {
        hs.push_back(h);
        gs.push_back(values[h]);
    }
    std::size_t winning = 0;
    for (const auto& v : verdicts) {
        winning += v.winning;
        splits.push_back({{"heap", v.heap_index + 1},
                          {"small", v.split.small},
                          {"large", v.split.large},
                          {"xor_after", v.value_after},
                          {"winning", v.winning}});
    }
    const impartial::Grundy total = impartial::position_value(heaps, values);
    const Json out{{"heaps", std::move(hs)},
                   {"values", std::move(gs)},
                   {"xor", total},
                   {"to_move", total ? "wins" : "loses"},
                   {"values_from", source},
                   {"splits", std::move(splits)},
                   {"winning_splits", winning}};
    std::printf("%s\n", json_text(out).c_str());
}
} // namespace

int main(int argc, char* argv[]) {
    return run_tool([&] {
        Options options("cgt-grundy-play",
                        "Lists every split of every heap of a position of Grundy's game as winning or\n"
                        "losing for the player to move: a split wins iff it leaves the xor of the values 0.",
                        "cgt-grundy-play 10 7 5        (or: cgt-grundy-play --heaps 10,7,5;\n"
                        "  beyond 10^6: cgt-grundy-play --table results/grundy.h5 48399022)");
        options.add()("heaps", po::value<std::vector<std::string>>()->multitoken()->value_name("N..."),
                      "heap sizes 1..1000000 (with --table, up to the file's last heap), blank- or "
                      "comma-separated (also as bare arguments)")(
            "table", po::value<std::string>()->default_value("")->value_name("FILE"),
            "read G(n) from FILE, a cgt-grundy result (results/grundy.h5), instead of computing it")(
            "json", po::bool_switch()->default_value(false),
            "print one JSON object: heaps, values, xor, to_move, splits (heap, small, large, xor_after, winning)");
        options.positional("heaps", -1);
        std::vector<impartial::HeapSize> heaps;
        std::vector<impartial::Grundy> table;
        const bool run = options.parse(argc, argv, [&](const po::variables_map& vm) {
            const std::string text = vm.count("heaps") ? join(vm["heaps"].as<std::vector<std::string>>()) : "";
            impartial::HeapSize max_heap = MAX_PLAY_HEAP;
            if (const auto path = vm["table"].as<std::string>(); !path.empty()) {
                table = read_table(path);
                if (table.size() < 2) throw UsageError("--table: " + path + " holds no heap to play");
                max_heap = table.size() - 1;
            }
            try {
                heaps = impartial::parse_heaps(text, max_heap);
            } catch (const std::invalid_argument& e) {
                throw UsageError(std::string("--heaps: ") + e.what());
            }
        });
        if (!run) return 0;

        std::vector<impartial::Grundy> values;
        std::string source = options.get<std::string>("table");
        if (!table.empty()) {
            values = std::move(table);
        } else {
            const impartial::HeapSize largest = *std::max_element(heaps.begin(), heaps.end());
            impartial::SparseSweep sweep(largest);
            sweep.run_through(largest);
            values.assign(sweep.values().begin(), sweep.values().end());
            source = "the sparse-space sweep";
        }
        const auto verdicts = impartial::judge_splits(heaps, values);
        if (options.get<bool>("json"))
            print_json(heaps, values, verdicts, source);
        else
            print_text(heaps, values, verdicts);
        return 0;
    });
}
