// cgt-grundy: G(0..N) of Grundy's game by the sparse-space sweep, in one process (each value
// needs all those below it), checkpointed every --checkpoint-every heaps and resumable with
// --resume; writes the values and the sweep's tables to one HDF5 file (grundy_job.hpp).
#include "common/checkpoint.hpp"
#include "common/mpi_environment.hpp"
#include "common/options.hpp"
#include "common/progress.hpp"
#include "common/result_file.hpp"
#include "grundy/grundy_job.hpp"

#include <algorithm>
#include <cstdio>

using namespace cgt;
using namespace cgt::common;

int main(int argc, char* argv[]) {
    return run_driver(argc, argv, [&](MpiEnvironment& env) {
        Options options(jobs::grundy::PROGRAM,
                        "Computes G(0..N) of Grundy's game (split a heap into two unequal heaps) by the\n"
                        "sparse-space sweep, with its sparse heaps, records, value counts and scan lengths.\n"
                        "Sequential (1 rank); checkpoints every --checkpoint-every heaps, --resume continues.",
                        "cgt-grundy --max-heap 67108864 --checkpoint-every 16777216 --out results/grundy.h5",
                        "grundy.h5");
        options.add()("max-heap", po::value<long long>()->default_value(1LL << 26),
                      "N: compute G(0..N), 0..4294967294")(
            "checkpoint-every", po::value<long long>()->default_value(1LL << 24),
            "heaps between checkpoints (0: none)")(
            "checkpoint", po::value<std::string>()->default_value("")->value_name("FILE"),
            "checkpoint file (default: the --out file + .checkpoint); removed when the run is complete")(
            "resume", po::bool_switch()->default_value(false), "continue from the checkpoint")(
            "kernel", po::value<std::string>()->default_value("auto"),
            "inner loops: auto (the fastest here), avx512, avx2 or portable");
        std::uint64_t max_heap = 0, every = 0;
        std::string checkpoint;
        impartial::ScanKernel kernel{};
        const bool run = options.parse(env, argc, argv, [&](const po::variables_map& vm) {
            if (env.size() != 1)
                throw UsageError("cgt-grundy is sequential: run it on 1 rank, got " + std::to_string(env.size()));
            const long long n = vm["max-heap"].as<long long>(), k = vm["checkpoint-every"].as<long long>();
            if (n < 0 || static_cast<unsigned long long>(n) > impartial::SparseSweep::MAX_HEAP_LIMIT)
                throw UsageError("--max-heap must be 0.." + std::to_string(impartial::SparseSweep::MAX_HEAP_LIMIT) +
                                 ", got " + std::to_string(n));
            if (k < 0) throw UsageError("--checkpoint-every must be 0 or more, got " + std::to_string(k));
            max_heap = static_cast<std::uint64_t>(n);
            every = static_cast<std::uint64_t>(k);
            kernel = jobs::grundy::parse_kernel(vm["kernel"].as<std::string>());
            check_writable_output(vm["out"].as<std::string>()); // before the checkpoint named after it
            checkpoint = vm["checkpoint"].as<std::string>();
            if (checkpoint.empty()) checkpoint = vm["out"].as<std::string>() + ".checkpoint";
            check_writable_output(checkpoint, "--checkpoint");
            if (vm["resume"].as<bool>()) {
                if (!checkpoint_exists(checkpoint))
                    throw UsageError("--resume: there is no checkpoint '" + checkpoint + "'");
                std::uint64_t saved = 0;
                try {
                    saved = jobs::grundy::checkpoint_heaps(checkpoint);
                } catch (const std::runtime_error& e) {
                    throw UsageError(std::string("--resume: ") + e.what());
                }
                if (saved > max_heap + 1)
                    throw UsageError("--resume: checkpoint '" + checkpoint + "' holds G(0.." + std::to_string(saved - 1) +
                                     "), beyond --max-heap " + std::to_string(max_heap));
            }
        });
        if (!run) return 0;

        impartial::SparseSweep sweep = options.get<bool>("resume")
                                           ? jobs::grundy::resume_from_checkpoint(checkpoint, max_heap, kernel)
                                           : impartial::SparseSweep(max_heap, kernel);
        ResultFile file(env.comm(), options.out_path(), options.program(), options.parameters_text());
        Progress progress(env.comm(), max_heap + 1 - sweep.next_heap(), "cgt-grundy heaps", options.quiet());
        constexpr std::uint64_t STEP = 1 << 16; // heaps between progress updates
        try {
            while (sweep.next_heap() <= max_heap) {
                const std::uint64_t from = sweep.next_heap();
                std::uint64_t to = std::min(max_heap, from + STEP - 1);
                if (every) to = std::min(to, (from / every + 1) * every - 1); // stop at checkpoint heaps
                sweep.run_through(to);
                progress.advance(to + 1 - from);
                if (every && sweep.next_heap() % every == 0 && sweep.next_heap() <= max_heap)
                    jobs::grundy::save_checkpoint(checkpoint, sweep);
            }
        } catch (const std::overflow_error& e) {
            // Keep what was computed: a build with wider value tables can resume from it.
            jobs::grundy::save_checkpoint(checkpoint, sweep);
            throw std::runtime_error(std::string(e.what()) + " (checkpoint of G(0.." +
                                     std::to_string(sweep.next_heap() - 1) + ") saved to " + checkpoint + ")");
        }
        progress.finish();

        file.set_attribute("/", "max_heap", static_cast<std::int64_t>(max_heap));
        file.set_attribute("/", "scan_kernel", std::string(impartial::scan_kernel_name(sweep.kernel())));
        jobs::grundy::Tables tables = jobs::grundy::make_tables(std::move(sweep));
        file.write_table("grundy", tables.grundy, "heap", true);
        file.set_attribute("grundy", "heap", std::string("row n holds G(n), n = 0..max_heap"));
        file.write_table("sparse", tables.sparse, "heap");
        file.write_table("records", tables.records, "heap");
        file.write_table("value_counts", tables.value_counts, "value");
        file.set_attribute("value_counts", "last", std::string("-1 where the count is 0"));
        file.write_table("scan", tables.scan, "");
        file.finish();
        // The result file now holds everything the checkpoint held (and a write that a kill
        // interrupted may have left its temporary file).
        std::remove(checkpoint.c_str());
        std::remove((checkpoint + ".tmp").c_str());
        return 0;
    });
}
