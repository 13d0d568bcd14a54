// cgt-hackenbush-stalks: every Blue-Red-Green stalk of 1..L edges valued across MPI ranks
// (the prefix tree of colour strings dealt out round-robin), classified, its birthday
// taken and the string rules checked; one HDF5 file with the per-length table, every
// stalk's value (an index into the table of distinct canonical texts) and that table.
#include "common/distinct_texts.hpp"
#include "common/contiguous_rows.hpp"
#include "common/mpi_environment.hpp"
#include "common/options.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include "hackenbush-stalks/stalks_job.hpp"

using namespace cgt::common;
namespace jobs = cgt::jobs;

int main(int argc, char* argv[]) {
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        Options options("cgt-hackenbush-stalks",
                        "Values every Blue-Red-Green Hackenbush stalk of 1..L edges, sorts the values into\n"
                        "numbers, x + *m, x +- up* and other forms, checks the string rules stalk by stalk\n"
                        "and counts distinct values across the ranks by canonical text.",
                        "mpiexec -n 2 cgt-hackenbush-stalks --max-length 12 --out results/hackenbush-stalks.h5",
                        "hackenbush-stalks.h5");
        options.add()("max-length", po::value<long>()->default_value(12),
                      "L: longest stalk (1..39); 3 + 9 + ... + 3^L stalks");
        jobs::hackenbush_stalks::Params params;
        const bool run = options.parse(env, argc, argv, [&](const po::variables_map& vm) {
            jobs::hackenbush_stalks::check_max_length(vm["max-length"].as<long>());
            params.max_length = static_cast<std::size_t>(vm["max-length"].as<long>());
        });
        if (!run) return 0;

        const jobs::hackenbush_stalks::StalkTasks tasks(params);
        ResultFile file(env.comm(), options.out_path(), options.program(), options.parameters_text());
        const double cpu_start = jobs::hackenbush_common::cpu_seconds();
        Progress progress(env.comm(), tasks.count(), "cgt-hackenbush-stalks prefixes", options.quiet());
        cgt::core::GameStore store;
        jobs::hackenbush_common::ValueTexts values(store);
        jobs::hackenbush_stalks::StalkRows rows(params, store, values);
        LocalTable stalks;
        jobs::hackenbush_stalks::StalkRows::declare_columns(stalks);
        // Round-robin over the prefixes: neighbouring prefixes cost alike, so every rank
        // gets a fair share of the cheap blue-red and the dear green-heavy subtrees.
        jobs::hackenbush_common::run_round_robin(env.comm(), tasks.count(), progress,
                                         [&](std::uint64_t t) { rows.run(tasks, t, stalks); });

        // Distinct values by canonical text across the ranks; local ids become indices.
        DistinctTexts distinct = index_distinct_texts(env.comm(), values.take_texts());
        auto& value = stalks.column<std::uint64_t>("value");
        for (std::uint64_t& v : value) v = distinct.index[v];
        std::vector<std::uint64_t> length;
        for (std::int64_t n : stalks.column<std::int64_t>("length")) length.push_back(static_cast<std::uint64_t>(n));
        const auto distinct_by_length =
            count_distinct_per_group(env.comm(), distinct.total, params.max_length + 1, length, value);

        std::vector<jobs::hackenbush_stalks::LengthCounts> counts = rows.counts();
        std::vector<std::uint64_t> sums = jobs::hackenbush_stalks::summed_counts(counts);
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, sums.data(), static_cast<int>(sums.size()), MPI_UINT64_T, MPI_SUM,
                                env.comm()), "MPI_Allreduce");
        jobs::hackenbush_stalks::set_summed_counts(counts, sums);
        for (auto& c : counts)
            check_mpi(MPI_Allreduce(MPI_IN_PLACE, &c.max_birthday, 1, MPI_UINT64_T, MPI_MAX, env.comm()),
                      "MPI_Allreduce");

        LocalTable lengths; // small: rank 0 writes it
        jobs::hackenbush_stalks::declare_length_columns(lengths);
        if (env.is_root()) {
            lengths.begin_block(0);
            jobs::hackenbush_stalks::append_length_rows(counts, distinct_by_length, lengths);
        }
        file.write_table("lengths", lengths, "length");
        // Rows computed round-robin are scattered over the file: gathered into one run per
        // rank first, every compressed chunk is written by one rank.
        make_rows_contiguous(env.comm(), stalks);
        file.write_table("stalks", stalks, "length,colours", true);
        jobs::hackenbush_common::write_values_table(file, env.comm(), "values", distinct);
        jobs::hackenbush_common::record_rank_cpu(file, env.comm(), jobs::hackenbush_common::cpu_seconds() - cpu_start);
        file.finish();
        return 0;
    });
}
