#pragma once
// Green Hackenbush, two ways that share nothing with the engine or with each other. Both
// players may cut any green edge, so a green picture is an impartial game and its value
// is a nimber *n; n is its nim value.
//  - GreenMexSearch: the Sprague-Grundy rule by exhaustive search, n(position) = mex of
//    n after every cut, memoised by edge mask.
//  - green_nim_value_by_principles: no search at all (Winning Ways, ch. 7). Fusion: the
//    vertices of a cycle may be fused into one, its edges becoming loops there, and a loop
//    is worth *1. Colon: on the tree of bridges that remains, a vertex is worth the XOR of
//    its loops' parity and (child + 1) over its children.
#include "hackenbush/mask_memo.hpp"
#include "hackenbush/picture.hpp"

#include <cstdint>

namespace cgt::hackenbush {

// Nim values of green pictures are below 128 (at most 64 edges).
using NimValue = std::uint32_t;

class GreenMexSearch {
public:
    // std::invalid_argument if an edge is not green.
    explicit GreenMexSearch(Picture picture);
    // The nim value of a position (a grounded mask of the picture).
    NimValue value(EdgeMask position);
    NimValue value() { return value(m_picture.all()); }

private:
    static constexpr std::uint8_t UNKNOWN = 0xff;
    Picture m_picture;
    MaskMemo<std::uint8_t> m_memo;
};

// The nim value of a picture whose edges are all green (std::invalid_argument otherwise),
// by fusion and colon: bridges found by Tarjan's low-link (the parent remembered by edge,
// so that parallel edges are not bridges), the ends of every other edge fused with
// union-find, loops counted by parity, and the colon XOR of (child + 1) from the ground up.
NimValue green_nim_value_by_principles(const Picture& picture);

} // namespace cgt::hackenbush
