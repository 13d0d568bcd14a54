// cgt-verify-hackenbush-signs: checks a cgt-hackenbush-signs file against the first check of
// sen-ltd's Hackenbush article (8,388,606 blue-red stalks of 1..22 edges, every one equal to
// Berlekamp's sign-expansion rule), the 2^n stalks and 2^n distinct values of each length, the
// values n and -n of the all-blue and all-red stalks, and the worked examples.
#include "hackenbush-signs/signs_schema.hpp"
#include "hackenbush/stalks.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/parameters.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "verify/hackenbush-common/frame.hpp"

#include <algorithm>

namespace cgt::verify::hackenbush_signs {
namespace {

namespace schema = jobs::hackenbush_signs::schema;
using hackenbush_common::join;

// The file as the checks read it.
struct SignsFile {
    const Facts& facts;
    std::size_t max_length = 0;
    common::Table lengths{}, examples{};
};

SignsFile read_signs_file(const common::ResultReader& file, const Facts& facts, Report& report) {
    SignsFile f{facts,
                static_cast<std::size_t>(parameter_number(run_parameters(file), "max-length"))};
    f.lengths = file.read_table(schema::lengths::table);
    f.examples = file.read_table(schema::examples::table);
    report.count_rows(f.lengths.rows + f.examples.rows);
    if (f.lengths.rows != f.max_length)
        throw common::ResultRefused("the lengths table does not have one row per length");
    return f;
}

// Per length n: 2^n stalks, none whose value differs from the rule, 2^n distinct values.
void check_lengths(const SignsFile& f, Report& report) {
    namespace l = schema::lengths;
    report.section("Blue-red stalks against Berlekamp's rule (per length: stalks, mismatches, "
                   "distinct values)");
    const auto length = f.lengths.ints(l::length), stalks = f.lengths.ints(l::stalks),
               mismatches = f.lengths.ints(l::mismatches), distinct = f.lengths.ints(l::distinct);
    for (std::size_t i = 0; i < f.lengths.rows; ++i) {
        const long long two_n = 1LL << length[i];
        report.check_equal("length " + std::to_string(length[i]), join({two_n, 0, two_n}),
                           join({stalks[i], mismatches[i], distinct[i]}));
    }
}

void check_totals(const SignsFile& f, Report& report) {
    long long total = 0, wrong = 0;
    for (const auto n : f.lengths.ints(schema::lengths::stalks))
        total += n;
    for (const auto n : f.lengths.ints(schema::lengths::mismatches))
        wrong += n;
    if (f.max_length == static_cast<std::size_t>(f.facts.number("signs.max_length"))) {
        report.check_equal("stalks of 1..22 edges", thousands(f.facts.number("signs.stalks")),
                           thousands(total));
        report.check_equal("stalks whose value differs from the rule",
                           f.facts.number("signs.mismatches"), wrong);
    } else {
        report.note("(--max-length " + std::to_string(f.max_length) +
                    ", not the 22 of sen-ltd's Hackenbush article (Qiita): its count of " +
                    thousands(f.facts.number("signs.stalks")) + " stalks does not apply)");
        report.check_equal("stalks whose value differs from the rule", 0, wrong);
    }
}

void check_extremes(const SignsFile& f, Report& report) {
    namespace l = schema::lengths;
    const auto length = f.lengths.ints(l::length);
    const auto &smallest = f.lengths.texts(l::smallest), &largest = f.lengths.texts(l::largest);
    bool extremes = true;
    for (std::size_t i = 0; i < f.lengths.rows; ++i)
        extremes = extremes && smallest[i] == "-" + std::to_string(length[i]) &&
                   largest[i] == std::to_string(length[i]);
    check_holds(report, "smallest -n (all red), largest n (all blue) at every length", extremes);
}

void check_examples(const SignsFile& f, Report& report) {
    report.section("Worked examples and the short stalks");
    const auto& colours = f.examples.texts(schema::examples::colours);
    const auto& value = f.examples.texts(schema::examples::value);
    for (const char* example : {"BR", "BBR", "BRB"}) {
        const auto it = std::find(colours.begin(), colours.end(), example);
        if (it == colours.end()) continue;
        report.check_equal(example, f.facts.text(std::string("signs.example.") + example),
                           value[static_cast<std::size_t>(it - colours.begin())]);
    }
}

void check_short_stalks(const SignsFile& f, Report& report) {
    namespace e = schema::examples;
    const auto &colours = f.examples.texts(e::colours), &value = f.examples.texts(e::value),
               &rule = f.examples.texts(e::sign_expansion);
    std::size_t agree = 0;
    for (std::size_t i = 0; i < f.examples.rows; ++i)
        agree +=
            value[i] == rule[i] && rule[i] == hackenbush::sign_expansion(colours[i]).to_string();
    std::size_t expected = 0;
    for (std::size_t n = 1; n <= std::min<std::size_t>(f.max_length, 4); ++n)
        expected += std::size_t{1} << n;
    report.check_equal("stalks of <= 4 edges equal to the rule (recomputed here)",
                       thousands(static_cast<long long>(expected)),
                       thousands(static_cast<long long>(agree)));
}

const NamedCheck<const SignsFile&, Report&> CHECKS[] = {
    {"every length: 2^n stalks, none off the rule, 2^n distinct values", "identity",
     "Winning Ways (the sign-expansion rule)", check_lengths},
    {"stalks of 1..22 edges, those off the rule", "signs.stalks, signs.mismatches",
     "sen-ltd's Hackenbush article (Qiita), its check 1", check_totals},
    {"smallest -n, largest n", "identity", "Winning Ways (all-red and all-blue stalks)",
     check_extremes},
    {"worked examples", "signs.example.BR, .BBR, .BRB",
     "sen-ltd's Hackenbush article (Qiita), its check 1", check_examples},
    {"the short stalks recomputed here", "identity", "Winning Ways (the sign-expansion rule)",
     check_short_stalks},
};

} // namespace
} // namespace cgt::verify::hackenbush_signs

int main(int argc, char* argv[]) {
    return cgt::verify::hackenbush_common::run_hackenbush_verify(
        argc, argv, "signs",
        "Checks a cgt-hackenbush-signs result file against the first check of\n"
        "sen-ltd's Hackenbush article (Qiita): Berlekamp's sign-expansion rule.",
        cgt::verify::hackenbush_signs::read_signs_file, cgt::verify::hackenbush_signs::CHECKS);
}
