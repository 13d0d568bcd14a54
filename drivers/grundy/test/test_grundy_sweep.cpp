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

TEST_CASE("GrundyJob: the prefix and window, their bound, and the estimate", "[grundy]") {
    // Past 2^25 heaps the prefix is 2^26 (the scans reach 49.96 M splits by 2^32), the window
    // 2^26; both grow at most 4 times. The estimate: 8 MiB of tables and 2 bytes a value of
    // prefix and window, twice (a snapshot being written): 520 MiB for any N from 2^26 on.
    const SweepSettings big = settings((std::uint64_t{1} << 36) - 1, 1048575);
    const impartial::WindowConfig c = jobs::grundy::window_config(big);
    CHECK(c.prefix_heaps == std::uint64_t{1} << 26);
    CHECK(c.window_heaps == std::uint64_t{1} << 26);
    CHECK(c.max_growth == 4);
    CHECK(jobs::grundy::sweep_bytes(big) == 520.0 * (1 << 20));
    CHECK(jobs::grundy::sweep_bytes(settings((std::uint64_t{1} << 28) - 1, 1048575)) ==
          jobs::grundy::sweep_bytes(big));
    // Below 2^25 heaps, neither given: an eighth of the heaps each (at least 2^18), growing
    // without the bound (never past the heaps swept).
    const impartial::WindowConfig small = jobs::grundy::window_config(settings((1u << 25) - 1, 0));
    CHECK(small.prefix_heaps == 1u << 22);
    CHECK(small.window_heaps == 1u << 22);
    CHECK(small.max_growth == 0);
    CHECK(jobs::grundy::window_config(settings(1000, 0)).prefix_heaps == 1u << 18);
    CHECK(jobs::grundy::window_config(settings((1u << 25) - 1, 1u << 23)).prefix_heaps ==
          (1u << 23) + 1); // the stored values
    SweepSettings given = big;
    given.prefix_heaps = 5000;
    given.window_heaps = 1u << 20;
    CHECK(jobs::grundy::window_config(given).prefix_heaps == 1048576); // the stored values
    CHECK(jobs::grundy::window_config(given).window_heaps == 1u << 20);

    CHECK(jobs::grundy::growth_text({.restart = true,
                                     .heaps_done = 123456,
                                     .prefix_heaps = 1u << 25,
                                     .window_heaps = 1u << 26,
                                     .new_prefix_heaps = 1u << 27,
                                     .new_window_heaps = 1u << 26}) ==
          "starting again from heap 0 at heap 123456: the sweep's prefix 33554432 -> 134217728 "
          "heaps, window 67108864 -> 67108864 heaps, 384 MiB of values (twice that while a "
          "snapshot is written; at most 4 times --prefix-heaps and --window-heaps)");
}

TEST_CASE("GrundyJob: a small prefix and window grow, each growth heard, to the same tables",
          "[grundy]") {
    // Below 2^18 Grundy's rare heaps reach 82,860 and its scans 20,000 splits: a window of
    // 2^16 grows to 2^17 (twice), a prefix of 8192 to 32768 (4 times); one of 1024 cannot.
    SweepSettings small = settings(200000, 999);
    small.prefix_heaps = 8192;
    small.window_heaps = 1u << 16;
    std::vector<std::string> heard;
    jobs::grundy::SweepHooks hooks;
    hooks.on_growth = [&heard](const impartial::WindowGrowth& g) {
        heard.push_back(jobs::grundy::growth_text(g));
    };
    WindowedSweep sweep = jobs::grundy::sweep_from_state({}, small, hooks);
    sweep.run_to(200001);
    REQUIRE(!heard.empty());
    CHECK(heard.size() >= sweep.counters().restarts);
    for (const std::string& line : heard)
        CHECK_THAT(line, Catch::Contains("the sweep's prefix") && Catch::Contains("KiB of values"));
    CHECK(sweep.config().prefix_heaps <= 4 * 8192);
    CHECK(sweep.values().window_heaps() <= 4u << 16);
    const jobs::grundy::Tables t = jobs::grundy::make_tables(std::move(sweep), small);
    const jobs::grundy::Tables whole = tables_of(settings(200000, 999));
    CHECK(t.grundy.column(s::grundy::value) == whole.grundy.column(s::grundy::value));
    CHECK(t.sparse.column(s::sparse::heap) == whole.sparse.column(s::sparse::heap));
    CHECK(t.scan.column(s::scan::total_length) == whole.scan.column(s::scan::total_length));
    CHECK(t.frequencies.column(s::frequencies::count) ==
          whole.frequencies.column(s::frequencies::count));

    small.prefix_heaps = 1024;
    WindowedSweep tight = jobs::grundy::sweep_from_state({}, small);
    CHECK_THROWS_WITH(tight.run_to(200001), Catch::Contains("more than 4 times the") &&
                                                Catch::Contains("configure a larger prefix"));
}
