#include "octal-sweep/octal_sweep_job.hpp"

#include "octal-sweep/octal_sweep_schema.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace cgt::jobs::octal_sweep {

using impartial::AnalysisLimits;
using impartial::Heap;
using impartial::OctalGame;
using impartial::Play;

namespace {
// Subtraction games take microseconds: this many share one task of the queue.
constexpr std::uint64_t SUBTRACTION_GAMES_PER_TASK = 256;
constexpr std::string_view MISERE_SUFFIX = ":misere";
} // namespace

std::string to_string(Family family) {
    switch (family) {
    case Family::listed: return "listed";
    case Family::subtraction: return "subtraction";
    case Family::subtraction_misere: return "subtraction-misere";
    case Family::octal: return "octal";
    }
    return "?";
}

std::vector<OctalGame> parse_games(const std::string& text) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ';', ' ');
    std::istringstream in(spaced);
    std::vector<OctalGame> games;
    std::vector<std::string> items;
    for (std::string item; in >> item;) {
        try {
            Play play = Play::normal;
            std::string body = item;
            if (body.size() > MISERE_SUFFIX.size() && body.ends_with(MISERE_SUFFIX)) {
                play = Play::misere;
                body.resize(body.size() - MISERE_SUFFIX.size());
            } else if (const auto colon = body.find(':'); colon != std::string::npos) {
                throw std::invalid_argument("unknown suffix '" + body.substr(colon) + "' (the only one is " +
                                            std::string(MISERE_SUFFIX) + ")");
            }
            games.push_back(OctalGame::parse_game(body, play));
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("--games: '" + item + "': " + e.what());
        }
        // The same game twice (.77 and .770 included) would give its table rows twice.
        for (std::size_t i = 0; i + 1 < games.size(); ++i)
            if (games[i] == games.back())
                throw std::invalid_argument("--games: '" + item + "' is " + games.back().name() +
                                            " again (listed before as '" + items[i] + "')");
        items.push_back(item);
    }
    return games;
}

std::vector<SweepGame> enumerate_games(const Params& params) {
    if (params.subtraction_max > MAX_SUBTRACTION)
        throw std::invalid_argument("--subtraction-max must be 0.." + std::to_string(MAX_SUBTRACTION) +
                                    ", got " + std::to_string(params.subtraction_max));
    if (params.octal_digits > MAX_OCTAL_DIGITS)
        throw std::invalid_argument("--octal-digits must be 0.." + std::to_string(MAX_OCTAL_DIGITS) +
                                    ", got " + std::to_string(params.octal_digits));
    std::vector<SweepGame> games;
    for (const auto& game : params.listed) games.push_back({Family::listed, game});
    const std::uint32_t sets = (std::uint32_t{1} << params.subtraction_max) - 1;
    for (Play play : {Play::normal, Play::misere}) {
        if (play == Play::misere && !params.misere) break;
        const Family family = play == Play::normal ? Family::subtraction : Family::subtraction_misere;
        for (std::uint32_t mask = 1; mask <= sets; ++mask) {
            std::vector<Heap> set;
            for (Heap s = 1; s <= params.subtraction_max; ++s)
                if (mask >> (s - 1) & 1) set.push_back(s);
            games.push_back({family, OctalGame::subtraction(set, play)});
        }
    }
    const unsigned d = params.octal_digits;
    if (d > 0) {
        const std::uint32_t codes = std::uint32_t{1} << (3 * d);
        for (std::uint8_t d0 : {std::uint8_t{0}, impartial::LEAVE_TWO})
            for (std::uint32_t code = d0 ? 0 : 1; code < codes; ++code) {
                std::vector<std::uint8_t> digits(d + 1, d0);
                for (unsigned k = 1; k <= d; ++k)
                    digits[k] = static_cast<std::uint8_t>(code >> (3 * (d - k)) & 7);
                games.push_back({Family::octal, OctalGame::from_digits(std::move(digits))});
            }
    }
    return games;
}

std::vector<std::uint64_t> plan_tasks(const std::vector<SweepGame>& games) {
    std::vector<std::uint64_t> starts;
    std::uint64_t group = 0; // games in the current subtraction group
    for (std::uint64_t i = 0; i < games.size(); ++i) {
        const bool cheap = games[i].family == Family::subtraction ||
                           games[i].family == Family::subtraction_misere;
        const bool same_group = cheap && group > 0 && group < SUBTRACTION_GAMES_PER_TASK &&
                                games[i - 1].family == games[i].family;
        if (!same_group) {
            starts.push_back(i);
            group = 0;
        }
        group = cheap ? group + 1 : 0;
    }
    starts.push_back(games.size());
    return starts;
}

