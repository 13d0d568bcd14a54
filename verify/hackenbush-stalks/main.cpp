// cgt-verify-hackenbush-stalks: checks a cgt-hackenbush-stalks file against the
// stalk table of sen-ltd's Hackenbush article (per length: stalks, distinct values, numbers, x + *m, x +- up*, other), its
// facts (no two stalks share a value, birthdays, the string rules, worked examples), the
// rows themselves (recounted, in order, complete), and stalks valued again here.
#include "core/game_store.hpp"
#include "hackenbush/stalks.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "hackenbush-common/values_schema.hpp"
#include "hackenbush-stalks/stalks_schema.hpp"

#include <map>
#include <optional>

namespace common = cgt::common;
namespace verify = cgt::verify;
using cgt::verify::hackenbush_common::join;
using verify::thousands;

namespace schema = cgt::jobs::hackenbush_stalks::schema;
namespace values_schema = cgt::jobs::hackenbush_common::schema::values;

namespace {

// Row of a stalk in the file: lengths in order, then colours with B < R < G.
std::uint64_t row_of(std::string_view colours) {
    std::uint64_t offset = 0, power = 1, rank = 0;
    for (std::size_t n = 1; n < colours.size(); ++n) offset += (power *= 3);
    for (char c : colours) rank = 3 * rank + (c == 'B' ? 0 : c == 'R' ? 1 : 2);
    return offset + rank;
}

std::string colours_of(std::uint64_t row) {
    std::size_t n = 1;
    for (std::uint64_t count = 3; row >= count; count *= 3, ++n) row -= count;
    std::string s(n, 'B');
    for (std::size_t k = n; k-- > 0; row /= 3) s[k] = "BRG"[row % 3];
    return s;
}

// Two stalks (rows) of equal value, the earlier first.
struct EqualPair {
    std::uint64_t first, second;
};

struct EqualPairs {
    std::vector<long long> distinct;                      // per length 0..L: distinct values
    std::vector<std::optional<EqualPair>> first_within; // per length: the first pair of that length
    std::optional<EqualPair> first_across;                // the first pair of two lengths
};

// Rows are in (length, colours) order. A pair's second row is the first (in row order) to
// repeat a value; its first row is the first of that value among the stalks of its own
// length (first_within) or of a shorter length (first_across). Costs 8 bytes per value.
EqualPairs equal_pairs(const std::vector<std::int64_t>& length, const std::vector<std::int64_t>& value,
                       std::uint64_t values, std::size_t max_length) {
    constexpr std::uint64_t NONE = ~std::uint64_t{0};
    std::vector<std::uint64_t> first_row(values, NONE); // of each value, among the stalks of the latest length
    EqualPairs out{std::vector<long long>(max_length + 1, 0), std::vector<std::optional<EqualPair>>(max_length + 1), {}};
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

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const verify::Facts facts(data_dir + "/hackenbush.txt");
    const auto max_length = static_cast<std::size_t>(
        cgt::verify::hackenbush_common::parameter_number(cgt::verify::hackenbush_common::run_parameters(file), "max-length"));
    const auto lengths = file.read_table(schema::lengths::table);
    const auto stalks = file.read_table(schema::stalks::table);
    const auto values = file.read_table(values_schema::table);
    report.count_rows(lengths.rows + stalks.rows + values.rows);
    if (lengths.rows != max_length) throw common::ResultRefused("the lengths table does not have one row per length");

    std::map<std::string, std::vector<long long>> col;
    for (const char* name : {"length", "stalks", "distinct", "numbers", "number_nimber", "number_up_star",
                             "number_ups_other", "other", "birthday_is_length", "max_birthday",
                             "number_rule_failures", "nimber_rule_failures", "up_star_rule_failures"}) {
        const auto v = lengths.ints(name);
        col[name].assign(v.begin(), v.end());
    }
    const auto at = [&](const char* name, std::size_t n) { return col.at(name).at(n - 1); };
    const auto row_of_table = [&](std::size_t n) {
        return std::vector<long long>{at("stalks", n), at("distinct", n), at("numbers", n),
                                      at("number_nimber", n), at("number_up_star", n), at("other", n)};
    };

    report.section("The stalk table of sen-ltd's Hackenbush article (Qiita): stalks, distinct values, numbers, x+*m, x+-^*, other");
    for (std::size_t n : {1, 2, 3, 4, 6, 8, 10, 12})
        if (n <= max_length)
            report.check_equal("length " + std::to_string(n), facts.text("stalks.length." + std::to_string(n)),
                               join(row_of_table(n)));
    long long total = 0;
    for (std::size_t n = 1; n <= max_length; ++n) total += at("stalks", n);
    if (max_length == static_cast<std::size_t>(facts.number("stalks.max_length")))
        report.check_equal("stalks of 1..12 edges", thousands(facts.number("stalks.stalks")), thousands(total));
    else
        report.note("(--max-length " + std::to_string(max_length) + ", not the 12 of sen-ltd's Hackenbush article (Qiita): its total of " +
                    thousands(facts.number("stalks.stalks")) + " does not apply)");
    bool shape = true; // 3^n stalks; 2^n numbers, 2^n - 1 of x + *m, 2^(n-1) of x +- up*
    for (std::size_t n = 1; n <= max_length; ++n) {
        long long p3 = 1;
        for (std::size_t k = 0; k < n; ++k) p3 *= 3;
        const long long p2 = 1LL << n;
        shape = shape && at("stalks", n) == p3 && at("numbers", n) == p2 &&
                at("number_nimber", n) == p2 - 1 && at("number_up_star", n) == (n >= 2 ? p2 / 2 : 0) &&
                at("other", n) == p3 - p2 - (p2 - 1) - (n >= 2 ? p2 / 2 : 0) && at("number_ups_other", n) == 0;
    }
    report.check("every length: 3^n stalks, 2^n numbers, 2^n-1 x+*m, 2^(n-1) x+-^*",
                 "the string rule", shape ? "the string rule" : "differs", shape);

    report.section("Birthdays");
    long long young = 0, young_born = 0;
    for (std::size_t n = 1; n <= std::min<std::size_t>(max_length, facts.number("stalks.birthday_is_length_up_to")); ++n) {
        young += at("stalks", n);
        young_born += at("birthday_is_length", n);
    }
    report.check_equal("stalks of <= 7 edges born on the day of their length", thousands(young), thousands(young_born));
    if (max_length >= 12)
        report.check_equal("largest birthday at 12 edges", facts.number("stalks.max_birthday.12"), at("max_birthday", 12));

    report.section("String rules, stalk by stalk (failures)");
    long long failures[4] = {0, 0, 0, 0};
    for (std::size_t n = 1; n <= max_length; ++n) {
        failures[0] += at("number_rule_failures", n);
        failures[1] += at("nimber_rule_failures", n);
        failures[2] += at("up_star_rule_failures", n);
        failures[3] += at("number_ups_other", n);
    }
    report.check_equal("number exactly for blue-red x (sign expansion)", 0, failures[0]);
    report.check_equal("x+*m exactly for x topped by m >= 1 greens", 0, failures[1]);
    report.check_equal("x+-^* exactly for x topped by G, then B or R", 0, failures[2]);
    report.check_equal("other x+n.^+*m (none expected)", 0, failures[3]);

    report.section("The table recounted from the rows");
    const auto length = stalks.ints(schema::stalks::length);
    const auto& colours = stalks.texts(schema::stalks::colours);
    const auto value = stalks.ints(schema::stalks::value);
    const auto birthday = stalks.ints(schema::stalks::birthday);
    const auto& kind = stalks.texts(schema::stalks::kind);
    const auto& text = values.texts(values_schema::text);
    const auto index = values.ints(values_schema::value);
    bool in_order = static_cast<long long>(stalks.rows) == total;
    for (std::size_t i = 0; in_order && i < stalks.rows; ++i)
        in_order = colours[i] == colours_of(i) && length[i] == static_cast<long long>(colours[i].size());
    report.check("rows: every colour string once, by length, B < R < G", "yes", in_order ? "yes" : "no", in_order);
    bool indexed = true;
    for (std::size_t k = 0; indexed && k < values.rows; ++k)
        indexed = index[k] == static_cast<long long>(k) && (k == 0 || text[k - 1] < text[k]);
    for (std::size_t i = 0; indexed && i < stalks.rows; ++i)
        indexed = value[i] >= 0 && static_cast<std::uint64_t>(value[i]) < values.rows;
    report.check("values: texts sorted and distinct, every stalk's index valid", "yes", indexed ? "yes" : "no", indexed);
    EqualPairs pairs;
    if (in_order && indexed) {
        pairs = equal_pairs(length, value, values.rows, max_length);
        const std::vector<long long>& distinct = pairs.distinct;
        std::vector<std::map<std::string, long long>> kinds(max_length + 1);
        std::vector<long long> born(max_length + 1, 0), oldest(max_length + 1, 0);
        for (std::size_t i = 0; i < stalks.rows; ++i) {
            const auto n = static_cast<std::size_t>(length[i]);
            ++kinds[n][kind[i]];
            born[n] += birthday[i] == length[i];
            oldest[n] = std::max<long long>(oldest[n], birthday[i]);
        }
        bool same = true;
        for (std::size_t n = 1; n <= max_length; ++n)
            same = same && distinct[n] == at("distinct", n) &&
                   kinds[n]["number"] == at("numbers", n) && kinds[n]["x+*m"] == at("number_nimber", n) &&
                   kinds[n]["x+n.up+*m"] == at("number_up_star", n) + at("number_ups_other", n) &&
                   kinds[n]["other"] == at("other", n) && born[n] == at("birthday_is_length", n) &&
                   oldest[n] == at("max_birthday", n);
        report.check("per length: distinct, kinds and birthdays from the rows", "as the table", same ? "as the table" : "differ",
                     same);
    }

    report.section("Distinct values, length by length (the first equal pair if two stalks share one)");
    const auto pair_text = [&](const EqualPair& p) {
        return "first equal pair: " + colours[p.first] + " and " + colours[p.second] + ", both " +
               text[static_cast<std::size_t>(value[p.first])];
    };
    if (in_order && indexed) {
        for (std::size_t n = 1; n <= max_length; ++n) {
            const std::string all = "all " + thousands(at("stalks", n)) + " stalks of length " + std::to_string(n) +
                                    " have distinct values";
            const auto& pair = pairs.first_within[n];
            report.check("length " + std::to_string(n), all, pair ? pair_text(*pair) : all, !pair);
        }
        const std::string all = "all " + thousands(total) + " stalks of 1.." + std::to_string(max_length) +
                                " edges have distinct values";
        const auto& pair = pairs.first_across;
        report.check("over all lengths (" + thousands(static_cast<long long>(values.rows)) + " values)", all,
                     pair ? pair_text(*pair) : all, !pair && static_cast<long long>(values.rows) == total);
    }

    report.section("Worked examples (canonical text)");
    for (const char* example : {"BG", "BRG", "BGG", "GB", "GR", "BGB", "RGB", "GBB", "GBR", "GGB"}) {
        const std::string c(example);
        if (c.size() > max_length || !in_order || !indexed) continue;
        report.check_equal(c, facts.text("stalks.example." + c), text[static_cast<std::size_t>(value[row_of(c)])]);
    }

    report.section("Stalks valued again by this program");
    if (in_order && indexed) {
        // Every stalk up to 6 edges and every 997th beyond, each with one fresh walk.
        cgt::core::GameStore store;
        std::uint64_t checked = 0, equal = 0;
        for (std::uint64_t i = 0; i < stalks.rows; i += (colours[i].size() <= 6 ? 1 : 997)) {
            ++checked;
            equal += store.canonical_text(cgt::hackenbush::stalk_value(store, colours[i])) ==
                     text[static_cast<std::size_t>(value[i])];
        }
        report.check_equal("stalks whose value this program finds equal", thousands(static_cast<long long>(checked)),
                           thousands(static_cast<long long>(equal)));
    }
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(argc, argv, "cgt-verify-hackenbush-stalks", "hackenbush-stalks", "cgt-hackenbush-stalks",
                              "Checks a cgt-hackenbush-stalks result file against the stalk table of\n"
                              "sen-ltd's Hackenbush article (Qiita).",
                              check);
}
