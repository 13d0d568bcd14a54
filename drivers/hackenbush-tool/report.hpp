#pragma once
// What cgt-hackenbush prints for a sum of pictures: the value of the sum, who wins, the
// value of each part, and for the player to move every cut with the value after it and
// whether it keeps a win; as text for people or as one JSON object.
#include "core/game_store.hpp"
#include "hackenbush/picture.hpp"

#include <optional>
#include <string>
#include <vector>

namespace cgt::hackenbush_tool {

// One input file, already parsed.
struct Input {
    std::string name; // file name as given ("-" for stdin)
    hackenbush::Picture picture;
};

struct Part {
    std::size_t input;              // index into the inputs
    std::vector<std::size_t> edges; // global edge numbers (inputs' edges in order, from 0)
    std::string value;
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
    std::string value;
    core::Outcome outcome;
    std::vector<Part> parts;
    std::optional<hackenbush::Player> to_move;
    std::vector<Cut> cuts; // empty unless to_move
};

// Values everything with one store; names in the given notation.
Report make_report(const std::vector<Input>& inputs, std::optional<hackenbush::Player> to_move,
                   core::Notation notation);

std::string format_text(const Report& report, const std::vector<Input>& inputs, bool ascii);
// {"value": ..., "outcome": "L|R|P|N", "parts": [{"file", "edges", "value"}...],
//  "to_move": "blue"|"red"|null, "hints": [{"edge", "file", "line", "value_after",
//  "keeps_win"}...]}
std::string format_json(const Report& report, const std::vector<Input>& inputs);

} // namespace cgt::hackenbush_tool
