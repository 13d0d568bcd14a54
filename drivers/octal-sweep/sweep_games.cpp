#include "octal-sweep/sweep_games.hpp"

#include "octal-sweep/frontier_state.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"

#include <algorithm>
#include <limits>
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
    case Family::listed:
        return "listed";
    case Family::subtraction:
        return "subtraction";
    case Family::subtraction_misere:
        return "subtraction-misere";
    case Family::octal:
        return "octal";
    }
    return "?";
}

std::uint64_t parse_heap_count(const std::string& text) {
    const auto number = [&](const std::string& digits) {
        if (digits.empty() || digits.size() > 19 ||
            !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
            throw std::invalid_argument("'" + text + "' is not a heap count (N or 2^k)");
        return std::stoull(digits);
    };
    if (text.rfind("2^", 0) == 0) {
        const auto k = number(text.substr(2));
        if (k > 62) throw std::invalid_argument("'" + text + "' is too many heaps (k at most 62)");
        return std::uint64_t{1} << k;
    }
    return number(text);
}

std::vector<ListedGame> parse_games(const std::string& text) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ';', ' ');
    std::istringstream in(spaced);
    std::vector<ListedGame> games;
    std::vector<std::string> items;
    for (std::string item; in >> item;) {
        try {
            ListedGame listed;
            std::string body = item;
            if (const auto at = body.find('@'); at != std::string::npos) {
                listed.bound = parse_heap_count(body.substr(at + 1));
                if (listed.bound == 0) throw std::invalid_argument("a bound of 0 heaps");
                body.resize(at);
            }
            Play play = Play::normal;
            if (body.size() > MISERE_SUFFIX.size() && body.ends_with(MISERE_SUFFIX)) {
                play = Play::misere;
                body.resize(body.size() - MISERE_SUFFIX.size());
            } else if (const auto colon = body.find(':'); colon != std::string::npos) {
                throw std::invalid_argument("unknown suffix '" + body.substr(colon) +
                                            "' (the only one is " + std::string(MISERE_SUFFIX) +
                                            ")");
            }
            if (body != "grundy" || play != Play::normal)
                listed.octal = OctalGame::parse_game(body, play);
            games.push_back(std::move(listed));
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("--games: '" + item + "': " + e.what());
        }
        // The same game twice (.77 and .770 included) would give its table rows twice.
        const ListedGame& last = games.back();
        for (std::size_t i = 0; i + 1 < games.size(); ++i)
            if (games[i].octal == last.octal)
                throw std::invalid_argument(
                    "--games: '" + item + "' is " +
                    (last.octal ? last.octal->name() : std::string("grundy")) +
                    " again (listed before as '" + items[i] + "')");
        items.push_back(item);
    }
    return games;
}

std::string SweepGame::name() const {
    return octal ? octal->name() : "grundy";
}
std::string SweepGame::code() const {
    return octal ? octal->code() : "grundy";
}
bool SweepGame::frontier() const {
    return !octal || (octal->play() == Play::normal && !octal->is_subtraction());
}

