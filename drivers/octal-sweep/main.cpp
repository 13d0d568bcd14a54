// cgt-octal-sweep: whole families of subtraction and octal games across MPI ranks. Each game
// is analysed to a heap bound (Grundy values, period with its proof or "not yet periodic up
// to N"); a dynamic task queue spreads games of very different cost, and the rows go to one
// HDF5 table in enumeration order.
#include "common/mpi_environment.hpp"
#include "common/options.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"
#include "common/task_queue.hpp"
#include "octal-sweep/octal_sweep_job.hpp"

using namespace cgt;
using namespace cgt::common;

namespace {
// Heaps are 32-bit; 2^28 heaps already hold 1 GiB of values per game.
constexpr long MAX_HEAP_LIMIT = 1L << 28;

long ranged(const po::variables_map& vm, const std::string& name, long low, long high) {
    const long value = vm[name].as<long>();
    if (value < low || value > high)
        throw UsageError("--" + name + " must be " + std::to_string(low) + ".." + std::to_string(high) +
                         ", got " + std::to_string(value));
    return value;
}
} // namespace

int main(int argc, char* argv[]) {
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        Options options(
            "cgt-octal-sweep",
            "Analyses whole families of heap games: every subtraction set S of {1..K} and every octal\n"
            "code of up to D digits (d0 = 0 or 4), plus listed games; per game the Grundy values, and\n"
            "the preperiod and period proven by the Guy-Smith bound (or a repeated window for\n"
            "subtraction games), or 'not yet periodic up to N'.",
            "mpiexec -n 2 cgt-octal-sweep --subtraction-max 12 --octal-digits 3 --max-heap 16384 "
            "--games '.16 .127' --out results/octal-sweep.h5",
            "octal-sweep.h5");
        options.add()("subtraction-max", po::value<long>()->default_value(12),
                      "K: every non-empty subtraction set S of {1..K} (0..20; 0: none)")(
            "misere", po::value<bool>()->default_value(false)->implicit_value(true),
            "also every such S in misere play")(
            "octal-digits", po::value<long>()->default_value(3),
            "D: every octal code d0.d1..dD with d0 = 0 or 4 (0..5; 0: none)")(
            "games", po::value<std::string>()->default_value(""),
            "more games, analysed first to --listed-max-heap: blank-separated octal codes (.16) or "
            "subtraction sets (1,3,4; 1,2:misere)")(
            "max-heap", po::value<long>()->default_value(16384), "heap bound of the families")(
            "split-max-heap", po::value<long>()->default_value(0),
            "family games still valued by the rare/common split at --max-heap go on to this bound (0: off)")(
            "listed-max-heap", po::value<long>()->default_value(1L << 25), "heap bound of the --games")(
            "stored-values", po::value<long>()->default_value(32), "values G(0..) kept per game (first_values)");
        jobs::octal_sweep::Params params;
        const bool run = options.parse(env, argc, argv, [&](const po::variables_map& vm) {
            params.subtraction_max = static_cast<unsigned>(
                ranged(vm, "subtraction-max", 0, jobs::octal_sweep::MAX_SUBTRACTION));
            params.misere = vm["misere"].as<bool>();
            params.octal_digits = static_cast<unsigned>(
                ranged(vm, "octal-digits", 0, jobs::octal_sweep::MAX_OCTAL_DIGITS));
            params.max_heap = static_cast<impartial::Heap>(ranged(vm, "max-heap", 0, MAX_HEAP_LIMIT));
            params.split_max_heap = static_cast<impartial::Heap>(ranged(vm, "split-max-heap", 0, MAX_HEAP_LIMIT));
            params.listed_max_heap = static_cast<impartial::Heap>(ranged(vm, "listed-max-heap", 0, MAX_HEAP_LIMIT));
            params.stored_values = static_cast<unsigned>(ranged(vm, "stored-values", 0, 100000));
            params.listed = jobs::octal_sweep::parse_games(vm["games"].as<std::string>());
            if (params.listed.empty() && params.subtraction_max == 0 && params.octal_digits == 0)
                throw UsageError("no games: set --subtraction-max, --octal-digits or --games");
        });
        if (!run) return 0;

        const auto games = jobs::octal_sweep::enumerate_games(params);
        const auto tasks = jobs::octal_sweep::plan_tasks(games);
        const std::uint64_t n_tasks = tasks.size() - 1;
        ResultFile file(env.comm(), options.out_path(), options.program(), options.parameters_text());
        Progress progress(env.comm(), n_tasks, "cgt-octal-sweep tasks", options.quiet());

        LocalTable table, sequences;
        jobs::octal_sweep::GameRows::declare_columns(table);
        jobs::octal_sweep::GameRows::declare_sequence_columns(sequences);
        const jobs::octal_sweep::GameRows rows(params, games);
        run_task_queue(
            env.comm(), n_tasks,
            [&](std::uint64_t task) {
                table.begin_block(task);
                sequences.begin_block(task);
                rows.compute(tasks[task], tasks[task + 1], table, sequences);
            },
            &progress);
        progress.finish();
        file.write_table("games", table, "index");
        file.write_table("sequences", sequences, "index,heap", true);
        file.finish();
        return 0;
    });
}
