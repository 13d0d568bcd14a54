#include "subtraction-census/census_job.hpp"

using namespace cgt;
using namespace cgt::common;

namespace cgt::jobs::subtraction_census {

namespace {
constexpr long MAX_C = 4000;
const WholeOption SETS_MAX{.name = "sets-max",
                           .default_value = 12,
                           .min = 0,
                           .max = 20,
                           .meaning = "M: every non-empty subtraction set S within {1..M}",
                           .note = "0: none"};
const WholeOption THREE_MOVE_MAX{.name = "three-move-max",
                                 .default_value = 60,
                                 .min = 0,
                                 .max = MAX_C,
                                 .meaning = "C: every three-move game {a < b < c} with c <= C",
                                 .note = "0: none"};
const WholeOption THREE_MOVE_ROWS{
    .name = "three-move-rows",
    .default_value = std::nullopt,
    .min = 0,
    .max = MAX_C,
    .meaning = "a row of its own in the three_move table for each game with c <= this (the "
               "summaries cover c <= C)",
    .note = "default: C"};
const WholeOption HEAP_LIMIT{.name = "heap-limit",
                             .default_value = 1L << 26,
                             .min = 1,
                             .max = 1L << 32,
                             .meaning = "values computed at most per game before it is reported "
                                        "'not found'"};

// Measured (jobs/subtraction-census.ini, M = 20 and C = 500, one rank): 82e9 values in 625 s
// of CPU, 1.3e8 values a second; a set within {1..20} takes about 95 values, a three-move game
// about 10c (7.6c for c <= 150, 11c for c near 500).
constexpr double VALUES_PER_SECOND = 1.3e8;
constexpr double SET_VALUES = 95, THREE_MOVE_VALUES_PER_C = 11;
// Bytes a row holds on its rank until the write (the sets' play is a text): the same run's
// peak was 1.27 GB for 22.8 million rows (this estimate: 1.43 GB).
constexpr double SET_ROW_BYTES = 96, THREE_MOVE_ROW_BYTES = 56;
} // namespace

JobInfo CensusJob::info() const {
    return {.program = "cgt-subtraction-census",
            .summary =
                "The subtraction-game census: every non-empty S within {1..M} in normal and\n"
                "misere play, and every three-move game {a < b < c} with c <= C, each with its\n"
                "least preperiod and period proven by a repeated window; the distributions of\n"
                "periods and preperiods, the longest ones, and the literature's statements on\n"
                "two- and three-move games checked against every game they concern.",
            .example = "mpiexec -n 2 cgt-subtraction-census --sets-max 14 --three-move-max 60 "
                       "--out results/subtraction-census.h5",
            .default_out = "subtraction-census.h5",
            .progress_label = "cgt-subtraction-census tasks"};
}

void CensusJob::add_options(Options& options) {
    options.add(SETS_MAX);
    options.add()("misere", po::value<bool>()->default_value(true)->implicit_value(true),
                  "the sets in misere play too (true or false)");
    options.add(THREE_MOVE_MAX);
    options.add(THREE_MOVE_ROWS);
    options.add(HEAP_LIMIT);
}

void CensusJob::read_options(const po::variables_map& vm, int) {
    m_params.sets_max = static_cast<unsigned>(SETS_MAX.read(vm));
    m_params.misere = vm["misere"].as<bool>();
    m_params.three_move_max = static_cast<unsigned>(THREE_MOVE_MAX.read(vm));
    m_params.three_move_rows = THREE_MOVE_ROWS.given(vm)
                                   ? static_cast<unsigned>(THREE_MOVE_ROWS.read(vm))
                                   : m_params.three_move_max;
    if (m_params.three_move_rows > m_params.three_move_max)
        throw UsageError("--three-move-rows must be at most --three-move-max (" +
                         std::to_string(m_params.three_move_max) + "), got " +
                         std::to_string(m_params.three_move_rows));
    m_params.heap_limit = static_cast<std::uint64_t>(HEAP_LIMIT.read(vm));
    if (m_params.sets_max == 0 && m_params.three_move_max < 3)
        throw UsageError("no games: set --sets-max (1..20) or --three-move-max (3..4000)");
    m_tasks = plan_tasks(m_params);
}

MemoryNeed CensusJob::memory_need(int ranks) const {
    const double sets = static_cast<double>(kind_games(m_params, Kind::sets_normal) +
                                            kind_games(m_params, Kind::sets_misere));
    double rows = 0, values = sets * SET_VALUES;
    for (unsigned c = 3; c <= m_params.three_move_max; ++c) {
        const double games = (c - 1.0) * (c - 2.0) / 2;
        values += games * THREE_MOVE_VALUES_PER_C * c;
        if (c <= m_params.three_move_rows) rows += games;
    }
    const double held = (sets * SET_ROW_BYTES + rows * THREE_MOVE_ROW_BYTES) / ranks;
    return linear_need("--sets-max " + std::to_string(m_params.sets_max) + " --three-move-max " +
                           std::to_string(m_params.three_move_max) + " --three-move-rows " +
                           std::to_string(m_params.three_move_rows),
                       "the rank's share of the game rows", held, 1, values, VALUES_PER_SECOND);
}

TaskTableSpec CensusJob::tables() const {
    namespace s = schema;
    return {.tables = {&s::sets::table, &s::three_move::table, &s::part_counts::table,
                       &s::part_longest::table, &s::part_failures::table},
            .counters = COUNTERS};
}

TaskStatus CensusJob::compute(std::uint64_t task, TaskTables& out, TaskContext&) {
    namespace s = schema;
    out.begin_blocks(task);
    compute_task(m_params, m_tasks.at(task),
                 {out.table(s::sets::table), out.table(s::three_move::table),
                  out.table(s::part_counts::table), out.table(s::part_longest::table),
                  out.table(s::part_failures::table), out.task_counters()},
                 m_values);
    return TaskStatus::done;
}

void CensusJob::finish(JobResults& results) {
    namespace s = schema;
    const std::vector<std::uint64_t> counters = results.sum_counters();
    Summary mine;
    mine.add_parts(results.table(s::part_counts::table), results.table(s::part_longest::table),
                   results.table(s::part_failures::table));
    const std::vector<std::uint64_t> all = results.comm().gather(mine.pack());
    results.write(s::sets::table);
    results.write(s::three_move::table);
    LocalTable periods = s::periods::table.make(), preperiods = s::preperiods::table.make(),
               longest = s::longest::table.make(), checks = s::checks::table.make();
    if (results.comm().is_root()) { // small: rank 0 writes them
        Summary summary;
        summary.unpack(all);
        for (LocalTable* t : {&periods, &preperiods, &longest, &checks})
            t->begin_block(0);
        append_distribution(summary, 0, periods);
        append_distribution(summary, 1, preperiods);
        append_longest(summary, longest);
        append_checks(m_params, summary, counters, checks);
    }
    results.write(s::periods::table, periods);
    results.write(s::preperiods::table, preperiods);
    results.write(s::longest::table, longest);
    results.write(s::checks::table, checks);
}

} // namespace cgt::jobs::subtraction_census
