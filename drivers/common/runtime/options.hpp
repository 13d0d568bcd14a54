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
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace cgt::common {

namespace po = boost::program_options;

// The keys of a job's INI file that say how to run it rather than what it computes.
inline constexpr const char* JOB_KEYS[] = {"driver", "verify", "ranks", "main"};

// A whole-number option, declared once with its name, default, range and meaning
// (Options::add). Its --help line is generated from the declaration, "MEANING (RANGE)" or
// "MEANING (RANGE; NOTE)", and Options::parse refuses a value outside the range, also one
// from a --config file, with the one line "--NAME must be RANGE, got VALUE" (or "--NAME must
// be RANGE (WHY), got VALUE") before the program's own checks run. RANGE reads "MIN..MAX",
// or ">= MIN" when there is no upper bound; a bound 2^k or 2^k-1 with k >= 30 is written so.
//   inline const WholeOption HEAPS{.name = "heaps", .default_value = 3, .min = 1, .max = 16,
//                                  .meaning = "K: heaps per position"};
//   options.add(HEAPS);  ...  const long k = HEAPS.read(vm);
struct WholeOption {
    static constexpr long NO_MAX = std::numeric_limits<long>::max();
    const char* name;                  // kebab-case, without the dashes
    std::optional<long> default_value; // none: the option may be absent (given())
    long min;
    long max = NO_MAX;
    std::string meaning = {};
    std::string note = {}; // in --help after the range, if any: what a value means
    std::string why = {};  // in the error after the range, if any: why the range is what it is
    // An option without a default: the value that means it is off, the same run as without
    // it (parameters_text leaves it out, so a journal resumes either way, and a --config
    // value is switched off on the command line).
    std::optional<long> off = std::nullopt;

    // "1..16", ">= 0", "1..2^40".
    [[nodiscard]] std::string range_text() const;
    // The --help text.
    [[nodiscard]] std::string help() const;
    // Why `value` is refused ("--heaps must be 1..16, got 17"), or "" when it is in range.
    [[nodiscard]] std::string refusal(long value) const;
    // std::invalid_argument(refusal(value)) when `value` is out of range: for a value that
    // reaches a computation another way than the command line (parameters a test builds).
    void check(long value) const;
    [[nodiscard]] bool given(const po::variables_map& vm) const { return vm.count(name) > 0; }
    // The value (given, or the default), in range once Options::parse has returned.
    [[nodiscard]] long read(const po::variables_map& vm) const { return vm[name].as<long>(); }
};

class Options {
public:
    // `program` is the executable name (cgt-nim), `summary` one line of what it does,
    // `example` a full example command line for --help. With `with_output`, --out
    // (default `results/<default_out>`) and --quiet are added.
    Options(std::string program, std::string summary, std::string example,
            std::string default_out = "");

    // Adds the program's own options (kebab-case names).
    po::options_description_easy_init add() { return m_own.add_options(); }
    // Adds a whole-number option of the program's own, checked against its range at parse.
    void add(const WholeOption& option);
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
    // Reads the --config file `path` into `vm` (command-line values already there win),
    // parsed with `file_options` into `config`; `overridden` when the command line sets an
    // option the file sets too. Why the file is refused, if it is.
    std::optional<std::string> store_config(const std::string& path, po::variables_map& vm,
                                            po::options_description& file_options,
                                            std::optional<po::parsed_options>& config, bool& overridden) const;
    // The first value of `vm` outside its declared range (WholeOption::refusal), if any.
    [[nodiscard]] std::optional<std::string> check_ranges(const po::variables_map& vm) const;
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
    std::vector<WholeOption> m_whole;
    // Whether option `name` is a WholeOption at its off value (left out of the parameters).
    [[nodiscard]] bool is_off(const std::string& name) const;
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
