// cgt-hex-openings: every first move of Hex on the board sizes asked for, solved across MPI
// ranks (one opening per task of the dynamic queue: openings differ in cost by 100x), with
// each rule set asked for and in misere Hex, written to one HDF5 table in enumeration order,
// with a table of what each rule did per opening and one of the seconds each took
// (openings_schema.hpp).
#include "common/job.hpp"
#include "hex-openings/openings_job.hpp"
#include "hex-openings/openings_schema.hpp"
#include "hex/board.hpp"

#include <algorithm>
#include <memory>
#include <sstream>

using namespace cgt;
using namespace cgt::common;
namespace hexjob = jobs::hex_openings;
namespace schema = hexjob::schema;

namespace {

class HexOpeningsJob : public Job {
public:
    JobInfo info() const override {
        return {.program = "cgt-hex-openings",
                .summary = "Solves every opening of n x n Hex (win or loss for the first player) with the\n"
                           "article's rule sets or virtual connections (vc), and of misere Hex, one opening\n"
                           "per task across the ranks.",
                .example = "mpiexec -n 2 cgt-hex-openings --sizes 1-5 --rules 'rule1+2+distance plain@4' "
                           "--misere 2-4 --out results/hex-openings.h5",
                .default_out = "hex-openings.h5",
                .progress_label = "cgt-hex-openings openings"};
    }
    void add_options(Options& options) override {
        options.add()("sizes", po::value<std::string>()->default_value("1-5"),
                      "boards of normal Hex, blank- or comma-separated: N (N x N), a range A-B of "
                      "squares, or WxH (W columns, H rows, as Benzene's boardsize W H: 6x7 has 7 rows "
                      "and red, joining top and bottom, the farther sides); sides 1..11")(
            "rules", po::value<std::string>()->default_value("rule1+2+distance"),
            "rule sets for normal Hex, blank-separated: plain, rule1, rule1+2 or vc, each optionally "
            "+history or +distance (move order), vc also with dfpn+ (proof-number search), +inferior "
            "(fill-in, dominated moves) and +proof (proof sets), and @N to stop at boards with a side over N (plain@4, "
            "dfpn+vc+inferior+proof)")(
            "misere", po::value<std::string>()->default_value("none"),
            "board sizes of misere Hex (connecting loses), a range or 'none'")(
            "misere-rules", po::value<std::string>()->default_value("plain"),
            "rule set for misere Hex: plain, plain+history or plain+distance")(
            "copy-from", po::value<long>()->default_value(5),
            "boards with a side this long or longer solve one opening of each 180-degree pair and copy "
            "the other")(
            "node-limit", po::value<long>()->default_value(0),
            "nodes per opening before its result is 'unknown' (0: no limit)")(
            "tt-size-mib", po::value<long>()->default_value(64), "transposition table per rank, MiB (1..65536)");
    }
    void read_options(const po::variables_map& vm, int) override {
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
        if (tt < 1 || tt > 65536) throw UsageError("--tt-size-mib must be 1..65536, got " + std::to_string(tt));
        m_params.copy_from = static_cast<int>(copy);
        m_params.node_limit = static_cast<std::uint64_t>(limit);
        m_params.tt_size_mib = static_cast<std::size_t>(tt);
        m_params.rules = hexjob::parse_rule_specs(vm["rules"].as<std::string>());
        m_params.misere_rules = hexjob::parse_misere_rules(vm["misere-rules"].as<std::string>());
        // Task k solves the k-th row that is solved (not copied), in table order.
        m_solved = hexjob::tasks(hexjob::enumerate(m_params));
        std::sort(m_solved.begin(), m_solved.end());
    }
    MemoryNeed memory_need(int) const override {
        return sized_table_need("--tt-size-mib", m_params.tt_size_mib, "the transposition table of each rank");
    }
    std::uint64_t task_count() const override { return m_solved.size(); }
    Split split() const override { return Split::queue; }
    // Heaviest first (hexjob::tasks), so that the long openings start first.
    std::vector<std::uint64_t> dispatch_order() const override {
        std::vector<std::uint64_t> order;
        for (std::uint64_t row : hexjob::tasks(hexjob::enumerate(m_params)))
            order.push_back(task_of_row(row));
        return order;
    }
    std::vector<TaskSubset> subsets() override {
        return {{"openings", "CELLS",
                 "compute only these openings (a1,b2: column letter, row from 1), on every board and rule set, "
                 "into the journal",
                 [this](const std::string& text) { return tasks_of_cells(text); }}};
    }
    TaskTableSpec tables() const override {
        return {.tables = {&schema::openings::table, &schema::rule_counts::table, &schema::timings::table}};
    }
    void begin(TaskTables&) override { m_work = std::make_unique<hexjob::OpeningTasks>(m_params); }
    TaskStatus compute(std::uint64_t task, TaskTables& out, TaskContext&) override {
        m_work->run(m_solved.at(task), out.table(0), &out.table(1), &out.table(2));
        return TaskStatus::done;
    }
    void finish(JobResults& results) override {
        results.write(0);
        results.write(1);
        results.write(2);
    }

private:
    std::uint64_t task_of_row(std::uint64_t row) const {
        return static_cast<std::uint64_t>(std::lower_bound(m_solved.begin(), m_solved.end(), row) - m_solved.begin());
    }
    std::vector<std::uint64_t> tasks_of_cells(const std::string& text) const {
        std::string spaced = text;
        std::replace(spaced.begin(), spaced.end(), ',', ' ');
        std::istringstream in(spaced);
        const std::vector<hexjob::Opening> rows = hexjob::enumerate(m_params);
        std::vector<std::uint64_t> out;
        for (std::string name; in >> name;) {
            for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            bool found = false;
            for (const hexjob::Opening& o : rows)
                if (hex::cell_name(o.cell) == name) {
                    found = true;
                    out.push_back(task_of_row(o.source));
                }
            if (!found) throw UsageError("--openings: '" + name + "' is not a cell of the boards of this run");
        }
        return out;
    }

    hexjob::Params m_params;
    std::vector<std::uint64_t> m_solved; // rows solved, ascending: task k solves m_solved[k]
    std::unique_ptr<hexjob::OpeningTasks> m_work;
};

} // namespace

int main(int argc, char* argv[]) { return run_job<HexOpeningsJob>(argc, argv); }
