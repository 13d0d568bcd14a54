#include "common/runtime/options.hpp"

#include "common/plumbing/output_file.hpp"
#include "common/plumbing/printable.hpp"
#include "common/runtime/stop_signal.hpp"

#include <boost/any.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <map>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace cgt {
const char* build_version(); // generated at build time (cmake/WriteVersion.cmake)
}

namespace cgt::common {

Options::Options(std::string program, std::string summary, std::string example,
                 std::string default_out)
    : m_program(std::move(program)), m_summary(std::move(summary)), m_example(std::move(example)),
      m_with_output(!default_out.empty()), m_own("Options"), m_generic("Common options"),
      m_run("Long runs (journal, resume, parts)") {
    StopSignal::install(); // a tool's first line makes its Options: it hears a stop from there on
    m_generic.add_options()("help,h", "print this help and exit")(
        "version",
        "print the version number and the git commit of the build, `0.1.0 (git HASH)`, and exit")(
        "config", po::value<std::string>()->value_name("FILE"),
        "read options from an INI file (`name = value` lines; command-line values win)");
    if (m_with_output) {
        m_generic.add_options()(
            "out", po::value<std::string>()->default_value("results/" + default_out)->value_name("FILE"),
            "result file (HDF5); written as FILE.partial and renamed when complete")(
            "quiet", po::bool_switch()->default_value(false), "no progress output");
    }
}

namespace {
// 2^k or 2^k-1 for k >= 30, else the decimal number.
std::string bound_text(long n) {
    for (int k = 30; k < 63; ++k) {
        const long power = 1L << k;
        if (n == power) return "2^" + std::to_string(k);
        if (n == power - 1) return "2^" + std::to_string(k) + "-1";
    }
    return std::to_string(n);
}
} // namespace

std::string WholeOption::range_text() const {
    if (max == NO_MAX) return ">= " + bound_text(min);
    return bound_text(min) + ".." + bound_text(max);
}

std::string WholeOption::help() const {
    return meaning + " (" + range_text() + (note.empty() ? "" : "; " + note) + ")";
}

std::string WholeOption::refusal(long value) const {
    if (value >= min && value <= max) return {};
    return "--" + std::string(name) + " must be " + range_text() + (why.empty() ? "" : " (" + why + ")") + ", got " +
           std::to_string(value);
}

void WholeOption::check(long value) const {
    if (std::string r = refusal(value); !r.empty()) throw std::invalid_argument(r);
}

void Options::add(const WholeOption& option) {
    if (option.off && option.default_value)
        throw std::logic_error(std::string("--") + option.name + ": an off value needs an option without a default");
    auto* value = po::value<long>();
    if (option.default_value) value->default_value(*option.default_value);
    m_own.add_options()(option.name, value, option.help().c_str());
    m_whole.push_back(option);
}

std::optional<std::string> Options::check_ranges(const po::variables_map& vm) const {
    for (const WholeOption& option : m_whole)
        if (option.given(vm))
            if (std::string refusal = option.refusal(option.read(vm)); !refusal.empty()) return refusal;
    return std::nullopt;
}

namespace {
std::string first_line(std::string s) {
    if (auto p = s.find('\n'); p != std::string::npos) s.resize(p);
    return s;
}

// Boost.Program_options (1.74) fills its message template by replacing each placeholder
// (%value%, %original_token%, ...) until none is left, so a value that itself contains
// "%value%" never ends (fuzzing found it: cgt-nim --heaps %value% spun forever). The
// user's '%' signs are swapped for a byte Boost does not look for while it formats, and
// swapped back after.
struct SubstitutionsOf : po::error_with_option_name {
    static std::map<std::string, std::string>& of(po::error_with_option_name& e) {
        return e.*&SubstitutionsOf::m_substitutions;
    }
};

std::string message_of(po::error& e) {
    constexpr char STAND_IN = '\x1e'; // ASCII record separator
    if (auto* named = dynamic_cast<po::error_with_option_name*>(&e))
        for (auto& [placeholder, value] : SubstitutionsOf::of(*named))
            std::replace(value.begin(), value.end(), '%', STAND_IN);
    std::string text = first_line(e.what());
    std::replace(text.begin(), text.end(), STAND_IN, '%');
    return text;
}

// The text of a --config file, or why it cannot be used. A UTF-8 byte order mark (which
// some editors write) is dropped; control characters other than tab and CR are refused by
// line, since they would reach option names and values unseen.
std::optional<std::string> read_config_text(const std::string& path, std::string& text) {
    const std::string unreadable = "cannot read --config file '" + path + "'";
    if (auto kind = not_regular_file(path); kind && *kind == "a directory")
        return unreadable + ": it is a directory";
    std::ifstream in(path, std::ios::binary);
    if (!in) return unreadable;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return unreadable;
    text = buffer.str();
    if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
    std::size_t line = 1;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte == '\n') ++line;
        else if ((byte < 0x20 && byte != '\t' && byte != '\r') || byte == 0x7F) {
            char code[8];
            std::snprintf(code, sizeof code, "0x%02X", byte);
            return "in --config file '" + path + "': line " + std::to_string(line) +
                   " contains the control character " + code;
        }
    }
    return std::nullopt;
}
} // namespace

