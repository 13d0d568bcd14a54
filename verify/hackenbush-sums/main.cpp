// cgt-verify-hackenbush-sums: checks a cgt-hackenbush-sums file against the random
// sums of sen-ltd's Hackenbush article (20,000 triples, the outcome of the sum of three values
// equal to the value-free search on the three pictures side by side, every time), recounts the
// summary from the rows, and draws and values a sample of triples again from the recorded seed.
#include "hackenbush-common/values_schema.hpp"
#include "hackenbush-sums/sums_rows.hpp"
#include "hackenbush-sums/sums_schema.hpp"
#include "hackenbush/picture_values.hpp"
#include "hackenbush/win_loss.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/parameters.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "verify/hackenbush-common/frame.hpp"

#include <map>

namespace cgt::verify::hackenbush_sums {
namespace {

namespace schema = jobs::hackenbush_sums::schema;
namespace values_schema = jobs::hackenbush_common::schema::values;

// The triples table recounted.
struct Recount {
    // Rows 0..N-1 in order, agreements and outcomes as the summary.
    bool same = false;
    std::map<std::string, long long> by_outcome; // L, R, P, N
};

// The file as the checks read it.
struct SumsFile {
    const common::ResultReader& file;
    const Facts& facts;
    jobs::hackenbush_sums::Params params{};
    common::Table summary{}, triples{}, values{};
    long long n = 0, agree = 0; // the summary's triples and agreements
    Recount recount{};
};

Recount recount(const SumsFile& f) {
    namespace t = schema::triples;
    namespace s = schema::summary;
    const auto index = f.triples.ints(t::triple);
    const auto &outcome = f.triples.texts(t::outcome), &search = f.triples.texts(t::search);
    long long in_order = 0, agree_rows = 0;
    Recount r;
    for (std::size_t i = 0; i < f.triples.rows; ++i) {
        in_order += index[i] == static_cast<long long>(i);
        agree_rows += outcome[i] == search[i];
        ++r.by_outcome[outcome[i]];
    }
    const auto summary = [&](const common::Col<std::int64_t>& column) {
        return f.summary.ints(column)[0];
    };
    r.same = static_cast<long long>(f.triples.rows) == f.n && in_order == f.n &&
             agree_rows == f.agree && r.by_outcome["L"] == summary(s::left) &&
             r.by_outcome["R"] == summary(s::right) && r.by_outcome["P"] == summary(s::previous) &&
             r.by_outcome["N"] == summary(s::next);
    return r;
}

SumsFile read_sums_file(const common::ResultReader& file, const Facts& facts, Report& report) {
    SumsFile f{file, facts};
    const auto parameters = run_parameters(file);
    f.params.triples = static_cast<std::uint64_t>(parameter_number(parameters, "triples"));
    f.params.vertices = static_cast<unsigned>(parameter_number(parameters, "vertices"));
    f.params.max_edges = static_cast<unsigned>(parameter_number(parameters, "max-edges"));
    f.params.seed = parsed_parameters([&] {
        return jobs::hackenbush_sums::parse_seed(parameters.count("seed") ? parameters.at("seed")
                                                                          : "");
    });
    f.summary = file.read_table(schema::summary::table);
    f.triples = file.read_table(schema::triples::table);
    f.values = file.read_table(values_schema::table);
    report.count_rows(f.summary.rows + f.triples.rows + f.values.rows);
    if (f.summary.rows != 1) throw common::ResultRefused("the summary table does not have one row");
    f.n = f.summary.ints(schema::summary::triples)[0];
    f.agree = f.summary.ints(schema::summary::agree)[0];
    f.recount = recount(f);
    return f;
}

void check_sums(const SumsFile& f, Report& report) {
    report.section(
        "Random sums: outcome of the sum of values = value-free search on the three side by side");
    const std::string seed = f.file.text_attribute("seed");
    report.note("seed " + std::to_string(f.params.seed) + " (root attribute `seed`: " + seed +
                "), pictures of 1.." + std::to_string(f.params.max_edges) +
                " edges on the ground and " + std::to_string(f.params.vertices) + " vertices");
    report.check_equal("seed recorded in the file", std::to_string(f.params.seed), seed);
    report.check_equal("triples: as many as --triples",
                       thousands(static_cast<long long>(f.params.triples)), thousands(f.n));
}

void check_published(const SumsFile& f, Report& report) {
    const long long published = f.facts.number("sums.triples");
    if (f.n == published)
        report.check_equal("triples", thousands(published), thousands(f.n));
    else
        report.note("(--triples " + thousands(f.n) + ", not the " + thousands(published) +
                    " of sen-ltd's Hackenbush article (Qiita))");
    report.check_equal("triples whose outcomes agree", thousands(f.n), thousands(f.agree));
    report.check_equal("triples whose outcomes differ", f.facts.number("sums.disagreements"),
                       f.n - f.agree);
}

void check_recount(const SumsFile& f, Report& report) {
    report.section("The summary recounted from the rows");
    check_holds(report, "rows 0..N-1 in order; agreements and outcomes as the summary",
                f.recount.same);
    const auto& by = f.recount.by_outcome;
    const auto count = [&](const char* outcome) {
        return thousands(by.count(outcome) ? by.at(outcome) : 0);
    };
    report.note("outcomes of the sums: L " + count("L") + ", R " + count("R") + ", P " +
                count("P") + ", N " + count("N"));
}

// Triple i drawn again from the seed: its pictures, the text of its sum and its search alike.
bool same_triple(const SumsFile& f, const std::vector<std::int64_t>& sum,
                 const hackenbush::GraphFamily& family, core::GameStore& store, std::uint64_t i) {
    bool ok = sum[i] >= 0 && static_cast<std::uint64_t>(sum[i]) < f.values.rows;
    core::GameId total;
    std::vector<hackenbush::Picture> pictures;
    for (unsigned k = 0; k < 3; ++k) {
        const auto kinds = jobs::hackenbush_sums::random_picture(f.params, family, i, k);
        ok = ok &&
             family.text(kinds) == f.triples.texts(std::string(1, static_cast<char>('a' + k)))[i];
        pictures.push_back(family.picture(kinds));
        total = store.add(total, hackenbush::PictureValues(pictures.back(), store).value());
    }
    const auto side_by_side = hackenbush::Picture::side_by_side(
        hackenbush::Picture::side_by_side(pictures[0], pictures[1]), pictures[2]);
    return ok &&
           store.canonical_text(total) ==
               f.values.texts(values_schema::text)[static_cast<std::size_t>(sum[i])] &&
           std::string(1,
                       core::outcome_letter(hackenbush::WinLossSearch(side_by_side).outcome())) ==
               f.triples.texts(schema::triples::search)[i];
}

void check_drawn_again(const SumsFile& f, Report& report) {
    report.section("Triples drawn and valued again from the seed (every 97th)");
    if (!f.recount.same) return;
    const hackenbush::GraphFamily family(f.params.vertices, "BRG", f.params.max_edges);
    const auto sum = f.triples.ints(schema::triples::sum);
    core::GameStore store;
    hackenbush_common::check_sample(
        report, "triples with the same pictures, sum and search", f.triples.rows, 97,
        [&](std::uint64_t i) { return same_triple(f, sum, family, store, i); });
}

const NamedCheck<const SumsFile&, Report&> CHECKS[] = {
    {"the seed and the triples against the parameters", "parameters",
     "the run's --seed and --triples", check_sums},
    {"triples, agreements, disagreements", "sums.triples, sums.disagreements",
     "sen-ltd's Hackenbush article (Qiita), its random sums", check_published},
    {"the summary recounted from the rows", "identity", "the triples table", check_recount},
    {"triples drawn and valued again", "identity", "the recorded seed", check_drawn_again},
};

} // namespace
} // namespace cgt::verify::hackenbush_sums

int main(int argc, char* argv[]) {
    return cgt::verify::hackenbush_common::run_hackenbush_verify(
        argc, argv, "sums",
        "Checks a cgt-hackenbush-sums result file against the random sums of\n"
        "sen-ltd's Hackenbush article (Qiita).",
        cgt::verify::hackenbush_sums::read_sums_file, cgt::verify::hackenbush_sums::CHECKS);
}
