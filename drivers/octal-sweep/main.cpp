// cgt-octal-sweep: whole families of subtraction and octal games across MPI ranks. Each game
// is analysed to a heap bound (Grundy values, period with its proof or "not yet periodic up
// to N"); a dynamic task queue spreads games of very different cost, and the rows go to one
// HDF5 table in enumeration order (octal_sweep_schema.hpp).
#include "common/job.hpp"
#include "octal-sweep/octal_sweep_job.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"

#include <algorithm>
#include <memory>

using namespace cgt;
using namespace cgt::common;
namespace sweep = jobs::octal_sweep;

namespace {
// Heaps are 32-bit; 2^28 heaps already hold 1 GiB of values per game.
constexpr long MAX_HEAP_LIMIT = 1L << 28;

long ranged(const po::variables_map& vm, const std::string& name, long low, long high) {
    const long value = vm[name].as<long>();
    if (value < low || value > high)
        throw UsageError("--" + name + " must be " + std::to_string(low) + ".." + std::to_string(high) +
                         ", got " + std::to_string(value));
    return value;
}

class OctalSweepJob : public Job {
public:
    JobInfo info() const override {
        return {.program = "cgt-octal-sweep",
                .summary = "Analyses whole families of heap games: every subtraction set S of {1..K} and every octal\n"
                           "code of up to D digits (d0 = 0 or 4), plus listed games; per game the Grundy values, and\n"
                           "the preperiod and period proven by the Guy-Smith bound (or a repeated window for\n"
                           "subtraction games), or 'not yet periodic up to N'.",
                .example = "mpiexec -n 2 cgt-octal-sweep --subtraction-max 12 --octal-digits 3 --max-heap 16384 "
                           "--games '.16 .127' --out results/octal-sweep.h5",
                .default_out = "octal-sweep.h5"};
    }
    void add_options(Options& options) override {
        options.add()("subtraction-max", po::value<long>()->default_value(12),
                      "K: every non-empty subtraction set S of {1..K} (0..20; 0: none)")(
            "misere", po::value<bool>()->default_value(false)->implicit_value(true),
            "also every such S in misere play")(
            "octal-digits", po::value<long>()->default_value(3),
            "D: every octal code d0.d1..dD with d0 = 0 or 4 (0..5; 0: none)")(
            "games", po::value<std::string>()->default_value(""),
            "more games, analysed first to --listed-max-heap: blank-separated octal codes (.16) or "
            "subtraction sets (1,3,4; 1,2:misere)")(
            "max-heap", po::value<long>()->default_value(16384), "heap bound of the families")(
            "split-max-heap", po::value<long>()->default_value(0),
            "family games still valued by the rare/common split at --max-heap go on to this bound (0: off)")(
            "listed-max-heap", po::value<long>()->default_value(1L << 25), "heap bound of the --games")(
            "stored-values", po::value<long>()->default_value(32), "values G(0..) kept per game (first_values)");
    }
    void read_options(const po::variables_map& vm, int) override {
        m_params.subtraction_max = static_cast<unsigned>(ranged(vm, "subtraction-max", 0, sweep::MAX_SUBTRACTION));
        m_params.misere = vm["misere"].as<bool>();
        m_params.octal_digits = static_cast<unsigned>(ranged(vm, "octal-digits", 0, sweep::MAX_OCTAL_DIGITS));
        m_params.max_heap = static_cast<impartial::Heap>(ranged(vm, "max-heap", 0, MAX_HEAP_LIMIT));
        m_params.split_max_heap = static_cast<impartial::Heap>(ranged(vm, "split-max-heap", 0, MAX_HEAP_LIMIT));
        m_params.listed_max_heap = static_cast<impartial::Heap>(ranged(vm, "listed-max-heap", 0, MAX_HEAP_LIMIT));
        m_params.stored_values = static_cast<unsigned>(ranged(vm, "stored-values", 0, 100000));
        m_params.listed = sweep::parse_games(vm["games"].as<std::string>());
        if (m_params.listed.empty() && m_params.subtraction_max == 0 && m_params.octal_digits == 0)
            throw UsageError("no games: set --subtraction-max, --octal-digits or --games");
        m_games = sweep::enumerate_games(m_params);
        m_starts = sweep::plan_tasks(m_games);
    }
    std::uint64_t task_count() const override { return m_starts.size() - 1; }
    // Games differ in cost by orders of magnitude: rank 0's queue hands them out.
    Split split() const override { return Split::queue; }
    std::vector<TaskSubset> subsets() override {
        return {{"codes", "GAMES",
                 "compute only the tasks of these games (.16,.354 or 1,3,4 as in --games), into the journal",
                 [this](const std::string& text) { return tasks_of_games(text); }}};
    }
    TaskTableSpec tables() const override {
        return {.tables = {&sweep::schema::games::table, &sweep::schema::sequences::table}};
    }
    void begin(TaskTables&) override { m_rows = std::make_unique<sweep::GameRows>(m_params, m_games); }
    TaskStatus compute(std::uint64_t task, TaskTables& out, TaskContext&) override {
        out.table(0).begin_block(task);
        out.table(1).begin_block(task);
        m_rows->compute(m_starts[task], m_starts[task + 1], out.table(0), out.table(1));
        return TaskStatus::done;
    }
    void finish(JobResults& results) override {
        results.write(0);
        results.write(1);
    }

private:
    // The tasks holding every game named in `text` (games may be separated by commas too:
    // a subtraction set then needs braces, {1,3,4}).
    std::vector<std::uint64_t> tasks_of_games(const std::string& text) const {
        std::string spaced = text;
        for (std::size_t i = 0, depth = 0; i < spaced.size(); ++i) {
            if (spaced[i] == '{') ++depth;
            if (spaced[i] == '}' && depth > 0) --depth;
            if (spaced[i] == ',' && depth == 0 && i + 1 < spaced.size() && spaced[i + 1] == '.') spaced[i] = ' ';
        }
        std::vector<std::uint64_t> out;
        for (const impartial::OctalGame& wanted : sweep::parse_games(spaced)) {
            bool found = false;
            for (std::uint64_t i = 0; i < m_games.size(); ++i) {
                if (m_games[i].game.name() != wanted.name()) continue;
                found = true;
                out.push_back(static_cast<std::uint64_t>(std::upper_bound(m_starts.begin(), m_starts.end(), i) -
                                                         m_starts.begin() - 1));
            }
            if (!found) throw UsageError("--codes: " + wanted.name() + " is not among the games of this run");
        }
        return out;
    }

    sweep::Params m_params;
    std::vector<sweep::SweepGame> m_games;
    std::vector<std::uint64_t> m_starts;
    std::unique_ptr<sweep::GameRows> m_rows;
};

} // namespace

int main(int argc, char* argv[]) { return run_job<OctalSweepJob>(argc, argv); }
