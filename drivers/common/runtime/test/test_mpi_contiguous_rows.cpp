#include "common/runtime/contiguous_rows.hpp"
#include "common/plumbing/partition.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace cgt::common;

namespace {
const Comm& world() {
    static const Comm comm(MPI_COMM_WORLD);
    return comm;
}
int world_rank() { return world().rank(); }
int world_size() { return world().size(); }
}

TEST_CASE("ContiguousRows: rows dealt round-robin end up as each rank's run of the global order", "[mpi]") {
    // 40 tasks of 0..6 rows each (task t has t % 7 rows), dealt round-robin; row j of task t
    // is global row offset(t) + j and carries it in every column type.
    std::vector<std::uint64_t> task_offset(41, 0);
    for (std::uint64_t t = 0; t < 40; ++t) task_offset[t + 1] = task_offset[t] + t % 7;
    const std::uint64_t total = task_offset[40];
    LocalTable table;
    auto& i64 = table.add_column<std::int64_t>("signed");
    auto& text = table.add_column<std::string>("text");
    auto& u8 = table.add_column<std::uint8_t>("small");
    auto& real = table.add_column<double>("real");
    for (std::uint64_t t = static_cast<std::uint64_t>(world_rank()); t < 40; t += static_cast<std::uint64_t>(world_size())) {
        table.begin_block(t);
        for (std::uint64_t j = 0; j < t % 7; ++j) {
            const std::uint64_t g = task_offset[t] + j;
            i64.push_back(-static_cast<std::int64_t>(g));
            text.push_back(std::string(g % 5, 'x') + std::to_string(g));
            u8.push_back(static_cast<std::uint8_t>(g % 256));
            real.push_back(0.5 * static_cast<double>(g));
        }
    }
    make_rows_contiguous(world(), table);
    const Range mine = block_range(total, static_cast<std::uint64_t>(world_size()), static_cast<std::uint64_t>(world_rank()));
    REQUIRE(table.rows() == mine.size());
    std::vector<std::uint64_t> order; // local rows in the order of their blocks' keys
    if (world_size() == 1) {
        CHECK(table.blocks().size() == 40); // left as it is: a block per task
        auto blocks = table.blocks();
        std::sort(blocks.begin(), blocks.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
        for (const auto& b : blocks)
            for (std::uint64_t r = 0; r < b.rows; ++r) order.push_back(b.first_row + r);
    } else {
        REQUIRE(table.blocks().size() == 1);
        CHECK(table.blocks()[0].key == static_cast<std::uint64_t>(world_rank()));
        CHECK(table.blocks()[0].first_row == 0);
        CHECK(table.blocks()[0].rows == mine.size());
        for (std::uint64_t r = 0; r < mine.size(); ++r) order.push_back(r);
    }
    for (std::uint64_t k = 0; k < mine.size(); ++k) {
        const std::uint64_t g = mine.begin + k, i = order[k];
        CHECK(table.column<std::int64_t>("signed")[i] == -static_cast<std::int64_t>(g));
        CHECK(table.column<std::string>("text")[i] == std::string(g % 5, 'x') + std::to_string(g));
        CHECK(table.column<std::uint8_t>("small")[i] == g % 256);
        CHECK(table.column<double>("real")[i] == 0.5 * static_cast<double>(g));
    }
    // The columns keep their order.
    CHECK(table.columns()[1].name == "text");
}

TEST_CASE("ContiguousRows: an empty table stays empty", "[mpi]") {
    LocalTable table;
    table.add_column<std::string>("text");
    make_rows_contiguous(world(), table);
    CHECK(table.rows() == 0);
}
