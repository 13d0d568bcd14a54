#include "common/runtime/options.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace cgt::common;

namespace {
const WholeOption HEAPS{
    .name = "heaps", .default_value = 3, .min = 1, .max = 16, .meaning = "K: heaps per position"};
const WholeOption LIMIT{
    .name = "node-limit", .default_value = 0, .min = 0, .meaning = "nodes", .note = "0: no limit"};
const WholeOption PAUSE{
    .name = "pause-nodes", .default_value = 16384, .min = 1, .max = 1L << 40, .meaning = "pause"};
const WholeOption WORK{.name = "min-work",
                       .default_value = std::nullopt,
                       .min = 1,
                       .max = 0xffffffffL,
                       .meaning = "work",
                       .why = "a 32-bit count"};

// Parses `args` with the four options declared; "" when accepted, else the usage error.
std::string parse(std::vector<const char*> args, long* heaps = nullptr) {
    Options options("cgt-test", "a test", "cgt-test --heaps 3");
    options.add(HEAPS);
    options.add(LIMIT);
    options.add(PAUSE);
    options.add(WORK);
    args.insert(args.begin(), "cgt-test");
    bool go = false;
    try {
        go = options.parse(static_cast<int>(args.size()), args.data());
    } catch (const UsageError& e) {
        return e.what();
    }
    REQUIRE(go);
    if (heaps) *heaps = HEAPS.read(options.values());
    CHECK(WORK.given(options.values()) == (options.values().count("min-work") > 0));
    return "";
}

// A --config file holding `text`, removed at the end of its scope.
class TempConfig {
  public:
    explicit TempConfig(const std::string& text) {
        char path[] = "/tmp/cgt-options-test-XXXXXX";
        const int fd = mkstemp(path);
        REQUIRE(fd >= 0);
        close(fd);
        m_path = path;
        std::ofstream(m_path) << text;
    }
    ~TempConfig() { std::remove(m_path.c_str()); }
    TempConfig(const TempConfig&) = delete;
    TempConfig& operator=(const TempConfig&) = delete;
    [[nodiscard]] const std::string& path() const { return m_path; }

  private:
    std::string m_path;
};
} // namespace

TEST_CASE("WholeOption: the help line and the range come from one declaration", "[common]") {
    CHECK(HEAPS.help() == "K: heaps per position (1..16)");
    CHECK(LIMIT.help() == "nodes (>= 0; 0: no limit)");
    CHECK(PAUSE.range_text() == "1..2^40");
    CHECK(WORK.range_text() == "1..2^32-1");
    CHECK(HEAPS.refusal(16).empty());
    CHECK(HEAPS.refusal(17) == "--heaps must be 1..16, got 17");
    CHECK(LIMIT.refusal(-5) == "--node-limit must be >= 0, got -5");
    CHECK(WORK.refusal(0) == "--min-work must be 1..2^32-1 (a 32-bit count), got 0");
}

TEST_CASE("WholeOption: Options::parse refuses a value out of range with one line, a default in "
          "range passes",
          "[common]") {
    long heaps = 0;
    CHECK(parse({}, &heaps).empty());
    CHECK(heaps == 3);
    CHECK(parse({"--heaps", "16"}, &heaps).empty());
    CHECK(heaps == 16);
    CHECK(parse({"--heaps", "17"}) == "--heaps must be 1..16, got 17");
    CHECK(parse({"--heaps=-1"}) == "--heaps must be 1..16, got -1");
    CHECK(parse({"--pause-nodes", "1099511627777"}) ==
          "--pause-nodes must be 1..2^40, got 1099511627777");
    CHECK(parse({"--min-work", "0"}) == "--min-work must be 1..2^32-1 (a 32-bit count), got 0");
    CHECK(parse({"--min-work", "4294967295"}).empty());
    // Not a number: Boost's own line, as before.
    CHECK(parse({"--heaps", "x"}) == "the argument ('x') for option '--heaps' is invalid");
}

