// cgt-hackenbush-sums: random triples of small coloured Hackenbush pictures, split across
// MPI ranks in equal blocks (triple i depends only on the seed and i); for each, the outcome
// of the sum of the three values against the value-free search on the three side by side.
#include "common/distinct_texts.hpp"
#include "common/mpi_environment.hpp"
#include "common/options.hpp"
#include "common/partition.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include "hackenbush-sums/sums_job.hpp"

using namespace cgt::common;
namespace jobs = cgt::jobs;

int main(int argc, char* argv[]) {
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        Options options("cgt-hackenbush-sums",
                        "Draws N triples of small random coloured Hackenbush pictures and checks that the\n"
                        "outcome of the sum of their values equals a value-free search on the three side by side.",
                        "mpiexec -n 2 cgt-hackenbush-sums --triples 20000 --seed 20240917 --out results/hackenbush-sums.h5",
                        "hackenbush-sums.h5");
        options.add()("triples", po::value<long long>()->default_value(20000), "N: triples of pictures (>= 1)")(
            "seed", po::value<std::string>()->default_value("20240917"), "seed of the pictures (0..2^64-1)")(
            "vertices", po::value<long>()->default_value(3), "V: vertices above the ground of each picture (1..63)")(
            "max-edges", po::value<long>()->default_value(4), "E: most edges of each picture (1..21)");
        jobs::hackenbush_sums::Params params;
        const bool run = options.parse(env, argc, argv, [&](const po::variables_map& vm) {
            jobs::hackenbush_sums::check_triples(vm["triples"].as<long long>());
            jobs::hackenbush_sums::check_vertices(vm["vertices"].as<long>());
            jobs::hackenbush_sums::check_max_edges(vm["max-edges"].as<long>());
            params.triples = static_cast<std::uint64_t>(vm["triples"].as<long long>());
            params.seed = jobs::hackenbush_sums::parse_seed(vm["seed"].as<std::string>());
            params.vertices = static_cast<unsigned>(vm["vertices"].as<long>());
            params.max_edges = static_cast<unsigned>(vm["max-edges"].as<long>());
        });
        if (!run) return 0;

        ResultFile file(env.comm(), options.out_path(), options.program(), options.parameters_text());
        const double cpu_start = jobs::hackenbush_common::cpu_seconds();
        file.set_attribute("/", "seed", std::to_string(params.seed));
        Progress progress(env.comm(), params.triples, "cgt-hackenbush-sums triples", options.quiet());
        cgt::core::GameStore store;
        jobs::hackenbush_common::ValueTexts values(store);
        jobs::hackenbush_sums::TripleRows rows(params, store, values);
        LocalTable triples;
        jobs::hackenbush_sums::TripleRows::declare_columns(triples);
        const Range mine = block_range(params.triples, static_cast<std::uint64_t>(env.size()),
                                       static_cast<std::uint64_t>(env.rank()));
        triples.begin_block(static_cast<std::uint64_t>(env.rank()));
        constexpr std::uint64_t STEP = 256; // triples between progress updates
        for (std::uint64_t i = mine.begin; i < mine.end; i += STEP) {
            const std::uint64_t stop = std::min(mine.end, i + STEP);
            rows.run(i, stop, triples);
            progress.advance(stop - i);
        }
        progress.finish();

        DistinctTexts distinct = index_distinct_texts(env.comm(), values.take_texts());
        for (std::uint64_t& v : triples.column<std::uint64_t>("sum")) v = distinct.index[v];
        std::uint64_t agree = rows.agree();
        std::vector<std::uint64_t> outcomes = rows.outcomes();
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, &agree, 1, MPI_UINT64_T, MPI_SUM, env.comm()), "MPI_Allreduce");
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, outcomes.data(), 4, MPI_UINT64_T, MPI_SUM, env.comm()), "MPI_Allreduce");
        LocalTable summary; // one row: rank 0 writes it
        jobs::hackenbush_sums::declare_summary_columns(summary);
        if (env.is_root()) {
            summary.begin_block(0);
            jobs::hackenbush_sums::append_summary_row(params.triples, agree, outcomes, summary);
        }
        file.write_table("summary", summary, "triples");
        file.write_table("triples", triples, "triple", true);
        jobs::hackenbush_common::write_values_table(file, env.comm(), "values", distinct);
        jobs::hackenbush_common::record_rank_cpu(file, env.comm(), jobs::hackenbush_common::cpu_seconds() - cpu_start);
        file.finish();
        return 0;
    });
}
