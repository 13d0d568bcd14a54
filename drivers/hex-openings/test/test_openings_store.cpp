// The openings job's store of proven positions: the table written, read back, and read by
// later runs of other openings and rule sets.
#include "hex-openings/openings_tasks.hpp"
#include "hex-openings/openings_schema.hpp"
#include "hex/solver/openings.hpp"
#include "openings_test_rows.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace cgt;
using namespace cgt::jobs::hex_openings;

namespace schema = cgt::jobs::hex_openings::schema;
using cgt::jobs::hex_openings::test::Row;
using cgt::jobs::hex_openings::test::rows_by_key;

namespace {

// The 6x6 openings of `cells` with a rule set, recording (store_plies >= 0) or reading a
// store: the openings' rows by key, and the records' store table.
struct StoreRun {
    std::map<std::uint64_t, Row> rows;
    common::LocalTable store;
    std::uint64_t store_hits = 0;
};
StoreRun run_with_store(const char* cells, const char* rules, int store_plies,
                        std::shared_ptr<const hex::PositionStore> store = nullptr) {
    Params p;
    p.sizes = parse_sizes("6");
    p.rules = parse_rule_specs(rules);
    p.cells = parse_cell_names(cells, "--cells", "all");
    p.tt_size_mib = 8;
    p.store = std::move(store);
    p.store_plies = store_plies;
    p.store_min_work = 4;
    OpeningTasks work(p);
    common::LocalTable openings, counts, timings, splits, records;
    OpeningTasks::declare_columns(openings);
    OpeningTasks::declare_count_columns(counts);
    OpeningTasks::declare_timing_columns(timings);
    OpeningTasks::declare_split_columns(splits);
    schema::store_records::table.declare(records);
    for (std::uint64_t t = 0; t < work.parts().size(); ++t) work.run_task(t, openings, counts, timings, splits, nullptr, &records);
    StoreRun out;
    out.rows = rows_by_key(openings);
    for (std::size_t i = 0; i < counts.rows(); ++i)
        if (counts.column(schema::rule_counts::rule)[i] == "store-hits") out.store_hits += counts.column(schema::rule_counts::count)[i];
    out.store = store_table(encode_records(records));
    return out;
}

common::Table as_read(common::LocalTable& t) {
    common::Table out;
    out.name = "store";
    out.rows = t.rows();
    out.columns.assign(t.columns().begin(), t.columns().end());
    return out;
}

} // namespace

TEST_CASE("HexOpenings: a store table read back is the store written, rows that are no proven position are refused", "[hex]") {
    StoreRun a = run_with_store("a1,c3,f1", "dfpn+vc+inferior+proof", 4);
    REQUIRE(a.store.rows() > 10);
    CHECK(a.store_hits == 0);
    hex::PositionStore back;
    common::Table t = as_read(a.store);
    add_store_rows(back, t, "here");
    back.seal();
    REQUIRE(back.entries().size() == a.store.rows());
    // The openings' own positions (ply 0) are there, with the openings' winners.
    for (const auto& [key, r] : a.rows) {
        const hex::Shape s = hex::Shape::square(6);
        const hex::Wide red = hex::Wide{1} << (r.row * 6 + r.col);
        const auto hit = back.find(s, red, 0, hex::Colour::blue, hex::PositionStore::key_of(s, red, 0, hex::Colour::blue));
        REQUIRE(hit);
        CHECK((hit->winner == hex::Colour::red) == (r.result == "win"));
    }
    const auto refused_table = [](const common::Table& bad) {
        hex::PositionStore s;
        try {
            add_store_rows(s, bad, "--store: 'x.h5'");
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    const auto refused = [&](std::size_t row, const char* column, const std::string& text) {
        common::Table bad = t;
        for (auto& c : bad.columns)
            if (c.name == column) std::get<std::vector<std::string>>(c.data)[row] = text;
        return refused_table(bad);
    };
    const auto& red = std::get<std::vector<std::string>>(t.columns[2].data);
    CHECK(refused(1, "winner", "green") == "--store: 'x.h5': store row 1: winner 'green' is not red or blue");
    CHECK(refused(0, "red", "a7") == "--store: 'x.h5': store row 0: 'a7' is not a cell of the 6x6 board");
    CHECK(refused(0, "proof", red[0]) == "--store: 'x.h5': store row 0: the proof set has a cell that holds a stone");
    common::Table swapped = t, repeated = t, rotated = t;
    for (auto& c : swapped.columns) std::visit([](auto& v) { std::swap(v[1], v[2]); }, c.data);
    for (auto& c : repeated.columns) std::visit([](auto& v) { v[2] = v[1]; }, c.data);
    const hex::Shape six = hex::Shape::square(6);
    for (const char* name : {"red", "blue", "proof"})
        for (auto& c : rotated.columns)
            if (c.name == name) {
                auto& v = std::get<std::vector<std::string>>(c.data);
                v[0] = hex::cells_text(six, hex::reverse_cells(hex::parse_cells(six, v[0]), 36));
            }
    CHECK(refused_table(swapped) ==
          "--store: 'x.h5': store row 2: the rows are not sorted by position, or a position is repeated");
    CHECK(refused_table(repeated) ==
          "--store: 'x.h5': store row 2: the rows are not sorted by position, or a position is repeated");
    CHECK(refused_table(rotated) ==
          "--store: 'x.h5': store row 0: the position is not in canonical form (its 180-degree rotation is the smaller)");
}

TEST_CASE("HexOpenings: 6x6 openings read another rule set's store of other openings: the same results, fewer nodes",
          "[hex]") {
    // The store of the openings of rows 1 and 3 serves those of row 2 (none is another's
    // rotation): only positions the openings share below their roots.
    StoreRun source = run_with_store("a1,b1,c1,d1,e1,f1,a3,b3,c3,d3,e3,f3", "dfpn+vc+inferior+proof", 6);
    auto store = std::make_shared<hex::PositionStore>();
    add_store_rows(*store, as_read(source.store), "source");
    store->seal();
    const StoreRun fresh = run_with_store("a2,b2,c2,d2,e2,f2", "dfpn+vc+inferior+proof+resistance", -1);
    const StoreRun with = run_with_store("a2,b2,c2,d2,e2,f2", "dfpn+vc+inferior+proof+resistance", -1, store);
    REQUIRE(fresh.rows.size() == 6);
    REQUIRE(with.rows.size() == 6);
    std::uint64_t nodes_fresh = 0, nodes_with = 0;
    for (const auto& [key, r] : fresh.rows) {
        CHECK(with.rows.at(key).result == r.result);
        nodes_fresh += r.nodes;
        nodes_with += with.rows.at(key).nodes;
    }
    INFO(nodes_with << " nodes with the store, " << nodes_fresh << " without; " << with.store_hits << " store hits");
    CHECK(with.store_hits > 0);
    CHECK(nodes_with < nodes_fresh);
}
