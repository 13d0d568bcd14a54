// cgt-verify-hackenbush-stalks: checks a cgt-hackenbush-stalks file against the stalk table of
// sen-ltd's Hackenbush article (per length: stalks, distinct values, numbers, x + *m, x +- up*,
// other), its facts (no two stalks share a value, birthdays, the string rules, worked examples),
// the rows themselves (recounted, in order, complete), and stalks valued again here.
#include "core/game_store.hpp"
#include "hackenbush-common/values_schema.hpp"
#include "hackenbush-stalks/stalks_schema.hpp"
#include "hackenbush/stalks.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/parameters.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "verify/hackenbush-common/frame.hpp"

#include <map>
#include <optional>

namespace cgt::verify::hackenbush_stalks {
namespace {

namespace schema = jobs::hackenbush_stalks::schema;
namespace values_schema = jobs::hackenbush_common::schema::values;
using hackenbush_common::join;

// Row of a stalk in the file: lengths in order, then colours with B < R < G.
std::uint64_t row_of(std::string_view colours) {
    std::uint64_t offset = 0, power = 1, rank = 0;
    for (std::size_t n = 1; n < colours.size(); ++n)
        offset += (power *= 3);
    for (char c : colours)
        rank = 3 * rank + (c == 'B' ? 0 : c == 'R' ? 1 : 2);
    return offset + rank;
}

std::string colours_of(std::uint64_t row) {
    std::size_t n = 1;
    for (std::uint64_t count = 3; row >= count; count *= 3, ++n)
        row -= count;
    std::string s(n, 'B');
    for (std::size_t k = n; k-- > 0; row /= 3)
        s[k] = "BRG"[row % 3];
    return s;
}

// Two stalks (rows) of equal value, the earlier first.
struct EqualPair {
    std::uint64_t first, second;
};

struct EqualPairs {
    std::vector<long long> distinct;                    // per length 0..L: distinct values
    std::vector<std::optional<EqualPair>> first_within; // per length: the first pair of that length
    std::optional<EqualPair> first_across;              // the first pair of two lengths
};

// Rows are in (length, colours) order. A pair's second row is the first (in row order) to
// repeat a value; its first row is the first of that value among the stalks of its own
// length (first_within) or of a shorter length (first_across). Costs 8 bytes per value.
EqualPairs equal_pairs(const std::vector<std::int64_t>& length,
                       const std::vector<std::int64_t>& value, std::uint64_t values,
                       std::size_t max_length) {
    constexpr std::uint64_t NONE = ~std::uint64_t{0};
    std::vector<std::uint64_t> first_row(
        values, NONE); // of each value, among the stalks of the latest length
    EqualPairs out{std::vector<long long>(max_length + 1, 0),
                   std::vector<std::optional<EqualPair>>(max_length + 1),
                   {}};
    for (std::uint64_t i = 0; i < length.size(); ++i) {
        const auto v = static_cast<std::size_t>(value[i]);
        const auto n = static_cast<std::size_t>(length[i]);
        std::uint64_t& first = first_row[v];
        if (first != NONE && length[first] == length[i]) {
            if (!out.first_within[n]) out.first_within[n] = EqualPair{first, i};
            continue;
        }
        if (first != NONE && !out.first_across) out.first_across = EqualPair{first, i};
        first = i;
        ++out.distinct[n];
    }
    return out;
}

// The file as the checks read it.
struct StalksFile {
    const Facts& facts;
    std::size_t max_length = 0;
    common::Table lengths{}, stalks{}, values{};
    std::map<std::string, std::vector<long long>> col{}; // the lengths table's columns by name
    long long total = 0;   // stalks of 1..max-length edges, by the lengths table
    bool in_order = false; // rows: every colour string once, by length, B < R < G
    bool indexed = false;  // values sorted, every stalk's value a row of them
    EqualPairs pairs{};    // when in order and indexed

