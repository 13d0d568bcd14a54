// cgt-verify-hackenbush-signs: checks a cgt-hackenbush-signs file against the first check of
// sen-ltd's Hackenbush article (8,388,606 blue-red stalks of 1..22 edges, every one equal to Berlekamp's
// sign-expansion rule), the 2^n stalks and 2^n distinct values of each length, the values
// n and -n of the all-blue and all-red stalks, and the worked examples.
#include "hackenbush/stalks.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "hackenbush-signs/signs_schema.hpp"

namespace common = cgt::common;
namespace verify = cgt::verify;
using cgt::verify::hackenbush_common::join;
using verify::thousands;

namespace schema = cgt::jobs::hackenbush_signs::schema;

namespace {

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const verify::Facts facts(data_dir + "/hackenbush.txt");
    const auto max_length = static_cast<std::size_t>(
        cgt::verify::hackenbush_common::parameter_number(cgt::verify::hackenbush_common::run_parameters(file), "max-length"));
    const auto lengths = file.read_table(schema::lengths::table);
    const auto examples = file.read_table(schema::examples::table);
    report.count_rows(lengths.rows + examples.rows);
    if (lengths.rows != max_length) throw common::ResultRefused("the lengths table does not have one row per length");
    const auto length = lengths.ints(schema::lengths::length), stalks = lengths.ints(schema::lengths::stalks), mismatches = lengths.ints(schema::lengths::mismatches),
               distinct = lengths.ints(schema::lengths::distinct);
    const auto &smallest = lengths.texts(schema::lengths::smallest), &largest = lengths.texts(schema::lengths::largest);

    report.section("Blue-red stalks against Berlekamp's rule (per length: stalks, mismatches, distinct values)");
    long long total = 0, wrong = 0;
    for (std::size_t i = 0; i < lengths.rows; ++i) {
        const long long n = length[i], two_n = 1LL << n;
        total += stalks[i];
        wrong += mismatches[i];
        report.check_equal("length " + std::to_string(n), join({two_n, 0, two_n}), join({stalks[i], mismatches[i], distinct[i]}));
    }
    if (max_length == static_cast<std::size_t>(facts.number("signs.max_length"))) {
        report.check_equal("stalks of 1..22 edges", thousands(facts.number("signs.stalks")), thousands(total));
        report.check_equal("stalks whose value differs from the rule", facts.number("signs.mismatches"), wrong);
    } else {
        report.note("(--max-length " + std::to_string(max_length) + ", not the 22 of sen-ltd's Hackenbush article (Qiita): its count of " +
                    thousands(facts.number("signs.stalks")) + " stalks does not apply)");
        report.check_equal("stalks whose value differs from the rule", 0, wrong);
    }
    bool extremes = true;
    for (std::size_t i = 0; i < lengths.rows; ++i)
        extremes = extremes && smallest[i] == "-" + std::to_string(length[i]) && largest[i] == std::to_string(length[i]);
    report.check("smallest -n (all red), largest n (all blue) at every length", "yes", extremes ? "yes" : "no", extremes);

    report.section("Worked examples and the short stalks");
    const auto &colours = examples.texts(schema::examples::colours), &value = examples.texts(schema::examples::value),
               &rule = examples.texts(schema::examples::sign_expansion);
    for (const char* example : {"BR", "BBR", "BRB"}) {
        const auto it = std::find(colours.begin(), colours.end(), example);
        if (it == colours.end()) continue;
        report.check_equal(example, facts.text(std::string("signs.example.") + example),
                           value[static_cast<std::size_t>(it - colours.begin())]);
    }
    std::size_t agree = 0;
    for (std::size_t i = 0; i < examples.rows; ++i)
        agree += value[i] == rule[i] && rule[i] == cgt::hackenbush::sign_expansion(colours[i]).to_string();
    std::size_t expected = 0;
    for (std::size_t n = 1; n <= std::min<std::size_t>(max_length, 4); ++n) expected += std::size_t{1} << n;
    report.check_equal("stalks of <= 4 edges equal to the rule (recomputed here)",
                       thousands(static_cast<long long>(expected)), thousands(static_cast<long long>(agree)));
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(argc, argv, "cgt-verify-hackenbush-signs", "hackenbush-signs", "cgt-hackenbush-signs",
                              "Checks a cgt-hackenbush-signs result file against the first check of\n"
                              "sen-ltd's Hackenbush article (Qiita): Berlekamp's sign-expansion rule.",
                              check);
}
