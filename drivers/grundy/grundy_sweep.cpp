#include "grundy/grundy_sweep.hpp"

#include "grundy/grundy_schema.hpp"
#include "impartial/grundy_game.hpp"
#include "impartial/rare_common.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace cgt::jobs::grundy {

using impartial::ScanKernel;
using impartial::WindowedSweep;

namespace {
// Tables besides the values: counts, records, blocks, the statistics of 40 powers of two.
constexpr double SWEEP_BASE_BYTES = 8.0 * (1 << 20);
} // namespace

ScanKernel parse_kernel(const std::string& text) {
    if (text == "auto") return impartial::fastest_scan_kernel();
    for (ScanKernel k : {ScanKernel::avx512, ScanKernel::avx2, ScanKernel::portable}) {
        if (text != impartial::scan_kernel_name(k)) continue;
        if (!impartial::scan_kernel_available(k))
            throw std::invalid_argument("--kernel " + text + ": this processor lacks it");
        return k;
    }
    throw std::invalid_argument("--kernel must be auto, avx512, avx2 or portable, got '" + text +
                                "'");
}

impartial::WindowConfig window_config(const SweepSettings& settings, SweepHooks hooks) {
    const std::uint64_t stored = std::min(settings.max_heap, settings.store_values) + 1;
    std::uint64_t prefix = settings.prefix_heaps;
    std::uint64_t window = settings.window_heaps ? settings.window_heaps : WINDOW_HEAPS;
    const bool scaled = !settings.prefix_heaps && !settings.window_heaps &&
                        settings.max_heap < SMALL_PREFIX_HEAPS;
    if (scaled) {
        prefix = std::max(SMALL_MIN_HEAPS, std::bit_ceil(settings.max_heap + 1) / 8);
        window = prefix;
    } else if (!prefix) {
        prefix = settings.max_heap < SMALL_PREFIX_HEAPS ? SMALL_PREFIX_HEAPS : PREFIX_HEAPS;
    }
    return {.prefix_heaps = std::max(prefix, stored),
            .window_heaps = window,
            .threads = settings.threads,
            .kernel = settings.kernel,
            .fixed_sparse_classes = true,
            .max_growth = scaled ? 0U : MAX_GROWTH,
            .on_growth = std::move(hooks.on_growth),
            .keep_going = std::move(hooks.keep_going)};
}

std::string growth_text(const impartial::WindowGrowth& g) {
    return impartial::growth_text(g) + " (twice that while a snapshot is written; at most " +
           std::to_string(MAX_GROWTH) + " times --prefix-heaps and --window-heaps)";
}

double sweep_bytes(const SweepSettings& settings) {
    const impartial::WindowConfig c = window_config(settings);
    const double heaps = static_cast<double>(settings.max_heap) + 1;
    // 2 bytes a value in the prefix and in the ring, each holding at most what is swept, and
    // as much again while a snapshot of them is written to the journal (measured: 2^26 heaps
    // with --store-values 2^20, 383,732 KB peak).
    return SWEEP_BASE_BYTES + 2 * (2 * std::min(heaps, static_cast<double>(c.prefix_heaps)) +
                                   2 * std::min(heaps, static_cast<double>(c.window_heaps)));
}

std::vector<std::byte> encode_state(const WindowedSweep& sweep) {
    return sweep.save_state();
}

WindowedSweep sweep_from_state(const std::vector<std::vector<std::byte>>& saved,
                               const SweepSettings& settings, SweepHooks hooks) {
    if (saved.empty())
        return WindowedSweep(impartial::HeapRules::grundys_game(),
                             window_config(settings, std::move(hooks)));
    WindowedSweep sweep =
        WindowedSweep::restore(impartial::HeapRules::grundys_game(),
                               window_config(settings, std::move(hooks)), saved.back());
    if (sweep.size() > settings.max_heap + 1)
        throw std::invalid_argument("the saved state holds G(0.." +
                                    std::to_string(sweep.size() - 1) + "), beyond --max-heap " +
                                    std::to_string(settings.max_heap));
    return sweep;
}

