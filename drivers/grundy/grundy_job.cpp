#include "grundy/grundy_job.hpp"

#include "common/checkpoint.hpp"
#include "impartial/grundy_game.hpp"

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
// Checkpoint layout: dataset `values` = G(0..next_heap-1); the scan statistics as
// attributes. Everything else of the sweep is rebuilt from the values on resume.
constexpr const char* SCAN_ATTRIBUTES[] = {"common_heaps", "total_length", "longest", "longest_heap"};

std::int64_t as_int64(std::uint64_t v) { return static_cast<std::int64_t>(v); }
} // namespace

void save_checkpoint(const std::string& path, const SparseSweep& sweep) {
    common::write_checkpoint(path, PROGRAM, [&](hid_t file) {
        const impartial::ScanStats& scan = sweep.scan_stats();
        common::write_attribute(file, "next_heap", as_int64(sweep.next_heap()), path);
        const std::uint64_t stats[] = {scan.common_heaps, scan.total_length, scan.longest, scan.longest_heap};
        for (std::size_t i = 0; i < 4; ++i) common::write_attribute(file, SCAN_ATTRIBUTES[i], as_int64(stats[i]), path);
        // Uncompressed: a checkpoint is temporary, and deflating it cost 9% of a 2^26 run.
        common::write_array<std::uint16_t>(file, "values", sweep.values(), false, path);
    });
}

std::uint64_t checkpoint_heaps(const std::string& path) {
    std::int64_t next = -1;
    common::read_checkpoint(path, PROGRAM, [&](hid_t file) {
        next = common::read_int_attribute(file, "next_heap", path);
    });
    if (next < 0) throw std::runtime_error("checkpoint " + path + " has a negative next_heap");
    return static_cast<std::uint64_t>(next);
}

SparseSweep resume_from_checkpoint(const std::string& path, std::uint64_t max_heap, ScanKernel kernel) {
    std::vector<std::uint16_t> values;
    impartial::ScanStats scan;
    std::int64_t next = -1;
    common::read_checkpoint(path, PROGRAM, [&](hid_t file) {
        next = common::read_int_attribute(file, "next_heap", path);
        std::uint64_t* stats[] = {&scan.common_heaps, &scan.total_length, &scan.longest, &scan.longest_heap};
        for (std::size_t i = 0; i < 4; ++i)
            *stats[i] = static_cast<std::uint64_t>(common::read_int_attribute(file, SCAN_ATTRIBUTES[i], path));
        values = common::read_array<std::uint16_t>(file, "values", path);
    });
    if (next < 0 || static_cast<std::uint64_t>(next) != values.size())
        throw std::runtime_error("checkpoint " + path + " is inconsistent: next_heap " + std::to_string(next) +
                                 " but " + std::to_string(values.size()) + " values");
    return SparseSweep(max_heap, values, scan, kernel);
}

Tables make_tables(SparseSweep&& sweep) {
    Tables t;
    const impartial::ScanStats scan = sweep.scan_stats();
    const auto counts = sweep.value_counts();
    const auto last = sweep.value_last();
    const std::uint64_t heaps = sweep.next_heap();

    auto& sparse_heap = t.sparse.add_column<std::uint64_t>("heap");
    auto& sparse_value = t.sparse.add_column<std::uint16_t>("value");
    t.sparse.begin_block(0);
    for (const auto& s : sweep.sparse_heaps()) {
        sparse_heap.push_back(s.heap);
        sparse_value.push_back(static_cast<std::uint16_t>(s.value));
    }

    auto& record_heap = t.records.add_column<std::uint64_t>("heap");
    auto& record_value = t.records.add_column<std::uint16_t>("value");
    t.records.begin_block(0);
    for (const auto& r : sweep.records()) {
        record_heap.push_back(r.heap);
        record_value.push_back(static_cast<std::uint16_t>(r.value));
    }

    auto& value = t.value_counts.add_column<std::uint16_t>("value");
    auto& value_class = t.value_counts.add_column<std::string>("class");
    auto& count = t.value_counts.add_column<std::uint64_t>("count");
    auto& value_last = t.value_counts.add_column<std::int64_t>("last");
    t.value_counts.begin_block(0);
    const impartial::Grundy largest = sweep.records().empty() ? 0 : sweep.records().back().value;
    for (impartial::Grundy v = 0; heaps > 0 && v <= largest; ++v) {
        value.push_back(static_cast<std::uint16_t>(v));
        value_class.push_back(impartial::is_sparse_value(v) ? "sparse" : "common");
        count.push_back(counts[v]);
        value_last.push_back(counts[v] ? static_cast<std::int64_t>(last[v]) : -1);
    }

    auto& common_heaps = t.scan.add_column<std::uint64_t>("common_heaps");
    auto& total_length = t.scan.add_column<std::uint64_t>("total_length");
    auto& mean = t.scan.add_column<double>("mean");
    auto& longest = t.scan.add_column<std::uint64_t>("longest");
    auto& longest_heap = t.scan.add_column<std::uint64_t>("longest_heap");
    t.scan.begin_block(0);
    common_heaps.push_back(scan.common_heaps);
    total_length.push_back(scan.total_length);
    mean.push_back(scan.mean());
    longest.push_back(scan.longest);
    longest_heap.push_back(scan.longest_heap);

    auto& grundy = t.grundy.add_column<std::uint16_t>("value");
    t.grundy.begin_block(0);
    grundy = std::move(sweep).release_values();
    return t;
}

} // namespace cgt::jobs::grundy
