// cgt-hackenbush-green: every green Hackenbush graph of the article's families on the ground
// and V vertices with 1..E edges, for each V:E asked for, valued across MPI ranks (runs of
// multisets dealt round-robin) by the mex rule, by the fusion and colon principles and by
// the CGT engine; one HDF5 file with every graph's three values, the
// agreement counts by edge count and the distribution of nim values.
#include "common/contiguous_rows.hpp"
#include "common/mpi_environment.hpp"
#include "common/options.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"
#include "hackenbush-common/shared_tables.hpp"
#include "hackenbush-common/value_texts.hpp"
#include "hackenbush-green/green_job.hpp"

using namespace cgt::common;
namespace jobs = cgt::jobs;

int main(int argc, char* argv[]) {
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        Options options("cgt-hackenbush-green",
                        "Values every green Hackenbush graph on the ground and V vertices with 1..E edges\n"
                        "(edges {u, v}, u <= v, loops and parallel edges allowed, all grounded) by the mex\n"
                        "rule, by the fusion and colon principles and by the CGT engine, and compares them.",
                        "mpiexec -n 2 cgt-hackenbush-green --graphs '3:9 4:8' --out results/hackenbush-green.h5",
                        "hackenbush-green.h5");
        options.add()("graphs", po::value<std::string>()->default_value("3:9 4:8"),
                      "V:E pairs, blank-separated: graphs on the ground and V vertices (1..63) with 1..E edges (1..64)");
        std::vector<cgt::hackenbush::GraphFamily> families;
        const bool run = options.parse(env, argc, argv, [&](const po::variables_map& vm) {
            families = jobs::hackenbush_green::families(jobs::hackenbush_green::parse_sizes(vm["graphs"].as<std::string>()));
            jobs::hackenbush_common::GraphTasks check(families);
        });
        if (!run) return 0;

        const jobs::hackenbush_common::GraphTasks tasks(families);
        ResultFile file(env.comm(), options.out_path(), options.program(), options.parameters_text());
        const double cpu_start = jobs::hackenbush_common::cpu_seconds();
        Progress progress(env.comm(), tasks.count(), "cgt-hackenbush-green tasks", options.quiet());
        cgt::core::GameStore store;
        jobs::hackenbush_green::GraphRows rows(tasks, store);
        LocalTable graphs;
        jobs::hackenbush_green::GraphRows::declare_columns(graphs);
        jobs::hackenbush_common::run_round_robin(env.comm(), tasks.count(), progress,
                                         [&](std::uint64_t id) { rows.run(id, graphs); });

        std::vector<std::uint64_t> sums = jobs::hackenbush_green::flatten(rows.counts());
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, sums.data(), static_cast<int>(sums.size()), MPI_UINT64_T, MPI_SUM,
                                env.comm()), "MPI_Allreduce");
        LocalTable by_edges, nim_values; // small: rank 0 writes them
        jobs::hackenbush_green::declare_count_columns(by_edges, nim_values);
        if (env.is_root()) {
            by_edges.begin_block(0);
            nim_values.begin_block(0);
            jobs::hackenbush_green::append_count_rows(tasks, jobs::hackenbush_green::unflatten(sums), by_edges, nim_values);
        }
        file.write_table("by_edges", by_edges, "vertices,edges");
        file.write_table("nim_values", nim_values, "vertices,edges,nim");
        // Rows computed round-robin are scattered over the file: gathered into one run per
        // rank first, every compressed chunk is written by one rank.
        make_rows_contiguous(env.comm(), graphs);
        file.write_table("graphs", graphs, "vertices,edges,graph", true);
        jobs::hackenbush_common::record_rank_cpu(file, env.comm(), jobs::hackenbush_common::cpu_seconds() - cpu_start);
        file.finish();
        return 0;
    });
}