std::optional<std::string> Options::check_job_keys(const po::variables_map& vm) const {
    const auto value = [&](const char* key) { return vm.count(key) ? vm[key].as<std::string>() : std::string(); };
    if (vm.count("driver") && value("driver") != m_program)
        return "driver = " + quoted(value("driver")) + ", but this program is " + m_program;
    if (vm.count("ranks")) {
        const std::string ranks = value("ranks");
        if (ranks.empty() || ranks.size() > 6 || ranks.find_first_not_of("0123456789") != std::string::npos ||
            std::stol(ranks) < 1)
            return "ranks must be a whole number from 1 to 999999, got " + quoted(ranks);
    }
    if (vm.count("main") && value("main") != "yes" && value("main") != "no")
        return "main must be yes or no, got " + quoted(value("main"));
    return std::nullopt;
}

std::optional<std::string> Options::store_config(const std::string& path, po::variables_map& vm,
                                                 po::options_description& file_options,
                                                 std::optional<po::parsed_options>& config, bool& overridden) const {
    std::string text;
    if (auto error = read_config_text(path, text)) return error;
    std::istringstream in(text);
    file_options.add(m_own);
    for (const auto& option : m_run.options())
        if (std::find(m_run_in_config.begin(), m_run_in_config.end(), option->long_name()) != m_run_in_config.end())
            file_options.add(option);
    if (m_with_output) {
        file_options.add_options()("out", po::value<std::string>())("quiet", po::value<bool>());
        for (const char* key : JOB_KEYS) file_options.add_options()(key, po::value<std::string>());
    }
    try {
        config = po::parse_config_file(in, file_options, false);
        // Every value of the file is checked, also one the command line overrides.
        po::variables_map from_file;
        po::store(*config, from_file);
        for (const auto& [name, value] : from_file)
            overridden = overridden || (vm.count(name) && !vm[name].defaulted());
        po::store(*config, vm);
    } catch (po::error& e) {
        return "in --config file '" + path + "': " + message_of(e);
    }
    if (auto error = check_job_keys(vm)) return "in --config file '" + path + "': " + *error;
    return std::nullopt;
}

