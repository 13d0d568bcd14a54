#include "common/checkpoint.hpp"
#include "grundy/grundy_job.hpp"
#include "impartial/grundy_game.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <numeric>
#include <unistd.h>

using namespace cgt;
using impartial::SparseSweep;

namespace {
// A file name in the temp folder, removed when the test ends.
struct TempPath {
    std::string path;
    explicit TempPath(const std::string& name)
        : path((std::filesystem::temp_directory_path() / ("cgt-grundy-test-" + std::to_string(::getpid()) + "-" + name))
                   .string()) {}
    ~TempPath() {
        std::filesystem::remove(path);
        std::filesystem::remove(path + ".tmp");
    }
};

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

    const auto& g = t.grundy.column<std::uint16_t>("value");
    REQUIRE(g.size() == 20001);
    CHECK(std::equal(g.begin(), g.end(), reference.values().begin()));
    CHECK(t.grundy.rows() == 20001);

    const auto& sparse_heap = t.sparse.column<std::uint64_t>("heap");
    const auto& sparse_value = t.sparse.column<std::uint16_t>("value");
    REQUIRE(sparse_heap.size() == reference.sparse_heaps().size());
    for (std::size_t i = 0; i < sparse_heap.size(); ++i) {
        CHECK(sparse_heap[i] == reference.sparse_heaps()[i].heap);
        CHECK(impartial::is_sparse_value(sparse_value[i]));
        CHECK(sparse_value[i] == g[sparse_heap[i]]);
    }

    // A180120 / A180121 begin 0 3 5 13 18 / 0 1 2 3 4.
    const auto& record_heap = t.records.column<std::uint64_t>("heap");
    const auto& record_value = t.records.column<std::uint16_t>("value");
    REQUIRE(record_heap.size() >= 5);
    CHECK(std::vector<std::uint64_t>(record_heap.begin(), record_heap.begin() + 5) ==
          std::vector<std::uint64_t>{0, 3, 5, 13, 18});
    CHECK(std::vector<std::uint16_t>(record_value.begin(), record_value.begin() + 5) ==
          std::vector<std::uint16_t>{0, 1, 2, 3, 4});

    // One row per value 0..largest; counts add up to the heaps; 42 zeros, the last 1222.
    const auto& value = t.value_counts.column<std::uint16_t>("value");
    const auto& value_class = t.value_counts.column<std::string>("class");
    const auto& count = t.value_counts.column<std::uint64_t>("count");
    const auto& last = t.value_counts.column<std::int64_t>("last");
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
    CHECK(t.scan.column<std::uint64_t>("common_heaps")[0] == 20001 - sparse_heap.size());
    CHECK(t.scan.column<std::uint64_t>("total_length")[0] == scan.total_length);
    CHECK(t.scan.column<double>("mean")[0] == Approx(static_cast<double>(scan.total_length) / static_cast<double>(scan.common_heaps)));
    CHECK(t.scan.column<std::uint64_t>("longest")[0] == scan.longest);
    CHECK(t.scan.column<std::uint64_t>("longest_heap")[0] == scan.longest_heap);
}

TEST_CASE("GrundyJob: a checkpoint resumes to the same sweep", "[grundy]") {
    const TempPath path("resume.checkpoint");
    const SparseSweep whole = swept(30000);
    for (std::uint64_t stop : {0ull, 1ull, 12345ull, 30000ull}) {
        SparseSweep first(30000);
        first.run_through(stop);
        jobs::grundy::save_checkpoint(path.path, first);
        CHECK(jobs::grundy::checkpoint_heaps(path.path) == stop + 1);
        SparseSweep resumed = jobs::grundy::resume_from_checkpoint(path.path, 30000, first.kernel());
        CHECK(resumed.next_heap() == stop + 1);
        resumed.run_through(30000);
        CHECK(std::equal(whole.values().begin(), whole.values().end(), resumed.values().begin()));
        CHECK(resumed.sparse_heaps() == whole.sparse_heaps());
        CHECK(resumed.records() == whole.records());
        CHECK(resumed.value_counts() == whole.value_counts());
        CHECK(resumed.value_last() == whole.value_last());
        CHECK(resumed.scan_stats() == whole.scan_stats());
    }
    // A checkpoint may be continued to a larger heap than the run that wrote it, not a smaller.
    SparseSweep bigger = jobs::grundy::resume_from_checkpoint(path.path, 40000, impartial::ScanKernel::portable);
    CHECK(bigger.max_heap() == 40000);
    CHECK_THROWS_WITH(jobs::grundy::resume_from_checkpoint(path.path, 29999, impartial::ScanKernel::portable),
                      Catch::Contains("30001 values saved but max heap is 29999"));
}

TEST_CASE("GrundyJob: checkpoints that are missing, foreign or unfinished are refused", "[grundy]") {
    const TempPath missing("missing.checkpoint"), foreign("foreign.checkpoint"), unfinished("unfinished.checkpoint");
    CHECK_THROWS_WITH(jobs::grundy::checkpoint_heaps(missing.path), Catch::Contains("cannot open checkpoint"));
    common::write_checkpoint(foreign.path, "cgt-nim", [](hid_t) {});
    CHECK_THROWS_WITH(jobs::grundy::checkpoint_heaps(foreign.path), Catch::Contains("is not from cgt-grundy"));
    {
        // What a writer that died before setting complete = 1 would leave, were it not for
        // the rename: the reader still refuses it.
        common::H5Id file(H5Fcreate(unfinished.path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose);
        REQUIRE(file.get() >= 0);
        common::write_attribute(file, "program", std::string("cgt-grundy"), unfinished.path);
        common::write_attribute(file, "complete", std::int64_t{0}, unfinished.path);
    }
    CHECK_THROWS_WITH(jobs::grundy::checkpoint_heaps(unfinished.path), Catch::Contains("is incomplete"));
}

TEST_CASE("GrundyJob: a checkpoint write that fails leaves the previous checkpoint", "[grundy]") {
    const TempPath path("atomic.checkpoint");
    SparseSweep sweep(5000);
    sweep.run_through(999);
    jobs::grundy::save_checkpoint(path.path, sweep);
    CHECK_THROWS_WITH(common::write_checkpoint(path.path, "cgt-grundy",
                                               [](hid_t) { throw std::runtime_error("disk full"); }),
                      Catch::Contains("disk full"));
    CHECK(jobs::grundy::checkpoint_heaps(path.path) == 1000);
}

TEST_CASE("GrundyJob: --kernel choices", "[grundy]") {
    CHECK(jobs::grundy::parse_kernel("auto") == impartial::fastest_scan_kernel());
    CHECK(jobs::grundy::parse_kernel("portable") == impartial::ScanKernel::portable);
    CHECK_THROWS_WITH(jobs::grundy::parse_kernel("sse2"),
                      Catch::Equals("--kernel must be auto, avx512, avx2 or portable, got 'sse2'"));
    CHECK_THROWS_WITH(jobs::grundy::parse_kernel(""), Catch::Contains("got ''"));
}
