#include "nim/nim_rows.hpp"

#include "impartial/multisets.hpp"
#include "nim/nim_schema.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace cgt::jobs::nim {

using impartial::Grundy;
using impartial::Heap;
using impartial::TakeAway;

std::vector<TakeAway> parse_games(const std::string& text) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ';', ' ');
    std::istringstream in(spaced);
    std::vector<TakeAway> games;
    std::vector<std::string> items;
    for (std::string item; in >> item;) {
        try {
            games.push_back(TakeAway::parse(item));
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("--games: '" + item + "': " + e.what());
        }
        // A game listed twice would give its table rows twice (the verifier refuses them).
        for (std::size_t i = 0; i + 1 < games.size(); ++i)
            if (games[i].name() == games.back().name())
                throw std::invalid_argument("--games: '" + item + "' is " + games.back().name() +
                                            " again (listed before as '" + items[i] + "')");
        items.push_back(item);
    }
    if (games.empty()) throw std::invalid_argument("--games is empty: name at least one game (nim or a set like 1,3,4)");
    return games;
}

std::uint64_t positions_per_game(const Params& params) {
    const impartial::Multisets sets(params.heaps, params.max_heap);
    if (sets.count() > MAX_POSITIONS)
        throw std::invalid_argument("--heaps " + std::to_string(params.heaps) + " --max-heap " +
                                    std::to_string(params.max_heap) + " gives " + std::to_string(sets.count()) +
                                    " positions per game; the limit is " + std::to_string(MAX_POSITIONS));
    return sets.count();
}

PositionRows::PositionRows(const Params& params)
    : m_params(params), m_per_game(positions_per_game(params)) {
    for (const auto& game : params.games) {
        m_values.push_back(game.grundy_values(params.max_heap));
        m_search.emplace_back(game);
    }
}

void PositionRows::declare_columns(common::LocalTable& table) { schema::positions::table.declare(table); }

std::string move_text(Heap heap, Heap take) {
    return "take " + std::to_string(take) + " from " + std::to_string(heap);
}

void PositionRows::compute(std::uint64_t begin, std::uint64_t end, common::LocalTable& table) {
    const impartial::Multisets sets(m_params.heaps, m_params.max_heap);
    auto& game_col = table.column(schema::positions::game);
    auto& heaps_col = table.column(schema::positions::heaps);
    auto& value_col = table.column(schema::positions::value);
    auto& search_col = table.column(schema::positions::search);
    auto& move_col = table.column(schema::positions::move);

    std::uint64_t key = begin;
    while (key < end) {
        const std::size_t g = key / m_per_game;
        const TakeAway& game = m_params.games.at(g);
        const auto& values = m_values[g];
        const std::string name = game.name();
        const std::uint64_t stop = std::min(end, (g + 1) * m_per_game);
        auto heaps = sets.unrank(key - g * m_per_game);
        for (; key < stop; ++key) {
            std::vector<Grundy> v;
            std::string text;
            for (Heap h : heaps) {
                v.push_back(values[h]);
                text += (text.empty() ? "" : " ") + std::to_string(h);
            }
            const auto move = impartial::winning_move(game, heaps, values);
            game_col.push_back(name);
            heaps_col.push_back(text);
            value_col.push_back(impartial::nim_sum(v));
            search_col.push_back(m_search[g].first_player_wins(heaps) ? "win" : "loss");
            move_col.push_back(move ? move_text(heaps[move->heap_index], move->take) : "-");
            sets.next(heaps);
        }
    }
}

void declare_value_columns(common::LocalTable& table) { schema::values::table.declare(table); }

void compute_values(const Params& params, common::LocalTable& table) {
    auto& game_col = table.column(schema::values::game);
    auto& heap_col = table.column(schema::values::heap);
    auto& grundy_col = table.column(schema::values::grundy);
    const Heap top = std::max<Heap>(params.max_heap, 20);
    for (const auto& game : params.games) {
        const auto values = game.grundy_values(top);
        for (Heap h = 0; h <= top; ++h) {
            game_col.push_back(game.name());
            heap_col.push_back(h);
            grundy_col.push_back(values[h]);
        }
    }
}

} // namespace cgt::jobs::nim
