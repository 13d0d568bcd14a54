#include "verify/octal-sweep/frontier_checks.hpp"

#include "impartial/frontier_sweep.hpp"
#include "impartial/grundy_game.hpp"
#include "impartial/octal_values.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace cgt::verify::octal_sweep {

namespace schema = cgt::jobs::octal_sweep::schema;
using impartial::Grundy;


Frontier read_frontier(const common::ResultReader& file, const std::vector<GameRow>& rows, verify::Report& report) {
    namespace f = schema::frontier;
    namespace st = schema::frontier_stats;
    namespace q = schema::frontier_frequencies;
    Frontier out;
    const auto games = file.read_table(f::table);
    const auto index = games.ints(f::index), ceiling = games.ints(f::ceiling), heaps = games.ints(f::heaps);
    const auto& stop = games.texts(f::stop);
    for (std::size_t i = 0; i < games.rows; ++i) {
        if (index[i] < 0 || static_cast<std::size_t>(index[i]) >= rows.size() || (i && index[i] <= index[i - 1]))
            throw common::ResultRefused("frontier table names no game, or is out of order");
        out[index[i]] = {ceiling[i], heaps[i], stop[i], {}};
    }
    const auto stats = file.read_table(st::table);
    const auto s_index = stats.ints(st::index), s_heaps = stats.ints(st::heaps), largest = stats.ints(st::largest_value);
    const auto at = stats.ints(st::largest_at), rare = stats.ints(st::rare_heaps), last = stats.ints(st::last_rare);
    const auto& mask = stats.texts(st::rare_mask);
    for (std::size_t i = 0; i < stats.rows; ++i) {
        const auto game = out.find(s_index[i]);
        if (game == out.end()) throw common::ResultRefused("frontier_stats names a game the frontier table lacks");
        auto& powers = game->second.powers;
        if (!powers.empty() && s_heaps[i] <= powers.back().heaps) throw common::ResultRefused("frontier_stats out of order");
        powers.push_back({s_heaps[i], largest[i], at[i], rare[i], last[i], mask[i], {}});
    }
    const auto freq = file.read_table(q::table);
    const auto f_index = freq.ints(q::index), f_heaps = freq.ints(q::heaps), value = freq.ints(q::value), count = freq.ints(q::count);
    for (std::size_t i = 0; i < freq.rows; ++i) {
        const auto game = out.find(f_index[i]);
        PowerRow* power = nullptr;
        if (game != out.end())
            for (auto& p : game->second.powers)
                if (p.heaps == f_heaps[i]) power = &p;
        if (!power) throw common::ResultRefused("frontier_frequencies names a game and N without statistics");
        power->frequency[value[i]] += count[i];
    }
    report.count_rows(games.rows + stats.rows + freq.rows);
    return out;
}

namespace {

// The frontier game of a code (or "grundy") that went furthest, if any.
const FrontierGame* find_frontier(const std::vector<GameRow>& rows, const Frontier& frontier, const std::string& code,
                                  long long* index = nullptr) {
    const FrontierGame* best = nullptr;
    for (const auto& [i, game] : frontier)
        if (rows[static_cast<std::size_t>(i)].code == code && (!best || game.heaps > best->heaps)) {
            best = &game;
            if (index) *index = i;
        }
    return best;
}

} // namespace

// What any correct file satisfies: a statistics row per power of two up to the heaps
// computed, frequencies that sum to N, the largest value the largest that occurs, the
// games row agreeing with the frontier row.
void check_frontier_tables(const std::vector<GameRow>& rows, const Frontier& frontier, verify::Report& report) {
    if (frontier.empty()) return;
    report.section("The frontier tables: every power of two of every game run to its ceiling or proof");
    std::uint64_t games_ok = 0, powers = 0, sums_ok = 0, largest_ok = 0, proven = 0, at_ceiling = 0, by_definition = 0;
    for (const auto& [i, game] : frontier) {
        const GameRow& row = rows[static_cast<std::size_t>(i)];
        bool ok = game.heaps >= 1 && game.heaps <= game.ceiling && row.computed_to == game.heaps - 1 &&
                  row.max_heap == game.ceiling - 1 && game.powers.size() == static_cast<std::size_t>(std::bit_width(
                                                                               static_cast<std::uint64_t>(game.heaps)));
        ok = ok && game.stop == (row.periodic() ? "proven" : game.heaps == game.ceiling ? "ceiling" : "definition-ceiling");
        proven += game.stop == "proven";
        at_ceiling += game.stop == "ceiling";
        by_definition += game.stop == "definition-ceiling";
        for (std::size_t k = 0; k < game.powers.size(); ++k) {
            const PowerRow& p = game.powers[k];
            ok = ok && p.heaps == (1LL << k);
            ++powers;
            long long sum = 0;
            for (const auto& [v, c] : p.frequency) sum += c;
            sums_ok += sum == p.heaps;
            largest_ok += !p.frequency.empty() && p.frequency.rbegin()->first == p.largest_value &&
                          p.largest_at < p.heaps && p.rare_heaps <= p.heaps && p.last_rare < p.heaps;
        }
        games_ok += ok;
    }
    const auto n = [](std::uint64_t v) { return verify::thousands(static_cast<long long>(v)); };
    report.check_equal("frontier games: one statistics row per power of two to the heaps computed, the games row alike",
                       n(frontier.size()), n(games_ok));
    report.check_equal("(game, N) pairs whose frequencies sum to N", n(powers), n(sums_ok));
    report.check_equal("(game, N) pairs whose largest value is the largest that occurs", n(powers), n(largest_ok));
    report.note("frontier games: " + n(frontier.size()) + " (" + n(proven) + " proven, " + n(at_ceiling) +
                " at their ceiling, " + n(by_definition) + " stopped where the definition valued them)");
}