std::vector<SweepGame> enumerate_games(const Params& params) {
    if (params.subtraction_max > MAX_SUBTRACTION)
        throw std::invalid_argument("--subtraction-max must be 0.." +
                                    std::to_string(MAX_SUBTRACTION) + ", got " +
                                    std::to_string(params.subtraction_max));
    if (params.octal_digits > MAX_OCTAL_DIGITS)
        throw std::invalid_argument("--octal-digits must be 0.." +
                                    std::to_string(MAX_OCTAL_DIGITS) + ", got " +
                                    std::to_string(params.octal_digits));
    std::vector<SweepGame> games;
    for (const auto& listed : params.listed)
        games.push_back({Family::listed, listed.octal, listed.bound});
    const std::uint32_t sets = (std::uint32_t{1} << params.subtraction_max) - 1;
    for (Play play : {Play::normal, Play::misere}) {
        if (play == Play::misere && !params.misere) break;
        const Family family =
            play == Play::normal ? Family::subtraction : Family::subtraction_misere;
        for (std::uint32_t mask = 1; mask <= sets; ++mask) {
            std::vector<Heap> set;
            for (Heap s = 1; s <= params.subtraction_max; ++s)
                if (mask >> (s - 1) & 1) set.push_back(s);
            games.push_back({family, OctalGame::subtraction(set, play), 0});
        }
    }
    const unsigned d = params.octal_digits;
    if (d > 0) {
        const std::uint32_t codes = std::uint32_t{1} << (3 * d);
        for (std::uint8_t d0 : params.octal_d0)
            for (std::uint32_t code = d0 ? 0 : 1; code < codes; ++code) {
                std::vector<std::uint8_t> digits(d + 1, d0);
                for (unsigned k = 1; k <= d; ++k)
                    digits[k] = static_cast<std::uint8_t>(code >> (3 * (d - k)) & 7);
                games.push_back({Family::octal, OctalGame::from_digits(std::move(digits)), 0});
            }
    }
    return games;
}

std::vector<std::uint64_t> plan_tasks(const std::vector<SweepGame>& games) {
    std::vector<std::uint64_t> starts;
    std::uint64_t group = 0; // games in the current subtraction group
    for (std::uint64_t i = 0; i < games.size(); ++i) {
        const bool cheap =
            games[i].family == Family::subtraction || games[i].family == Family::subtraction_misere;
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

impartial::WindowedLimits frontier_limits_for(const Params& params, const SweepGame& game) {
    impartial::WindowedLimits limits;
    limits.config.threads = params.threads;
    if (params.prefix_heaps) limits.config.prefix_heaps = params.prefix_heaps;
    if (params.window_heaps) limits.config.window_heaps = params.window_heaps;
    if (game.family == Family::listed) {
        limits.ceiling = game.bound ? game.bound : std::uint64_t{params.listed_max_heap} + 1;
    } else {
        limits.ceiling = params.ceiling;
        limits.definition_ceiling = params.definition_ceiling;
    }
    return limits;
}

bool runs_frontier(const Params& params, const SweepGame& game) {
    return game.frontier() && (params.ceiling > 0 || game.family == Family::listed);
}

impartial::HeapRules frontier_rules(const SweepGame& game) {
    return game.octal ? impartial::HeapRules::octal(*game.octal)
                      : impartial::HeapRules::grundys_game();
}

std::string first_values_text(const std::vector<impartial::Grundy>& values, std::size_t count) {
    std::string text;
    for (std::size_t n = 0; n < std::min(count, values.size()); ++n) {
        if (n > 0) text += ' ';
        text += std::to_string(values[n]);
    }
    return text;
}

void GameRows::declare_columns(common::LocalTable& table) {
    schema::games::table.declare(table);
}

void GameRows::declare_sequence_columns(common::LocalTable& sequences) {
    schema::sequences::table.declare(sequences);
}

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
        if (!item.octal)
            throw std::logic_error("Grundy's game is played by the frontier sweep only");
        AnalysisLimits limits = limits_for(m_params, item.family);
        if (item.bound) limits.max_heap = static_cast<Heap>(item.bound);
        const auto result = impartial::analyse(*item.octal, limits);
        index.push_back(static_cast<std::int64_t>(i));
        family.push_back(to_string(item.family));
        game.push_back(item.name());
        code.push_back(item.code());
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
        rare_heaps.push_back(
            result.rare_mask ? static_cast<std::int64_t>(result.rare_mask->rare_heaps) : -1);
        last_rare.push_back(result.last_rare ? static_cast<std::int64_t>(*result.last_rare) : -1);
        first_values.push_back(first_values_text(result.values, m_params.stored_values));
        if (!result.period) continue;
        const std::uint64_t length =
            std::uint64_t{result.period->preperiod} + result.period->period;
        if (length > m_params.max_sequence) continue;
        for (std::uint64_t heap = 0; heap < length; ++heap) {
            sequence_index.push_back(static_cast<std::int64_t>(i));
            sequence_heap.push_back(static_cast<std::int64_t>(heap));
            sequence_value.push_back(result.values[heap]);
        }
    }
}

