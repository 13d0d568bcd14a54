// cgt-verify-grundy: checks a cgt-grundy result file. First the file against itself (every
// table agrees with the values it holds, G(0..N) or the first of them (--store-values); the
// frequencies of every power of two sum to it; the stored values, to 2^16, equal the
// definition computed here), then the values against the literature:
// OEIS A002188 (b-file to 20,000, a-file to 200,000, each proven byte-identical to the OEIS
// file by its SHA-256), A036685 (G = 0), A180120/A180121 (records), Flammenkamp's sparse
// values, and for a run that reaches 2^26 the figures of sen-ltd's Grundy's-game article.
#include "common/plumbing/hdf5_file.hpp"
#include "grundy/grundy_schema.hpp"
#include "impartial/grundy_game.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/parameters.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "verify/grundy/grundy_figures.hpp"
#include "verify/grundy/grundy_powers.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

using namespace cgt;
using verify::GrundyFigures;
using verify::HeapValues;
using verify::thousands;

namespace schema = cgt::jobs::grundy::schema;

namespace {

constexpr std::uint64_t ARTICLE_MAX_HEAP = 1ull << 26;

long long ll(std::uint64_t v) {
    return static_cast<long long>(v);
}

std::string g_of(std::uint64_t heap, unsigned value) {
    return "G(" + thousands(ll(heap)) + ") = " + std::to_string(value);
}

// "1,274, the last 82,860" (or "none").
std::string count_and_last(const HeapValues& pairs, std::uint64_t bound) {
    const std::size_t k = verify::count_up_to(pairs, bound);
    if (k == 0) return "none";
    return thousands(ll(k)) + ", the last " + thousands(ll(pairs[k - 1].first));
}

HeapValues up_to(const HeapValues& pairs, std::uint64_t bound) {
    return HeapValues(pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(
                                                         verify::count_up_to(pairs, bound)));
}

HeapValues from_table(const common::Table& t) {
    const auto heap = t.ints(schema::sparse::heap), value = t.ints(schema::sparse::value);
    HeapValues out;
    for (std::size_t i = 0; i < t.rows; ++i)
        out.emplace_back(static_cast<std::uint64_t>(heap[i]), static_cast<unsigned>(value[i]));
    return out;
}

HeapValues from_pairs(const std::vector<std::pair<long long, long long>>& pairs) {
    HeapValues out;
    for (const auto& [a, b] : pairs)
        out.emplace_back(static_cast<std::uint64_t>(a), static_cast<unsigned>(b));
    return out;
}

// OEIS A002188 as kept in verify/data: the values and the published size and hash of the
// a-file (n = 0..a_last) and of the b-file (its first lines, n = 0..b_last).
struct OeisA002188 {
    std::vector<std::uint16_t> values;
    std::uint64_t a_last = 0, b_last = 0;
    verify::TextDigest a_file, b_file;
};

OeisA002188 read_a002188(const std::string& path) {
    const std::optional<common::Hdf5File> file =
        common::Hdf5File::open(path, common::Hdf5File::Access::read_only);
    if (!file) throw std::runtime_error("cannot read reference data " + path);
    const common::Hdf5Dataset set = file->open_dataset("values", path);
    OeisA002188 o;
    o.values = set.read_all<std::uint16_t>();
    auto number = [&](const char* name) {
        return static_cast<std::uint64_t>(set.int_attribute(name));
    };
    o.a_last = number("a_file_last_n");
    o.b_last = number("b_file_last_n");
    o.a_file = {number("a_file_bytes"), set.text_attribute("a_file_sha256")};
    o.b_file = {number("b_file_bytes"), set.text_attribute("b_file_sha256")};
    if (o.a_last + 1 != o.values.size() || o.b_last > o.a_last)
        throw std::runtime_error(path + ": the a-file and b-file ranges do not match the values");
    return o;
}

// "equal" or "n = 4,321: 12, OEIS 13".
std::string agreement(std::span<const std::uint16_t> ours, std::span<const std::uint16_t> oeis,
                      std::uint64_t last) {
    const auto d = verify::first_difference(ours, oeis, last);
    if (!d) return "equal";
    return "n = " + thousands(ll(*d)) + ": " + std::to_string(ours[*d]) + ", OEIS " +
           std::to_string(oeis[*d]);
}

// The tables of a file whose values stop before max_heap: what the stored values decide.
void check_stored_part(const common::Table& sparse, const common::Table& records,
                       verify::Report& report, std::uint64_t n_max, const GrundyFigures& ours) {
    report.check("sparse: the heaps with a sparse value n <= " + thousands(ll(n_max)),
                 thousands(ll(ours.sparse.size())) + " from the values",
                 thousands(ll(verify::count_up_to(from_table(sparse), n_max))) + " rows",
                 up_to(from_table(sparse), n_max) == ours.sparse);
    report.check("records: each value above all before, n <= " + thousands(ll(n_max)),
                 thousands(ll(ours.records.size())) + " from the values",
                 thousands(ll(verify::count_up_to(from_table(records), n_max))) + " rows",
                 up_to(from_table(records), n_max) == ours.records);
}

void check_tables(const common::ResultReader& file, verify::Report& report,
                  std::span<const std::uint16_t> g, const GrundyFigures& ours, bool complete) {
    const std::uint64_t n_max = g.size() - 1;
    report.section("The file's tables against its values G(0.." + thousands(ll(n_max)) + ")");
    const common::Table sparse = file.read_table(schema::sparse::table),
                        records = file.read_table(schema::records::table);
    const common::Table counts = file.read_table(schema::value_counts::table),
                        scan = file.read_table(schema::scan::table);
    report.count_rows(sparse.rows + records.rows + counts.rows + scan.rows);
    if (!complete) {
        check_stored_part(sparse, records, report, n_max, ours);
        report.note(
            "(the values stop before max-heap: value_counts and scan are checked against the "
            "frequencies below)");
        return;
    }
    report.check("sparse: the heaps with a sparse value",
                 thousands(ll(ours.sparse.size())) + " from the values",
                 thousands(ll(sparse.rows)) + " rows", from_table(sparse) == ours.sparse);
    report.check("records: each value above all before",
                 thousands(ll(ours.records.size())) + " from the values",
                 thousands(ll(records.rows)) + " rows", from_table(records) == ours.records);

    const unsigned largest = ours.records.back().second;
    const auto value = counts.ints(schema::value_counts::value),
               count = counts.ints(schema::value_counts::count),
               last = counts.ints(schema::value_counts::last);
    const auto& klass = counts.texts(schema::value_counts::klass);
    bool same = counts.rows == largest + 1;
    for (std::size_t i = 0; same && i < counts.rows; ++i) {
        const auto v = static_cast<unsigned>(i);
        same = value[i] == v && count[i] == ll(ours.count[v]) && last[i] == ours.last[v] &&
               klass[i] == (impartial::is_sparse_value(v) ? "sparse" : "common");
    }
    report.check("value_counts: count, last heap, class", "values 0.." + std::to_string(largest),
                 same ? "values 0.." + std::to_string(counts.rows - 1) : "differ", same);

    const auto common_heaps =
        static_cast<std::uint64_t>(scan.ints(schema::scan::common_heaps).at(0));
    const auto total = static_cast<std::uint64_t>(scan.ints(schema::scan::total_length).at(0));
    const double mean = scan.floats(schema::scan::mean).at(0);
    report.check_equal("scan: common heaps = heaps - sparse heaps",
                       thousands(ll(n_max + 1 - ours.sparse.size())), thousands(ll(common_heaps)));
    const bool mean_ok = common_heaps > 0 &&
                         std::abs(mean * static_cast<double>(common_heaps) -
                                  static_cast<double>(total)) <= 1e-9 * static_cast<double>(total);
    report.check("scan: mean = total length / common heaps", "equal", mean_ok ? "equal" : "differs",
                 mean_ok);
    const auto longest = static_cast<std::uint64_t>(scan.ints(schema::scan::longest).at(0));
    const auto longest_heap =
        static_cast<std::uint64_t>(scan.ints(schema::scan::longest_heap).at(0));
    const bool longest_ok = longest >= 1 && longest_heap <= n_max &&
                            longest <= (longest_heap - 1) / 2 &&
                            !impartial::is_sparse_value(g[longest_heap]);
    report.check("scan: the longest is a split of a common heap", "yes", longest_ok ? "yes" : "no",
                 longest_ok);
}

void check_oeis(verify::Report& report, std::span<const std::uint16_t> g, const GrundyFigures& ours,
                const std::string& data_dir) {
    const std::uint64_t n_max = g.size() - 1;
    const OeisA002188 oeis = read_a002188(data_dir + "/grundy_a002188.h5");
    report.section("OEIS A002188: G(n) (b-file to " + thousands(ll(oeis.b_last)) + ", a-file to " +
                   thousands(ll(oeis.a_last)) + ")");
    // The data kept here must regenerate the OEIS files exactly before they count.
    const verify::TextDigest a = verify::oeis_text_digest(oeis.values, oeis.a_last);
    const verify::TextDigest b = verify::oeis_text_digest(oeis.values, oeis.b_last);
    report.check_equal("our copy is the OEIS a-file: SHA-256", oeis.a_file.sha256, a.sha256);
    report.check_equal("our copy is the OEIS a-file: bytes", thousands(ll(oeis.a_file.bytes)),
                       thousands(ll(a.bytes)));
    report.check_equal("our copy is the OEIS b-file: SHA-256", oeis.b_file.sha256, b.sha256);
    report.check_equal("our copy is the OEIS b-file: bytes", thousands(ll(oeis.b_file.bytes)),
                       thousands(ll(b.bytes)));
    for (const auto& [name, last] :
         {std::pair{"b-file", oeis.b_last}, std::pair{"a-file", oeis.a_last}}) {
        const std::uint64_t upto = std::min(n_max, last);
        report.check("G(0.." + thousands(ll(upto)) + ") = the " + name,
                     "n = 0.." + thousands(ll(last)), agreement(g, oeis.values, upto),
                     !verify::first_difference(g, oeis.values, upto));
    }
    if (n_max < oeis.a_last)
        report.note("(the run stops at " + thousands(ll(n_max)) + ": later terms not compared)");

    const std::uint64_t upto = std::min(n_max, oeis.a_last);
    const GrundyFigures from_oeis = verify::derive_figures(oeis.values, upto);
    report.check("sparse heaps n <= " + thousands(ll(upto)) + " (from the a-file)",
                 count_and_last(from_oeis.sparse, upto), count_and_last(ours.sparse, upto),
                 up_to(ours.sparse, upto) == from_oeis.sparse);
}

void check_sequences(verify::Report& report, std::span<const std::uint16_t> g,
                     const GrundyFigures& ours, const std::string& data_dir) {
    const std::uint64_t n_max = g.size() - 1;
    report.section("A036685: the heaps with G = 0");
    HeapValues zeros_published, zeros_ours;
    for (const auto& [k, n] : verify::read_pairs(data_dir + "/grundy_A036685.txt"))
        if (static_cast<std::uint64_t>(n) <= n_max)
            zeros_published.emplace_back(static_cast<std::uint64_t>(n), 0);
    for (std::uint64_t n = 0; n <= n_max; ++n)
        if (g[n] == 0) zeros_ours.emplace_back(n, 0);
    report.check("heaps with G = 0 up to " + thousands(ll(n_max)),
                 count_and_last(zeros_published, n_max), count_and_last(zeros_ours, n_max),
                 zeros_ours == zeros_published);

    report.section("A180120 / A180121: the records (n = 0 first)");
    const auto heaps = verify::read_pairs(data_dir + "/grundy_A180120.txt");
    const auto values = verify::read_pairs(data_dir + "/grundy_A180121.txt");
    if (heaps.size() != values.size())
        throw std::runtime_error("A180120 and A180121 differ in length");
    std::size_t shown = 0;
    for (std::size_t k = 0; k < heaps.size(); ++k) {
        const auto heap = static_cast<std::uint64_t>(heaps[k].second);
        if (heap > n_max) break;
        const std::string published = g_of(heap, static_cast<unsigned>(values[k].second));
        const std::string mine =
            k < ours.records.size() ? g_of(ours.records[k].first, ours.records[k].second) : "none";
        report.check_equal("record " + std::to_string(k + 1), published, mine);
        ++shown;
    }
    if (shown < heaps.size())
        report.note("(records " + std::to_string(shown + 1) + ".." + std::to_string(heaps.size()) +
                    " lie beyond this run)");

    report.section("Flammenkamp's list of sparse values, its first 48 entries (n <= 231)");
    const HeapValues flammenkamp =
        from_pairs(verify::read_pairs(data_dir + "/grundy_flammenkamp_sparse_first48.csv"));
    const std::uint64_t last48 = flammenkamp.back().first;
    const std::uint64_t upto = std::min(n_max, last48);
    report.check("sparse heaps n <= " + std::to_string(upto),
                 count_and_last(up_to(flammenkamp, upto), upto), count_and_last(ours.sparse, upto),
                 up_to(ours.sparse, upto) == up_to(flammenkamp, upto));
}

// The figures of sen-ltd's article for n <= 2^26 from `f` (the figures of G(0..2^26)).
class ArticleFigures {
  public:
    ArticleFigures(verify::Report& report, const verify::Facts& facts)
        : m_report(report), m_facts(facts) {}
    // A row "what | the article's figure `key` | mine", with thousands separators.
    void equal(const std::string& what, const std::string& key, long long mine) const {
        m_report.check_equal(what, thousands(m_facts.number(key)), thousands(mine));
    }
    // "G(n) = v" of the article's keys `heap_key` and `value_key`, against `mine`.
    void heap_value(const std::string& what, const std::string& heap_key,
                    const std::string& value_key,
                    const std::pair<std::uint64_t, unsigned>& mine) const {
        m_report.check_equal(what,
                             g_of(static_cast<std::uint64_t>(m_facts.number(heap_key)),
                                  static_cast<unsigned>(m_facts.number(value_key))),
                             g_of(mine.first, mine.second));
    }