AnalysisLimits limits_for(const Params& params, Family family) {
    AnalysisLimits limits;
    limits.max_heap = family == Family::listed ? params.listed_max_heap : params.max_heap;
    limits.split_max_heap = family == Family::listed ? 0 : params.split_max_heap;
    return limits;
}

std::string first_values_text(const std::vector<impartial::Grundy>& values, std::size_t count) {
    std::string text;
    for (std::size_t n = 0; n < std::min(count, values.size()); ++n) {
        if (n > 0) text += ' ';
        text += std::to_string(values[n]);
    }
    return text;
}

void GameRows::declare_columns(common::LocalTable& table) { schema::games::table.declare(table); }

void GameRows::declare_sequence_columns(common::LocalTable& sequences) { schema::sequences::table.declare(sequences); }

void GameRows::compute(std::uint64_t begin, std::uint64_t end, common::LocalTable& table,
                       common::LocalTable& sequences) const {
    namespace g = schema::games;
    auto& index = table.column(g::index);
    auto& family = table.column(g::family);
    auto& game = table.column(g::game);
    auto& code = table.column(g::code);
    auto& status = table.column(g::status);
    auto& preperiod = table.column(g::preperiod);
    auto& period = table.column(g::period);
    auto& proof = table.column(g::proof);
    auto& check_end = table.column(g::check_end);
    auto& largest_removal = table.column(g::largest_removal);
    auto& max_heap = table.column(g::max_heap);
    auto& computed_to = table.column(g::computed_to);
    auto& largest_value = table.column(g::largest_value);
    auto& largest_at = table.column(g::largest_at);
    auto& rare_mask = table.column(g::rare_mask);
    auto& rare_heaps = table.column(g::rare_heaps);
    auto& last_rare = table.column(g::last_rare);
    auto& first_values = table.column(g::first_values);
    auto& sequence_index = sequences.column(schema::sequences::index);
    auto& sequence_heap = sequences.column(schema::sequences::heap);
    auto& sequence_value = sequences.column(schema::sequences::value);
    for (std::uint64_t i = begin; i < end; ++i) {
        const SweepGame& item = m_games.at(i);
        const auto result = impartial::analyse(item.game, limits_for(m_params, item.family));
        index.push_back(static_cast<std::int64_t>(i));
        family.push_back(to_string(item.family));
        game.push_back(item.game.name());
        code.push_back(item.game.code());
        status.push_back(impartial::to_string(result.status));
        // -1: not applicable (no period proven, no split in use).
        preperiod.push_back(result.period ? std::int64_t{result.period->preperiod} : -1);
        period.push_back(result.period ? std::int64_t{result.period->period} : -1);
        proof.push_back(result.period ? impartial::to_string(result.rule) : "-");
        check_end.push_back(result.period ? static_cast<std::int64_t>(result.check_end) : -1);
        largest_removal.push_back(result.largest_removal);
        max_heap.push_back(result.max_heap);
        computed_to.push_back(result.computed_to);
        largest_value.push_back(result.largest_value);
        largest_at.push_back(result.largest_at);
        rare_mask.push_back(result.rare_mask ? impartial::to_string(*result.rare_mask) : "-");
        rare_heaps.push_back(result.rare_mask ? static_cast<std::int64_t>(result.rare_mask->rare_heaps) : -1);
        last_rare.push_back(result.last_rare ? static_cast<std::int64_t>(*result.last_rare) : -1);
        first_values.push_back(first_values_text(result.values, m_params.stored_values));
        if (!result.period) continue;
        const std::uint64_t length = std::uint64_t{result.period->preperiod} + result.period->period;
        if (length > m_params.max_sequence) continue;
        for (std::uint64_t heap = 0; heap < length; ++heap) {
            sequence_index.push_back(static_cast<std::int64_t>(i));
            sequence_heap.push_back(static_cast<std::int64_t>(heap));
            sequence_value.push_back(result.values[heap]);
        }
    }
}

} // namespace cgt::jobs::octal_sweep
