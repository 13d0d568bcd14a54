// cgt-nim: Sprague-Grundy sums across MPI ranks. Every position of K heaps of size <= H of
// each game is valued by the XOR rule, checked by a value-free search, and written to one
// HDF5 table in enumeration order. Tasks are runs of 4096 positions in contiguous blocks.
#include "common/runtime/job.hpp"
#include "nim/nim_rows.hpp"
#include "nim/nim_schema.hpp"

#include <memory>

using namespace cgt;
using namespace cgt::common;
namespace schema = jobs::nim::schema;

namespace {

class NimJob : public Job {
public:
    JobInfo info() const override {
        return {.program = "cgt-nim",
                .summary = "Values every position of K heaps of size <= H by the XOR (Sprague-Grundy) rule\n"
                           "and checks each against a value-free win/loss search.",
                .example = "mpiexec -n 2 cgt-nim --games 'nim 1,3,4' --heaps 3 --max-heap 8 --out results/nim.h5",
                .default_out = "nim.h5",
                .progress_label = "cgt-nim positions"};
    }
    static constexpr std::uint64_t TASK_ROWS = 4096;

    void add_options(Options& options) override {
        options.add()("games", po::value<std::string>()->default_value("nim 1,3,4"),
                      "games, blank-separated: nim, or a subtraction set such as 1,3,4")(
            "heaps", po::value<long>()->default_value(3), "K: heaps per position (1..16)")(
            "max-heap", po::value<long>()->default_value(8), "H: largest heap size (>= 0)");
    }
    void read_options(const po::variables_map& vm, int) override {
        const long k = vm["heaps"].as<long>(), h = vm["max-heap"].as<long>();
        if (k < 1 || k > 16) throw UsageError("--heaps must be 1..16, got " + std::to_string(k));
        if (h < 0 || h > 1'000'000) throw UsageError("--max-heap must be 0..1000000, got " + std::to_string(h));
        m_params.games = jobs::nim::parse_games(vm["games"].as<std::string>());
        m_params.heaps = static_cast<unsigned>(k);
        m_params.max_heap = static_cast<std::uint32_t>(h);
        m_total = m_params.games.size() * jobs::nim::positions_per_game(m_params);
    }
    std::uint64_t task_count() const override { return (m_total + TASK_ROWS - 1) / TASK_ROWS; }
    // Every rank holds the rows of its positions until the write. Measured peaks, 2 games of
    // 3 heaps: 47.5 MB for --max-heap 60 (79,422 rows), 192.7 MB for 120 (605,242 rows), and
    // 108 to 111 MB on each of 2 ranks: 283 bytes a row and 24.5 MB; 0.40 and 6.52 s CPU, about
    // 9e-8 s per row and heap size.
    MemoryNeed memory_need(int ranks) const override {
        const double rows = static_cast<double>(m_total);
        return linear_need("--heaps " + std::to_string(m_params.heaps) + " --max-heap " + std::to_string(m_params.max_heap),
                           "a row for each position", rows / ranks, 290, rows * m_params.max_heap, 1.1e7, 25e6);
    }
    Split split() const override { return Split::blocks; }
    TaskTableSpec tables() const override { return {.tables = {&schema::positions::table}}; }
    std::uint64_t task_units(std::uint64_t task) const override {
        return std::min(m_total, (task + 1) * TASK_ROWS) - task * TASK_ROWS;
    }
    void begin(TaskTables&) override { m_rows = std::make_unique<jobs::nim::PositionRows>(m_params); }
    TaskStatus compute(std::uint64_t task, TaskTables& out, TaskContext&) override {
        LocalTable& positions = out.table(0);
        positions.begin_block(task);
        m_rows->compute(task * TASK_ROWS, std::min(m_total, (task + 1) * TASK_ROWS), positions);
        return TaskStatus::done;
    }
    void finish(JobResults& results) override {
        results.write(0);
        LocalTable values = schema::values::table.make(); // small: rank 0 writes all of it
        if (results.comm().is_root()) {
            values.begin_block(0);
            jobs::nim::compute_values(m_params, values);
        }
        results.write(schema::values::table, values);
    }

private:
    jobs::nim::Params m_params;
    std::uint64_t m_total = 0;
    std::unique_ptr<jobs::nim::PositionRows> m_rows;
};

} // namespace

int main(int argc, char* argv[]) { return run_job<NimJob>(argc, argv); }
