#include "impartial/grundy_game.hpp"
#include "impartial/sparse_sweep.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::impartial;

namespace {
std::vector<ScanKernel> available_kernels() {
    std::vector<ScanKernel> out;
    for (ScanKernel k : {ScanKernel::portable, ScanKernel::avx2, ScanKernel::avx512})
        if (scan_kernel_available(k)) out.push_back(k);
    return out;
}

void check_same_tables(const SparseSweep& a, const SparseSweep& b) {
    REQUIRE(a.next_heap() == b.next_heap());
    CHECK(std::equal(a.values().begin(), a.values().end(), b.values().begin()));
    CHECK(a.sparse_heaps() == b.sparse_heaps());
    CHECK(a.records() == b.records());
    CHECK(a.value_counts() == b.value_counts());
    CHECK(a.value_last() == b.value_last());
    CHECK(a.scan_stats() == b.scan_stats());
}

constexpr std::uint64_t REFERENCE_MAX = 20000;
} // namespace

TEST_CASE("SparseSweep: equals the O(n^2) definition for all n <= 20,000", "[impartial][grundy]") {
    const auto reference = grundy_values_by_definition(REFERENCE_MAX);
    for (ScanKernel kernel : available_kernels()) {
        INFO(scan_kernel_name(kernel));
        SparseSweep sweep(REFERENCE_MAX, kernel);
        sweep.run_through(REFERENCE_MAX);
        REQUIRE(sweep.next_heap() == REFERENCE_MAX + 1);
        std::uint64_t mismatches = 0;
        for (std::uint64_t n = 0; n <= REFERENCE_MAX; ++n) mismatches += sweep.values()[n] != reference[n];
        CHECK(mismatches == 0);

        // The tables agree with the values they summarise.
        std::vector<HeapValue> sparse, records;
        std::array<std::uint64_t, SWEEP_VALUE_LIMIT> count{}, last{};
        for (std::uint64_t n = 0; n <= REFERENCE_MAX; ++n) {
            const Grundy g = reference[n];
            if (is_sparse_value(g)) sparse.push_back({n, g});
            if (records.empty() || g > records.back().value) records.push_back({n, g});
            ++count[g];
            last[g] = n;
        }
        CHECK(sweep.sparse_heaps() == sparse);
        CHECK(sweep.records() == records);
        CHECK(sweep.value_counts() == count);
        CHECK(sweep.value_last() == last);
        const ScanStats& scan = sweep.scan_stats();
        CHECK(scan.common_heaps == REFERENCE_MAX + 1 - sparse.size());
        CHECK(scan.longest >= 1);
        CHECK(scan.longest <= (scan.longest_heap - 1) / 2);
    }
}

TEST_CASE("SparseSweep: known facts up to 20,000 (Flammenkamp, A036685, A180120/A180121)",
          "[impartial][grundy]") {
    SparseSweep sweep(REFERENCE_MAX);
    sweep.run_through(REFERENCE_MAX);
    // Flammenkamp's list of sparse values begins (n, G) with these 48, all n <= 231.
    const std::vector<HeapValue> flammenkamp = {
        {0, 0},   {1, 0},   {2, 0},   {3, 1},   {4, 0},   {6, 1},   {7, 0},   {9, 1},   {10, 0},  {12, 1},
        {15, 1},  {20, 0},  {23, 0},  {26, 0},  {28, 1},  {31, 1},  {34, 1},  {37, 1},  {40, 1},  {43, 1},
        {46, 1},  {49, 1},  {50, 0},  {52, 1},  {53, 0},  {55, 1},  {58, 1},  {61, 1},  {87, 7},  {90, 7},
        {93, 7},  {146, 6}, {149, 6}, {152, 6}, {158, 11}, {161, 11}, {164, 11}, {167, 11}, {176, 7}, {179, 7},
        {181, 12}, {182, 7}, {185, 7}, {188, 7}, {190, 12}, {193, 12}, {196, 10}, {231, 10}};
    REQUIRE(sweep.sparse_heaps().size() > flammenkamp.size());
    CHECK(std::vector<HeapValue>(sweep.sparse_heaps().begin(), sweep.sparse_heaps().begin() + 48) == flammenkamp);
    CHECK(sweep.sparse_heaps()[48].heap > 231);

    // A036685: the 42 heaps with G = 0 (none after 1222 here).
    const std::vector<std::uint64_t> zeros = {0,   1,   2,   4,   7,   10,  20,  23,  26,  50,  53,  270, 273, 276,
                                              282, 285, 288, 316, 334, 337, 340, 346, 359, 362, 365, 386, 389, 392,
                                              566, 630, 633, 636, 639, 673, 676, 682, 685, 923, 926, 929, 932, 1222};
    std::vector<std::uint64_t> found;
    for (std::uint64_t n = 0; n <= REFERENCE_MAX; ++n)
        if (sweep.values()[n] == 0) found.push_back(n);
    CHECK(found == zeros);
    CHECK(sweep.value_counts()[0] == 42);
    CHECK(sweep.value_last()[0] == 1222);

    // A180120 / A180121: the first 45 record heaps and values.
    const std::vector<std::uint64_t> record_heaps = {
        0,    3,    5,    13,   18,   41,   87,   138,  158,  181,  283,   321,   541,   614,   645,
        791,  939,  1016, 1056, 1291, 1349, 1393, 1399, 1535, 1742, 1882,  2035,  3029,  3032,  3197,
        4019, 4985, 5006, 5441, 5744, 7091, 7384, 8337, 11261, 11621, 11885, 12037, 13133, 13146, 13679};
    const std::vector<Grundy> record_values = {0,  1,  2,  3,  4,  5,  7,  8,  11,  12,  14,  16,  21,  22,  24,
                                               26, 28, 29, 32, 35, 36, 37, 39, 40,  42,  50,  51,  52,  59,  60,
                                               64, 65, 68, 69, 75, 82, 85, 101, 113, 118, 119, 127, 128, 129, 133};
    REQUIRE(sweep.records().size() >= 45);
    for (std::size_t k = 0; k < 45; ++k) {
        INFO("record " << k + 1);
        CHECK(sweep.records()[k].heap == record_heaps[k]);
        CHECK(sweep.records()[k].value == record_values[k]);
    }
}