std::optional<std::string>
Options::parse_quietly(int argc, const char* const argv[],
                       const std::function<void(const po::variables_map&)>& validate, bool& help,
                       bool& version) {
    help = version = false;
    // Checks the declared ranges, then runs `validate`; a kernel's std::invalid_argument is
    // a usage error like UsageError.
    auto check = [&](const po::variables_map& vm) -> std::optional<std::string> {
        if (auto refusal = check_ranges(vm)) return refusal;
        if (!validate) return std::nullopt;
        try {
            validate(vm);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        } catch (const UsageError& e) {
            return std::string(e.what());
        }
        return std::nullopt;
    };
    try {
        po::options_description all;
        all.add(m_own).add(m_generic).add(m_run);
        po::variables_map vm;
        const auto command_line =
            po::command_line_parser(argc, argv).options(all).positional(m_positional).run();
        po::store(command_line, vm);
        if (vm.count("help")) {
            help = true;
            return std::nullopt;
        }
        if (vm.count("version")) {
            version = true;
            return std::nullopt;
        }
        std::string config_path;
        po::options_description file_options; // outlives `config`, which points to it
        std::optional<po::parsed_options> config;
        bool overridden = false; // the command line sets an option the file sets too
        if (vm.count("config")) {
            config_path = vm["config"].as<std::string>();
            if (auto error = store_config(config_path, vm, file_options, config, overridden)) return error;
        }
        po::notify(vm);
        if (auto error = check(vm)) return error;
        if (overridden && (validate || !m_whole.empty())) {
            // The file's values must be valid on their own too: validate them as if the
            // command line did not override them, then again the values that apply. A
            // refusal of the first is the file's when the file alone (with the defaults)
            // gives it too; otherwise it comes from a file value the command line overrides
            // meeting another option of the command line (an INI's job-search = 50000 with
            // --job-search 0 --split a1), and the values that apply decide.
            po::variables_map file_first;
            po::store(*config, file_first);
            po::store(command_line, file_first);
            po::notify(file_first);
            const auto file_alone_gives = [&](const std::string& error) {
                try {
                    po::variables_map alone;
                    po::store(*config, alone);
                    po::store(
                        po::command_line_parser(std::vector<std::string>{}).options(all).run(),
                        alone);
                    po::notify(alone);
                    const auto refusal = check(alone);
                    return refusal && *refusal == error;
                } catch (const std::exception&) {
                    return false; // the file alone lacks what the command line gives
                }
            };
            if (auto error = check(file_first); error && file_alone_gives(*error))
                return "in --config file '" + config_path + "': " + *error;
            if (auto error = check(vm)) return error;
        }
        if (m_with_output) check_result_path(vm["out"].as<std::string>());
        m_values = std::move(vm);
        return std::nullopt;
    } catch (po::error& e) {
        return message_of(e);
    } catch (const UsageError& e) {
        return std::string(e.what());
    }
}

bool Options::parse(int argc, const char* const argv[],
                    const std::function<void(const po::variables_map&)>& validate) {
    bool help = false, version = false;
    if (auto error = parse_quietly(argc, argv, validate, help, version)) throw UsageError(*error);
    if (help) print_help();
    if (version) print_version();
    return !help && !version;
}

bool Options::parse(const MpiEnvironment& env, int argc, const char* const argv[],
                    const std::function<void(const po::variables_map&)>& validate) {
    bool help = false, version = false;
    const auto error = parse_quietly(argc, argv, validate, help, version);
    env.agree_on_usage(error);
    if (help && env.is_root()) print_help();
    if (version && env.is_root()) print_version();
    return !help && !version;
}