namespace {
namespace s = schema;

void add_heap_values(common::LocalTable& t, const common::Col<std::uint64_t>& heap_col,
                     const common::Col<std::uint16_t>& value_col, std::uint64_t heap,
                     impartial::Grundy value) {
    t.column(heap_col).push_back(heap);
    t.column(value_col).push_back(static_cast<std::uint16_t>(value));
}

void fill_value_counts(common::LocalTable& t, const WindowedSweep& sweep) {
    t.begin_block(0);
    for (impartial::Grundy v = 0; sweep.size() > 0 && v <= sweep.largest(); ++v) {
        t.column(s::value_counts::value).push_back(static_cast<std::uint16_t>(v));
        t.column(s::value_counts::klass)
            .push_back(impartial::is_sparse_value(v) ? "sparse" : "common");
        t.column(s::value_counts::count).push_back(sweep.value_count(v));
        t.column(s::value_counts::last).push_back(sweep.value_last(v));
    }
}

void fill_scan(common::LocalTable& t, const impartial::ScanStats& scan) {
    t.begin_block(0);
    t.column(s::scan::common_heaps).push_back(scan.common_heaps);
    t.column(s::scan::total_length).push_back(scan.total_length);
    t.column(s::scan::mean).push_back(scan.mean());
    t.column(s::scan::longest).push_back(scan.longest);
    t.column(s::scan::longest_heap).push_back(scan.longest_heap);
}

void fill_powers(Tables& t, const WindowedSweep& sweep) {
    t.stats.begin_block(0);
    t.frequencies.begin_block(0);
    for (const impartial::PowerStats& p : sweep.stats()) {
        t.stats.column(s::stats::heaps).push_back(p.heaps);
        t.stats.column(s::stats::largest_value).push_back(static_cast<std::uint16_t>(p.largest));
        t.stats.column(s::stats::largest_at).push_back(p.largest_at);
        t.stats.column(s::stats::rare_mask).push_back(impartial::to_string(p.mask));
        t.stats.column(s::stats::rare_heaps).push_back(p.mask.rare_heaps);
        t.stats.column(s::stats::last_rare).push_back(p.last_rare);
        for (std::size_t v = 0; v < p.frequency.size(); ++v) {
            if (p.frequency[v] == 0) continue;
            t.frequencies.column(s::frequencies::heaps).push_back(p.heaps);
            t.frequencies.column(s::frequencies::value).push_back(static_cast<std::uint16_t>(v));
            t.frequencies.column(s::frequencies::count).push_back(p.frequency[v]);
        }
    }
}
} // namespace

Tables make_tables(WindowedSweep&& swept, const SweepSettings& settings) {
    WindowedSweep sweep = std::move(swept); // freed on return
    Tables t{s::grundy::table.make(),       s::sparse::table.make(), s::records::table.make(),
             s::value_counts::table.make(), s::scan::table.make(),   s::stats::table.make(),
             s::frequencies::table.make()};
    t.sparse.begin_block(0);
    if (sweep.size() > 0)
        add_heap_values(t.sparse, s::sparse::heap, s::sparse::value, 0, 0); // G(0) = 0 is sparse
    for (const auto& part : sweep.rare_heaps())
        add_heap_values(t.sparse, s::sparse::heap, s::sparse::value, part.heap, part.value);
    t.records.begin_block(0);
    for (const auto& r : sweep.records())
        add_heap_values(t.records, s::records::heap, s::records::value, r.heap, r.value);
    fill_value_counts(t.value_counts, sweep);
    fill_scan(t.scan, sweep.scan_stats());
    fill_powers(t, sweep);

    const std::uint64_t stored = std::min(settings.max_heap, settings.store_values) + 1;
    std::vector<std::uint16_t> prefix = std::move(sweep).release_prefix();
    if (prefix.size() < stored)
        throw std::logic_error("the sweep's prefix holds fewer values than --store-values asks");
    prefix.resize(stored);
    t.grundy.begin_block(0);
    t.grundy.column(s::grundy::value) = std::move(prefix);
    return t;
}

} // namespace cgt::jobs::grundy
