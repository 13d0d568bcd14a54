#pragma once
// The checks of cgt-verify-subtraction-census, one function each (main.cpp lists them with
// the figures they compare and their sources).
#include "verify/common/report.hpp"
#include "verify/subtraction-census/census_file.hpp"

namespace cgt::verify::subtraction_census {

// Row counts and order against the parameters; the distributions sum to the games.
void check_parameters(const CensusFile& f, Report& report);
// Every set within {1..10}, every three-move game with c <= 30 and a seeded sample of the
// other rows: values by the definition, and the claimed preperiod, period and outcome figures
// proven and least on them (definition.hpp).
void check_definition(const CensusFile& f, Report& report);
// {1,2,3} (31game), {1,3,4}, {1..k} in both plays.
void check_published(const CensusFile& f, Report& report);
// Each statement of the checks table recounted from the rows (two-move: always; three-move:
// when every c <= C has a row), each counterexample it names proven one by the definition; a
// theorem must hold.
void check_statements(const CensusFile& f, Report& report);
// The distributions and the longest period and preperiod against the rows.
void check_summaries(const CensusFile& f, Report& report);
// The three longest of each family and play (not compared).
void summary(const CensusFile& f, Report& report);

} // namespace cgt::verify::subtraction_census
