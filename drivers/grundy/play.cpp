// cgt-grundy-play: the article's demo on the command line. Given the heaps of a position of
// Grundy's game, lists every split of every heap with the xor of the values it leaves: a
// split to xor 0 wins for the player who makes it (the article's check mark), any other
// loses against best play.
#include "common/options.hpp"
#include "common/tool_main.hpp"
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
} // namespace

int main(int argc, char* argv[]) {
    return run_tool([&] {
        Options options("cgt-grundy-play",
                        "Lists every split of every heap of a position of Grundy's game as winning or\n"
                        "losing for the player to move: a split wins iff it leaves the xor of the values 0.",
                        "cgt-grundy-play 10 7 5        (or: cgt-grundy-play --heaps 10,7,5)");
        options.add()("heaps", po::value<std::vector<std::string>>()->multitoken()->value_name("N..."),
                      "heap sizes 1..1000000, blank- or comma-separated (also as bare arguments)");
        options.positional("heaps", -1);
        std::vector<impartial::HeapSize> heaps;
        const bool run = options.parse(argc, argv, [&](const po::variables_map& vm) {
            const std::string text = vm.count("heaps") ? join(vm["heaps"].as<std::vector<std::string>>()) : "";
            try {
                heaps = impartial::parse_heaps(text, MAX_PLAY_HEAP);
            } catch (const std::invalid_argument& e) {
                throw UsageError(std::string("--heaps: ") + e.what());
            }
        });
        if (!run) return 0;

        const impartial::HeapSize largest = *std::max_element(heaps.begin(), heaps.end());
        impartial::SparseSweep sweep(largest);
        sweep.run_through(largest);
        const std::vector<impartial::Grundy> values(sweep.values().begin(), sweep.values().end());

        std::string sizes, gs;
        for (auto h : heaps) {
            sizes += (sizes.empty() ? "" : " ") + std::to_string(h);
            gs += (gs.empty() ? "" : " xor ") + std::to_string(values[h]);
        }
        const impartial::Grundy total = impartial::position_value(heaps, values);
        std::printf("position %s: G = %s = %u: the player to move %s\n", sizes.c_str(), gs.c_str(), total,
                    total ? "wins" : "loses");
        const auto verdicts = impartial::judge_splits(heaps, values);
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
        return 0;
    });
}
