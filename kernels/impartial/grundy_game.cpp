#include "impartial/grundy_game.hpp"

#include <algorithm>
#include <stdexcept>

namespace cgt::impartial {

std::vector<Split> grundy_splits(HeapSize heap) {
    std::vector<Split> out;
    // small < large  <=>  2 * small < heap  <=>  small <= (heap - 1) / 2
    for (HeapSize small = 1; heap >= 1 && small <= (heap - 1) / 2; ++small)
        out.push_back({small, heap - small});
    return out;
}

std::vector<Grundy> grundy_values_by_definition(HeapSize max_heap) {
    std::vector<Grundy> g(max_heap + 1, 0);
    MexSet options;
    for (HeapSize n = 3; n <= max_heap; ++n) {
        options.clear();
        for (HeapSize a = 1; 2 * a < n; ++a) options.mark(g[a] ^ g[n - a]);
        g[n] = options.mex();
    }
    return g;
}

namespace {
void require_values_for(std::span<const HeapSize> heaps, std::span<const Grundy> values) {
    for (HeapSize h : heaps)
        if (h >= values.size())
            throw std::invalid_argument("heap " + std::to_string(h) + " has no value: values known for 0.." +
                                        std::to_string(values.size()) + " - 1");
}
} // namespace

Grundy position_value(std::span<const HeapSize> heaps, std::span<const Grundy> values) {
    require_values_for(heaps, values);
    Grundy total = 0;
    for (HeapSize h : heaps) total ^= values[h];
    return total;
}

std::vector<SplitVerdict> judge_splits(std::span<const HeapSize> heaps,
                                       std::span<const Grundy> values) {
    const Grundy total = position_value(heaps, values);
    std::vector<SplitVerdict> out;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
        const Grundy rest = total ^ values[heaps[i]];
        for (const Split& s : grundy_splits(heaps[i])) {
            const Grundy after = rest ^ values[s.small] ^ values[s.large];
            out.push_back({i, s, after, after == 0});
        }
    }
    return out;
}

std::vector<HeapSize> parse_heaps(const std::string& text, HeapSize max_heap) {
    std::vector<HeapSize> heaps;
    bool comma_pending = false, empty_item = false; // a comma with no heap before or after it
    std::size_t pos = 0;
    while (true) {
        pos = text.find_first_not_of(" \t", pos);
        if (pos == std::string::npos) break;
        if (text[pos] == ',') {
            empty_item = empty_item || heaps.empty() || comma_pending;
            comma_pending = true;
            ++pos;
            continue;
        }
        const std::size_t end = std::min(text.find_first_of(" \t,", pos), text.size());
        const std::string item = text.substr(pos, end - pos);
        pos = end;
        comma_pending = false;
        const bool digits = item.find_first_not_of("0123456789") == std::string::npos;
        // 19 digits always fit in 64 bits, so stoull cannot throw below.
        const HeapSize heap = digits && item.size() <= 19 ? std::stoull(item) : 0;
        if (heap < 1 || heap > max_heap)
            throw std::invalid_argument("heap '" + item + "' must be an integer 1.." +
                                        std::to_string(max_heap));
        heaps.push_back(heap);
    }
    if (heaps.empty()) throw std::invalid_argument("no heaps given");
    if (empty_item || comma_pending)
        throw std::invalid_argument("'" + text + "' has an empty item: a comma with no heap on one side");
    return heaps;
}

bool GrundyWinLossSearch::first_player_wins(std::vector<HeapSize> heaps) {
    std::erase_if(heaps, [](HeapSize h) { return h <= 2; });
    std::sort(heaps.begin(), heaps.end());
    if (auto it = m_memo.find(heaps); it != m_memo.end()) return it->second;
    bool wins = false;
    for (std::size_t i = 0; i < heaps.size() && !wins; ++i) {
        if (i > 0 && heaps[i] == heaps[i - 1]) continue; // same heap size, same moves
        for (const Split& s : grundy_splits(heaps[i])) {
            std::vector<HeapSize> next = heaps;
            next[i] = s.small;
            next.push_back(s.large);
            if (!first_player_wins(std::move(next))) {
                wins = true;
                break;
            }
        }
    }
    m_memo.emplace(std::move(heaps), wins);
    return wins;
}

} // namespace cgt::impartial
