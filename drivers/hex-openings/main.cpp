// cgt-hex-openings: every first move of Hex on the board sizes asked for, solved across MPI
// ranks (one opening per task of the dynamic queue: openings differ in cost by 100x), with
// each rule set asked for and in misere Hex, written to one HDF5 table in enumeration order,
// with a second table of what each rule did per opening (rule_counts).
#include "common/mpi_environment.hpp"
#include "common/options.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"
#include "common/task_queue.hpp"
#include "hex-openings/openings_job.hpp"

using namespace cgt;
using namespace cgt::common;

int main(int argc, char* argv[]) {
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        Options options("cgt-hex-openings",
                        "Solves every opening of n x n Hex (win or loss for the first player) with the\n"
                        "article's rule sets or virtual connections (vc), and of misere Hex, one opening\n"
                        "per task across the ranks.",
                        "mpiexec -n 2 cgt-hex-openings --sizes 1-5 --rules 'rule1+2+distance plain@4' "
                        "--misere 2-4 --out results/hex-openings.h5",
                        "hex-openings.h5");
        options.add()("sizes", po::value<std::string>()->default_value("1-5"),
                      "board sizes of normal Hex, a range a-b or one size (1..11)")(
            "rules", po::value<std::string>()->default_value("rule1+2+distance"),
            "rule sets for normal Hex, blank-separated: plain, rule1, rule1+2 or vc, each optionally "
            "+history or +distance (move order), vc also with dfpn+ (proof-number search), +inferior "
            "(fill-in, dominated moves) and +proof (proof sets), and @N to stop at size N (plain@4, "
            "dfpn+vc+inferior+proof)")(
            "misere", po::value<std::string>()->default_value("none"),
            "board sizes of misere Hex (connecting loses), a range or 'none'")(
            "misere-rules", po::value<std::string>()->default_value("plain"),
            "rule set for misere Hex: plain, plain+history or plain+distance")(
            "copy-from", po::value<long>()->default_value(5),
            "boards of this size and more solve one opening of each 180-degree pair and copy the other")(
            "node-limit", po::value<long>()->default_value(0),
            "nodes per opening before its result is 'unknown' (0: no limit)")(
            "tt-size-mib", po::value<long>()->default_value(64), "transposition table per rank, MiB (1..65536)");
        jobs::hex_openings::Params params;
        const bool run = options.parse(env, argc, argv, [&](const po::variables_map& vm) {
            const auto sizes = parse_range(vm["sizes"].as<std::string>(), "--sizes");
            if (sizes.first < 1 || sizes.second > hex::MAX_BOARD_SIZE)
                throw UsageError("--sizes must lie in 1..11, got " + vm["sizes"].as<std::string>());
            params.min_size = static_cast<int>(sizes.first);
            params.max_size = static_cast<int>(sizes.second);
            const std::string misere = vm["misere"].as<std::string>();
            if (misere != "none" && !misere.empty()) {
                const auto m = parse_range(misere, "--misere");
                if (m.first < 1 || m.second > hex::MAX_BOARD_SIZE)
                    throw UsageError("--misere must lie in 1..11 or be 'none', got " + misere);
                params.misere_min = static_cast<int>(m.first);
                params.misere_max = static_cast<int>(m.second);
            }
            const long copy = vm["copy-from"].as<long>(), limit = vm["node-limit"].as<long>(),
                       tt = vm["tt-size-mib"].as<long>();
            if (copy < 1) throw UsageError("--copy-from must be >= 1, got " + std::to_string(copy));
            if (limit < 0) throw UsageError("--node-limit must be >= 0, got " + std::to_string(limit));
            if (tt < 1 || tt > 65536) throw UsageError("--tt-size-mib must be 1..65536, got " + std::to_string(tt));
            params.copy_from = static_cast<int>(copy);
            params.node_limit = static_cast<std::uint64_t>(limit);
            params.tt_size_mib = static_cast<std::size_t>(tt);
            params.rules = jobs::hex_openings::parse_rule_specs(vm["rules"].as<std::string>());
            params.misere_rules = jobs::hex_openings::parse_misere_rules(vm["misere-rules"].as<std::string>());
        });
        if (!run) return 0;

        jobs::hex_openings::OpeningTasks work(params);
        const auto& order = work.task_rows();
        ResultFile file(env.comm(), options.out_path(), options.program(), options.parameters_text());
        Progress progress(env.comm(), order.size(), "cgt-hex-openings openings", options.quiet());
        LocalTable openings, counts;
        jobs::hex_openings::OpeningTasks::declare_columns(openings);
        jobs::hex_openings::OpeningTasks::declare_count_columns(counts);
        run_task_queue(env.comm(), order.size(), [&](std::uint64_t task) { work.run(order[task], openings, &counts); },
                       &progress);
        progress.finish();
        file.write_table("openings", openings, "variant,rules,size,row,col");
        file.write_table("rule_counts", counts, "variant,rules,size,row,col", true);
        file.finish();
        return 0;
    });
}
