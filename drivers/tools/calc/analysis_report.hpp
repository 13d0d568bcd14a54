#pragma once
// How the tools show the analysis of a value (core/analysis.hpp): as aligned text lines, as
// a JSON object, and the thermograph drawn as text or as an SVG picture. Shared by
// cgt-calc, cgt-hackenbush and cgt-lookup.
#include "common/plumbing/json_writer.hpp"
#include "core/analysis.hpp"
#include "core/expression.hpp"

#include <string>

namespace cgt::calc_tool {

// Lines "name:  value", each starting with `indent`:
//   value, outcome (with its meaning), kind, stops, mean, temperature, thermograph
//   (CGSuite's text, and each wall piece by piece), confused with, incentives, birthday,
//   atomic weight (or why there is none), reduced form, cgsuite (the plain text CGSuite
//   reads back) and compact (the engine's stored text, when it differs).
// `left` and `right` name the players in the outcome line ("Blue", "Red" for Hackenbush).
std::string analysis_text(core::GameStore& store, const core::Analysis& a, core::Notation notation,
                          const std::string& indent = "", const std::string& left = "Left",
                          const std::string& right = "Right");

// {"value", "ascii", "cgsuite" (null past 1 MB), "compact", "outcome", "kind", "left_stop",
//  "right_stop", "mean", "temperature", "thermograph": {"cgsuite", "left_wall",
//  "right_wall"} (walls as [{"t", "x", "slope"}] pieces from t = -1), "confusion_interval"
//  ({"low", "high", "low_closed", "high_closed"} or null), "left_incentives",
//  "right_incentives", "birthday", "all_small", "atomic_weight" (null unless all-small),
//  "reduced_canonical_form"}. Numbers are exact texts ("5/2").
common::Json analysis_json(core::GameStore& store, const core::Analysis& a);

// A comparison statement G op H (s.other set) typed as `text`: {"expression", "left",
// "relation" (op as typed), "right", "holds", "order" (how G and H stand: <, =, >, <>)}.
common::Json comparison_json(core::GameStore& store, const core::Statement& s,
                             const std::string& text);

// A wall piece by piece: "2 on [-1, 1]; 3 - t on [1, 5/2]; mast 1/2 from t = 5/2".
std::string wall_text(const core::PiecewiseLinear& wall);

// The thermograph drawn in characters, values decreasing to the right (Left's side on the
// left, as the books draw it), temperature upwards from -1; '/' and '\' for the sloping
// walls, '|' for vertical ones and the mast. About `width` columns and `height` rows.
std::string thermograph_plot(const core::Thermograph& t, int width = 61, int height = 17);

// The thermograph as a self-contained SVG document (our own few lines of XML).
std::string thermograph_svg(const core::Thermograph& t, const std::string& title);

// "L (Left wins, whoever moves first)" and the like, with `left`/`right` naming the players.
std::string outcome_text(core::Outcome o, const std::string& left = "Left", const std::string& right = "Right");

} // namespace cgt::calc_tool
