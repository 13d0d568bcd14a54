#pragma once
// The subtraction games' part of cgt-check-certificate (README.md has the formats): a period
// certificate of one game, and the figures of a census of every S within {1..M}, both checked
// by nothing but the definition. Like check_certificate.cpp it links no project library.
//
// Values. G(n) is the mex of G(n - s) over the moves s in S with s <= n (normal play); in
// misere play a heap with no move has value 1 (the misere Grundy value: G(n) = 0 exactly when
// the player to move loses), otherwise the mex. The outcomes are o(n) = (G(n) != 0).
//
// Why t repeated values prove a period (t = max S): for n >= t every move is possible, so
// G(n) is a fixed function of the window G(n - t .. n - 1). If G(m) = G(m + p) for
// n0 <= m < n0 + t, then G(n) = G(n + p) for every n >= n0 by induction on n (the windows
// before n and n + p, n >= n0 + t, are equal by the induction; both n and n + p are >= t).
// The outcomes of a game periodic from n0 with period p are periodic from n0 with period p
// too; their least period divides p (the least period of an eventually periodic sequence
// divides every period), and their least preperiod is at most n0.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cgt::certificates {

using Keys = std::map<std::string, std::string>;

// "" when n0 and p are the least for the values g (periodic from n0 with period p), else
// why not. Shared by the octal and the subtraction certificates.
std::string not_least(const std::vector<std::uint8_t>& g, std::uint64_t n0, std::uint64_t p);

// Checks the certificate whose `key value` lines are `keys` and whose value lines follow:
// prints one verdict line, returns whether it is valid; std::invalid_argument when it is
// malformed (its lines do not follow from the game).
bool check_subtraction(const Keys& keys, const std::vector<std::string>& value_lines);

// Checks a file of census figures (`sets-max M` then claims, README.md): recomputes every
// S within {1..M} in both plays and compares every claim. Prints what differs and a verdict.
bool check_sets_figures(const std::string& path);

} // namespace cgt::certificates
