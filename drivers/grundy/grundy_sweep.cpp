#include "grundy/grundy_sweep.hpp"

#include "grundy/grundy_schema.hpp"
#include "impartial/grundy_game.hpp"

#include <cstring>
#include <stdexcept>

namespace cgt::jobs::grundy {

using impartial::ScanKernel;
using impartial::SparseSweep;

ScanKernel parse_kernel(const std::string& text) {
    if (text == "auto") return impartial::fastest_scan_kernel();
    for (ScanKernel k : {ScanKernel::avx512, ScanKernel::avx2, ScanKernel::portable}) {
        if (text != impartial::scan_kernel_name(k)) continue;
        if (!impartial::scan_kernel_available(k))
            throw std::invalid_argument("--kernel " + text + ": this processor lacks it");
        return k;
    }
    throw std::invalid_argument("--kernel must be auto, avx512, avx2 or portable, got '" + text + "'");
}

namespace {
constexpr std::size_t SCAN_FIELDS = 4; // common_heaps, total_length, longest, longest_heap

template <class T> T get(const std::vector<std::byte>& in, std::size_t at) {
    if (at + sizeof(T) > in.size()) throw std::invalid_argument("a saved state of the sweep ends too soon");
    T v;
    std::memcpy(&v, in.data() + at, sizeof v);
    return v;
}
} // namespace

std::vector<std::byte> encode_state(const SparseSweep& sweep, std::uint64_t from) {
    const auto values = sweep.values();
    const std::uint64_t count = sweep.next_heap() - from;
    const impartial::ScanStats& scan = sweep.scan_stats();
    const std::uint64_t head[2 + SCAN_FIELDS] = {from, count, scan.common_heaps, scan.total_length, scan.longest,
                                                 scan.longest_heap};
    std::vector<std::byte> out(sizeof head + 2 * count);
    std::memcpy(out.data(), head, sizeof head);
    if (count > 0) std::memcpy(out.data() + sizeof head, values.data() + from, 2 * count);
    return out;
}

SparseSweep sweep_from_state(const std::vector<std::vector<std::byte>>& deltas, std::uint64_t max_heap,
                             ScanKernel kernel) {
    if (deltas.empty()) return SparseSweep(max_heap, kernel);
    std::vector<std::uint16_t> values;
    impartial::ScanStats scan;
    for (const auto& d : deltas) {
        const auto from = get<std::uint64_t>(d, 0), count = get<std::uint64_t>(d, 8);
        if (from != values.size())
            throw std::invalid_argument("the saved states of the sweep do not join up: G(" + std::to_string(from) +
                                        "..) after " + std::to_string(values.size()) + " values");
        if (d.size() != 8 * (2 + SCAN_FIELDS) + 2 * count)
            throw std::invalid_argument("a saved state of the sweep has the wrong size");
        std::uint64_t* stats[] = {&scan.common_heaps, &scan.total_length, &scan.longest, &scan.longest_heap};
        for (std::size_t i = 0; i < SCAN_FIELDS; ++i) *stats[i] = get<std::uint64_t>(d, 16 + 8 * i);
        const std::size_t old = values.size();
        values.resize(old + count);
        std::memcpy(values.data() + old, d.data() + 8 * (2 + SCAN_FIELDS), 2 * count);
    }
    if (values.size() > max_heap + 1)
        throw std::invalid_argument("the saved states hold G(0.." + std::to_string(values.size() - 1) +
                                    "), beyond --max-heap " + std::to_string(max_heap));
    return SparseSweep(max_heap, values, scan, kernel);
}

Tables make_tables(SparseSweep&& sweep) {
    Tables t;
    const impartial::ScanStats scan = sweep.scan_stats();
    const auto counts = sweep.value_counts();
    const auto last = sweep.value_last();
    const std::uint64_t heaps = sweep.next_heap();

    namespace s = schema;
    t.grundy = s::grundy::table.make();
    t.sparse = s::sparse::table.make();
    t.records = s::records::table.make();
    t.value_counts = s::value_counts::table.make();
    t.scan = s::scan::table.make();
    auto& sparse_heap = t.sparse.column(s::sparse::heap);
    auto& sparse_value = t.sparse.column(s::sparse::value);
    t.sparse.begin_block(0);
    for (const auto& s : sweep.sparse_heaps()) {
        sparse_heap.push_back(s.heap);
        sparse_value.push_back(static_cast<std::uint16_t>(s.value));
    }

    auto& record_heap = t.records.column(s::records::heap);
    auto& record_value = t.records.column(s::records::value);
    t.records.begin_block(0);
    for (const auto& r : sweep.records()) {
        record_heap.push_back(r.heap);
        record_value.push_back(static_cast<std::uint16_t>(r.value));
    }

    auto& value = t.value_counts.column(s::value_counts::value);
    auto& value_class = t.value_counts.column(s::value_counts::klass);
    auto& count = t.value_counts.column(s::value_counts::count);
    auto& value_last = t.value_counts.column(s::value_counts::last);
    t.value_counts.begin_block(0);
    const impartial::Grundy largest = sweep.records().empty() ? 0 : sweep.records().back().value;
    for (impartial::Grundy v = 0; heaps > 0 && v <= largest; ++v) {
        value.push_back(static_cast<std::uint16_t>(v));
        value_class.push_back(impartial::is_sparse_value(v) ? "sparse" : "common");
        count.push_back(counts[v]);
        value_last.push_back(counts[v] ? static_cast<std::int64_t>(last[v]) : -1);
    }

    auto& common_heaps = t.scan.column(s::scan::common_heaps);
    auto& total_length = t.scan.column(s::scan::total_length);
    auto& mean = t.scan.column(s::scan::mean);
    auto& longest = t.scan.column(s::scan::longest);
    auto& longest_heap = t.scan.column(s::scan::longest_heap);
    t.scan.begin_block(0);
    common_heaps.push_back(scan.common_heaps);
    total_length.push_back(scan.total_length);
    mean.push_back(scan.mean());
    longest.push_back(scan.longest);
    longest_heap.push_back(scan.longest_heap);

    auto& grundy = t.grundy.column(s::grundy::value);
    t.grundy.begin_block(0);
    grundy = std::move(sweep).release_values();
    return t;
}

} // namespace cgt::jobs::grundy
