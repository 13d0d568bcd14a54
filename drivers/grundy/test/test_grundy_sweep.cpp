#include "grundy/grundy_schema.hpp"
#include "grundy/grundy_sweep.hpp"
#include "impartial/grundy_game.hpp"
#include "impartial/sparse_sweep.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <numeric>

using namespace cgt;
using impartial::SparseSweep;
using impartial::WindowedSweep;
using jobs::grundy::SweepSettings;
namespace s = jobs::grundy::schema;

namespace {
SparseSweep swept(std::uint64_t max_heap) {
    SparseSweep s(max_heap);
    s.run_through(max_heap);
    return s;
}

jobs::grundy::Tables tables_of(const SweepSettings& settings) {
    WindowedSweep sweep = jobs::grundy::sweep_from_state({}, settings);
    sweep.run_to(settings.max_heap + 1);
    return jobs::grundy::make_tables(std::move(sweep), settings);
}

SweepSettings settings(std::uint64_t max_heap, std::uint64_t store, unsigned threads = 1) {
    return {.max_heap = max_heap, .store_values = store, .threads = threads};
}
} // namespace

TEST_CASE("GrundyJob: the tables of a sweep to 20,000 equal the sparse-space sweep's", "[grundy]") {
    const SparseSweep reference = swept(20000);
    jobs::grundy::Tables t = tables_of(settings(20000, 20000));

    const auto& g = t.grundy.column(s::grundy::value);
    REQUIRE(g.size() == 20001);
    CHECK(std::equal(g.begin(), g.end(), reference.values().begin()));

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
    const auto& count = t.value_counts.column(s::value_counts::count);
    const auto& last = t.value_counts.column(s::value_counts::last);
    REQUIRE(value.size() == std::size_t{record_value.back()} + 1);
    CHECK(std::accumulate(count.begin(), count.end(), std::uint64_t{0}) == 20001);
    CHECK((count[0] == 42 && last[0] == 1222));
    for (std::size_t v = 0; v < value.size(); ++v)
        CHECK((count[v] == 0 ? last[v] == -1 : g[static_cast<std::size_t>(last[v])] == v));

    REQUIRE(t.scan.rows() == 1);
    const auto& scan = reference.scan_stats();
    CHECK(t.scan.column(s::scan::common_heaps)[0] == 20001 - sparse_heap.size());
    CHECK(t.scan.column(s::scan::total_length)[0] == scan.total_length);
    CHECK(t.scan.column(s::scan::longest)[0] == scan.longest);
    CHECK(t.scan.column(s::scan::longest_heap)[0] == scan.longest_heap);
}

TEST_CASE("GrundyJob: the statistics of every power of two, and their frequencies", "[grundy]") {
    jobs::grundy::Tables t = tables_of(settings(20000, 20000));
    const auto& g = t.grundy.column(s::grundy::value);
    const auto& heaps = t.stats.column(s::stats::heaps);
    REQUIRE(heaps.size() == 15); // 1, 2, ..., 2^14 <= 20,001
    std::map<std::uint64_t, std::map<std::uint16_t, std::uint64_t>> by_power;
    for (std::size_t r = 0; r < t.frequencies.rows(); ++r)
        by_power[t.frequencies.column(s::frequencies::heaps)[r]]
                [t.frequencies.column(s::frequencies::value)[r]] =
                    t.frequencies.column(s::frequencies::count)[r];
    for (std::size_t r = 0; r < heaps.size(); ++r) {
        const std::uint64_t n = heaps[r];
        CHECK(n == std::uint64_t{1} << r);
        std::map<std::uint16_t, std::uint64_t> counted;
        for (std::uint64_t h = 0; h < n; ++h)
            ++counted[g[h]];
        CHECK(by_power[n] == counted);
        const auto largest =
            std::max_element(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(n));
        CHECK(t.stats.column(s::stats::largest_value)[r] == *largest);
        CHECK(t.stats.column(s::stats::largest_at)[r] ==
              static_cast<std::uint64_t>(largest - g.begin()));
    }
    CHECK(t.stats.column(s::stats::rare_mask).back() == "fe"); // Grundy's sparse values
}