TEST_CASE(
    "WholeOption: a --config file's value is checked too, also one the command line overrides",
    "[common]") {
    const TempConfig file("heaps = 99\n");
    const std::string& config = file.path();
    CHECK(parse({"--config", config.c_str()}) == "--heaps must be 1..16, got 99");
    CHECK(parse({"--config", config.c_str(), "--heaps", "4"}) ==
          "in --config file '" + config + "': --heaps must be 1..16, got 99");
}

TEST_CASE("WholeOption: a --config file's value overridden on the command line is not refused "
          "for meeting another command-line option, and one refused on its own still is",
          "[common]") {
    // A rule across two options, as cgt-hex-openings' "--job-search does not go with --split".
    const auto validate = [](const po::variables_map& vm) {
        if (HEAPS.read(vm) > 8 && LIMIT.read(vm) > 0)
            throw UsageError("--node-limit does not go with --heaps above 8");
    };
    const auto parse_with = [&validate](const std::string& file_text,
                                        std::vector<const char*> args) {
        const TempConfig file(file_text);
        const std::string& config = file.path();
        Options options("cgt-test", "a test", "cgt-test --heaps 3");
        options.add(HEAPS);
        options.add(LIMIT);
        args.insert(args.begin(), {"cgt-test", "--config", config.c_str()});
        std::string refusal;
        bool go = true;
        try {
            go = options.parse(static_cast<int>(args.size()), args.data(), validate);
        } catch (const UsageError& e) {
            refusal = e.what();
        }
        CHECK(go);
        const std::string prefix = "in --config file '" + config + "': ";
        return refusal.rfind(prefix, 0) == 0 ? "FILE: " + refusal.substr(prefix.size()) : refusal;
    };
    // The file's node-limit, overridden by 0, with the command line's heaps above 8: accepted.
    CHECK(parse_with("node-limit = 5\n", {"--node-limit", "0", "--heaps", "9"}).empty());
    // The values that apply break the rule: refused, and not as the file's fault.
    CHECK(parse_with("node-limit = 5\n", {"--heaps", "9"}) ==
          "--node-limit does not go with --heaps above 8");
    CHECK(parse_with("node-limit = 5\n", {"--node-limit", "6", "--heaps", "9"}) ==
          "--node-limit does not go with --heaps above 8");
    // The file alone breaks it: refused as the file's, though the command line mends it.
    CHECK(parse_with("node-limit = 5\nheaps = 9\n", {"--heaps", "4"}) ==
          "FILE: --node-limit does not go with --heaps above 8");
    // (A value out of range in the file, overridden, is the file's too: the case above.)
}

TEST_CASE("WholeOption: an off value is the option's absence in the parameters, also over a "
          "--config file's value",
          "[common]") {
    const WholeOption JOBS{.name = "jobs",
                           .default_value = std::nullopt,
                           .min = 0,
                           .max = 100,
                           .meaning = "jobs",
                           .note = "0: off",
                           .off = 0};
    const TempConfig file("jobs = 50\n");
    const char* path = file.path().c_str();
    const auto texts = [&JOBS](std::vector<const char*> args) {
        Options options("cgt-test", "a test", "cgt-test --jobs 3");
        options.add(HEAPS);
        options.add(JOBS);
        args.insert(args.begin(), "cgt-test");
        REQUIRE(options.parse(static_cast<int>(args.size()), args.data()));
        CHECK(options.parameters_text() == options.own_parameters_text());
        return options.own_parameters_text();
    };
    CHECK(texts({}) == "heaps = 3\n");
    CHECK(texts({"--jobs", "0"}) == "heaps = 3\n");
    CHECK(texts({"--jobs", "7"}) == "heaps = 3\njobs = 7\n");
    CHECK(texts({"--config", path}) == "heaps = 3\njobs = 50\n");
    CHECK(texts({"--config", path, "--jobs", "0"}) == "heaps = 3\n");
    Options options("cgt-test", "a test", "cgt-test");
    CHECK_THROWS_AS(options.add(WholeOption{.name = "x", .default_value = 1, .min = 0, .off = 0}),
                    std::logic_error);
}
