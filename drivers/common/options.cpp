#include "common/options.hpp"

#include <boost/any.hpp>

#include <cctype>
#include <cstdint>
#include <limits>
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
    m_generic.add_options()("help,h", "print this help and exit")(
        "version", "print the program's version (git describe of its build) and exit")(
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
std::string first_line(std::string s) {
    if (auto p = s.find('\n'); p != std::string::npos) s.resize(p);
    return s;
}
} // namespace

std::optional<std::string>
Options::parse_quietly(int argc, const char* const argv[],
                       const std::function<void(const po::variables_map&)>& validate, bool& help,
                       bool& version) {
    help = version = false;
    try {
        po::options_description all;
        all.add(m_own).add(m_generic).add(m_run);
        po::variables_map vm;
        po::store(po::command_line_parser(argc, argv).options(all).positional(m_positional).run(), vm);
        if (vm.count("help")) {
            help = true;
            return std::nullopt;
        }
        if (vm.count("version")) {
            version = true;
            return std::nullopt;
        }
        if (vm.count("config")) {
            const auto path = vm["config"].as<std::string>();
            std::ifstream in(path);
            if (!in) return "cannot read --config file '" + path + "'";
            po::options_description file_options;
            file_options.add(m_own);
            if (m_with_output) file_options.add_options()("out", po::value<std::string>())(
                "quiet", po::value<bool>());
            try {
                po::store(po::parse_config_file(in, file_options, false), vm);
            } catch (const po::error& e) {
                return "in --config file '" + path + "': " + first_line(e.what());
            }
        }
        po::notify(vm);
        if (validate) {
            try {
                validate(vm);
            } catch (const std::invalid_argument& e) { // a kernel's check of a value
                return std::string(e.what());
            }
        }
        if (m_with_output) check_writable_output(vm["out"].as<std::string>());
        m_values = std::move(vm);
        return std::nullopt;
    } catch (const po::error& e) {
        return first_line(e.what());
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

std::string Options::parameters_text() const {
    std::string text;
    auto emit = [&](const po::options_description& d) {
        for (const auto& opt : d.options()) {
            const std::string name = opt->long_name();
            if (name == "help" || name == "version" || name == "config") continue;
            auto it = m_values.find(name);
            if (it == m_values.end()) continue;
            text += name + " = " + any_to_text(it->second.value()) + "\n";
        }
    };
    emit(m_own);
    emit(m_generic);
    return text;
}

std::string Options::own_parameters_text() const {
    std::string text;
    for (const auto& opt : m_own.options()) {
        const std::string name = opt->long_name();
        auto it = m_values.find(name);
        if (it == m_values.end()) continue;
        text += name + " = " + any_to_text(it->second.value()) + "\n";
    }
    return text;
}

void check_writable_output(const std::string& path, const std::string& option) {
    if (path.empty()) throw UsageError(option + " must not be empty");
    struct stat st {};
    if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        throw UsageError("cannot write " + option + " '" + path + "': it is a directory");
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        throw UsageError("cannot write " + option + " '" + path + "': directory '" + dir +
                         "' does not exist");
    if (access(dir.c_str(), W_OK) != 0)
        throw UsageError("cannot write " + option + " '" + path + "': directory '" + dir +
                         "' is not writable");
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
