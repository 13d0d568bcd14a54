#include "common/runtime/rank_cores.hpp"

#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace cgt::common {

namespace {
std::optional<unsigned long> positive_env(const char* name) {
    const char* text = std::getenv(name);
    if (!text || !*text) return std::nullopt;
    char* end = nullptr;
    const unsigned long v = std::strtoul(text, &end, 10);
    if (*end != '\0' || v == 0 || v > 1u << 20) return std::nullopt;
    return v;
}

unsigned affinity_cores() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
    const int n = CPU_COUNT(&set);
    return n > 0 ? static_cast<unsigned>(n) : 1;
}
} // namespace

RankCores rank_cores() {
    if (auto slurm = positive_env("SLURM_CPUS_PER_TASK"))
        return {static_cast<unsigned>(*slurm), "SLURM_CPUS_PER_TASK=" + std::to_string(*slurm)};
    const unsigned mask = affinity_cores();
    for (const char* name :
         {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "SLURM_NTASKS_PER_NODE"}) {
        if (auto ranks = positive_env(name)) {
            const unsigned share = std::max(1u, mask / static_cast<unsigned>(*ranks));
            return {share, "the affinity mask's " + std::to_string(mask) + " cores / " + name +
                               "=" + std::to_string(*ranks)};
        }
    }
    return {mask, "the affinity mask's " + std::to_string(mask) + " cores"};
}

ThreadChoice choose_threads(long option) {
    if (option > 0)
        return {static_cast<unsigned>(option),
                std::to_string(option) + " threads (--threads " + std::to_string(option) + ")"};
    const RankCores cores = rank_cores();
    return {cores.cores, std::to_string(cores.cores) + " threads (" + cores.source + ")"};
}

namespace {
constexpr long MAX_THREADS = 1024;
}

void add_threads_option(Options& options) {
    options.add_run_control()(
        "threads", po::value<long>()->default_value(0)->value_name("N"),
        "threads within one task, the same results on any number (0..1024; 0: the cores "
        "given to the rank: SLURM_CPUS_PER_TASK, else the affinity mask's cores / ranks "
        "on the node)");
    options.allow_in_config("threads");
}

ThreadChoice read_threads(const po::variables_map& vm) {
    const long n = vm["threads"].as<long>();
    if (n < 0 || n > MAX_THREADS)
        throw UsageError("--threads must be 0.." + std::to_string(MAX_THREADS) + ", got " +
                         std::to_string(n));
    return choose_threads(n);
}

} // namespace cgt::common
