#pragma once
// Command-line and INI options for drivers and tools, on Boost.Program_options.
// Every program gets --help (with an example), --version (`PROGRAM VERSION`, the git
// describe of its build), --config FILE (the same options as an INI file, so a job is a
// file; command-line values win over the file), and drivers also get --out FILE and
// --quiet. A driver's INI file (jobs/JOB.ini) may also hold the job keys that jobs/common.sh
// reads to run it (JOB_KEYS): `driver` (the program, checked: another program's INI is
// refused), `verify` (its verify program), `ranks` (ranks of a local run, 1..999999) and
// `main` (yes or no: whether jobs/main runs it); they are INI-only and no parameters of
// the run. Bad options, bad values, unknown keys in the INI file and a --out that cannot
// be written are UsageErrors: one line, exit status 2, no output file.
#include "common/plumbing/mpi_environment.hpp"

#include <boost/program_options.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cgt::common {

namespace po = boost::program_options;

// The keys of a job's INI file that say how to run it rather than what it computes.
inline constexpr const char* JOB_KEYS[] = {"driver", "verify", "ranks", "main"};

class Options {
public:
    // `program` is the executable name (cgt-nim), `summary` one line of what it does,
    // `example` a full example command line for --help. With `with_output`, --out
    // (default `results/<default_out>`) and --quiet are added.
    Options(std::string program, std::string summary, std::string example,
            std::string default_out = "");

    // Adds the program's own options (kebab-case names).
    po::options_description_easy_init add() { return m_own.add_options(); }
    // Adds options that steer a run without changing its result (the driver skeleton's
    // --resume, --journal-every, --tasks, ...): command line only, not in the INI file
    // unless allowed there, never in parameters_text().
    po::options_description_easy_init add_run_control() { return m_run.add_options(); }
    // Lets the INI file of --config set run-control option `name` too (--journal-every: how
    // often a job's journal is made durable is the job's to choose); the command line
    // still wins, and the value stays out of parameters_text(), so a resume with another
    // value is the same run.
    void allow_in_config(const std::string& name) { m_run_in_config.push_back(name); }
    // Lets up to `max_count` (-1: any number) bare arguments stand for option `name`
    // (which must have been added), e.g. the input file of a verify program.
    void positional(const std::string& name, int max_count) { m_positional.add(name.c_str(), max_count); }

    // Parses argv and --config; runs `validate` (which throws UsageError, or
    // std::invalid_argument from a kernel's check, on a bad value). Every value of the
    // --config file is checked, also one the command line overrides: `validate` then runs
    // on the file's values first and last on those that apply (so it may run three times).
    // Returns false after printing --help or --version (the program should then exit 0).
    // On a usage error throws UsageError. Not collective: for a tool without MPI.
    bool parse(int argc, const char* const argv[],
               const std::function<void(const po::variables_map&)>& validate = {});
    // The same for an MPI driver, collectively: every rank parses and validates; if any
    // rank fails, every rank throws the same UsageError (agree_on_usage). Only rank 0
    // prints --help.
    bool parse(const MpiEnvironment& env, int argc, const char* const argv[],
               const std::function<void(const po::variables_map&)>& validate = {});

    [[nodiscard]] const po::variables_map& values() const { return m_values; }
    template <class T> [[nodiscard]] T get(const std::string& name) const {
        return m_values.at(name).as<T>();
    }
    [[nodiscard]] bool has(const std::string& name) const { return m_values.count(name) > 0; }
    [[nodiscard]] std::string out_path() const { return get<std::string>("out"); }
    [[nodiscard]] bool quiet() const { return has("quiet") && get<bool>("quiet"); }

    // Every option of the program with its effective value, as INI lines `name = value`
    // in declaration order (--help, --config excluded): the `parameters` attribute of a
    // result file, and a valid --config file that reproduces the run.
    [[nodiscard]] std::string parameters_text() const;
    // The program's own options alone, in the same form: what decides a run's result (no
    // --out, --quiet or run control). Two runs with equal texts compute the same tables.
    [[nodiscard]] std::string own_parameters_text() const;
    // INI lines that both texts carry after the own options (Job::derived_parameters): a
    // value the options imply, named as an own option the program declares last, so that
    // the text read back as --config (cgt-merge does) gives the same texts again.
    void set_derived_parameters(std::string text) { m_derived = std::move(text); }

    [[nodiscard]] const std::string& program() const { return m_program; }

private:
    std::optional<std::string> parse_quietly(int argc, const char* const argv[],
                                             const std::function<void(const po::variables_map&)>& validate,
                                             bool& help, bool& version);
    void print_help() const;
    // Why the job keys of a --config file are refused (a driver key naming another
    // program, a bad ranks or main), if they are.
    [[nodiscard]] std::optional<std::string> check_job_keys(const po::variables_map& vm) const;
    void print_version() const;

    std::string m_program, m_summary, m_example;
    bool m_with_output;
    po::options_description m_own;
    po::options_description m_generic;
    po::options_description m_run;
    std::vector<std::string> m_run_in_config;
    po::positional_options_description m_positional;
    po::variables_map m_values;
    std::string m_derived;
};

// Throws UsageError unless `path` can be written: it is a regular file or absent (never a
// directory, device, FIFO or socket), its directory exists and is writable, and the
// temporary file PATH.partial (where a result file is written first) is a regular file or
// can be created there (tried, and removed again).
void check_writable_output(const std::string& path, const std::string& option = "--out");

// check_writable_output for a result file (--out), and a path that Open MPI's MPI-IO can
// open: PATH of at most MAX_RESULT_PATH characters, its file name at most MAX_RESULT_NAME.
inline constexpr std::size_t MAX_RESULT_PATH = 231, MAX_RESULT_NAME = 221;
void check_result_path(const std::string& path);

// Parses an inclusive range "a-b" or a single number "a" (e.g. --sizes 1-5). Throws
// UsageError naming `option` on anything else or a > b.
std::pair<long, long> parse_range(const std::string& text, const std::string& option);

} // namespace cgt::common
