// cgt-hackenbush-colour: every coloured Hackenbush graph of the article's families on the
// ground and V vertices with 1..E edges, valued across MPI ranks (runs of multisets dealt
// round-robin), its outcome checked against a value-free search and its value as a sum of
// parts against its value as a whole; one HDF5 file with the counts, every
// graph's value (an index into the table of distinct canonical texts) and that table.
#include "common/distinct_texts.hpp"
#include "common/contiguous_rows.hpp"
#include "common/mpi_environment.hpp"
#include "common/options.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"
#include "hackenbush-colour/colour_job.hpp"
#include "hackenbush-common/shared_tables.hpp"

#include <map>

using namespace cgt::common;
namespace jobs = cgt::jobs;

int main(int argc, char* argv[]) {
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        Options options("cgt-hackenbush-colour",
                        "Values every coloured Hackenbush graph on the ground and V vertices with 1..E edges\n"
                        "(edges {u, v}, u <= v, loops and parallel edges allowed, all grounded), checks the\n"
                        "outcome against a value-free search and the sum of the parts against the whole.",
                        "mpiexec -n 2 cgt-hackenbush-colour --vertices 3 --max-edges 6 --colours 'BR BRG' "
                        "--out results/hackenbush-colour.h5",
                        "hackenbush-colour.h5");
        options.add()("vertices", po::value<long>()->default_value(3), "V: vertices above the ground (1..63)")(
            "max-edges", po::value<long>()->default_value(6), "E: most edges per graph (1..64)")(
            "colours", po::value<std::string>()->default_value("BR BRG"),
            "colour sets, blank-separated, each one family of graphs (BR: blue-red, BRG: three colours)");
        jobs::hackenbush_colour::Params params;
        std::vector<cgt::hackenbush::GraphFamily> families;
        const bool run = options.parse(env, argc, argv, [&](const po::variables_map& vm) {
            jobs::hackenbush_colour::check_vertices(vm["vertices"].as<long>());
            jobs::hackenbush_colour::check_max_edges(vm["max-edges"].as<long>());
            params.vertices = static_cast<unsigned>(vm["vertices"].as<long>());
            params.max_edges = static_cast<unsigned>(vm["max-edges"].as<long>());
            params.colours = jobs::hackenbush_colour::parse_colours(vm["colours"].as<std::string>());
            families = jobs::hackenbush_colour::families(params);
            jobs::hackenbush_common::GraphTasks check(families);
        });
        if (!run) return 0;

        const jobs::hackenbush_common::GraphTasks tasks(families);
        ResultFile file(env.comm(), options.out_path(), options.program(), options.parameters_text());
        const double cpu_start = jobs::hackenbush_common::cpu_seconds();
        Progress progress(env.comm(), tasks.count(), "cgt-hackenbush-colour tasks", options.quiet());
        cgt::core::GameStore store;
        jobs::hackenbush_common::ValueTexts values(store);
        jobs::hackenbush_colour::GraphRows rows(tasks, store, values);
        LocalTable graphs;
        jobs::hackenbush_colour::GraphRows::declare_columns(graphs);
        jobs::hackenbush_common::run_round_robin(env.comm(), tasks.count(), progress,
                                         [&](std::uint64_t id) { rows.run(id, graphs); });

        DistinctTexts distinct = index_distinct_texts(env.comm(), values.take_texts());
        auto& value = graphs.column<std::uint64_t>("value");
        auto& whole = graphs.column<std::uint64_t>("whole");
        for (std::uint64_t& v : value) v = distinct.index[v];
        for (std::uint64_t& v : whole) v = distinct.index[v];
        // Distinct values per colour set and edge count, and per colour set (edge slot 0).
        std::map<std::string, std::size_t> family_of;
        for (std::size_t f = 0; f < families.size(); ++f) family_of[families[f].colours()] = f;
        std::vector<std::uint64_t> group, index;
        const auto& colours = graphs.column<std::string>("colours");
        const auto& edges = graphs.column<std::int64_t>("edges");
        for (std::size_t i = 0; i < value.size(); ++i) {
            const std::size_t f = family_of.at(colours[i]);
            group.push_back(rows.slot(f, static_cast<unsigned>(edges[i])));
            group.push_back(rows.slot(f, 0));
            index.push_back(value[i]);
            index.push_back(value[i]);
        }
        const auto distinct_by_slot =
            count_distinct_per_group(env.comm(), distinct.total, rows.counts().size(), group, index);
        std::vector<std::uint64_t> sums = jobs::hackenbush_colour::flatten(rows.counts());
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, sums.data(), static_cast<int>(sums.size()), MPI_UINT64_T, MPI_SUM,
                                env.comm()), "MPI_Allreduce");

        LocalTable by_edges, colour_sets; // small: rank 0 writes them
        jobs::hackenbush_colour::declare_count_columns(by_edges, true);
        jobs::hackenbush_colour::declare_count_columns(colour_sets, false);
        if (env.is_root()) {
            by_edges.begin_block(0);
            colour_sets.begin_block(0);
            jobs::hackenbush_colour::append_count_rows(tasks, jobs::hackenbush_colour::unflatten(sums), distinct_by_slot, by_edges, colour_sets);
        }
        file.write_table("colour_sets", colour_sets, "colours");
        file.write_table("by_edges", by_edges, "colours,edges");
        // Rows computed round-robin are scattered over the file: gathered into one run per
        // rank first, every compressed chunk is written by one rank.
        make_rows_contiguous(env.comm(), graphs);
        file.write_table("graphs", graphs, "colours,edges,graph", true);
        jobs::hackenbush_common::write_values_table(file, env.comm(), "values", distinct);
        jobs::hackenbush_common::record_rank_cpu(file, env.comm(), jobs::hackenbush_common::cpu_seconds() - cpu_start);
        file.finish();
        return 0;
    });
}
