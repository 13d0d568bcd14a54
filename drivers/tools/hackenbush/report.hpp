#pragma once
// What cgt-hackenbush prints for a sum of pictures: the value of the sum with its analysis
// (outcome, stops, mean, temperature, thermograph, ...: tools/calc/analysis_report.hpp), the
// value of each part with its mean and temperature (with `full`, its whole analysis), and
// for the player to move every cut with the value after it and whether it keeps a win; as
// text for people or as one JSON object.
#include "common/plumbing/json_writer.hpp"
#include "core/game_store.hpp"
#include "hackenbush/picture.hpp"
#include "hackenbush/picture_values.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cgt::hackenbush_tool {

// One input file, already parsed.
struct Input {
    std::string name; // file name as given ("-" for stdin)
    hackenbush::Picture picture;
};

// The analysis of one value, already written out.
struct Shown {
    std::string value, mean, temperature;
    std::string text;  // analysis_text, indented for its place
    common::Json json; // analysis_json
    std::string plot;  // the thermograph in characters (full reports only)
    std::string svg;   // the thermograph as SVG (the sum only)
};

struct Part {
    std::size_t input;              // index into the inputs
    std::vector<std::size_t> edges; // global edge numbers (inputs' edges in order, from 0)
    Shown shown;
};

struct Cut {
    std::size_t edge; // global edge number
    std::size_t input;
    std::uint32_t line;
    std::string edge_text; // "u v C"
    std::string value_after;
    bool keeps_win;
};

struct Report {
    Shown sum;
    core::Outcome outcome;
    std::vector<Part> parts;
    std::optional<hackenbush::Player> to_move;
    std::vector<Cut> cuts; // empty unless to_move
    bool full = false;
};

// Values everything with one store; names in the given notation. With `full`, every part's
// whole analysis and the thermographs drawn. With a `memory_budget` (bytes; 0: none), a
// picture whose positions pass it ends the report with hackenbush::MemoryBudgetExceeded.
// `watch` is set on every picture's values (PictureValues::set_watch): progress, limits.
Report make_report(const std::vector<Input>& inputs, std::optional<hackenbush::Player> to_move,
                   core::Notation notation, bool full = false, std::size_t memory_budget = 0,
                   const std::function<void(const hackenbush::PictureValues&)>& watch = {});

std::string format_text(const Report& report, const std::vector<Input>& inputs, bool ascii);
// {"value": ..., "outcome": "L|R|P|N", "analysis": {...}, "parts": [{"file", "edges",
//  "value", "analysis"}...], "to_move": "blue"|"red"|null, "hints": [{"edge", "file",
//  "line", "value_after", "keeps_win"}...]}; "analysis" as analysis_json; one line, ending
// in a newline (common::json_text).
std::string format_json(const Report& report, const std::vector<Input>& inputs);

} // namespace cgt::hackenbush_tool