TEST_CASE("SparseSweep: interrupted anywhere and resumed, it equals an uninterrupted sweep",
          "[impartial][grundy]") {
    constexpr std::uint64_t max_heap = 6000;
    SparseSweep whole(max_heap);
    whole.run_through(max_heap);
    for (std::uint64_t stop : {0ull, 1ull, 2ull, 3ull, 87ull, 1000ull, 4321ull, 5999ull}) {
        INFO("interrupted after heap " << stop);
        SparseSweep first(max_heap);
        first.run_through(stop);
        // Only the values and the scan statistics are carried over, as a checkpoint does.
        const std::vector<std::uint16_t> saved(first.values().begin(), first.values().end());
        SparseSweep resumed(max_heap, saved, first.scan_stats());
        CHECK(resumed.next_heap() == stop + 1);
        resumed.run_through(max_heap);
        check_same_tables(whole, resumed);
    }
    // Resuming nothing is starting afresh; running in pieces changes nothing either.
    SparseSweep empty(max_heap, std::vector<std::uint16_t>{}, ScanStats{});
    SparseSweep pieces(max_heap);
    for (std::uint64_t to = 0; to <= max_heap; to += 777) pieces.run_through(to);
    pieces.run_through(max_heap);
    empty.run_through(max_heap);
    check_same_tables(whole, empty);
    check_same_tables(whole, pieces);

    const std::vector<std::uint16_t> copy(whole.values().begin(), whole.values().end());
    CHECK(std::move(whole).release_values() == copy);
}

TEST_CASE("SparseSweep: scan kernels stop at the same split with the same leftovers",
          "[impartial][grundy]") {
    constexpr std::uint64_t max_heap = 20000;
    SparseSweep sweep(max_heap, ScanKernel::portable);
    sweep.run_through(max_heap);
    const std::uint16_t* g = sweep.values().data();
    const auto kernels = available_kernels();
    std::uint64_t compared = 0;
    for (std::uint64_t n = 3; n <= max_heap; n += 7) {
        for (unsigned bound : {2u, 40u, 150u, 300u, 512u}) {
            std::vector<std::uint64_t> stops;
            std::vector<std::array<std::uint64_t, 8>> leftovers;
            for (ScanKernel k : kernels) {
                ValueSet wanted = ValueSet::sparse_below(bound);
                stops.push_back(scan_splits(k, g, n, (n - 1) / 2, wanted));
                leftovers.push_back(wanted.words());
            }
            for (std::size_t i = 1; i < stops.size(); ++i) {
                CHECK(stops[i] == stops[0]);
                CHECK(leftovers[i] == leftovers[0]);
                ++compared;
            }
        }
    }
    if (kernels.size() > 1) CHECK(compared > 0);
    // The stop is the first split after which all wanted values have appeared.
    ValueSet wanted = ValueSet::sparse_below(2); // {0, 1}
    const std::uint64_t stop = scan_splits(ScanKernel::portable, g, 1000, 499, wanted);
    REQUIRE(stop > 0);
    bool seen0 = false, seen1 = false;
    for (std::uint64_t a = 1; a < stop; ++a) {
        seen0 = seen0 || (g[a] ^ g[1000 - a]) == 0;
        seen1 = seen1 || (g[a] ^ g[1000 - a]) == 1;
    }
    CHECK_FALSE((seen0 && seen1));
    const unsigned at_stop = g[stop] ^ g[1000 - stop];
    CHECK((at_stop == 0 || at_stop == 1));
}

