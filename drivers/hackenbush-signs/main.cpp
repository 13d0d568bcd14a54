// cgt-hackenbush-signs: every blue-red Hackenbush stalk of 1..L edges valued across MPI
// ranks (the prefix tree of colour strings split into equal contiguous blocks) and compared
// with Berlekamp's sign-expansion rule; per length the stalks, mismatches and distinct
// values, and the values of the short stalks as examples.
#include "common/mpi_environment.hpp"
#include "common/options.hpp"
#include "common/partition.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include "hackenbush-common/value_texts.hpp"
#include "hackenbush-signs/signs_job.hpp"

using namespace cgt::common;
namespace jobs = cgt::jobs;

int main(int argc, char* argv[]) {
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        Options options("cgt-hackenbush-signs",
                        "Values every blue-red Hackenbush stalk of 1..L edges with the CGT engine and\n"
                        "checks each against Berlekamp's sign-expansion rule; counts distinct values.",
                        "mpiexec -n 2 cgt-hackenbush-signs --max-length 22 --out results/hackenbush-signs.h5",
                        "hackenbush-signs.h5");
        options.add()("max-length", po::value<long>()->default_value(22),
                      "L: longest stalk (1..56); 2 + 4 + ... + 2^L stalks");
        jobs::hackenbush_signs::Params params;
        const bool run = options.parse(env, argc, argv, [&](const po::variables_map& vm) {
            jobs::hackenbush_signs::check_max_length(vm["max-length"].as<long>());
            params.max_length = static_cast<std::size_t>(vm["max-length"].as<long>());
        });
        if (!run) return 0;

        const jobs::hackenbush_signs::SignTasks tasks(params);
        ResultFile file(env.comm(), options.out_path(), options.program(), options.parameters_text());
        const double cpu_start = jobs::hackenbush_common::cpu_seconds();
        // Every prefix task is a subtree of the same size and nearly the same cost, so
        // equal contiguous blocks are a fair split.
        const Range mine = block_range(tasks.count(), static_cast<std::uint64_t>(env.size()),
                                       static_cast<std::uint64_t>(env.rank()));
        Progress progress(env.comm(), tasks.count(), "cgt-hackenbush-signs prefixes", options.quiet());
        jobs::hackenbush_signs::SignWalk walk(params);
        for (std::uint64_t t = mine.begin; t < mine.end; ++t) {
            walk.run(tasks, t);
            progress.advance(1);
        }
        progress.finish();

        std::vector<std::uint64_t> stalks = walk.stalks(), mismatches = walk.mismatches();
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, stalks.data(), static_cast<int>(stalks.size()), MPI_UINT64_T, MPI_SUM,
                                env.comm()), "MPI_Allreduce");
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, mismatches.data(), static_cast<int>(mismatches.size()), MPI_UINT64_T,
                                MPI_SUM, env.comm()), "MPI_Allreduce");
        // Every rank's intervals to rank 0 (a few per length when the engine is right).
        const std::vector<std::uint64_t> packed = jobs::hackenbush_signs::pack(walk.intervals());
        const int n_packed = static_cast<int>(packed.size());
        std::vector<int> counts(static_cast<std::size_t>(env.size())), displs(counts.size(), 0);
        check_mpi(MPI_Gather(&n_packed, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, env.comm()), "MPI_Gather");
        for (std::size_t r = 1; r < counts.size(); ++r) displs[r] = displs[r - 1] + counts[r - 1];
        std::vector<std::uint64_t> all(env.is_root() ? static_cast<std::size_t>(displs.back() + counts.back()) : 0);
        check_mpi(MPI_Gatherv(packed.data(), n_packed, MPI_UINT64_T, all.data(), counts.data(), displs.data(),
                              MPI_UINT64_T, 0, env.comm()), "MPI_Gatherv");

        LocalTable lengths, examples; // small: rank 0 writes them
        jobs::hackenbush_signs::declare_length_columns(lengths);
        jobs::hackenbush_signs::declare_example_columns(examples);
        if (env.is_root()) {
            const auto intervals = jobs::hackenbush_signs::unpack(all);
            lengths.begin_block(0);
            jobs::hackenbush_signs::append_length_rows(stalks, mismatches, jobs::hackenbush_signs::distinct_by_length(params.max_length, intervals),
                                          intervals, lengths);
            examples.begin_block(0);
            jobs::hackenbush_signs::append_example_rows(params, examples);
        }
        file.write_table("lengths", lengths, "length");
        file.write_table("examples", examples, "length,colours");
        jobs::hackenbush_common::record_rank_cpu(file, env.comm(), jobs::hackenbush_common::cpu_seconds() - cpu_start);
        file.finish();
        return 0;
    });
}
