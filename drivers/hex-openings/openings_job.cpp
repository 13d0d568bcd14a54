#include "hex-openings/openings_job.hpp"
#include "hex-openings/solved_range.hpp"

#include <algorithm>
#include <array>
#include <string_view>

using namespace cgt;
using namespace cgt::common;
namespace hexjob = jobs::hex_openings;
namespace schema = hexjob::schema;

namespace cgt::jobs::hex_openings {

namespace {
const WholeOption COPY_FROM{.name = "copy-from",
                            .default_value = 5,
                            .min = 1,
                            .meaning =
                                "boards with a side this long or longer solve one opening of each "
                                "180-degree pair and copy the other"};
const WholeOption NODE_LIMIT{.name = "node-limit",
                             .default_value = 0,
                             .min = 0,
                             .meaning = "nodes per opening before its result is 'unknown'",
                             .note = "0: no limit"};
const WholeOption TT_SIZE_MIB{.name = "tt-size-mib",
                              .default_value = 64,
                              .min = 1,
                              .max = 65536,
                              .meaning = "transposition table per rank, MiB"};
const WholeOption PAUSE_NODES{
    .name = "pause-nodes",
    .default_value = 1L << 14,
    .min = 1,
    .max = 1L << 40,
    .meaning = "the proof-number search of a vc opening returns to its root every this many nodes, "
               "where a long opening saves its search (every --journal-every seconds) and a stop "
               "takes effect, and walks down its path again (a node a ply, so another value gives "
               "other node counts; the job search's workers choose their path afresh there)"};
const WholeOption SPLIT_PLIES{.name = "split-plies",
                              .default_value = 1,
                              .min = 1,
                              .max = 3,
                              .meaning = "how many moves after a split opening its tasks start",
                              .note = "1: every reply a task"};
// No default values: a run without a store has the parameters (and journal) of one before
// the store existed.
const WholeOption STORE_PLIES{
    .name = "store-plies",
    .default_value = std::nullopt,
    .min = 0,
    .max = 12,
    .meaning =
        "write a store table of the positions the vc openings prove at most this many moves after "
        "the opening, for --store of a later run. Default: none",
    .note = "0: the opening's own position"};
const WholeOption STORE_MIN_WORK{
    .name = "store-min-work",
    .default_value = std::nullopt,
    .min = 1,
    .max = 0xffffffffL,
    .meaning =
        "with --store-plies, only positions whose proof analysed at least this many positions "
        "below "
        "them. Default: 1, every position (a lookup costs far less than the analysis it saves)"};
// No default value: a run without it has the parameters (and journal) of one before it, and
// so has a run with 0 (off), which switches off the job-search of a --config file.
const WholeOption JOB_SEARCH{
    .name = "job-search",
    .default_value = std::nullopt,
    .min = 0,
    .max = 1L << 40,
    .meaning =
        "solve each opening with every rank at once, one opening after another: rank 0 keeps a "
        "proof-number tree of the opening's first moves and every rank searches its leaves as jobs "
        "of this many nodes (job-level proof-number search; vc rule sets with dfpn, normal Hex, no "
        "--split or --store). The results are the sequential search's; the nodes searched depend "
        "on "
        "the ranks and go to the timings table (nodes_run), the openings table's nodes are 0. "
        "Default: "
        "off",
    .note = "0: off, the sequential search, the same run as without the option",
    .off = 0};
// The proven positions rank 0 keeps to ship with --job-search (JobSearchOptions::
// share_window): they save the workers work and never change a winner (the openings table),
// only the nodes searched (the timings table's nodes_run, which depend on the timing anyway):
// run control, allowed in the INI file, out of the parameters, so a resume may change it.
const WholeOption SHARE_WINDOW{
    .name = "share-window",
    .default_value = std::nullopt,
    .min = 1,
    .max = 1L << 24,
    .meaning = "with --job-search: rank 0 keeps the last N proven positions the jobs sent back, "
               "to ship with the workers' next jobs (default 65536, about 6 MiB; 96 bytes a "
               "position); a worker whose last job is older misses the older ones, which only "
               "saves it work (run control: the winners do not change)"};
} // namespace

JobInfo HexOpeningsJob::info() const {
    return {.program = "cgt-hex-openings",
            .summary =
                "Solves every opening of n x n Hex (win or loss for the first player) with the\n"
                "article's rule sets or virtual connections (vc), and of misere Hex, one opening\n"
                "per task across the ranks.",
            .example =
                "mpiexec -n 2 cgt-hex-openings --sizes 1-5 --rules 'rule1+2+distance plain@4' "
                "--misere 2-4 --out results/hex-openings.h5",
            .default_out = "hex-openings.h5",
            .progress_label = "cgt-hex-openings openings"};
}

void HexOpeningsJob::add_options(Options& options) {
    options.add()("sizes", po::value<std::string>()->default_value("1-5"),
                  "boards of normal Hex, blank- or comma-separated: N (N x N), a range A-B of "
                  "squares, or WxH (W columns, H rows, as Benzene's boardsize W H: 6x7 has 7 rows "
                  "and red, joining top and bottom, the farther sides); sides 1..11")(
        "rules", po::value<std::string>()->default_value("rule1+2+distance"),
        "rule sets for normal Hex, blank-separated: plain, rule1, rule1+2 or vc, each optionally "
        "+history or +distance (move order), vc also with dfpn+ (proof-number search), +inferior "
        "(fill-in, dominated moves) and +proof (proof sets), and @N to stop at boards with a side "
        "over N (plain@4, "
        "dfpn+vc+inferior+proof)")(
        "misere", po::value<std::string>()->default_value("none"),
        "board sizes of misere Hex (connecting loses), a range or 'none'")(
        "misere-rules", po::value<std::string>()->default_value("plain"),
        "rule set for misere Hex: plain, plain+history or plain+distance, or a rex rule set "
        "(dfpn+rex+dead+captured+pairing+keys+killers+mirror+rotation: 5x5 and 6x6)");
    options.add(COPY_FROM);
    options.add(NODE_LIMIT);
    options.add(TT_SIZE_MIB);
    options.add(PAUSE_NODES);
    options.add()(
        "cells", po::value<std::string>()->default_value("all"),
        "only the openings at these cells (g2,e4: column letter, row from 1), on every board, each "
        "solved "
        "(none copied): a result file of those rows alone, e.g. to time one opening; 'all'")(
        "split", po::value<std::string>()->default_value("none"),
        "openings solved as many tasks (g2,e4: column letter, row from 1, on every board; a copied "
        "cell splits "
        "its partner): the positions --split-plies moves later, pruned as the search prunes, each "
        "a task of "
        "the queue, combined by negamax (the splits table); 'none'");
    options.add(SPLIT_PLIES);
    // No default value: a run without it has the parameters (and journal) of one before the
    // option existed (the kept 8x8 parts resume).
    options.add()(
        "split-keep-table", po::value<bool>()->implicit_value(true),
        "the leaves of split openings solved on a rank share its table (not cleared between "
        "them): the same results, fewer nodes (8x8 h4 on 2 ranks: drivers/hex-openings/NOTES.md), "
        "and leaf node counts that depend on the rank count; no effect without --split (true/false; "
        "default false)");
    // No default value: a run without replies has the parameters (and journal) of one
    // before the option existed (the kept 8x8 parts resume).
    options.add()(
        "misere-replies", po::value<bool>()->implicit_value(true),
        "also solve every reply to each misere opening the first player loses (the replies "
        "table: the second player's winning replies), openings solved whole only (true/false; "
        "default false)");
    // No default values: a run without a store has the parameters (and journal) of one
    // before the store existed.
    options.add()(
        "store", po::value<std::string>(),
        "result files of earlier runs (blank- or comma-separated) whose store tables of proven "
        "positions the vc searches read before analysing a position (facts about positions: the "
        "results are those without it, with fewer nodes); their digest joins the parameters. "
        "Default: none");
    options.add(STORE_PLIES);
    options.add(STORE_MIN_WORK);
    options.add(JOB_SEARCH);
    options.add_run_control()(SHARE_WINDOW.name, po::value<long>()->value_name("N"),
                              SHARE_WINDOW.help().c_str());
    options.allow_in_config(SHARE_WINDOW.name);
    options.add()(
        // Declared last: the parameters carry it after the own options (derived_parameters).
        "store-digest", po::value<std::string>(),
        "the digest the --store files must have ('HEX (N positions)', as a run's parameters give "
        "it, so that "
        "a --config of them refuses store files that changed); a run names it in its parameters "
        "itself");
    static_assert(schema::store::DEFAULT_MIN_WORK == 1, "the help text says 1");
}

std::string HexOpeningsJob::derived_parameters() const {
    if (!m_params.store || m_digest_given) return {};
    return "store-digest = " + digest_text() + "\n";
}

void HexOpeningsJob::read_options(const po::variables_map& vm, int) {
    m_params.sizes = hexjob::parse_sizes(vm["sizes"].as<std::string>());
    const std::string misere = vm["misere"].as<std::string>();
    if (misere != "none" && !misere.empty()) {
        const auto m = parse_range(misere, "--misere");
        if (m.first < 1 || m.second > hex::MAX_BOARD_SIZE)
            throw UsageError("--misere must lie in 1..11 or be 'none', got " + misere);
        m_params.misere_min = static_cast<int>(m.first);
        m_params.misere_max = static_cast<int>(m.second);
    }
    m_params.copy_from = static_cast<int>(COPY_FROM.read(vm));
    m_params.node_limit = static_cast<std::uint64_t>(NODE_LIMIT.read(vm));
    m_params.tt_size_mib = static_cast<std::size_t>(TT_SIZE_MIB.read(vm));
    m_params.pause_nodes = static_cast<std::uint64_t>(PAUSE_NODES.read(vm));
    m_params.rules = hexjob::parse_rule_specs(vm["rules"].as<std::string>());
    m_params.misere_rules = hexjob::parse_misere_rules(vm["misere-rules"].as<std::string>());
    m_params.split_plies = static_cast<int>(SPLIT_PLIES.read(vm));
    m_params.misere_replies = vm.count("misere-replies") != 0 && vm["misere-replies"].as<bool>();
    m_params.split_keep_table =
        vm.count("split-keep-table") != 0 && vm["split-keep-table"].as<bool>();
    m_params.split = hexjob::parse_cell_names(vm["split"].as<std::string>(), "--split", "none");
    m_params.cells = hexjob::parse_cell_names(vm["cells"].as<std::string>(), "--cells", "all");
    read_store_options(vm);
    if (JOB_SEARCH.given(vm)) m_params.job_nodes = static_cast<std::uint64_t>(JOB_SEARCH.read(vm));
    if (SHARE_WINDOW.given(vm)) {
        if (const std::string why = SHARE_WINDOW.refusal(SHARE_WINDOW.read(vm)); !why.empty())
            throw UsageError(why);
        m_params.share_window = static_cast<std::size_t>(SHARE_WINDOW.read(vm));
    }
    check_job_search();
    if (m_params.split_keep_table && m_params.node_limit > 0)
        throw UsageError("--split-keep-table does not go with --node-limit (a leaf left unknown "
                         "within the limit would depend on the leaves solved before it)");
    // Task k is parts()[k]: the rows solved in table order, a split one's leaves in its place.
    try {
        m_work = std::make_unique<hexjob::OpeningTasks>(m_params);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

// The time of a run: solved_range.hpp.
MemoryNeed HexOpeningsJob::memory_need(int) const {
    MemoryNeed need = sized_table_need("--tt-size-mib", m_params.tt_size_mib,
                                       "the transposition table of each rank");
    if (m_params.node_limit > 0) {
        need.core_seconds = static_cast<double>(m_work->parts().size()) *
                            static_cast<double>(m_params.node_limit) / HEX_NODES_PER_SECOND;
        need.time_cause = "--node-limit " + std::to_string(m_params.node_limit) + " on " +
                          std::to_string(m_work->parts().size()) + " openings";
        return need;
    }
    int largest = 0;
    for (const hex::Shape& s : m_params.sizes)
        largest = std::max({largest, s.rows, s.cols});
    if (largest == HEX_LARGEST_SOLVED + 1)
        need.no_estimate = "--sizes with a board of side " + std::to_string(largest) +
                           " (this program has decided only a few 9x9 openings (parts/9x9), "
                           "the centre e5 in about 40 minutes of a core, and none of the hardest, "
                           "which took Pawlewicz and Hayward's parallel solver up to 111 days; "
                           "--node-limit N bounds each opening)";
    else if (largest > HEX_LARGEST_SOLVED)
        need.no_estimate = "--sizes with a board of side " + std::to_string(largest) +
                           " (no board past 9x9 has been solved by this program, nor every "
                           "opening of 9x9; --node-limit N bounds each opening)";
    else if (m_params.misere_max > HEX_LARGEST_SOLVED_MISERE)
        need.no_estimate = "--misere " + std::to_string(m_params.misere_max) +
                           " (no misere board past 6x6 has been "
                           "solved by this program; --node-limit N bounds each opening)";
    else if (largest == HEX_LARGEST_SOLVED) {
        // The square board only: the rectangles with a side of 8 (hex-large's 7x8, the first
        // player's loss on every opening) take seconds.
        std::size_t solved = 0;
        for (const std::uint64_t row : m_work->task_rows()) {
            const hexjob::Opening& o = m_work->rows()[row];
            solved += o.variant == hex::Variant::normal && o.shape.rows == HEX_LARGEST_SOLVED &&
                      o.shape.cols == HEX_LARGEST_SOLVED;
        }
        if (solved > 0) {
            need.core_seconds =
                HEX_8X8_SECONDS * static_cast<double>(solved) / static_cast<double>(HEX_8X8_SOLVED);
            need.time_cause = "--sizes with 8x8";
            if (solved != HEX_8X8_SOLVED)
                need.time_cause += " (" + std::to_string(solved) + " of its openings solved)";
        }
    }
    if (need.no_estimate.empty() && m_params.misere_replies)
        for (const std::uint64_t row : m_work->task_rows()) {
            const hexjob::Opening& o = m_work->rows()[row];
            if (o.variant != hex::Variant::misere || o.shape.rows != HEX_LARGEST_SOLVED_MISERE ||
                o.shape.cols != HEX_LARGEST_SOLVED_MISERE ||
                std::find(MISERE_6X6_LOSING.begin(), MISERE_6X6_LOSING.end(),
                          hex::cell_name(o.cell)) == MISERE_6X6_LOSING.end())
                continue;
            need.no_estimate = "--misere-replies with the 6x6 opening " + hex::cell_name(o.cell) +
                               " (the replies of the losing 6x6 openings e2, d3, b5 and c4 "
                               "have not been finished by this program: d3's first reply passed "
                               "85 million nodes)";
            break;
        }
    return need;
}

std::uint64_t HexOpeningsJob::task_count() const {
    return m_work->parts().size();
}

Split HexOpeningsJob::split() const {
    return m_params.job_nodes > 0 ? Split::collective : Split::queue;
}

void HexOpeningsJob::check_job_search() const {
    if (m_params.job_nodes == 0) return;
    for (const hexjob::RuleSpec& r : m_params.rules)
        if (r.rules.rules != hex::Rules::vc || r.rules.search != hex::Search::dfpn)
            throw UsageError(
                "--job-search needs vc rule sets with proof-number search (dfpn+vc...), got " +
                r.rules.name());
    const char* other = m_params.misere_max >= m_params.misere_min ? "--misere"
                        : !m_params.split.empty()                  ? "--split"
                        : m_params.store || recording()            ? "--store and --store-plies"
                        : m_params.misere_replies                  ? "--misere-replies"
                        : m_params.node_limit > 0
                            ? "--node-limit (where a search stops would depend on the timing)"
                            : nullptr;
    if (other) throw UsageError(std::string("--job-search does not go with ") + other);
}

void HexOpeningsJob::begin(TaskTables&) {
    if (m_params.job_nodes > 0) m_job_comm = std::make_unique<PrivateComm>(Comm(MPI_COMM_WORLD));
}

const QueuePolicy* HexOpeningsJob::queue_policy() const {
    return m_work.get();
}

std::vector<TaskSubset> HexOpeningsJob::subsets() {
    return {{"openings", "CELLS",
             "compute only these openings (a1,b2: column letter, row from 1), on every board and "
             "rule set, "
             "into the journal",
             [this](const std::string& text) { return tasks_of_cells(text); }}};
}

TaskTableSpec HexOpeningsJob::tables() const {
    TaskTableSpec spec{.tables = {&schema::openings::table, &schema::rule_counts::table,
                                  &schema::timings::table, &schema::splits::table}};
    // Only when asked for: old journals stay valid.
    if (m_params.misere_replies) spec.tables.push_back(&schema::replies::table);
    if (recording()) spec.tables.push_back(&schema::store_records::table);
    return spec;
}

TaskStatus HexOpeningsJob::compute(std::uint64_t task, TaskTables& out, TaskContext& context) {
    hexjob::SearchHooks hooks{
        .saved = context.saved_state(),
        .stop_requested = [&] { return context.stop_requested(); },
        .state_due = [&] { return context.state_due(); },
        .save = [&](std::span<const std::byte> state,
                    bool full) { context.save_state(state, full); },
        .set_verdict = [&](std::uint64_t verdict) { context.set_verdict(verdict); },
        .note = [&](const std::string& text) { context.note(text); }};
    if (m_params.job_nodes > 0) return compute_job_search(task, out, hooks);
    LocalTable* records = recording() ? &out.table(schema::store_records::table) : nullptr;
    LocalTable* replies = m_params.misere_replies ? &out.table(schema::replies::table) : nullptr;
    return m_work->run_task(task, out.table(schema::openings::table),
                            out.table(schema::rule_counts::table),
                            out.table(schema::timings::table), out.table(schema::splits::table),
                            &hooks, records, replies)
               ? TaskStatus::done
               : TaskStatus::stopped;
}

void HexOpeningsJob::finish(JobResults& results) {
    LocalTable& openings = results.table(schema::openings::table);
    LocalTable& counts = results.table(schema::rule_counts::table);
    LocalTable& timings = results.table(schema::timings::table);
    LocalTable& splits = results.table(schema::splits::table);
    const std::vector<std::uint64_t> leaves =
        results.comm().gather(m_work->encode_leaves(counts, timings, splits));
    splits = schema::splits::table.make();
    if (results.comm().is_root())
        m_work->append_split_rows(leaves, openings, counts, timings, splits);
    results.write(schema::openings::table);
    LocalTable whole_counts = m_work->strip_leaf_blocks(schema::rule_counts::table, counts);
    results.write(schema::rule_counts::table, whole_counts);
    LocalTable whole_timings = m_work->strip_leaf_blocks(schema::timings::table, timings);
    results.write(schema::timings::table, whole_timings);
    results.write(schema::splits::table);
    if (m_params.misere_replies) results.write(schema::replies::table);
    // The positions proved, from every rank to rank 0: one row per position, sorted.
    if (!recording()) return;
    const std::vector<std::uint64_t> records =
        results.comm().gather(hexjob::encode_records(results.table(schema::store_records::table)));
    LocalTable store =
        results.comm().is_root() ? hexjob::store_table(records) : schema::store::table.make();
    results.write(schema::store::table, store);
}

void HexOpeningsJob::read_store_options(const po::variables_map& vm) {
    if (STORE_MIN_WORK.given(vm) && !STORE_PLIES.given(vm))
        throw UsageError("--store-min-work needs --store-plies");
    if (STORE_PLIES.given(vm)) m_params.store_plies = static_cast<int>(STORE_PLIES.read(vm));
    if (STORE_MIN_WORK.given(vm))
        m_params.store_min_work = static_cast<std::uint32_t>(STORE_MIN_WORK.read(vm));
    m_params.store.reset();
    m_digest_given = false;
    if (!vm.count("store")) {
        if (vm.count("store-digest")) throw UsageError("--store-digest needs --store");
        return;
    }
    std::string spaced = vm["store"].as<std::string>();
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    std::vector<std::string> paths;
    for (std::string path; in >> path;)
        paths.push_back(path);
    if (paths.empty()) throw UsageError("--store is empty: name result files with a store table");
    try {
        hexjob::LoadedStore loaded = hexjob::load_store(paths);
        m_params.store = std::move(loaded.store);
        m_store_digest = loaded.digest;
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    m_digest_given = vm.count("store-digest") > 0;
    if (m_digest_given && vm["store-digest"].as<std::string>() != digest_text())
        throw UsageError("--store-digest: the --store files have the digest " + digest_text() +
                         ", not " + vm["store-digest"].as<std::string>() +
                         " (they changed since the run it names)");
}

std::string HexOpeningsJob::digest_text() const {
    char digest[32];
    std::snprintf(digest, sizeof digest, "%016llx",
                  static_cast<unsigned long long>(m_store_digest));
    return std::string(digest) + " (" + std::to_string(m_params.store->entries().size()) +
           " positions)";
}

bool HexOpeningsJob::recording() const {
    return m_params.store_plies >= 0;
}

std::vector<std::uint64_t> HexOpeningsJob::tasks_of_cells(const std::string& text) const {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    const std::vector<hexjob::Opening>& rows = m_work->rows();
    std::vector<std::uint64_t> out;
    for (std::string name; in >> name;) {
        for (char& c : name)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        bool found = false;
        for (std::uint64_t row = 0; row < rows.size(); ++row)
            if (hex::cell_name(rows[row].cell) == name) {
                found = true;
                for (std::uint64_t t : m_work->tasks_of_row(row))
                    out.push_back(t);
            }
        if (!found)
            throw UsageError("--openings: '" + name + "' is not a cell of the boards of this run");
    }
    // Every opening named is split and decided by the analysis of its split's tree: nothing
    // to search (the run that writes the file, or cgt-merge of its parts, writes its row).
    if (out.empty())
        throw UsageError("--openings " + text +
                         ": decided by the analysis of its split (--split) on every board of this "
                         "run: no task to run (the whole run, or cgt-merge of its parts, writes "
                         "its row)");
    return out;
}

TaskStatus HexOpeningsJob::compute_job_search(std::uint64_t task, TaskTables& out,
                                              hexjob::SearchHooks& hooks) {
    const std::uint64_t row = m_work->parts().at(task).row;
    const hexjob::Opening& o = m_work->rows()[row];
    const Comm& comm = *m_job_comm;
    if (!comm.is_root())
        return hexjob::serve_job_search(comm, o.shape, o.rules, m_params.tt_size_mib,
                                        m_params.pause_nodes, hooks)
                   ? TaskStatus::done
                   : TaskStatus::stopped;
    LocalTable& table = out.table(schema::openings::table);
    LocalTable& timings = out.table(schema::timings::table);
    if (o.shape.rows == 1) { // the opening connects: no tree to search
        hexjob::end_job_search(comm, false);
        return m_work->run(row, table, &out.table(schema::rule_counts::table), &timings)
                   ? TaskStatus::done
                   : TaskStatus::stopped;
    }
    const auto start = std::chrono::steady_clock::now();
    hex::JobSearchOptions options;
    options.job_nodes = m_params.job_nodes;
    options.share_window = m_params.share_window;
    const hexjob::JobSearchRun r = hexjob::master_job_search(
        comm, o.shape, o.rules, hex::SplitPosition::after(o.shape, {o.cell}), options,
        m_params.tt_size_mib, m_params.pause_nodes, hooks);
    if (r.stopped) return TaskStatus::stopped;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m_work->append_job_search_row(row, hex::negate(r.outcome), r.nodes_run, seconds, table,
                                  timings);
    return TaskStatus::done;
}

} // namespace cgt::jobs::hex_openings
