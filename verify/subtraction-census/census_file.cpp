#include "verify/subtraction-census/census_file.hpp"

#include "subtraction-census/census_schema.hpp"
#include "verify/common/parameters.hpp"

namespace cgt::verify::subtraction_census {

namespace schema = cgt::jobs::subtraction_census::schema;

std::vector<unsigned> GameColumns::set(std::size_t row, bool three_move) const {
    const std::int64_t k = key[row];
    if (!three_move) return set_of_mask(k);
    return {static_cast<unsigned>(k & 0xffff), static_cast<unsigned>((k >> 16) & 0xffff),
            static_cast<unsigned>(k >> 32)};
}

namespace {
template <class T> void game_columns(const common::Table& t, GameColumns& g) {
    g.preperiod = t.ints(T::preperiod);
    g.period = t.ints(T::period);
    g.heaps = t.ints(T::heaps);
    g.outcome_preperiod = t.ints(T::outcome_preperiod);
    g.outcome_period = t.ints(T::outcome_period);
    for (std::int64_t f : t.ints(T::found))
        g.found.push_back(static_cast<std::uint8_t>(f));
}

struct SetsCols {
    static constexpr auto preperiod = schema::sets::preperiod;
    static constexpr auto period = schema::sets::period;
    static constexpr auto heaps = schema::sets::heaps;
    static constexpr auto outcome_preperiod = schema::sets::outcome_preperiod;
    static constexpr auto outcome_period = schema::sets::outcome_period;
    static constexpr auto found = schema::sets::found;
};
struct ThreeCols {
    static constexpr auto preperiod = schema::three_move::preperiod;
    static constexpr auto period = schema::three_move::period;
    static constexpr auto heaps = schema::three_move::heaps;
    static constexpr auto outcome_preperiod = schema::three_move::outcome_preperiod;
    static constexpr auto outcome_period = schema::three_move::outcome_period;
    static constexpr auto found = schema::three_move::found;
};

Distribution read_distribution(const common::ResultReader& file, const common::TableSchema& s,
                               const std::string& value_column, Report& report) {
    const auto t = file.read_table(s);
    report.count_rows(t.rows);
    return {t.texts("family"), t.texts("play"), t.ints(value_column), t.ints("games")};
}
} // namespace

CensusFile read_census(const common::ResultReader& file, const std::string& data_dir,
                       Report& report) {
    CensusFile f(file, data_dir);
    const auto parameters = run_parameters(file);
    f.sets_max = parameter_number(parameters, "sets-max");
    f.three_move_max = parameter_number(parameters, "three-move-max");
    // --three-move-rows has no default of its own (C): a run without it has every row.
    f.three_move_rows = parameters.count("three-move-rows")
                            ? parameter_number(parameters, "three-move-rows")
                            : f.three_move_max;
    f.heap_limit = parameter_number(parameters, "heap-limit");
    const std::string misere = parameter_text(parameters, "misere");
    if (f.sets_max < 0 || f.sets_max > 20 || f.three_move_max < 0 || f.three_move_max > 4000 ||
        f.three_move_rows < 0 || f.three_move_rows > f.three_move_max || f.heap_limit < 1 ||
        (misere != "true" && misere != "false"))
        throw common::ResultRefused("the file's parameters: a census parameter out of its range");
    f.misere = misere == "true";
    {
        const auto t = file.read_table(schema::sets::table);
        report.count_rows(t.rows);
        f.sets.key = t.ints(schema::sets::mask);
        for (const auto& play : t.texts(schema::sets::play))
            f.sets.misere.push_back(play == "misere");
        game_columns<SetsCols>(t, f.sets);
    }
    {
        const auto t = file.read_table(schema::three_move::table);
        report.count_rows(t.rows);
        const auto a = t.ints(schema::three_move::a), b = t.ints(schema::three_move::b),
                   c = t.ints(schema::three_move::c);
        f.three_move.key.resize(t.rows);
        for (std::size_t i = 0; i < t.rows; ++i)
            f.three_move.key[i] = a[i] | (b[i] << 16) | (c[i] << 32);
        f.three_move.misere.assign(t.rows, false);
        game_columns<ThreeCols>(t, f.three_move);
    }
    f.periods = read_distribution(file, schema::periods::table, "period", report);
    f.preperiods = read_distribution(file, schema::preperiods::table, "preperiod", report);
    {
        const auto t = file.read_table(schema::longest::table);
        report.count_rows(t.rows);
        namespace l = schema::longest;
        f.longest = {t.texts(l::family), t.texts(l::play), t.texts(l::measure),
                     t.texts(l::game),   t.ints(l::rank),  t.ints(l::preperiod),
                     t.ints(l::period)};
    }
    {
        const auto t = file.read_table(schema::checks::table);
        report.count_rows(t.rows);
        namespace c = schema::checks;
        f.checks = {t.texts(c::check),         t.texts(c::source),   t.texts(c::scope),
                    t.texts(c::verdict),       t.texts(c::examples), t.ints(c::applied),
                    t.ints(c::counterexamples)};
    }
    return f;
}

} // namespace cgt::verify::subtraction_census
