// cgt-hackenbush-bench: the engine's benchmark (not a test). Values every stalk of 1..L
// edges with one make() each in a depth-first walk: blue-red stalks (default L = 22,
// 8,388,606 stalks; each value is also checked against Berlekamp's rule) and three-colour
// stalks (default L = 12, 797,160 stalks). Prints CPU seconds (one core), stalks per second,
// the store's size and the peak resident memory.
#include "common/plumbing/tool_main.hpp"
#include "common/runtime/memory_limit.hpp"
#include "common/runtime/options.hpp"
#include "hackenbush/stalks.hpp"

#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <unordered_set>

namespace common = cgt::common;
namespace hackenbush = cgt::hackenbush;
using common::UsageError;

namespace {

double cpu_seconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

double peak_rss_mib() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

struct Totals {
    std::uint64_t stalks = 0, mismatches = 0, text_bytes = 0;
    std::uint64_t kinds[4] = {0, 0, 0, 0};
    std::unordered_set<std::string> distinct;
};

int bench(const std::string& label, const std::string& alphabet, long max_length, bool text) {
    cgt::core::GameStore store;
    Totals t;
    const bool blue_red = alphabet == "BR";
    const double start = cpu_seconds();
    hackenbush::walk_stalks(
        store, alphabet, "", static_cast<std::size_t>(max_length),
        [&](std::string_view colours, cgt::core::GameId value) {
            ++t.stalks;
            if (blue_red &&
                (!value.is_number() || value.number_value() != hackenbush::sign_expansion(colours)))
                ++t.mismatches;
            if (text) {
                ++t.kinds[static_cast<int>(store.classify(value).kind)];
                std::string s = store.canonical_text(value);
                t.text_bytes += s.size();
                t.distinct.insert(std::move(s));
            }
        });
    const double seconds = cpu_seconds() - start;
    std::printf("%s stalks of 1..%ld edges: %llu stalks in %.2f s CPU (%.2f M stalks/s), "
                "%llu interned, store %.1f MiB\n",
                label.c_str(), max_length, static_cast<unsigned long long>(t.stalks), seconds,
                static_cast<double>(t.stalks) / seconds / 1e6,
                static_cast<unsigned long long>(store.interned_count()),
                static_cast<double>(store.memory_bytes()) / (1024.0 * 1024.0));
    if (blue_red)
        std::printf("  Berlekamp's rule: %llu mismatches\n",
                    static_cast<unsigned long long>(t.mismatches));
    if (text)
        std::printf("  with classification and canonical text: %zu distinct values; numbers %llu, "
                    "x + *m %llu, x + n.up + *m %llu, other %llu; %.1f MB of text\n",
                    t.distinct.size(), static_cast<unsigned long long>(t.kinds[0]),
                    static_cast<unsigned long long>(t.kinds[1]),
                    static_cast<unsigned long long>(t.kinds[2]),
                    static_cast<unsigned long long>(t.kinds[3]),
                    static_cast<double>(t.text_bytes) / 1e6);
    return t.mismatches == 0 ? 0 : 1;
}

// Stalks of 1..L edges over an alphabet of k colours: k + k^2 + ... + k^L.
double stalk_count(double k, long max_length) {
    return (std::pow(k, static_cast<double>(max_length) + 1) - k) / (k - 1);
}

// Three-colour stalks intern most of their values in the store, blue-red ones none (numbers
// live in the handle) unless --text keeps every distinct text. Measured peaks, L = 9 and 11
// three-colour (29,523 and 265,719 stalks): 15.0 and 89.5 MB, with --text 19.6 and 157.8 MB;
// blue-red L = 18 and 21 (524,286 and 4,194,302): 6.4 MB both, with --text 44.0 and 315.8 MB.
// CPU: three-colour L = 11 0.60 s (--text 1.42 s), blue-red L = 21 1.04 s (--text 6.40 s).
constexpr double BLUE_RED_STALK_BYTES = 0, BLUE_RED_TEXT_BYTES = 76, THREE_COLOUR_STALK_BYTES = 323,
                 THREE_COLOUR_TEXT_BYTES = 600, BLUE_RED_PER_SECOND = 4e6,
                 BLUE_RED_TEXT_PER_SECOND = 6.5e5, THREE_COLOUR_PER_SECOND = 4.4e5,
                 THREE_COLOUR_TEXT_PER_SECOND = 1.9e5, BENCH_BASE_BYTES = 8.0 * (1 << 20);

// The larger need of the workloads asked for, their times added.
common::MemoryNeed bench_need(const common::po::variables_map& vm) {
    const std::string workload = vm["workload"].as<std::string>();
    const bool text = vm["text"].as<bool>();
    const auto length = [&](long fallback) {
        return vm.count("max-length") ? vm["max-length"].as<long>() : fallback;
    };
    common::MemoryNeed need;
    const auto add = [&](double k, long l, double bytes_each, double per_second, const char* what) {
        const double stalks = stalk_count(k, l);
        common::MemoryNeed one =
            common::linear_need("--max-length " + std::to_string(l), what, stalks, bytes_each,
                                stalks, per_second, BENCH_BASE_BYTES);
        const double seconds = need.core_seconds + one.core_seconds;
        if (one.bytes > need.bytes) need = std::move(one);
        need.core_seconds = seconds;
    };
    if (workload != "three-colour")
        add(2, length(22), text ? BLUE_RED_TEXT_BYTES : BLUE_RED_STALK_BYTES,
            text ? BLUE_RED_TEXT_PER_SECOND : BLUE_RED_PER_SECOND,
            text ? "the distinct texts of the blue-red stalks" : "the blue-red walk");
    if (workload != "blue-red")
        add(3, length(12), text ? THREE_COLOUR_TEXT_BYTES : THREE_COLOUR_STALK_BYTES,
            text ? THREE_COLOUR_TEXT_PER_SECOND : THREE_COLOUR_PER_SECOND,
            text ? "the values and distinct texts of the three-colour stalks"
                 : "the values of the three-colour stalks");
    return need;
}

int run(int argc, char* argv[]) {
    common::Options options(
        "cgt-hackenbush-bench",
        "Benchmark of the CGT engine: values every stalk of 1..L edges depth first, one make()\n"
        "per stalk, and prints CPU seconds on one core. Blue-red stalks are checked against\n"
        "Berlekamp's sign-expansion rule (exit status 1 on a mismatch).",
        "cgt-hackenbush-bench --workload three-colour --max-length 12 --text");
    options.add()("workload", common::po::value<std::string>()->default_value("both"),
                  "blue-red (L = 22), three-colour (L = 12) or both")(
        "max-length", common::po::value<long>(), "L: longest stalk (default per workload; 1..40)")(
        "text", common::po::bool_switch()->default_value(false),
        "also classify every value, write its canonical text and count distinct texts");
    common::add_max_memory_option(options);
    common::add_allow_long_option(options);
    common::MemoryNeed need; // computed once, for the checks and the note
    const bool go = options.parse(argc, argv, [&need](const common::po::variables_map& vm) {
        const auto& w = vm["workload"].as<std::string>();
        if (w != "blue-red" && w != "three-colour" && w != "both")
            throw UsageError("--workload must be blue-red, three-colour or both, got '" + w + "'");
        if (vm.count("max-length")) {
            const long l = vm["max-length"].as<long>();
            if (l < 1 || l > 40)
                throw UsageError("--max-length must be 1..40, got " + std::to_string(l));
        }
        need = bench_need(vm);
        common::check_memory(vm, need);
        common::check_run_time(vm, need);
    });
    if (!go) return 0;
    if (const std::string note = common::long_run_note("cgt-hackenbush-bench", need); !note.empty())
        std::fprintf(stderr, "%s\n", note.c_str());
    const auto workload = options.get<std::string>("workload");
    const bool text = options.get<bool>("text");
    const auto length = [&](long fallback) {
        return options.has("max-length") ? options.get<long>("max-length") : fallback;
    };
    int status = 0;
    if (workload != "three-colour") status |= bench("blue-red", "BR", length(22), text);
    if (workload != "blue-red") status |= bench("three-colour", "BRG", length(12), text);
    std::printf("peak resident memory %.0f MiB\n", peak_rss_mib());
    return status;
}

} // namespace

int main(int argc, char* argv[]) {
    return cgt::common::run_tool([&] { return run(argc, argv); });
}