namespace {

// The statistics of G(0..N-1) for N = 1, 2, 4, ... <= values.size(), as the frontier
// sweep writes them, from values computed here by the definition.
std::vector<PowerRow> powers_of(const std::vector<Grundy>& values, const impartial::HeapRules& rules) {
    std::vector<PowerRow> out;
    const auto phase = rules.split_phase();
    std::vector<std::uint64_t> counts;
    std::map<long long, long long> frequency;
    Grundy largest = 0;
    std::uint64_t largest_at = 0;
    for (std::uint64_t n = 0; n < values.size(); ++n) {
        const Grundy v = values[n];
        if (v > largest) largest = v, largest_at = n;
        ++frequency[v];
        const std::size_t slot = (std::size_t{v} << 1) | ((n + phase.value_or(0)) & 1);
        if (counts.size() <= slot) counts.resize(std::max<std::size_t>(4, std::bit_ceil(slot + 1)), 0);
        ++counts[slot];
        if (!std::has_single_bit(n + 1)) continue;
        const auto mask = impartial::best_mask_of_counts(counts, n + 1, phase.has_value(), phase.value_or(0));
        long long last = -1;
        for (std::uint64_t m = 0; m <= n; ++m) {
            const unsigned rho = static_cast<unsigned>(std::popcount(values[m] & mask.mask) & 1) ^
                                 (mask.position_parity ? static_cast<unsigned>((m + mask.phase) & 1) : 0u);
            if (rho == 0) last = static_cast<long long>(m);
        }
        out.push_back({static_cast<long long>(n + 1), largest, static_cast<long long>(largest_at),
                       static_cast<long long>(mask.rare_heaps), last, impartial::to_string(mask), frequency});
    }
    return out;
}

} // namespace

// The first 2^16 values of some unsolved games by the definition (every option of every
// heap: no rare/common split), against every statistics row up to 2^16 and first_values.
void check_direct_values(const std::vector<GameRow>& rows, const Frontier& frontier, verify::Report& report) {
    constexpr std::uint64_t N = 1u << 16;
    bool heading = false;
    for (const std::string code : {"grundy", ".6", ".161", ".014"}) {
        long long index = -1;
        const FrontierGame* game = find_frontier(rows, frontier, code, &index);
        if (!game || game->heaps < static_cast<long long>(N)) continue;
        if (!std::exchange(heading, true))
            report.section("Unsolved games: the first 2^16 values by the definition (no split) against the frontier sweep's");
        const GameRow& row = rows[static_cast<std::size_t>(index)];
        std::vector<Grundy> values;
        if (code == "grundy") {
            values = impartial::grundy_values_by_definition(N - 1);
        } else {
            impartial::OctalValues direct(impartial::OctalGame::parse(code), impartial::ValueMethod::definition);
            direct.extend_to(N - 1);
            values = direct.values();
        }
        values.resize(N);
        const auto ours = powers_of(values, impartial::HeapRules::parse(code));
        bool same = row.first_values.size() <= values.size() &&
                    std::equal(row.first_values.begin(), row.first_values.end(), values.begin());
        std::string differs = same ? "" : " (first_values differ)";
        for (std::size_t k = 0; k < ours.size() && same; ++k) {
            const PowerRow &a = ours[k], &b = game->powers[k];
            same = a.heaps == b.heaps && a.largest_value == b.largest_value && a.largest_at == b.largest_at &&
                   a.rare_mask == b.rare_mask && a.rare_heaps == b.rare_heaps && a.last_rare == b.last_rare &&
                   a.frequency == b.frequency;
            if (!same) differs = " (differ at N = " + std::to_string(a.heaps) + ")";
        }
        const PowerRow& top = ours.back();
        const std::string figures = "max " + std::to_string(top.largest_value) + " at " + std::to_string(top.largest_at) +
                                    ", rare " + top.rare_mask + " " + std::to_string(top.rare_heaps) + " last " +
                                    std::to_string(top.last_rare);
        report.check(code + ": statistics and frequencies of every N <= 2^16, first values", figures + " (definition)",
                     same ? figures : "other" + differs, same);
    }
}

