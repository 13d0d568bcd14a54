#include "grundy/grundy_sweep.hpp"
#include "grundy/grundy_schema.hpp"
#include "impartial/grundy_game.hpp"

#include <catch2/catch.hpp>

#include <numeric>

using namespace cgt;
using impartial::SparseSweep;
namespace s = jobs::grundy::schema;

namespace {
SparseSweep swept(std::uint64_t max_heap) {
    SparseSweep s(max_heap);
    s.run_through(max_heap);
    return s;
}
} // namespace

TEST_CASE("GrundyJob: the tables of a sweep to 20,000", "[grundy]") {
    const SparseSweep reference = swept(20000);
    SparseSweep sweep = swept(20000);
    jobs::grundy::Tables t = jobs::grundy::make_tables(std::move(sweep));

    const auto& g = t.grundy.column(s::grundy::value);
    REQUIRE(g.size() == 20001);
    CHECK(std::equal(g.begin(), g.end(), reference.values().begin()));
    CHECK(t.grundy.rows() == 20001);

    const auto& sparse_heap = t.sparse.column(s::sparse::heap);
    const auto& sparse_value = t.sparse.column(s::sparse::value);
    REQUIRE(sparse_heap.size() == reference.sparse_heaps().size());
    for (std::size_t i = 0; i < sparse_heap.size(); ++i) {
        CHECK(sparse_heap[i] == reference.sparse_heaps()[i].heap);
        CHECK(impartial::is_sparse_value(sparse_value[i]));
        CHECK(sparse_value[i] == g[sparse_heap[i]]);
    }

    // A180120 / A180121 begin 0 3 5 13 18 / 0 1 2 3 4.
    const auto& record_heap = t.records.column(s::records::heap);
    const auto& record_value = t.records.column(s::records::value);
    REQUIRE(record_heap.size() >= 5);
    CHECK(std::vector<std::uint64_t>(record_heap.begin(), record_heap.begin() + 5) ==
          std::vector<std::uint64_t>{0, 3, 5, 13, 18});
    CHECK(std::vector<std::uint16_t>(record_value.begin(), record_value.begin() + 5) ==
          std::vector<std::uint16_t>{0, 1, 2, 3, 4});

    // One row per value 0..largest; counts add up to the heaps; 42 zeros, the last 1222.
    const auto& value = t.value_counts.column(s::value_counts::value);
    const auto& value_class = t.value_counts.column(s::value_counts::klass);
    const auto& count = t.value_counts.column(s::value_counts::count);
    const auto& last = t.value_counts.column(s::value_counts::last);
    REQUIRE(value.size() == std::size_t{record_value.back()} + 1);
    CHECK(std::accumulate(count.begin(), count.end(), std::uint64_t{0}) == 20001);
    CHECK((count[0] == 42 && last[0] == 1222));
    for (std::size_t v = 0; v < value.size(); ++v) {
        CHECK(value[v] == v);
        CHECK(value_class[v] == (impartial::is_sparse_value(static_cast<impartial::Grundy>(v)) ? "sparse" : "common"));
        if (count[v] == 0)
            CHECK(last[v] == -1);
        else
            CHECK(g[static_cast<std::size_t>(last[v])] == v);
    }

    REQUIRE(t.scan.rows() == 1);
    const auto& scan = reference.scan_stats();
    CHECK(t.scan.column(s::scan::common_heaps)[0] == 20001 - sparse_heap.size());
    CHECK(t.scan.column(s::scan::total_length)[0] == scan.total_length);
    CHECK(t.scan.column(s::scan::mean)[0] == Approx(static_cast<double>(scan.total_length) / static_cast<double>(scan.common_heaps)));
    CHECK(t.scan.column(s::scan::longest)[0] == scan.longest);
    CHECK(t.scan.column(s::scan::longest_heap)[0] == scan.longest_heap);
}

TEST_CASE("GrundyJob: saved deltas resume to the same sweep", "[grundy]") {
    const SparseSweep whole = swept(30000);
    for (std::uint64_t stop : {0ull, 1ull, 12345ull, 30000ull}) {
        // Saved as a run would: a delta at heap 100 (when the run goes that far), one at `stop`.
        SparseSweep first(30000);
        std::vector<std::vector<std::byte>> deltas;
        std::uint64_t saved = 0;
        if (stop > 100) {
            first.run_through(100);
            deltas.push_back(jobs::grundy::encode_state(first, saved));
            saved = first.next_heap();
        }
        first.run_through(stop);
        deltas.push_back(jobs::grundy::encode_state(first, saved));
        SparseSweep resumed = jobs::grundy::sweep_from_state(deltas, 30000, first.kernel());
        CHECK(resumed.next_heap() == stop + 1);
        resumed.run_through(30000);
        CHECK(std::equal(whole.values().begin(), whole.values().end(), resumed.values().begin()));
        CHECK(resumed.sparse_heaps() == whole.sparse_heaps());
        CHECK(resumed.records() == whole.records());
        CHECK(resumed.value_counts() == whole.value_counts());
        CHECK(resumed.value_last() == whole.value_last());
        CHECK(resumed.scan_stats() == whole.scan_stats());
    }
    CHECK(jobs::grundy::sweep_from_state({}, 500, impartial::ScanKernel::portable).next_heap() == 0);
}

TEST_CASE("GrundyJob: deltas that do not join up, are cut short or go past --max-heap are refused", "[grundy]") {
    SparseSweep sweep(5000);
    sweep.run_through(999);
    const auto all = jobs::grundy::encode_state(sweep, 0), tail = jobs::grundy::encode_state(sweep, 500);
    CHECK_THROWS_WITH(jobs::grundy::sweep_from_state({tail}, 5000, impartial::ScanKernel::portable),
                      Catch::Contains("do not join up: G(500..) after 0 values"));
    std::vector<std::byte> cut(all.begin(), all.end() - 1);
    CHECK_THROWS_WITH(jobs::grundy::sweep_from_state({cut}, 5000, impartial::ScanKernel::portable),
                      Catch::Contains("wrong size"));
    CHECK_THROWS_WITH(jobs::grundy::sweep_from_state({all}, 998, impartial::ScanKernel::portable),
                      Catch::Contains("beyond --max-heap 998"));
}

TEST_CASE("GrundyJob: --kernel choices", "[grundy]") {
    CHECK(jobs::grundy::parse_kernel("auto") == impartial::fastest_scan_kernel());
    CHECK(jobs::grundy::parse_kernel("portable") == impartial::ScanKernel::portable);
    CHECK_THROWS_WITH(jobs::grundy::parse_kernel("sse2"),
                      Catch::Equals("--kernel must be auto, avx512, avx2 or portable, got 'sse2'"));
    CHECK_THROWS_WITH(jobs::grundy::parse_kernel(""), Catch::Contains("got ''"));
}
