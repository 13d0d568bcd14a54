#include "hex-openings/openings_job.hpp"

using namespace cgt;
using namespace cgt::common;
namespace hexjob = jobs::hex_openings;
namespace schema = hexjob::schema;

namespace cgt::jobs::hex_openings {

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
        "rule set for misere Hex: plain, plain+history or plain+distance")(
        "copy-from", po::value<long>()->default_value(5),
        "boards with a side this long or longer solve one opening of each 180-degree pair and copy "
        "the other")("node-limit", po::value<long>()->default_value(0),
                     "nodes per opening before its result is 'unknown' (0: no limit)")(
        "tt-size-mib", po::value<long>()->default_value(64),
        "transposition table per rank, MiB (1..65536)")(
        "pause-nodes", po::value<long>()->default_value(1 << 14),
        "the proof-number search of a vc opening returns to its root every this many nodes, where "
        "a "
        "long opening saves its search (every --journal-every seconds) and a stop takes effect; "
        "part "
        "of the search, as the rule set: another value gives other node counts (1..2^40)")(

        "cells", po::value<std::string>()->default_value("all"),
        "only the openings at these cells (g2,e4: column letter, row from 1), on every board, each "
        "solved "
        "(none copied): a result file of those rows alone, e.g. to time one opening; 'all'")(
        "split", po::value<std::string>()->default_value("none"),
        "openings solved as many tasks (g2,e4: column letter, row from 1, on every board; a copied "
        "cell splits "
        "its partner): the positions --split-plies moves later, pruned as the search prunes, each "
        "a task of "
        "the queue, combined by negamax (the splits table); 'none'")(
        "split-plies", po::value<long>()->default_value(1),
        "how many moves after a split opening its tasks start (1..3: 1 = every reply a task)");
    // No default values: a run without a store has the parameters (and journal) of one
    // before the store existed.
    options.add()(
        "store", po::value<std::string>(),
        "result files of earlier runs (blank- or comma-separated) whose store tables of proven "
        "positions the vc searches read before analysing a position (facts about positions: the "
        "results are those without it, with fewer nodes); their digest joins the parameters. "
        "Default: none")("store-plies", po::value<long>(),
                         "write a store table of the positions the vc openings prove at most this "
                         "many moves after the "
                         "opening (0..12; 0: the opening's own position), for --store of a later "
                         "run. Default: none")("store-min-work", po::value<long>(),
                                               "with --store-plies, only positions whose proof "
                                               "analysed at least this many positions below "
                                               "them (1..2^32-1). Default: 1, every position (a "
                                               "lookup costs far less than the analysis it saves)")(
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
    const long copy = vm["copy-from"].as<long>(), limit = vm["node-limit"].as<long>(),
               tt = vm["tt-size-mib"].as<long>();
    if (copy < 1) throw UsageError("--copy-from must be >= 1, got " + std::to_string(copy));
    if (limit < 0) throw UsageError("--node-limit must be >= 0, got " + std::to_string(limit));
    if (tt < 1 || tt > 65536)
        throw UsageError("--tt-size-mib must be 1..65536, got " + std::to_string(tt));
    m_params.copy_from = static_cast<int>(copy);
    m_params.node_limit = static_cast<std::uint64_t>(limit);
    m_params.tt_size_mib = static_cast<std::size_t>(tt);
    const long pause = vm["pause-nodes"].as<long>();
    if (pause < 1 || pause > (1L << 40))
        throw UsageError("--pause-nodes must be 1..2^40, got " + std::to_string(pause));
    m_params.pause_nodes = static_cast<std::uint64_t>(pause);
    m_params.rules = hexjob::parse_rule_specs(vm["rules"].as<std::string>());
    m_params.misere_rules = hexjob::parse_misere_rules(vm["misere-rules"].as<std::string>());
    const long plies = vm["split-plies"].as<long>();
    if (plies < 1 || plies > 3)
        throw UsageError("--split-plies must be 1..3, got " + std::to_string(plies));
    m_params.split_plies = static_cast<int>(plies);
    m_params.split = hexjob::parse_cell_names(vm["split"].as<std::string>(), "--split", "none");
    m_params.cells = hexjob::parse_cell_names(vm["cells"].as<std::string>(), "--cells", "all");
    read_store_options(vm);
    // Task k is parts()[k]: the rows solved in table order, a split one's leaves in its place.
    try {
        m_work = std::make_unique<hexjob::OpeningTasks>(m_params);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

MemoryNeed HexOpeningsJob::memory_need(int) const {
    return sized_table_need("--tt-size-mib", m_params.tt_size_mib,
                            "the transposition table of each rank");
}

std::uint64_t HexOpeningsJob::task_count() const {
    return m_work->parts().size();
}

Split HexOpeningsJob::split() const {
    return Split::queue;
}

std::vector<std::uint64_t> HexOpeningsJob::dispatch_order() const {
    return m_work->dispatch_order();
}

bool HexOpeningsJob::skips_tasks() const {
    return m_work->skips();
}

bool HexOpeningsJob::task_needed(std::uint64_t task, const TaskVerdicts& verdicts) const {
    return m_work->task_needed(task, verdicts);
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
    if (recording())
        spec.tables.push_back(&schema::store_records::table); // only then: old journals stay valid
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
    return m_work->run_task(task, out.table(0), out.table(1), out.table(2), out.table(3), &hooks,
                            recording() ? &out.table(4) : nullptr)
               ? TaskStatus::done
               : TaskStatus::stopped;
}

void HexOpeningsJob::finish(JobResults& results) {
    const std::vector<std::uint64_t> leaves = results.comm().gather(
        m_work->encode_leaves(results.table(1), results.table(2), results.table(3)));
    results.table(3) = schema::splits::table.make();
    if (results.comm().is_root())
        m_work->append_split_rows(leaves, results.table(0), results.table(1), results.table(2),
                                  results.table(3));
    results.write(0);
    LocalTable counts = m_work->strip_leaf_blocks(schema::rule_counts::table, results.table(1));
    results.write(schema::rule_counts::table, counts);
    LocalTable timings = m_work->strip_leaf_blocks(schema::timings::table, results.table(2));
    results.write(schema::timings::table, timings);
    results.write(3);
    // The positions proved, from every rank to rank 0: one row per position, sorted.
    if (!recording()) return;
    const std::vector<std::uint64_t> records =
        results.comm().gather(hexjob::encode_records(results.table(4)));
    LocalTable store =
        results.comm().is_root() ? hexjob::store_table(records) : schema::store::table.make();
    results.write(schema::store::table, store);
}

void HexOpeningsJob::read_store_options(const po::variables_map& vm) {
    if (vm.count("store-min-work") && !vm.count("store-plies"))
        throw UsageError("--store-min-work needs --store-plies");
    if (vm.count("store-plies")) {
        const long plies = vm["store-plies"].as<long>();
        if (plies < 0 || plies > 12)
            throw UsageError("--store-plies must be 0..12, got " + std::to_string(plies));
        m_params.store_plies = static_cast<int>(plies);
    }
    if (vm.count("store-min-work")) {
        const long work = vm["store-min-work"].as<long>();
        if (work < 1 || work > 0xffffffffL)
            throw UsageError("--store-min-work must be 1..2^32-1, got " + std::to_string(work));
        m_params.store_min_work = static_cast<std::uint32_t>(work);
    }
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
    return out;
}

} // namespace cgt::jobs::hex_openings