  private:
    verify::Report& m_report;
    const verify::Facts& m_facts;
};

// The sparse heaps: how many up to 1,000, 10,000 and 100,000, those above 100,000 and their
// values, the last one.
void check_article_sparse(verify::Report& report, const verify::Facts& facts,
                          const GrundyFigures& f) {
    const ArticleFigures eq(report, facts);
    eq.equal("sparse heaps (n = 0 counted)", "sparse_heaps", ll(f.sparse.size()));
    eq.equal("  up to 1,000", "sparse_heaps_up_to_1000", ll(verify::count_up_to(f.sparse, 1000)));
    eq.equal("  up to 10,000", "sparse_heaps_up_to_10000",
             ll(verify::count_up_to(f.sparse, 10000)));
    eq.equal("  up to 100,000", "sparse_heaps_up_to_100000",
             ll(verify::count_up_to(f.sparse, 100000)));
    const std::size_t below = verify::count_up_to(f.sparse, 100000);
    eq.equal("  the last of them", "last_sparse_heap_up_to_100000", ll(f.sparse[below - 1].first));
    const HeapValues above(f.sparse.begin() + static_cast<std::ptrdiff_t>(below), f.sparse.end());
    eq.equal("  above 100,000", "sparse_heaps_above_100000", ll(above.size()));
    if (!above.empty()) {
        eq.equal("  the first above 100,000", "first_sparse_heap_above_100000",
                 ll(above.front().first));
        unsigned least = 65535, greatest = 0;
        for (const auto& [heap, value] : above) {
            least = std::min(least, value);
            greatest = std::max(greatest, value);
            report.note("    " + g_of(heap, value));
        }
        report.check_equal("  their values",
                           std::to_string(facts.number("least_sparse_value_above_100000")) + ".." +
                               std::to_string(facts.number("greatest_sparse_value_above_100000")),
                           std::to_string(least) + ".." + std::to_string(greatest));
    }
    eq.heap_value("the last sparse heap", "last_sparse_heap", "last_sparse_value", f.sparse.back());
}

// The records, the first heaps of four values, the heaps with G = 0.
void check_article_values(verify::Report& report, const verify::Facts& facts,
                          const GrundyFigures& f) {
    const ArticleFigures eq(report, facts);
    eq.equal("records with n = 0 (A180120)", "records_with_heap_0", ll(f.records.size()));
    eq.equal("records without n = 0 (Flammenkamp)", "records_without_heap_0",
             ll(f.records.size() - 1));
    eq.heap_value("the last record", "last_record_heap", "last_record_value", f.records.back());
    for (unsigned v : {256u, 257u, 262u, 263u})
        eq.equal("first heap with G = " + std::to_string(v),
                 "first_heap_with_value_" + std::to_string(v), f.first[v]);
    eq.equal("heaps with G = 0", "zeros", ll(f.count[0]));
    eq.equal("  the last", "last_zero", f.last[0]);
}

// The scan figures, when the run ends at 2^26 (they average over the whole run).
void check_article_scan(verify::Report& report, const verify::Facts& facts,
                        const common::Table& scan, std::uint64_t n_max, std::uint64_t limit) {
    if (n_max != limit) {
        report.note("(the scan figures average over the whole run to " + thousands(ll(n_max)) +
                    ", so sen-ltd's for 2^26 do not apply)");
        return;
    }
    const ArticleFigures eq(report, facts);
    char mean[32];
    std::snprintf(mean, sizeof mean, "%.1f", scan.floats(schema::scan::mean).at(0));
    report.check_equal("mean scan length, common heaps", facts.text("scan_mean"), mean);
    eq.equal("the longest scan (splits)", "scan_longest", scan.ints(schema::scan::longest).at(0));
    eq.equal("  at heap", "scan_longest_heap", scan.ints(schema::scan::longest_heap).at(0));
}

// Beyond 2^26: no new sparse heap to 2^35 (Flammenkamp), and the next record. `f` are the
// figures to 2^26, `ours` those of the whole run.
void check_beyond(verify::Report& report, const verify::Facts& facts, const GrundyFigures& ours,
                  const GrundyFigures& f, std::uint64_t n_max) {
    report.section("Beyond 2^26, up to " + thousands(ll(n_max)));
    const auto quiet_to = static_cast<std::uint64_t>(facts.number("no_new_sparse_heap_up_to"));
    if (n_max <= quiet_to) {
        const std::size_t later = ours.sparse.size() - f.sparse.size();
        report.check("new sparse heaps (none to 2^35: Flammenkamp)", "none",
                     later ? thousands(ll(later)) + ", the first " +
                                 thousands(ll(ours.sparse[f.sparse.size()].first))
                           : "none",
                     later == 0);
    }
    const auto next_heap = static_cast<std::uint64_t>(facts.number("next_record_heap"));
    const std::string next =
        g_of(next_heap, static_cast<unsigned>(facts.number("next_record_value")));
    const bool any_later = ours.records.size() > f.records.size();
    const std::string first_later = any_later ? g_of(ours.records[f.records.size()].first,
                                                     ours.records[f.records.size()].second)
                                              : "none";
    if (n_max >= next_heap)
        report.check_equal("the next record after 2^26", next, first_later);
    else
        report.check("records after 2^26 (the next: " + thousands(ll(next_heap)) + ")", "none",
                     first_later, !any_later);
}

// A run whose values are not all stored (the windowed sweep past --store-values): the
// published figures from 2^26 to 2^35 against its sparse and records tables, which cover
// every heap of the run.
void check_beyond_from_tables(verify::Report& report, const common::ResultReader& file, std::uint64_t n_max,
                              const std::string& data_dir) {
    const verify::Facts facts(data_dir + "/grundy_article_figures.txt");
    const auto limit = static_cast<std::uint64_t>(facts.number("max_heap"));
    const auto quiet_to = static_cast<std::uint64_t>(facts.number("no_new_sparse_heap_up_to"));
    if (n_max < limit || n_max > quiet_to) return;
    report.section("Beyond 2^26, up to " + thousands(ll(n_max)) + " (from the sparse and records tables)");
    const common::Table sparse = file.read_table(schema::sparse::table);
    const auto heaps = sparse.ints(schema::sparse::heap);
    const std::string published =
        thousands(ll(facts.number("sparse_heaps"))) + ", the last " + thousands(ll(facts.number("last_sparse_heap")));
    const std::string ours =
        thousands(ll(heaps.size())) + ", the last " + (heaps.empty() ? std::string("none") : thousands(heaps.back()));
    report.check_equal("sparse heaps (none after 2^26 to 2^35: Flammenkamp)", published, ours);
    const common::Table records = file.read_table(schema::records::table);
    const auto r_heap = records.ints(schema::records::heap), r_value = records.ints(schema::records::value);
    const auto next_heap = static_cast<std::uint64_t>(facts.number("next_record_heap"));
    std::string first_later = "none";
    for (std::size_t i = 0; i < records.rows; ++i)
        if (static_cast<std::uint64_t>(r_heap[i]) > limit) {
            first_later = g_of(static_cast<std::uint64_t>(r_heap[i]), static_cast<unsigned>(r_value[i]));
            break;
        }
    if (n_max >= next_heap)
        report.check_equal("the next record after 2^26",
                           g_of(next_heap, static_cast<unsigned>(facts.number("next_record_value"))), first_later);
}

void check_article(verify::Report& report, std::span<const std::uint16_t> g,
                   const GrundyFigures& ours, const common::Table& scan,
                   const std::string& data_dir) {
    const std::uint64_t n_max = g.size() - 1;
    const verify::Facts facts(data_dir + "/grundy_article_figures.txt");
    const auto limit = static_cast<std::uint64_t>(facts.number("max_heap"));
    if (n_max < limit) {
        report.section("The figures of sen-ltd's Grundy's-game article (Qiita) for n <= 2^26");
        report.note("(the run stops at " + thousands(ll(n_max)) + " < 2^26: they do not apply)");
        return;
    }
    report.section("The figures of sen-ltd's Grundy's-game article (Qiita) for n <= 2^26 = " +
                   thousands(ll(limit)));
    const GrundyFigures f = n_max == limit ? ours : verify::derive_figures(g, limit);
    check_article_sparse(report, facts, f);
    check_article_values(report, facts, f);
    check_article_scan(report, facts, scan, n_max, limit);
    if (n_max != limit) check_beyond(report, facts, ours, f, n_max);
}

// The file as the checks read it: the values G(0..N) and their figures.
struct GrundyFile {
    const common::ResultReader& file;
    std::string data_dir;
    common::Table grundy{};
    std::span<const std::uint16_t> g{};
    GrundyFigures ours{};
    std::uint64_t max_heap = 0;
    bool complete = true; // the grundy table holds G(0..max_heap)
};

using GrundyCheck = verify::NamedCheck<const GrundyFile&, verify::Report&>;

const GrundyCheck CHECKS[] = {
    {"the file's tables against its values", "identity",
     "the sparse, records, value_counts and scan tables",
     [](const GrundyFile& f, verify::Report& report) {
         check_tables(f.file, report, f.g, f.ours, f.complete);
     }},
    {"the powers of two and the definition", "identity",
     "the stats and frequencies tables; G(n) as the mex of G(a) ^ G(n - a), 0 < a < n - a",
     [](const GrundyFile& f, verify::Report& report) {
         verify::check_powers(f.file, report, f.g, f.max_heap);
         verify::check_definition(report, f.g);
     }},
    {"OEIS A002188", "grundy_a002188.h5 (with its SHA-256)", "OEIS A002188 (b-file and a-file)",
     [](const GrundyFile& f, verify::Report& report) {
         check_oeis(report, f.g, f.ours, f.data_dir);
     }},
    {"A036685, A180120/A180121, Flammenkamp's sparse values",
     "grundy_A036685.txt, grundy_A180120.txt, grundy_A180121.txt, "
     "grundy_flammenkamp_sparse_first48.csv",
     "OEIS A036685, A180120, A180121; Flammenkamp, Sprague-Grundy Values of Grundy's Game",
     [](const GrundyFile& f, verify::Report& report) {
         check_sequences(report, f.g, f.ours, f.data_dir);
     }},
    {"the figures of sen-ltd's article for 2^26", "grundy_article_figures.txt",
     "sen-ltd, Grundy's game (Qiita)",
     [](const GrundyFile& f, verify::Report& report) {
         if (!f.complete) {
             report.section("The figures of sen-ltd's Grundy's-game article (Qiita) for n <= 2^26");
             report.note("(the values are stored to " + thousands(ll(f.g.size() - 1)) +
                         " only: the figures are not derived)");
             check_beyond_from_tables(report, f.file, f.max_heap, f.data_dir);
             return;
         }
         check_article(report, f.g, f.ours, f.file.read_table(schema::scan::table), f.data_dir);
     }},
};

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    GrundyFile f{file, data_dir, file.read_table(schema::grundy::table)};
    f.g = std::get<std::vector<std::uint16_t>>(f.grundy.column(schema::grundy::value).data);
    if (f.g.empty()) throw common::ResultRefused(file.path() + ": the grundy table is empty");
    report.count_rows(f.grundy.rows);
    report.section("The file against its parameters");
    const auto parameters = verify::run_parameters(file);
    const long long max_heap = verify::parameter_number(parameters, "max-heap");
    const long long stored =
        std::min(max_heap, verify::parameter_number(parameters, "store-values"));
    report.check_equal("grundy: G(0..max-heap), max-heap + 1 rows (store-values + 1 if fewer)",
                       stored + 1, ll(f.grundy.rows));
    f.max_heap = static_cast<std::uint64_t>(max_heap);
    f.complete = stored == max_heap;
    f.ours = verify::derive_figures(f.g, f.g.size() - 1);
    verify::run_checks(CHECKS, f, report);
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(
        argc, argv, "cgt-verify-grundy", "grundy", "cgt-grundy",
        "Checks a cgt-grundy result file against OEIS A002188, A036685, A180120/A180121,\n"
        "Flammenkamp's sparse values and the 2^26 figures of sen-ltd's Grundy's-game article.",
        check);
}