TEST_CASE("SparseSweep: step-1 kernels write the same marks", "[impartial][grundy]") {
    constexpr std::uint64_t max_heap = 20000;
    SparseSweep sweep(max_heap, ScanKernel::portable);
    sweep.run_through(max_heap);
    const std::uint16_t* g = sweep.values().data();
    std::vector<SparsePart> parts;
    for (const HeapValue& s : sweep.sparse_heaps())
        if (s.heap >= MARK_BLOCK) parts.push_back({static_cast<std::uint32_t>(s.heap), s.value});
    // Every part count from 0 to 20 (groups of 8 and their remainders), and all parts.
    for (std::size_t count : {0, 1, 7, 8, 9, 16, 20, 1000}) {
        const std::span<const SparsePart> some(parts.data(), std::min(count, parts.size()));
        std::vector<std::vector<std::uint8_t>> marks;
        for (ScanKernel k : available_kernels()) {
            marks.emplace_back(std::size_t{MARK_BLOCK} * SWEEP_VALUE_LIMIT, 0);
            mark_sparse_parts(k, g, 19000, some, marks.back().data(), 7);
        }
        // The portable kernel is the definition: row j has value G(n0 + j - r) ^ G(r) marked.
        for (unsigned j = 0; j < MARK_BLOCK; ++j)
            for (const SparsePart& p : some) CHECK(marks[0][j * SWEEP_VALUE_LIMIT + (g[19000 + j - p.heap] ^ p.value)] == 7);
        for (std::size_t i = 1; i < marks.size(); ++i) CHECK(marks[i] == marks[0]);
    }
    const SparsePart small[1] = {{31, 1}};
    std::vector<std::uint8_t> marks(std::size_t{MARK_BLOCK} * SWEEP_VALUE_LIMIT, 0);
    CHECK_THROWS_WITH(mark_sparse_parts(ScanKernel::portable, g, 1000, small, marks.data(), 1),
                      Catch::Contains("parts must lie in 32..1000"));
    const SparsePart late[1] = {{1001, 1}};
    CHECK_THROWS_WITH(mark_sparse_parts(ScanKernel::portable, g, 1000, late, marks.data(), 1),
                      Catch::Contains("parts must lie in 32..1000"));
}

TEST_CASE("SparseSweep: bad requests are refused with a reason", "[impartial][grundy]") {
    SparseSweep sweep(100);
    CHECK_THROWS_WITH(sweep.run_through(101), Catch::Contains("sized for heaps up to 100"));
    CHECK_THROWS_WITH(SparseSweep(SparseSweep::MAX_HEAP_LIMIT + 1), Catch::Contains("exceeds"));
    const std::vector<std::uint16_t> too_many(102, 0);
    CHECK_THROWS_WITH(SparseSweep(100, too_many, ScanStats{}), Catch::Contains("102 values saved"));
    const std::vector<std::uint16_t> too_big = {0, 0, 512};
    CHECK_THROWS_WITH(SparseSweep(100, too_big, ScanStats{}), Catch::Contains("G(2) = 512"));
    ValueSet empty;
    const std::vector<std::uint16_t> g(10, 0);
    CHECK_THROWS_WITH(scan_splits(ScanKernel::portable, g.data(), 9, 4, empty), Catch::Contains("empty"));
    ValueSet some = ValueSet::sparse_below(2);
    CHECK_THROWS_WITH(scan_splits(ScanKernel::portable, g.data(), 9, 5, some), Catch::Contains("not a split"));
    CHECK_THROWS_WITH(ValueSet::sparse_below(513), Catch::Contains("exceeds 512"));
}

TEST_CASE("SparseSweep: a value that would reach 512 stops the sweep, which stays usable",
          "[impartial][grundy]") {
    // Not Grundy's game: heaps 1..256 get the sparse value 0 and heaps 257..512 every common
    // value below 512, so for heap 513 the sparse parts r = 1..256 offer all of them and
    // c would be 512.
    std::vector<std::uint16_t> values(257, 0);
    for (unsigned v = 0; v < 512; ++v)
        if (!is_sparse_value(v)) values.push_back(static_cast<std::uint16_t>(v));
    REQUIRE(values.size() == 513);
    SparseSweep sweep(600, values, ScanStats{});
    CHECK_THROWS_WITH(sweep.run_through(600), Catch::Contains("G(513) may reach 512"));
    CHECK(sweep.next_heap() == 513);
}
