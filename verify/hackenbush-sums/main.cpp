// cgt-verify-hackenbush-sums: checks a cgt-hackenbush-sums file against the random
// sums of sen-ltd's Hackenbush article (20,000 triples, the outcome of the sum of three values equal to the value-free search
// on the three pictures side by side, every time), recounts the summary from the rows, and
// draws and values a sample of triples again from the recorded seed.
#include "hackenbush-sums/sums_rows.hpp"
#include "hackenbush/picture_values.hpp"
#include "hackenbush/win_loss.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "hackenbush-common/values_schema.hpp"
#include "hackenbush-sums/sums_schema.hpp"

#include <map>

namespace common = cgt::common;
namespace verify = cgt::verify;
namespace hackenbush = cgt::hackenbush;
namespace jobs = cgt::jobs;
using verify::thousands;

namespace schema = cgt::jobs::hackenbush_sums::schema;
namespace values_schema = cgt::jobs::hackenbush_common::schema::values;

namespace {

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const verify::Facts facts(data_dir + "/hackenbush.txt");
    const auto parameters = cgt::verify::hackenbush_common::run_parameters(file);
    jobs::hackenbush_sums::Params params;
    params.triples = static_cast<std::uint64_t>(cgt::verify::hackenbush_common::parameter_number(parameters, "triples"));
    params.vertices = static_cast<unsigned>(cgt::verify::hackenbush_common::parameter_number(parameters, "vertices"));
    params.max_edges = static_cast<unsigned>(cgt::verify::hackenbush_common::parameter_number(parameters, "max-edges"));
    try {
        params.seed = jobs::hackenbush_sums::parse_seed(parameters.count("seed") ? parameters.at("seed") : "");
    } catch (const std::invalid_argument& e) {
        throw common::ResultRefused(std::string("the file's parameters: ") + e.what());
    }
    const auto summary = file.read_table(schema::summary::table);
    const auto triples = file.read_table(schema::triples::table);
    const auto values = file.read_table(values_schema::table);
    report.count_rows(summary.rows + triples.rows + values.rows);
    if (summary.rows != 1) throw common::ResultRefused("the summary table does not have one row");
    const long long n = summary.ints(schema::summary::triples)[0], agree = summary.ints(schema::summary::agree)[0];

    report.section("Random sums: outcome of the sum of values = value-free search on the three side by side");
    report.note("seed " + std::to_string(params.seed) + " (root attribute `seed`: " + file.text_attribute("seed") +
                "), pictures of 1.." + std::to_string(params.max_edges) + " edges on the ground and " +
                std::to_string(params.vertices) + " vertices");
    report.check_equal("seed recorded in the file", std::to_string(params.seed), file.text_attribute("seed"));
    report.check_equal("triples: as many as --triples", thousands(static_cast<long long>(params.triples)), thousands(n));
    if (n == facts.number("sums.triples"))
        report.check_equal("triples", thousands(facts.number("sums.triples")), thousands(n));
    else
        report.note("(--triples " + thousands(n) + ", not the " + thousands(facts.number("sums.triples")) + " of sen-ltd's Hackenbush article (Qiita))");
    report.check_equal("triples whose outcomes agree", thousands(n), thousands(agree));
    report.check_equal("triples whose outcomes differ", facts.number("sums.disagreements"), n - agree);

    report.section("The summary recounted from the rows");
    const auto index = triples.ints(schema::triples::triple), sum = triples.ints(schema::triples::sum);
    const auto &outcome = triples.texts(schema::triples::outcome), &search = triples.texts(schema::triples::search);
    long long in_order = 0, agree_rows = 0;
    std::map<std::string, long long> by_outcome;
    for (std::size_t i = 0; i < triples.rows; ++i) {
        in_order += index[i] == static_cast<long long>(i);
        agree_rows += outcome[i] == search[i];
        ++by_outcome[outcome[i]];
    }
    const bool same = static_cast<long long>(triples.rows) == n && in_order == n && agree_rows == agree &&
                      by_outcome["L"] == summary.ints(schema::summary::left)[0] && by_outcome["R"] == summary.ints(schema::summary::right)[0] &&
                      by_outcome["P"] == summary.ints(schema::summary::previous)[0] && by_outcome["N"] == summary.ints(schema::summary::next)[0];
    report.check("rows 0..N-1 in order; agreements and outcomes as the summary", "yes", same ? "yes" : "no", same);
    report.note("outcomes of the sums: L " + thousands(by_outcome["L"]) + ", R " + thousands(by_outcome["R"]) + ", P " +
                thousands(by_outcome["P"]) + ", N " + thousands(by_outcome["N"]));

    report.section("Triples drawn and valued again from the seed (every 97th)");
    if (same) {
        const hackenbush::GraphFamily family(params.vertices, "BRG", params.max_edges);
        const auto& text = values.texts(values_schema::text);
        cgt::core::GameStore store;
        long long checked = 0, equal = 0;
        for (std::size_t i = 0; i < triples.rows; i += 97) {
            ++checked;
            bool ok = sum[i] >= 0 && static_cast<std::uint64_t>(sum[i]) < values.rows;
            cgt::core::GameId total;
            std::vector<hackenbush::Picture> pictures;
            for (unsigned k = 0; k < 3; ++k) {
                const auto kinds = jobs::hackenbush_sums::random_picture(params, family, i, k);
                ok = ok && family.text(kinds) == triples.texts(std::string(1, static_cast<char>('a' + k)))[i];
                pictures.push_back(family.picture(kinds));
                total = store.add(total, hackenbush::PictureValues(pictures.back(), store).value());
            }
            const auto side_by_side = hackenbush::Picture::side_by_side(
                hackenbush::Picture::side_by_side(pictures[0], pictures[1]), pictures[2]);
            ok = ok && store.canonical_text(total) == text[static_cast<std::size_t>(sum[i])] &&
                 std::string(1, cgt::core::outcome_letter(hackenbush::WinLossSearch(side_by_side).outcome())) == search[i];
            equal += ok;
        }
        report.check_equal("triples with the same pictures, sum and search", thousands(checked), thousands(equal));
    }
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(argc, argv, "cgt-verify-hackenbush-sums", "hackenbush-sums", "cgt-hackenbush-sums",
                              "Checks a cgt-hackenbush-sums result file against the random sums of\n"
                              "sen-ltd's Hackenbush article (Qiita).",
                              check);
}
