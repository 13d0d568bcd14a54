// cgt-verify-subtraction-census: checks a cgt-subtraction-census result file independently of
// the kernels that computed it: rows recomputed by the plain definition of a subtraction
// game (every small game and a seeded sample of the rest), each claimed period proven and least
// on those values, the summaries against the rows and the parameters, the published periods
// (31game's {1,2,3}, {1,3,4}, {1..k}), and the literature's statements on two- and three-move
// games recounted, each counterexample the file names proven one.
#include "verify/common/checks.hpp"
#include "verify/common/report.hpp"
#include "verify/subtraction-census/census_checks.hpp"

using namespace cgt;
using namespace cgt::verify::subtraction_census;

namespace {

using CensusCheck = verify::NamedCheck<const CensusFile&, verify::Report&>;

const CensusCheck CHECKS[] = {
    {"the tables against the parameters", "parameters", "the run's M, C and rows",
     check_parameters},
    {"rows by the definition", "identity", "G(n) = mex{G(n - s)}, and the window argument",
     check_definition},
    {"published periods", "subtraction-census.txt", "31game; the take-1-3-4 game; {1..k}",
     check_published},
    {"the literature's statements", "identity, subtraction-census.txt two_move",
     "Benesh et al. (two-move); Flammenkamp's conjectures (three-move)", check_statements},
    {"distributions and longest", "identity", "the rows", check_summaries},
    {"summary (not compared)", "-", "the longest table", summary},
};

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const CensusFile f = read_census(file, data_dir, report);
    verify::run_checks(CHECKS, f, report);
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(
        argc, argv, "cgt-verify-subtraction-census", "subtraction-census", "cgt-subtraction-census",
        "Checks a cgt-subtraction-census result file without the kernels that computed it: rows\n"
        "by the definition of a subtraction game, every period claim proven and least, the\n"
        "summaries, the published periods, and the literature's two- and three-move statements.",
        check);
}
