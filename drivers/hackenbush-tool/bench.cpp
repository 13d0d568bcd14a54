// cgt-hackenbush-bench: the engine's benchmark (not a test). Values every stalk of 1..L
// edges with one make() each in a depth-first walk: blue-red stalks (default L = 22,
// 8,388,606 stalks; each value is also checked against Berlekamp's rule) and three-colour
// stalks (default L = 12, 797,160 stalks). Prints CPU seconds (one core), stalks per second,
// the store's size and the peak resident memory.
#include "common/options.hpp"
#include "common/tool_main.hpp"
#include "hackenbush/stalks.hpp"

#include <sys/resource.h>

#include <cstdio>
#include <ctime>
#include <iostream>
#include <unordered_set>

namespace common = cgt::common;
namespace hackenbush = cgt::hackenbush;
using common::UsageError;

namespace {

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

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
    hackenbush::walk_stalks(store, alphabet, "", static_cast<std::size_t>(max_length),
                            [&](std::string_view colours, cgt::core::GameId value) {
                                ++t.stalks;
                                if (blue_red && (!value.is_number() ||
                                                 value.number_value() !=
                                                     hackenbush::sign_expansion(colours)))
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
    const bool go = options.parse(argc, argv, [](const common::po::variables_map& vm) {
        const auto& w = vm["workload"].as<std::string>();
        if (w != "blue-red" && w != "three-colour" && w != "both")
            throw UsageError("--workload must be blue-red, three-colour or both, got '" + w + "'");
        if (vm.count("max-length")) {
            const long l = vm["max-length"].as<long>();
            if (l < 1 || l > 40) throw UsageError("--max-length must be 1..40, got " + std::to_string(l));
        }
    });
    if (!go) return 0;
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
