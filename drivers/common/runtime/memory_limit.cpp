#include "common/runtime/memory_limit.hpp"

#include "common/plumbing/mpi_environment.hpp" // UsageError
#include "common/plumbing/printable.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>

namespace cgt::common {

std::uint64_t parse_memory_size(const std::string& text, const std::string& option) {
    const auto bad = [&] {
        return UsageError(option + " must be a size such as 512M, 8G, 1.5T or a number of bytes, got '" + text + "'");
    };
    std::size_t i = 0;
    while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
    const std::string number = text.substr(0, i);
    if (number.empty() || number.front() == '.' || number.back() == '.' ||
        number.find('.') != number.rfind('.'))
        throw bad();
    std::string unit = text.substr(i);
    for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    double scale = 1;
    if (!unit.empty() && unit != "B") {
        const std::string prefixes = "KMGT";
        const auto p = prefixes.find(unit.front());
        const std::string rest = unit.substr(1);
        if (p == std::string::npos || !(rest.empty() || rest == "B" || rest == "IB")) throw bad();
        scale = std::ldexp(1.0, 10 * static_cast<int>(p + 1));
    } else if (number.find('.') != std::string::npos) {
        throw bad(); // a fraction of a byte
    }
    const double bytes = std::strtod(number.c_str(), nullptr) * scale;
    if (!(bytes >= 1)) throw UsageError(option + " must be at least 1 byte, got '" + text + "'");
    if (bytes >= std::ldexp(1.0, 64)) throw UsageError(option + " must be below 16 EiB, got '" + text + "'");
    return static_cast<std::uint64_t>(bytes);
}

std::string format_bytes(double bytes) {
    static const char* const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"};
    char buf[48];
    if (bytes < 1024) {
        std::snprintf(buf, sizeof buf, "%.0f bytes", bytes);
        return buf;
    }
    int u = 0;
    bytes /= 1024;
    while (bytes >= 1024 && u < 7) {
        bytes /= 1024;
        ++u;
    }
    std::snprintf(buf, sizeof buf, "%.1f %s", bytes, units[u]);
    return buf;
}

namespace {
// A Slurm variable that is set is Slurm's word on the allocation: one that cannot be read is
// refused (UsageError naming it), never silently replaced by the physical memory.
std::optional<std::string> slurm_variable(const char* name) {
    const char* v = std::getenv(name);
    if (!v) return std::nullopt;
    return std::string(v);
}

// SLURM_CPUS_ON_NODE: a count of at least 1.
std::uint64_t slurm_cpus() {
    const auto text = slurm_variable("SLURM_CPUS_ON_NODE");
    if (!text) return 1;
    char* end = nullptr;
    const unsigned long long n = std::strtoull(text->c_str(), &end, 10);
    if (text->empty() || !std::isdigit(static_cast<unsigned char>(text->front())) || *end != '\0' || n == 0)
        throw UsageError("SLURM_CPUS_ON_NODE must be a number of CPUs of at least 1, got '" + printable(*text) + "'");
    return n;
}

// Slurm's --mem / --mem-per-cpu, in MiB (a unit letter, as some versions print, is honoured).
// 0 is Slurm's "all the node's memory": no allocation limit. Unset: nullopt.
std::optional<std::uint64_t> slurm_mib(const char* name) {
    const auto text = slurm_variable(name);
    if (!text) return std::nullopt;
    if (text->find_first_not_of('0') == std::string::npos && !text->empty()) return std::nullopt;
    const std::string bad = std::string(name) + " must be Slurm's memory size in MiB (4096, or with a unit: 4G), got '" +
                            printable(*text) + "'";
    if (text->empty() || !std::isdigit(static_cast<unsigned char>(text->front()))) throw UsageError(bad);
    try {
        const bool bare = std::isdigit(static_cast<unsigned char>(text->back())) != 0;
        return bare ? parse_memory_size(*text + "M", name) : parse_memory_size(*text, name);
    } catch (const UsageError&) {
        throw UsageError(bad);
    }
}

std::optional<std::uint64_t> cgroup_limit() {
    for (const char* path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
        std::ifstream in(path);
        std::string text;
        if (!(in >> text) || text == "max") continue;
        char* end = nullptr;
        const unsigned long long n = std::strtoull(text.c_str(), &end, 10);
        if (end != text.c_str() && *end == '\0' && n > 0) return n;
    }
    return std::nullopt;
}
} // namespace

MemoryLimit node_memory_limit() {
    MemoryLimit limit;
    const auto per_node = slurm_mib("SLURM_MEM_PER_NODE"); // both read: a bad one is refused
    const auto per_cpu = slurm_mib("SLURM_MEM_PER_CPU");
    if (per_node) {
        limit = {*per_node, "the Slurm allocation SLURM_MEM_PER_NODE"};
    } else if (per_cpu) {
        limit = {*per_cpu * slurm_cpus(), "the Slurm allocation SLURM_MEM_PER_CPU x SLURM_CPUS_ON_NODE"};
    } else {
        const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
        limit = {pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
                                       : UINT64_MAX,
                 "physical memory"};
    }
    if (auto cgroup = cgroup_limit(); cgroup && *cgroup < limit.bytes) limit = {*cgroup, "the cgroup's memory.max"};
    if (rlimit address{}; getrlimit(RLIMIT_AS, &address) == 0 && address.rlim_cur != RLIM_INFINITY &&
        address.rlim_cur < limit.bytes)
        limit = {static_cast<std::uint64_t>(address.rlim_cur), "ulimit -v"};
    return limit;
}

MemoryNeed linear_need(std::string cause, std::string what, double units_held, double bytes_each, double units,
                       double units_per_second, double base) {
    return {.bytes = base + units_held * bytes_each,
            .cause = std::move(cause),
            .what = std::move(what),
            .core_seconds = units_per_second > 0 ? units / units_per_second : 0};
}

MemoryNeed sized_table_need(const std::string& option, std::uint64_t mib, const std::string& what) {
    return {.bytes = std::ldexp(static_cast<double>(mib + 64), 20), .cause = option + " " + std::to_string(mib), .what = what};
}

void add_max_memory_option(Options& options) {
    options.add_run_control()(
        "max-memory", po::value<std::string>()->value_name("SIZE"),
        "refuse a run estimated to need more memory on this node (512M, 8G, 1.5T; default: the node's "
        "physical memory, its Slurm allocation or cgroup limit)");
}

MemoryLimit memory_limit(const po::variables_map& values) {
    if (values.count("max-memory"))
        return {parse_memory_size(values["max-memory"].as<std::string>()), "--max-memory"};
    return node_memory_limit();
}

void check_memory(const po::variables_map& values, const MemoryNeed& need, int ranks_on_node) {
    const MemoryLimit limit = memory_limit(values); // a bad --max-memory is refused even when nothing is estimated
    if (need.bytes == 0) return;
    const double ranks = ranks_on_node > 1 ? ranks_on_node : 1;
    const double total = need.bytes * ranks;
    if (total <= static_cast<double>(limit.bytes)) return;
    std::string what = need.what;
    if (ranks > 1)
        what += "; " + format_bytes(need.bytes) + " on each of the " +
                std::to_string(ranks_on_node) + " ranks on this node";
    throw UsageError(need.cause + " needs about " + format_bytes(total) + " (" + what + "), more than " +
                     limit_text(limit));
}

std::string limit_text(const MemoryLimit& limit) {
    const std::string raise = limit.source == "--max-memory" ? "--max-memory" : limit.source + "; raise it with --max-memory";
    return "the " + format_bytes(static_cast<double>(limit.bytes)) + " limit (" + raise + ")";
}

std::string duration_text(double seconds) {
    char buf[64];
    const double hours = seconds / 3600;
    if (hours < 48)
        std::snprintf(buf, sizeof buf, "%.1f hours", hours);
    else if (hours < 24 * 365 * 10)
        std::snprintf(buf, sizeof buf, "%.0f days", hours / 24);
    else
        std::snprintf(buf, sizeof buf, "%.2g years", hours / 24 / 365);
    return buf;
}

std::string long_run_note(const std::string& program, const MemoryNeed& need) {
    if (!(need.core_seconds > 3600)) return {};
    return program + ": note: " + (need.time_cause.empty() ? need.cause : need.time_cause) + " is estimated to take about " + duration_text(need.core_seconds) +
           " on one core";
}

void add_allow_long_option(Options& options) {
    options.add_run_control()("allow-long", po::bool_switch()->default_value(false),
                              "start a run estimated past 24 hours on its cores, or one that cannot be estimated "
                              "(refused without it)");
    options.allow_in_config("allow-long");
}

void check_run_time(const po::variables_map& values, const MemoryNeed& need, int cores) {
    if (values.count("allow-long") && values["allow-long"].as<bool>()) return;
    if (!need.no_estimate.empty())
        throw UsageError(need.no_estimate + ": no estimate of its time; add --allow-long to run it");
    const double n = cores > 1 ? cores : 1;
    if (!(need.core_seconds / n > LONG_RUN_BOUND_SECONDS)) return;
    std::string where = "on one core";
    if (n > 1) where += " (" + duration_text(need.core_seconds / n) + " on " + std::to_string(cores) + " cores)";
    throw UsageError((need.time_cause.empty() ? need.cause : need.time_cause) + " is estimated to take about " + duration_text(need.core_seconds) + " " + where +
                     ", more than the 24-hour bound of a run not asked for; add --allow-long to run it");
}

} // namespace cgt::common