TEST_CASE("GrundyJob: --store-values bounds the values column only", "[grundy]") {
    const jobs::grundy::Tables whole = tables_of(settings(30000, 30000));
    const jobs::grundy::Tables part = tables_of(settings(30000, 999));
    const auto& g = part.grundy.column(s::grundy::value);
    REQUIRE(g.size() == 1000);
    const auto& all = whole.grundy.column(s::grundy::value);
    CHECK(std::equal(g.begin(), g.end(), all.begin()));
    CHECK(part.sparse.column(s::sparse::heap) == whole.sparse.column(s::sparse::heap));
    CHECK(part.value_counts.column(s::value_counts::count) ==
          whole.value_counts.column(s::value_counts::count));
    CHECK(part.frequencies.column(s::frequencies::count) ==
          whole.frequencies.column(s::frequencies::count));
}

TEST_CASE("GrundyJob: a saved state resumes to the same tables on 1 or 3 threads", "[grundy]") {
    const jobs::grundy::Tables whole = tables_of(settings(30000, 30000));
    for (unsigned threads : {1u, 3u})
        for (std::uint64_t stop : {0ull, 1ull, 12345ull, 30001ull}) {
            const SweepSettings set = settings(30000, 30000, threads);
            WindowedSweep first = jobs::grundy::sweep_from_state({}, set);
            first.run_to(stop);
            const std::vector<std::byte> state = jobs::grundy::encode_state(first);
            WindowedSweep resumed = jobs::grundy::sweep_from_state({{}, state}, set);
            CHECK(resumed.size() == stop);
            resumed.run_to(30001);
            const jobs::grundy::Tables t = jobs::grundy::make_tables(std::move(resumed), set);
            CHECK(t.grundy.column(s::grundy::value) == whole.grundy.column(s::grundy::value));
            CHECK(t.sparse.column(s::sparse::heap) == whole.sparse.column(s::sparse::heap));
            CHECK(t.records.column(s::records::heap) == whole.records.column(s::records::heap));
            CHECK(t.value_counts.column(s::value_counts::last) ==
                  whole.value_counts.column(s::value_counts::last));
            CHECK(t.scan.column(s::scan::total_length) == whole.scan.column(s::scan::total_length));
            CHECK(t.frequencies.column(s::frequencies::count) ==
                  whole.frequencies.column(s::frequencies::count));
        }
}

TEST_CASE("GrundyJob: a damaged state, or one past --max-heap, is refused", "[grundy]") {
    const SweepSettings set = settings(5000, 5000);
    WindowedSweep sweep = jobs::grundy::sweep_from_state({}, set);
    sweep.run_to(1000);
    auto state = jobs::grundy::encode_state(sweep);
    CHECK_THROWS_WITH(jobs::grundy::sweep_from_state({state}, settings(998, 998)),
                      Catch::Contains("beyond --max-heap 998"));
    state.pop_back();
    CHECK_THROWS_WITH(jobs::grundy::sweep_from_state({state}, set),
                      Catch::Contains("saved sweep state"));
}

TEST_CASE("GrundyJob: --kernel choices", "[grundy]") {
    CHECK(jobs::grundy::parse_kernel("auto") == impartial::fastest_scan_kernel());
    CHECK(jobs::grundy::parse_kernel("portable") == impartial::ScanKernel::portable);
    CHECK_THROWS_WITH(jobs::grundy::parse_kernel("sse2"),
                      Catch::Equals("--kernel must be auto, avx512, avx2 or portable, got 'sse2'"));
    CHECK_THROWS_WITH(jobs::grundy::parse_kernel(""), Catch::Contains("got ''"));
}