bool GameRows::compute_frontier(std::uint64_t i, const impartial::WindowedLimits& limits,
                                const RowTables& out, std::optional<std::uint64_t> block) const {
    const SweepGame& item = m_games.at(i);
    const auto r = impartial::analyse_windowed(frontier_rules(item), limits, m_params.stored_values,
                                               m_params.max_sequence);
    if (r.stopped) return false;
    if (block)
        for (common::LocalTable* t : {&out.games, &out.sequences, &out.frontier,
                                      &out.frontier_stats, &out.frontier_frequencies})
            t->begin_block(*block);
    namespace g = schema::games;
    const auto as_int = [](std::uint64_t v) { return static_cast<std::int64_t>(v); };
    auto& t = out.games;
    t.column(g::index).push_back(as_int(i));
    t.column(g::family).push_back(to_string(item.family));
    t.column(g::game).push_back(item.name());
    t.column(g::code).push_back(item.code());
    t.column(g::status).push_back(impartial::to_string(r.status));
    t.column(g::preperiod).push_back(r.period ? std::int64_t{r.period->preperiod} : -1);
    t.column(g::period).push_back(r.period ? std::int64_t{r.period->period} : -1);
    t.column(g::proof).push_back(r.period ? impartial::to_string(r.rule) : "-");
    t.column(g::check_end).push_back(r.period ? as_int(r.check_end) : -1);
    t.column(g::largest_removal).push_back(r.largest_removal);
    t.column(g::max_heap).push_back(as_int(r.ceiling) - 1);
    t.column(g::computed_to).push_back(as_int(r.heaps) - 1);
    t.column(g::largest_value).push_back(r.largest_value);
    t.column(g::largest_at).push_back(as_int(r.largest_at));
    const bool has_stats = !r.stats.empty();
    t.column(g::rare_mask).push_back(has_stats ? impartial::to_string(r.stats.back().mask) : "-");
    t.column(g::rare_heaps).push_back(has_stats ? as_int(r.stats.back().mask.rare_heaps) : -1);
    t.column(g::last_rare).push_back(has_stats ? r.stats.back().last_rare : -1);
    // A periodic game's first values past n0 + p follow from its period, as the family's do.
    const bool whole =
        r.period && r.sequence.size() == std::size_t{r.period->preperiod} + r.period->period;
    const std::vector<impartial::Grundy> sequence(r.sequence.begin(), r.sequence.end());
    std::vector<impartial::Grundy> first;
    for (std::uint64_t n = 0; n < m_params.stored_values && (whole || n < sequence.size()); ++n)
        first.push_back(whole ? impartial::periodic_value(sequence, *r.period, n) : sequence[n]);
    t.column(g::first_values).push_back(first_values_text(first, m_params.stored_values));
    if (whole)
        for (std::size_t heap = 0; heap < r.sequence.size(); ++heap) {
            out.sequences.column(schema::sequences::index).push_back(as_int(i));
            out.sequences.column(schema::sequences::heap)
                .push_back(static_cast<std::int64_t>(heap));
            out.sequences.column(schema::sequences::value).push_back(r.sequence[heap]);
        }
    append_frontier_rows(i, r, out.frontier, out.frontier_stats, out.frontier_frequencies);
    return true;
}

void GameRows::compute_all(std::uint64_t begin, std::uint64_t end, const RowTables& out) const {
    for (std::uint64_t i = begin; i < end; ++i) {
        if (runs_frontier(m_params, m_games.at(i)))
            compute_frontier(i, frontier_limits_for(m_params, m_games[i]), out);
        else
            compute(i, i + 1, out.games, out.sequences);
    }
}

} // namespace cgt::jobs::octal_sweep