    // The lengths table's column `name` at length n.
    [[nodiscard]] long long at(const char* name, std::size_t n) const {
        return col.at(name).at(n - 1);
    }
    [[nodiscard]] bool rows_usable() const { return in_order && indexed; }
};

bool stalks_in_order(const common::Table& stalks, long long total) {
    const auto length = stalks.ints(schema::stalks::length);
    const auto& colours = stalks.texts(schema::stalks::colours);
    bool in_order = static_cast<long long>(stalks.rows) == total;
    for (std::size_t i = 0; in_order && i < stalks.rows; ++i)
        in_order =
            colours[i] == colours_of(i) && length[i] == static_cast<long long>(colours[i].size());
    return in_order;
}

StalksFile read_stalks_file(const common::ResultReader& file, const Facts& facts, Report& report) {
    StalksFile f{facts,
                 static_cast<std::size_t>(parameter_number(run_parameters(file), "max-length"))};
    f.lengths = file.read_table(schema::lengths::table);
    f.stalks = file.read_table(schema::stalks::table);
    f.values = file.read_table(values_schema::table);
    report.count_rows(f.lengths.rows + f.stalks.rows + f.values.rows);
    if (f.lengths.rows != f.max_length)
        throw common::ResultRefused("the lengths table does not have one row per length");
    for (const char* name :
         {"length", "stalks", "distinct", "numbers", "number_nimber", "number_up_star",
          "number_ups_other", "other", "birthday_is_length", "max_birthday", "number_rule_failures",
          "nimber_rule_failures", "up_star_rule_failures"}) {
        const auto v = f.lengths.ints(name);
        f.col[name].assign(v.begin(), v.end());
    }
    for (std::size_t n = 1; n <= f.max_length; ++n)
        f.total += f.at("stalks", n);
    f.in_order = stalks_in_order(f.stalks, f.total);
    const auto value = f.stalks.ints(schema::stalks::value);
    f.indexed = hackenbush_common::values_sorted(f.values) &&
                hackenbush_common::indexes_valid(value, f.values.rows);
    if (f.rows_usable())
        f.pairs =
            equal_pairs(f.stalks.ints(schema::stalks::length), value, f.values.rows, f.max_length);
    return f;
}

void check_table(const StalksFile& f, Report& report) {
    report.section("The stalk table of sen-ltd's Hackenbush article (Qiita): stalks, distinct "
                   "values, numbers, x+*m, x+-^*, other");
    for (std::size_t n : {1, 2, 3, 4, 6, 8, 10, 12}) {
        if (n > f.max_length) continue;
        const std::vector<long long> row{f.at("stalks", n),         f.at("distinct", n),
                                         f.at("numbers", n),        f.at("number_nimber", n),
                                         f.at("number_up_star", n), f.at("other", n)};
        report.check_equal("length " + std::to_string(n),
                           f.facts.text("stalks.length." + std::to_string(n)), join(row));
    }
    if (f.max_length == static_cast<std::size_t>(f.facts.number("stalks.max_length")))
        report.check_equal("stalks of 1..12 edges", thousands(f.facts.number("stalks.stalks")),
                           thousands(f.total));
    else
        report.note("(--max-length " + std::to_string(f.max_length) +
                    ", not the 12 of sen-ltd's Hackenbush article (Qiita): its total of " +
                    thousands(f.facts.number("stalks.stalks")) + " does not apply)");
}

// 3^n stalks; 2^n numbers, 2^n - 1 of x + *m, 2^(n-1) of x +- up*, every length.
void check_shape(const StalksFile& f, Report& report) {
    bool shape = true;
    for (std::size_t n = 1; n <= f.max_length; ++n) {
        long long p3 = 1;
        for (std::size_t k = 0; k < n; ++k)
            p3 *= 3;
        const long long p2 = 1LL << n, up_star = n >= 2 ? p2 / 2 : 0;
        shape = shape && f.at("stalks", n) == p3 && f.at("numbers", n) == p2 &&
                f.at("number_nimber", n) == p2 - 1 && f.at("number_up_star", n) == up_star &&
                f.at("other", n) == p3 - p2 - (p2 - 1) - up_star &&
                f.at("number_ups_other", n) == 0;
    }
    check_holds(report, "every length: 3^n stalks, 2^n numbers, 2^n-1 x+*m, 2^(n-1) x+-^*", shape,
                "the string rule", "differs");
}

void check_birthdays(const StalksFile& f, Report& report) {
    report.section("Birthdays");
    long long young = 0, young_born = 0;
    const auto up_to = static_cast<std::size_t>(f.facts.number("stalks.birthday_is_length_up_to"));
    for (std::size_t n = 1; n <= std::min(f.max_length, up_to); ++n) {
        young += f.at("stalks", n);
        young_born += f.at("birthday_is_length", n);
    }
    report.check_equal("stalks of <= 7 edges born on the day of their length", thousands(young),
                       thousands(young_born));
    if (f.max_length >= 12)
        report.check_equal("largest birthday at 12 edges", f.facts.number("stalks.max_birthday.12"),
                           f.at("max_birthday", 12));
}

void check_string_rules(const StalksFile& f, Report& report) {
    report.section("String rules, stalk by stalk (failures)");
    const auto failures = [&](const char* column) {
        long long sum = 0;
        for (std::size_t n = 1; n <= f.max_length; ++n)
            sum += f.at(column, n);
        return sum;
    };
    report.check_equal("number exactly for blue-red x (sign expansion)", 0,
                       failures("number_rule_failures"));
    report.check_equal("x+*m exactly for x topped by m >= 1 greens", 0,
                       failures("nimber_rule_failures"));
    report.check_equal("x+-^* exactly for x topped by G, then B or R", 0,
                       failures("up_star_rule_failures"));
    report.check_equal("other x+n.^+*m (none expected)", 0, failures("number_ups_other"));
}

// Per length: distinct values, kinds and birthdays from the rows, as the lengths table.
bool recount_same(const StalksFile& f) {
    const auto length = f.stalks.ints(schema::stalks::length),
               birthday = f.stalks.ints(schema::stalks::birthday);
    const auto& kind = f.stalks.texts(schema::stalks::kind);
    std::vector<std::map<std::string, long long>> kinds(f.max_length + 1);
    std::vector<long long> born(f.max_length + 1, 0), oldest(f.max_length + 1, 0);
    for (std::size_t i = 0; i < f.stalks.rows; ++i) {
        const auto n = static_cast<std::size_t>(length[i]);
        ++kinds[n][kind[i]];
        born[n] += birthday[i] == length[i];
        oldest[n] = std::max<long long>(oldest[n], birthday[i]);
    }
    bool same = true;
    for (std::size_t n = 1; n <= f.max_length; ++n)
        same = same && f.pairs.distinct[n] == f.at("distinct", n) &&
               kinds[n]["number"] == f.at("numbers", n) &&
               kinds[n]["x+*m"] == f.at("number_nimber", n) &&
               kinds[n]["x+n.up+*m"] == f.at("number_up_star", n) + f.at("number_ups_other", n) &&
               kinds[n]["other"] == f.at("other", n) && born[n] == f.at("birthday_is_length", n) &&
               oldest[n] == f.at("max_birthday", n);
    return same;
}

void check_recount(const StalksFile& f, Report& report) {
    report.section("The table recounted from the rows");
    check_holds(report, "rows: every colour string once, by length, B < R < G", f.in_order);
    check_holds(report, "values: texts sorted and distinct, every stalk's index valid", f.indexed);
    if (f.rows_usable())
        check_holds(report, "per length: distinct, kinds and birthdays from the rows",
                    recount_same(f), "as the table", "differ");
}

void check_distinct(const StalksFile& f, Report& report) {
    report.section(
        "Distinct values, length by length (the first equal pair if two stalks share one)");
    if (!f.rows_usable()) return;
    const auto& colours = f.stalks.texts(schema::stalks::colours);
    const auto& text = f.values.texts(values_schema::text);
    const auto value = f.stalks.ints(schema::stalks::value);
    const auto pair_text = [&](const EqualPair& p) {
        return "first equal pair: " + colours[p.first] + " and " + colours[p.second] + ", both " +
               text[static_cast<std::size_t>(value[p.first])];
    };
    for (std::size_t n = 1; n <= f.max_length; ++n) {
        const std::string all = "all " + thousands(f.at("stalks", n)) + " stalks of length " +
                                std::to_string(n) + " have distinct values";
        const auto& pair = f.pairs.first_within[n];
        report.check("length " + std::to_string(n), all, pair ? pair_text(*pair) : all, !pair);
    }
    const std::string all = "all " + thousands(f.total) + " stalks of 1.." +
                            std::to_string(f.max_length) + " edges have distinct values";
    const auto& pair = f.pairs.first_across;
    const auto values = static_cast<long long>(f.values.rows);
    report.check("over all lengths (" + thousands(values) + " values)", all,
                 pair ? pair_text(*pair) : all, !pair && values == f.total);
}

void check_examples(const StalksFile& f, Report& report) {
    report.section("Worked examples (canonical text)");
    if (!f.rows_usable()) return;
    const auto& text = f.values.texts(values_schema::text);
    const auto value = f.stalks.ints(schema::stalks::value);
    for (const char* example :
         {"BG", "BRG", "BGG", "GB", "GR", "BGB", "RGB", "GBB", "GBR", "GGB"}) {
        const std::string c(example);
        if (c.size() > f.max_length) continue;
        report.check_equal(c, f.facts.text("stalks.example." + c),
                           text[static_cast<std::size_t>(value[row_of(c)])]);
    }
}

void check_revalued(const StalksFile& f, Report& report) {
    report.section("Stalks valued again by this program");
    if (!f.rows_usable()) return;
    // Every stalk up to 6 edges and every 997th beyond, each with one fresh walk.
    const auto& colours = f.stalks.texts(schema::stalks::colours);
    const auto& text = f.values.texts(values_schema::text);
    const auto value = f.stalks.ints(schema::stalks::value);
    core::GameStore store;
    hackenbush_common::check_sample(
        report, "stalks whose value this program finds equal", f.stalks.rows,
        [&](std::uint64_t i) { return i + (colours[i].size() <= 6 ? 1 : 997); },
        [&](std::uint64_t i) {
            return store.canonical_text(hackenbush::stalk_value(store, colours[i])) ==
                   text[static_cast<std::size_t>(value[i])];
        });
}

const NamedCheck<const StalksFile&, Report&> CHECKS[] = {
    {"the stalk table", "stalks.length.N, stalks.stalks",
     "sen-ltd's Hackenbush article (Qiita), its stalk table", check_table},
    {"the shape of every length", "identity",
     "the string rules (Siegel, Combinatorial Game Theory)", check_shape},
    {"birthdays", "stalks.birthday_is_length_up_to, stalks.max_birthday.12",
     "sen-ltd's Hackenbush article (Qiita), its stalk table", check_birthdays},
    {"string rules, stalk by stalk", "identity",
     "the string rules (Siegel, Combinatorial Game Theory)", check_string_rules},
    {"the table recounted from the rows", "identity", "the stalks and values tables",
     check_recount},
    {"distinct values, length by length", "identity",
     "sen-ltd's Hackenbush article (Qiita): no two stalks share a value", check_distinct},
    {"worked examples", "stalks.example.*", "sen-ltd's Hackenbush article (Qiita)", check_examples},
    {"stalks valued again", "identity", "this program's own valuation", check_revalued},
};

} // namespace
} // namespace cgt::verify::hackenbush_stalks

int main(int argc, char* argv[]) {
    return cgt::verify::hackenbush_common::run_hackenbush_verify(
        argc, argv, "stalks",
        "Checks a cgt-hackenbush-stalks result file against the stalk table of\n"
        "sen-ltd's Hackenbush article (Qiita).",
        cgt::verify::hackenbush_stalks::read_stalks_file, cgt::verify::hackenbush_stalks::CHECKS);
}
