// libFuzzer target: an INI file given to --config, read by Options as every program reads
// it (Boost.Program_options with this project's checks), with a command line that sets
// one option too when the first byte is odd. Any input must end in a UsageError or a
// parse; nothing else may escape.
#include "common/plumbing/mpi_environment.hpp" // UsageError
#include "common/runtime/options.hpp"

#include <cstdint>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace po = cgt::common::po;
    if (size == 0) return 0;
    // The file lives in memory (memfd), named by its /proc/self/fd link.
    static const int fd = memfd_create("cgt-fuzz-ini", 0);
    if (fd < 0 || ftruncate(fd, 0) != 0 ||
        pwrite(fd, data + 1, size - 1, 0) != static_cast<ssize_t>(size - 1))
        __builtin_trap();
    const std::string path = "/proc/self/fd/" + std::to_string(fd);

    cgt::common::Options options("cgt-fuzz", "fuzzing", "cgt-fuzz --config FILE");
    options.add()("heaps", po::value<long>()->default_value(3),
                  "heaps")("games", po::value<std::string>()->default_value("nim"),
                           "games")("ratio", po::value<double>()->default_value(0.5), "a number")(
        "misere", po::bool_switch()->default_value(false),
        "a switch")("list", po::value<std::vector<std::string>>()->multitoken(), "several values");
    std::vector<const char*> argv = {"cgt-fuzz", "--config", path.c_str()};
    if (data[0] & 1) argv.insert(argv.end(), {"--heaps", "4"});
    try {
        (void)options.parse(static_cast<int>(argv.size()), argv.data(),
                            [](const po::variables_map& vm) {
                                if (vm["heaps"].as<long>() > 16)
                                    throw cgt::common::UsageError("--heaps must be at most 16");
                            });
        (void)options.parameters_text();
    } catch (const cgt::common::UsageError&) {
    }
    return 0;
}
