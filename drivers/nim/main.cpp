// cgt-nim: Sprague-Grundy sums across MPI ranks. Every position of K heaps of size <= H of
// each game is valued by the XOR rule, checked by a value-free search, and written to one
// HDF5 table in enumeration order.
#include "common/mpi_environment.hpp"
#include "common/options.hpp"
#include "common/partition.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"
#include "nim/nim_job.hpp"

using namespace cgt;
using namespace cgt::common;

int main(int argc, char* argv[]) {
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        Options options("cgt-nim",
                        "Values every position of K heaps of size <= H by the XOR (Sprague-Grundy) rule\n"
                        "and checks each against a value-free win/loss search.",
                        "mpiexec -n 2 cgt-nim --games 'nim 1,3,4' --heaps 3 --max-heap 8 --out results/nim.h5",
                        "nim.h5");
        options.add()("games", po::value<std::string>()->default_value("nim 1,3,4"),
                      "games, blank-separated: nim, or a subtraction set such as 1,3,4")(
            "heaps", po::value<long>()->default_value(3), "K: heaps per position (1..16)")(
            "max-heap", po::value<long>()->default_value(8), "H: largest heap size (>= 0)");
        jobs::nim::Params params;
        const bool run = options.parse(env, argc, argv, [&](const po::variables_map& vm) {
            const long k = vm["heaps"].as<long>(), h = vm["max-heap"].as<long>();
            if (k < 1 || k > 16) throw UsageError("--heaps must be 1..16, got " + std::to_string(k));
            if (h < 0 || h > 1'000'000) throw UsageError("--max-heap must be 0..1000000, got " + std::to_string(h));
            params.games = jobs::nim::parse_games(vm["games"].as<std::string>());
            params.heaps = static_cast<unsigned>(k);
            params.max_heap = static_cast<std::uint32_t>(h);
            jobs::nim::positions_per_game(params);
        });
        if (!run) return 0;

        const std::uint64_t total = params.games.size() * jobs::nim::positions_per_game(params);
        ResultFile file(env.comm(), options.out_path(), options.program(), options.parameters_text());
        Progress progress(env.comm(), total, "cgt-nim positions", options.quiet());

        LocalTable positions;
        jobs::nim::PositionRows rows(params);
        jobs::nim::PositionRows::declare_columns(positions);
        const Range mine = block_range(total, env.size(), env.rank());
        positions.begin_block(static_cast<std::uint64_t>(env.rank()));
        constexpr std::uint64_t STEP = 4096; // rows between progress updates
        for (std::uint64_t k = mine.begin; k < mine.end; k += STEP) {
            const std::uint64_t stop = std::min(mine.end, k + STEP);
            rows.compute(k, stop, positions);
            progress.advance(stop - k);
        }
        progress.finish();
        file.write_table("positions", positions, "game,heaps");

        LocalTable values; // small: rank 0 writes all of it, the others take part with none
        jobs::nim::declare_value_columns(values);
        if (env.is_root()) {
            values.begin_block(0);
            jobs::nim::compute_values(params, values);
        }
        file.write_table("values", values, "game,heap");
        file.finish();
        return 0;
    });
}
