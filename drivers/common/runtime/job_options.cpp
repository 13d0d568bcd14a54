// The run's own options (--resume, --force, --tasks, --journal-every, --merge, the memory
// and time limits), how they are read and checked before a run starts, and the command that
// resumes a stopped run.
#include "common/runtime/job_runner.hpp"
#include "common/runtime/rank_cores.hpp"
#include "common/runtime/task_list.hpp"
#include "common/runtime/test_hooks.hpp"

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cgt::common {

namespace {

// A word of a shell command as the user would retype it.
std::string shell_word(const std::string& w) {
    if (!w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,@+%") ==
                          std::string::npos)
        return w;
    std::string out = "'";
    for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

} // namespace

void JobRunner::add_run_options(Options& options) {
    auto add = options.add_run_control();
    add("resume", po::bool_switch()->default_value(false),
        "continue a stopped or killed run: the tasks in the --out file's journal (FILE.journal) are not computed again");
    add("journal-every", po::value<double>()->default_value(60.0)->value_name("SECONDS"),
        "make the journal durable (fsync) at most this many seconds apart (0: after every task)");
    add("force", po::bool_switch()->default_value(false),
        "replace an existing --out file, and start again over the journal of a stopped run");
    add("tasks", po::value<std::string>()->value_name("LIST"),
        "compute only these tasks (0-99,200-299, or a part K/N of N equal parts) into the journal, for cgt-merge");
    for (const TaskSubset& s : m_subsets) add(s.option.c_str(), po::value<std::string>()->value_name(s.value_name), s.help.c_str());
    add("merge", po::value<std::vector<std::string>>()->composing()->value_name("JOURNAL"),
        "write the result from the journals of partial runs (repeat the option; cgt-merge does this for you)");
    add_max_memory_option(options);
    add_allow_long_option(options);
    options.allow_in_config("journal-every");
}

void JobRunner::read_run_options(const po::variables_map& vm) {
    m_resume = vm["resume"].as<bool>();
    m_force = vm["force"].as<bool>();
    m_quiet = vm["quiet"].as<bool>();
    m_journal_every = vm["journal-every"].as<double>();
    if (!(m_journal_every >= 0) || m_journal_every > 1e9)
    {
        char got[32];
        std::snprintf(got, sizeof got, "%g", m_journal_every);
        throw UsageError(std::string("--journal-every must be 0 or more seconds, got ") + got);
    }
    if (vm.count("merge")) m_merge = vm["merge"].as<std::vector<std::string>>();
    m_tasks = m_job.task_count();
    std::vector<std::string> named;
    if (vm.count("tasks")) named.push_back("tasks");
    for (const TaskSubset& s : m_subsets)
        if (vm.count(s.option)) named.push_back(s.option);
    if (named.size() > 1) throw UsageError("--" + named[0] + " and --" + named[1] + " do not go together: name the tasks one way");
    if (!named.empty() && !m_merge.empty()) throw UsageError("--merge writes every task: it takes no --" + named[0]);
    if (m_resume && !m_merge.empty()) throw UsageError("--merge and --resume do not go together");
    if (named.empty()) return;
    m_subset_text = "--" + named[0] + " " + vm[named[0]].as<std::string>();
    if (named[0] == "tasks") {
        m_subset = parse_task_list(vm["tasks"].as<std::string>(), m_tasks);
        return;
    }
    for (const TaskSubset& s : m_subsets) {
        if (s.option != named[0]) continue;
        std::vector<std::uint64_t> tasks = s.resolve(vm[s.option].as<std::string>());
        std::sort(tasks.begin(), tasks.end());
        tasks.erase(std::unique(tasks.begin(), tasks.end()), tasks.end());
        if (tasks.empty()) throw UsageError("--" + s.option + " names no task of this run");
        m_subset = std::move(tasks);
    }
}

std::string JobRunner::resume_command() const {
    // Under Slurm the ranks are srun's; any rank count may continue the run.
    const char* launcher = std::getenv("SLURM_JOB_ID") ? "srun -n " : "mpiexec -n ";
    std::string cmd = m_comm.size() > 1 ? launcher + std::to_string(m_comm.size()) + " " : "";
    bool has_resume = false;
    for (int i = 0; i < m_argc; ++i) {
        const std::string a = m_argv[i];
        has_resume = has_resume || a == "--resume";
        cmd += (i ? " " : "") + shell_word(a);
    }
    return cmd + (has_resume ? "" : " --resume");
}

// The time of the tasks this run computes: a part (--tasks, or a job's own subset) is its
// share of the tasks' count, as tasks of one job are of like size on average.
MemoryNeed JobRunner::part_of_run(MemoryNeed need) const {
    if (!m_subset || m_tasks == 0) return need;
    need.core_seconds *= static_cast<double>(m_subset->size()) / static_cast<double>(m_tasks);
    need.cause += " " + m_subset_text;
    if (!need.time_cause.empty()) need.time_cause += " " + m_subset_text;
    return need;
}

// The job's estimate depends on its options and the rank count alone, and may run probes
// (cgt-octal-sweep forecasts each game by a first run of its sweep, up to about a second a
// game): rank 0 makes it and sends it to the others, who would only repeat it. An error in it
// is thrown on every rank (a UsageError as one, any other as std::runtime_error), so that no
// rank waits for a broadcast that never comes.
MemoryNeed JobRunner::estimate_on_root() const {
    MemoryNeed need;
    enum : std::uint64_t { NONE, USAGE, OTHER };
    std::vector<std::uint64_t> error{NONE};
    std::vector<std::string> texts(5);
    if (m_comm.is_root()) {
        try {
            need = m_job.memory_need(m_env.size());
        } catch (const UsageError& e) {
            error = {USAGE};
            texts[4] = e.what();
        } catch (const std::exception& e) {
            error = {OTHER};
            texts[4] = e.what();
        }
        texts[0] = need.cause;
        texts[1] = need.what;
        texts[2] = need.time_cause;
        texts[3] = need.no_estimate;
    }
    m_comm.broadcast(error);
    m_comm.broadcast(texts);
    m_comm.broadcast(need.bytes);
    m_comm.broadcast(need.core_seconds);
    if (error.at(0) == USAGE) throw UsageError(texts.at(4));
    if (error.at(0) == OTHER) throw std::runtime_error(texts.at(4));
    need.cause = texts.at(0);
    need.what = texts.at(1);
    need.time_cause = texts.at(2);
    need.no_estimate = texts.at(3);
    return need;
}

bool JobRunner::read_options() {
    m_options = std::make_unique<Options>(m_info.program, m_info.summary, m_info.example, m_info.default_out);
    m_job.add_options(*m_options);
    m_subsets = m_job.subsets();
    add_run_options(*m_options);
    const int ranks_on_node = m_comm.ranks_on_node();
    // The memory is checked once, for the values that apply: a config file's value the command
    // line overrides is validated (the validator sees it first) but sizes nothing.
    po::variables_map applied;
    const bool go = m_options->parse(m_env, m_argc, m_argv, [&](const po::variables_map& vm) {
        m_job.read_options(vm, m_env.size());
        read_run_options(vm);
        applied = vm;
    });
    if (!go) return false;
    std::optional<std::string> too_big; // the ranks of a node agree; other nodes may differ
    // Computed once, on rank 0 (estimate_on_root): the check and the note below read the same
    // figures.
    MemoryNeed need;
    try {
        need = estimate_on_root();
        check_memory(applied, need, ranks_on_node);
        // The run's cores: its ranks, each with its threads where the program takes --threads.
        const long cores = static_cast<long>(m_env.size()) *
                           (applied.count("threads") ? read_threads(applied).threads : 1);
        if (!m_resume && m_merge.empty())
            check_run_time(applied, part_of_run(need), static_cast<int>(std::min(cores, 1L << 30)));
    } catch (const UsageError& e) {
        too_big = e.what();
    }
    m_env.agree_on_usage(too_big);
    // CGT_TEST_STOP_AFTER_CHECKS: every rank stops here, the start checks passed on the run's
    // ranks and nothing written (cmake/job_scripts_test.sh starts each batch script's job so).
    if (test_count("CGT_TEST_STOP_AFTER_CHECKS") > 0) std::raise(SIGTERM);
    if (const std::string note = long_run_note(m_info.program, need);
        !note.empty() && m_comm.is_root() && !m_quiet)
        std::fprintf(stderr, "%s\n", note.c_str());
    static const QueuePolicy default_policy;
    m_policy = m_job.split() == Split::queue && m_job.queue_policy() ? m_job.queue_policy() : &default_policy;
    m_skipping = m_policy->skips_tasks();
    m_out = m_options->out_path();
    m_journal = journal_dir(m_out);
    m_options->set_derived_parameters(m_job.derived_parameters());
    m_header = {m_info.program, m_options->own_parameters_text(), m_tasks, program_version()};
    return true;
}

} // namespace cgt::common