// Czajka's UnsolvedGames statistics (Grundy's game and .6 at 2^21, .04 and .06 at 2^17).
void check_czajka_statistics(const std::vector<GameRow>& rows, const Frontier& frontier, verify::Report& report,
                             const std::string& dir) {
    report.section("Czajka's UnsolvedGames statistics (largest value, rare mask, rare heaps, last rare heap)");
    for (const auto& ref : read_csv(dir + "/czajka_unsolved_games.csv")) {
        if (ref[1].empty()) continue;
        const std::string code = ref[0] == "grundy" ? "grundy" : impartial::OctalGame::parse(ref[0]).code();
        const long long n = std::stoll(ref[1]);
        const std::string published = "max " + ref[3] + " at " + ref[2] + ", rare " + ref[4] + " " + ref[5] +
                                      " last " + ref[6];
        const FrontierGame* game = find_frontier(rows, frontier, code);
        const PowerRow* power = nullptr;
        if (game)
            for (const auto& p : game->powers)
                if (p.heaps == n) power = &p;
        if (!power) {
            report.note(code + " at N = " + verify::thousands(n) + ": not in this run (" +
                        (game ? "its frontier run has " + verify::thousands(game->heaps) + " heaps" : "no frontier run") + ")");
            continue;
        }
        const std::string ours = "max " + std::to_string(power->largest_value) + " at " + std::to_string(power->largest_at) +
                                 ", rare " + power->rare_mask + " " + std::to_string(power->rare_heaps) + " last " +
                                 std::to_string(power->last_rare);
        report.check_equal(ref[0] + " at N = " + verify::thousands(n), published, ours);
    }
}

// Rogalski's frequencies (an independent sparse-space solver) of .014 .034 .161 .167 .172
// after N heaps, from `dir`/rogalski_frequencies.csv. His file N counts G(1..N), ours
// G(0..N-1): the two agree when his counts minus ours are zero everywhere, or +1 at one value
// (G(N)) and -1 at 0 (G(0) = 0).
void check_rogalski_frequencies(const std::vector<GameRow>& rows, const Frontier& frontier, verify::Report& report,
                                const std::string& dir) {
    std::map<std::pair<std::string, long long>, std::map<long long, long long>> published;
    for (const auto& ref : read_csv(dir + "/rogalski_frequencies.csv"))
        published[{ref[0], std::stoll(ref[1])}][std::stoll(ref[2])] += std::stoll(ref[3]);
    bool heading = false;
    std::uint64_t absent = 0;
    for (const auto& [key, theirs] : published) {
        const auto& [code, n] = key;
        const FrontierGame* game = find_frontier(rows, frontier, impartial::OctalGame::parse(code).code());
        const PowerRow* power = nullptr;
        if (game)
            for (const auto& p : game->powers)
                if (p.heaps == n) power = &p;
        if (!power) {
            ++absent;
            continue;
        }
        if (!std::exchange(heading, true))
            report.section("Rogalski's frequencies of .014 .034 .161 .167 .172 (his heaps 1..N, ours 0..N-1)");
        std::map<long long, long long> difference = theirs;
        for (const auto& [v, c] : power->frequency) difference[v] -= c;
        std::erase_if(difference, [](const auto& d) { return d.second == 0; });
        const bool agree =
            difference.empty() || (difference.size() == 2 && difference.begin()->first == 0 &&
                                   difference.begin()->second == -1 && difference.rbegin()->second == 1);
        long long largest = theirs.empty() ? -1 : theirs.rbegin()->first;
        const std::string figures = std::to_string(theirs.size()) + " values, largest " + std::to_string(largest);
        report.check(code + " at N = " + verify::thousands(n) + ": every value's frequency", figures,
                     agree ? figures
                           : "other (" + std::to_string(difference.size()) + " values differ by more than G(0), G(N))",
                     agree);
    }
    if (heading && absent)
        report.note(verify::thousands(static_cast<long long>(absent)) + " published (game, N) pairs are not in this run");
}

} // namespace cgt::verify::octal_sweep
