#include "nim/nim_job.hpp"

using namespace cgt;
using namespace cgt::common;
namespace schema = jobs::nim::schema;

namespace cgt::jobs::nim {

namespace {
const WholeOption HEAPS{
    .name = "heaps", .default_value = 3, .min = 1, .max = 16, .meaning = "K: heaps per position"};
const WholeOption MAX_HEAP{.name = "max-heap",
                           .default_value = 8,
                           .min = 0,
                           .max = 1'000'000,
                           .meaning = "H: largest heap size"};
} // namespace

JobInfo NimJob::info() const {
    return {
        .program = "cgt-nim",
        .summary =
            "Values every position of K heaps of size <= H by the XOR (Sprague-Grundy) rule\n"
            "and checks each against a value-free win/loss search.",
        .example =
            "mpiexec -n 2 cgt-nim --games 'nim 1,3,4' --heaps 3 --max-heap 8 --out results/nim.h5",
        .default_out = "nim.h5",
        .progress_label = "cgt-nim positions"};
}

void NimJob::add_options(Options& options) {
    options.add()("games", po::value<std::string>()->default_value("nim 1,3,4"),
                  "games, blank-separated: nim, or a subtraction set such as 1,3,4");
    options.add(HEAPS);
    options.add(MAX_HEAP);
}

void NimJob::read_options(const po::variables_map& vm, int) {
    m_params.games = jobs::nim::parse_games(vm["games"].as<std::string>());
    m_params.heaps = static_cast<unsigned>(HEAPS.read(vm));
    m_params.max_heap = static_cast<std::uint32_t>(MAX_HEAP.read(vm));
    m_total = m_params.games.size() * jobs::nim::positions_per_game(m_params);
}

std::uint64_t NimJob::task_count() const {
    return (m_total + TASK_ROWS - 1) / TASK_ROWS;
}

MemoryNeed NimJob::memory_need(int ranks) const {
    const double rows = static_cast<double>(m_total);
    return linear_need("--heaps " + std::to_string(m_params.heaps) + " --max-heap " +
                           std::to_string(m_params.max_heap),
                       "a row for each position", rows / ranks, 290, rows * m_params.max_heap,
                       1.1e7, 25e6);
}

Split NimJob::split() const {
    return Split::blocks;
}

TaskTableSpec NimJob::tables() const {
    return {.tables = {&schema::positions::table}};
}

std::uint64_t NimJob::task_units(std::uint64_t task) const {
    return std::min(m_total, (task + 1) * TASK_ROWS) - task * TASK_ROWS;
}

void NimJob::begin(TaskTables&) {
    m_rows = std::make_unique<jobs::nim::PositionRows>(m_params);
}

TaskStatus NimJob::compute(std::uint64_t task, TaskTables& out, TaskContext&) {
    LocalTable& positions = out.table(schema::positions::table);
    positions.begin_block(task);
    m_rows->compute(task * TASK_ROWS, std::min(m_total, (task + 1) * TASK_ROWS), positions);
    return TaskStatus::done;
}

void NimJob::finish(JobResults& results) {
    results.write(schema::positions::table);
    LocalTable values = schema::values::table.make(); // small: rank 0 writes all of it
    if (results.comm().is_root()) {
        values.begin_block(0);
        jobs::nim::compute_values(m_params, values);
    }
    results.write(schema::values::table, values);
}

} // namespace cgt::jobs::nim
