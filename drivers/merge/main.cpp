// cgt-merge: one result file from the journals of runs that each computed a part of a job's
// tasks (--tasks K/N in a Slurm array, say), identical to the file of one run of the whole:
//   cgt-merge --out results/nim.h5 results/nim-1.h5.journal results/nim-2.h5.journal ...
//   cgt-merge --list results/nim-*.h5.journal        # what each journal holds
//   cgt-merge --list --rows results/hex-8x8.h5       # and the rows of its finished tasks
// It reads the program and the parameters from the journals and runs that program (found
// beside cgt-merge) with --merge, which refuses journals of other parameters, tasks that
// two journals hold with different results, and tasks that no journal holds (for a job whose
// tasks leave verdicts, the tasks no journal holds that the verdicts leave needed).
#include "common/runtime/journal.hpp"
#include "common/runtime/options.hpp"
#include "common/runtime/record_text.hpp"
#include "common/runtime/task_list.hpp"
#include "common/runtime/task_verdicts.hpp"
#include "common/plumbing/tool_main.hpp"

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

using namespace cgt::common;

namespace {

struct Journal {
    std::string dir;
    JournalHeader header;
    std::vector<bool> done;
    std::vector<std::pair<std::string, RecordRef>> finished; // each done task's first record, by task
    bool verdicts = false;           // a task record carries a verdict (task_verdicts.hpp)
    std::uint64_t states = 0;        // tasks with a saved state and not done
    std::uint64_t state_records = 0; // saved states of them
};

// A journal folder as given, or the --out file it belongs to.
std::string journal_of(const std::string& given) {
    const std::string suffix = ".journal";
    if (given.size() > suffix.size() && given.compare(given.size() - suffix.size(), suffix.size(), suffix) == 0)
        return given;
    return path_exists(journal_dir(given)) ? journal_dir(given) : given;
}

Journal read_journal(const std::string& given) {
    Journal j;
    j.dir = journal_of(given);
    if (!path_exists(j.dir)) throw UsageError("there is no journal " + j.dir);
    if (!std::filesystem::is_directory(j.dir)) throw UsageError(j.dir + " is no journal (a journal is a folder FILE.journal)");
    const auto files = journal_files(j.dir);
    if (files.empty()) throw UsageError(j.dir + " holds no journal files");
    std::vector<bool> state;
    try {
        for (const std::string& path : files) {
            const ScannedFile f = scan_journal_file(path);
            if (empty(f)) continue;
            if (j.header.program.empty()) {
                j.header = f.header;
                j.done.assign(j.header.task_count, false);
                state.assign(j.header.task_count, false);
            } else if (f.header.program != j.header.program || f.header.parameters != j.header.parameters ||
                       f.header.task_count != j.header.task_count) {
                throw UsageError(path + " belongs to another run than the other files of " + j.dir);
            }
            for (const RecordRef& r : f.records) {
                if (r.task >= j.done.size()) throw UsageError(path + " is damaged: a record of task " + std::to_string(r.task));
                if (r.kind == RecordKind::task && !j.done[r.task]) j.finished.emplace_back(path, r);
                (r.kind == RecordKind::task ? j.done : state)[r.task] = true;
                if (r.kind == RecordKind::task && flags_verdict(r.flags)) j.verdicts = true;
            }
        }
    } catch (const JournalError& e) {
        throw UsageError(e.what());
    }
    if (j.header.program.empty()) throw UsageError(j.dir + " holds no journal header (its run was killed at once)");
    std::sort(j.finished.begin(), j.finished.end(), [](const auto& a, const auto& b) { return a.second.task < b.second.task; });
    for (std::size_t t = 0; t < state.size(); ++t) j.states += state[t] && !j.done[t];
    for (const std::string& path : files)
        for (const RecordRef& r : scan_journal_file(path).records)
            j.state_records += r.kind == RecordKind::state && !j.done[r.task];
    return j;
}

std::uint64_t count(const std::vector<bool>& v) {
    std::uint64_t n = 0;
    for (bool b : v) n += b;
    return n;
}

// Every finished task's rows, a line each: "task 8, table 0: size=8 row=0 col=1 result=loss ...".
void print_rows(const Journal& j) {
    for (const auto& [path, record] : j.finished) {
        const std::string what = path + ": task " + std::to_string(record.task);
        std::vector<RecordTable> tables;
        try {
            tables = record_tables(read_payload(path, record), what);
        } catch (const JournalError& e) {
            throw UsageError(e.what());
        }
        for (std::size_t t = 0; t < tables.size(); ++t)
            for (const auto& row : tables[t].rows) {
                std::string line = "task " + std::to_string(record.task) + ", table " + std::to_string(t) + ":";
                for (std::size_t c = 0; c < row.size(); ++c) line += " " + tables[t].columns[c] + "=" + row[c];
                std::printf("%s\n", line.c_str());
            }
    }
}

// The folder of this executable (its drivers are installed beside it).
std::string own_folder() {
    char buf[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) throw std::runtime_error("cannot find the folder of cgt-merge (/proc/self/exe)");
    std::string path(buf, static_cast<std::size_t>(n));
    return path.substr(0, path.rfind('/'));
}

int run(const std::string& program, const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
    if (pid == 0) {
        ::execv(program.c_str(), argv.data());
        std::fprintf(stderr, "error: cannot run %s: %s\n", program.c_str(), std::strerror(errno));
        std::_Exit(1);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

} // namespace

int main(int argc, char* argv[]) {
    return run_tool([&] {
        Options options("cgt-merge",
                        "Merges the journals of runs that each computed a part of one job's tasks (--tasks) into\n"
                        "one result file, the same as one run of every task; --list says what journals hold.",
                        "cgt-merge --out results/nim.h5 results/nim-1.h5.journal results/nim-2.h5.journal");
        options.add()("out", po::value<std::string>()->value_name("FILE"), "the merged result file (HDF5)")(
            "journals", po::value<std::vector<std::string>>()->value_name("JOURNAL"),
            "journal folders (FILE.journal, or the FILE of a part)")(
            "list", po::bool_switch()->default_value(false), "print what each journal holds, merge nothing")(
            "rows", po::bool_switch()->default_value(false),
            "with --list: the rows of every finished task too, a line each (task, table: column=value ...)")(
            "force", po::bool_switch()->default_value(false), "replace an existing --out file")(
            "quiet", po::bool_switch()->default_value(false), "no progress output");
        options.positional("journals", -1);
        if (!options.parse(argc, argv)) return 0;
        if (!options.has("journals")) throw UsageError("name the journals to merge (FILE.journal ...)");
        if (options.get<bool>("rows") && !options.get<bool>("list")) throw UsageError("--rows goes with --list");
        const auto given = options.get<std::vector<std::string>>("journals");
        std::vector<Journal> journals;
        for (const std::string& g : given) journals.push_back(read_journal(g));
        const JournalHeader& first = journals.front().header;
        std::vector<bool> together(first.task_count, false);
        for (const Journal& j : journals) {
            if (j.header.program != first.program)
                throw UsageError(j.dir + " is a journal of " + j.header.program + ", " + journals.front().dir + " of " +
                                 first.program);
            if (j.header.parameters != first.parameters)
                throw UsageError(j.dir + " is a journal of other parameters than " +
                                 journals.front().dir + " (" +
                                 first_difference(j.header.parameters, first.parameters, "in it",
                                                  "in " + journals.front().dir) +
                                 ")");
            if (j.header.task_count != first.task_count)
                throw UsageError(j.dir + " is a journal of " + std::to_string(j.header.task_count) +
                                 " tasks, " + journals.front().dir + " of " +
                                 std::to_string(first.task_count) + " (another build?)");
            for (std::size_t t = 0; t < together.size(); ++t) together[t] = together[t] || j.done[t];
        }
        if (options.get<bool>("list")) {
            for (const Journal& j : journals) {
                std::printf("%s: %s, tasks done: %llu of %llu (%s)%s\n", j.dir.c_str(), j.header.program.c_str(),
                            static_cast<unsigned long long>(count(j.done)),
                            static_cast<unsigned long long>(j.header.task_count), format_task_ranges(j.done).c_str(),
                            j.states ? (", " + std::to_string(j.states) + " unfinished with " +
                                        std::to_string(j.state_records) + " saved states").c_str()
                                     : "");
                if (options.get<bool>("rows")) print_rows(j);
            }
            if (journals.size() > 1)
                std::printf("together: tasks done: %llu of %llu\n", static_cast<unsigned long long>(count(together)),
                            static_cast<unsigned long long>(first.task_count));
            return 0;
        }
        if (!options.has("out")) throw UsageError("--out FILE is needed (or --list)");
        // Tasks that leave verdicts may be skipped: which missing ones are needed, the program
        // knows (its --merge refuses a gap of needed tasks the same way).
        const bool verdicts = std::any_of(journals.begin(), journals.end(), [](const Journal& j) { return j.verdicts; });
        if (count(together) != first.task_count && !verdicts) {
            std::vector<bool> missing(together.size());
            for (std::size_t t = 0; t < together.size(); ++t) missing[t] = !together[t];
            throw UsageError("tasks " + format_task_ranges(missing) + " are in none of the journals (" +
                             std::to_string(first.task_count - count(together)) + " of " +
                             std::to_string(first.task_count) + " missing)");
        }
        const std::string driver = own_folder() + "/" + first.program;
        if (::access(driver.c_str(), X_OK) != 0)
            throw UsageError("cannot find " + first.program + " beside cgt-merge (" + driver + ")");
        // The parameters as an INI file for --config: the run's own options, nothing else.
        char ini[] = "/tmp/cgt-merge-XXXXXX.ini";
        const int fd = ::mkstemps(ini, 4);
        if (fd < 0) throw std::runtime_error(std::string("cannot create a file in /tmp: ") + std::strerror(errno));
        const bool wrote = ::write(fd, first.parameters.data(), first.parameters.size()) ==
                           static_cast<ssize_t>(first.parameters.size());
        ::close(fd);
        if (!wrote) {
            ::unlink(ini);
            throw std::runtime_error(std::string("cannot write ") + ini);
        }
        std::vector<std::string> args = {driver, "--config", ini, "--out", options.get<std::string>("out")};
        for (const Journal& j : journals) args.insert(args.end(), {"--merge", j.dir});
        if (options.get<bool>("force")) args.push_back("--force");
        if (options.get<bool>("quiet")) args.push_back("--quiet");
        const int status = run(driver, args);
        ::unlink(ini);
        return status;
    });
}