void Options::print_help() const {
    // Bare arguments, as the positional description declares them: FILE, FILE...
    std::string bare;
    const unsigned total = m_positional.max_total_count();
    for (unsigned i = 0; i < total && i < 8; ++i) {
        const std::string& name = m_positional.name_for_position(i);
        if (i > 0 && name == m_positional.name_for_position(i - 1)) continue;
        std::string upper;
        for (char c : name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        bare += " [" + upper + (total == std::numeric_limits<unsigned>::max() ? "...]" : "]");
    }
    std::cout << "Usage: " << m_program << " [options]" << bare << "\n" << m_summary << "\n\n" << m_own << "\n"
              << m_generic << "\n";
    if (!m_run.options().empty()) std::cout << m_run << "\n";
    std::cout << "Example:\n  " << m_example << "\n";
}

void Options::print_version() const { std::cout << m_program << " " << build_version() << "\n"; }

namespace {
std::string any_to_text(const boost::any& v) {
    if (v.empty()) return "";
    if (auto p = boost::any_cast<std::string>(&v)) return *p;
    if (auto p = boost::any_cast<bool>(&v)) return *p ? "true" : "false";
    if (auto p = boost::any_cast<int>(&v)) return std::to_string(*p);
    if (auto p = boost::any_cast<unsigned>(&v)) return std::to_string(*p);
    if (auto p = boost::any_cast<long>(&v)) return std::to_string(*p);
    if (auto p = boost::any_cast<unsigned long>(&v)) return std::to_string(*p);
    if (auto p = boost::any_cast<long long>(&v)) return std::to_string(*p);
    if (auto p = boost::any_cast<unsigned long long>(&v)) return std::to_string(*p);
    if (auto p = boost::any_cast<double>(&v)) {
        std::ostringstream s;
        s.precision(17);
        s << *p;
        return s.str();
    }
    if (auto p = boost::any_cast<std::vector<std::string>>(&v)) {
        std::string s;
        for (std::size_t i = 0; i < p->size(); ++i) s += (i ? " " : "") + (*p)[i];
        return s;
    }
    return "?";
}
} // namespace

bool Options::is_off(const std::string& name) const {
    for (const WholeOption& option : m_whole)
        if (option.name == name && option.off && option.given(m_values) && option.read(m_values) == *option.off)
            return true;
    return false;
}

std::string Options::parameters_text() const {
    std::string text;
    auto emit = [&](const po::options_description& d) {
        for (const auto& opt : d.options()) {
            const std::string name = opt->long_name();
            if (name == "help" || name == "version" || name == "config") continue;
            auto it = m_values.find(name);
            if (it == m_values.end() || is_off(name)) continue;
            text += name + " = " + any_to_text(it->second.value()) + "\n";
        }
    };
    emit(m_own);
    text += m_derived;
    emit(m_generic);
    return text;
}

std::string Options::own_parameters_text() const {
    std::string text;
    for (const auto& opt : m_own.options()) {
        const std::string name = opt->long_name();
        auto it = m_values.find(name);
        if (it == m_values.end() || is_off(name)) continue;
        text += name + " = " + any_to_text(it->second.value()) + "\n";
    }
    return text + m_derived;
}

void check_writable_output(const std::string& path, const std::string& option) {
    if (path.empty()) throw UsageError(option + " must not be empty");
    const std::string cannot = "cannot write " + option + " '" + path + "'";
    if (auto kind = not_regular_file(path)) throw UsageError(cannot + ": it is " + *kind);
    struct stat st {};
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        throw UsageError(cannot + ": directory '" + dir + "' does not exist");
    if (access(dir.c_str(), W_OK) != 0)
        throw UsageError(cannot + ": directory '" + dir + "' is not writable");

    // The temporary file the writer creates first: it must be a regular file if it is there,
    // and creatable if not (which access() does not tell for root, nor on /proc).
    const std::string temporary = path + ".partial";
    if (lstat(temporary.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode))
            throw UsageError(cannot + ": '" + temporary + "' is " + file_kind(st.st_mode));
        return;
    }
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0) {
        ::close(fd);
        ::unlink(temporary.c_str());
    } else if (errno != EEXIST) { // EEXIST: another rank's probe, or a run that just started
        throw UsageError(cannot + ": cannot create '" + temporary + "': " + std::strerror(errno));
    }
}

void check_result_path(const std::string& path) {
    // Open MPI 4.1's MPI-IO copies the path into fixed buffers when it opens PATH.partial
    // (sharedfp/lockedfile: PATH.partial.locktest.RANK into 256 bytes, a buffer overflow
    // that aborts the process; sharedfp/sm: a file named after PATH.partial in its
    // session directory, which fails for long names). What fits with up to a million ranks:
    const auto slash = path.rfind('/');
    const std::size_t name = path.size() - (slash == std::string::npos ? 0 : slash + 1);
    if (path.size() > MAX_RESULT_PATH || name > MAX_RESULT_NAME)
        throw UsageError("--out '" + path + "' is too long for Open MPI's MPI-IO: at most " +
                         std::to_string(MAX_RESULT_PATH) + " characters and a file name of at most " +
                         std::to_string(MAX_RESULT_NAME) + " work, this one has " +
                         std::to_string(path.size()) + " and " + std::to_string(name));
    check_writable_output(path, "--out");
}

std::pair<long, long> parse_range(const std::string& text, const std::string& option) {
    auto number = [&](const std::string& s) {
        if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
            throw UsageError(option + " must be N or A-B with whole numbers, got '" + text + "'");
        return std::stol(s);
    };
    const auto dash = text.find('-');
    if (dash == std::string::npos) {
        const long n = number(text);
        return {n, n};
    }
    const long a = number(text.substr(0, dash)), b = number(text.substr(dash + 1));
    if (a > b) throw UsageError(option + " range '" + text + "' is empty (first > last)");
    return {a, b};
}

} // namespace cgt::common
