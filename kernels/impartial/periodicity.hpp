#pragma once
// Periods of Grundy sequences with a proof. A sequence is periodic with period p from the
// preperiod n0 if G(n + p) = G(n) for every n >= n0. Finitely many values prove it:
//   octal games (Guy & Smith 1956): if t is the largest removal and G(n + p) = G(n) for
//     n0 <= n < 2 n0 + p + t, it holds for all n >= n0 (a heap of m >= 2 n0 + p + t splits
//     into parts of which the larger is >= n0 + p, so its options shift by p);
//   subtraction games: G(n) depends only on G(n - t .. n - 1), so one repeat of a window of
//     t = max(S) values, G(n + p) = G(n) for n0 <= n < n0 + t, repeats forever (misere too).
// Anything else is "not yet periodic up to N": a period is never guessed from data alone.
#include "impartial/octal.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cgt::impartial {

enum class ProofRule { guy_smith, subtraction_window };

// "guy-smith", "subtraction-window".
std::string to_string(ProofRule rule);
// The window rule for subtraction games, Guy and Smith's for every other octal game.
ProofRule proof_rule_for(const OctalGame& game);

struct Period {
    Heap preperiod = 0; // n0, the smallest for this period
    Heap period = 0;    // p, the smallest
    friend bool operator==(const Period&, const Period&) = default;
};

// The proof compares G(n) with G(n + p) for preperiod <= n < check_end(...): 2 n0 + p + t
// (Guy-Smith) or n0 + t (window). It reads the values of heaps 0..check_end + p - 1.
std::uint64_t check_end(ProofRule rule, const Period& period, Heap largest_removal);

// The smallest period p (with its smallest preperiod) whose proof the given values
// G(0..values.size()-1) complete, or nullopt. Such a p is the sequence's least eventual
// period: the least period proves with the same n0 and an earlier end. O(size) time and
// memory (a Z-function of the reversed sequence gives every p's preperiod at once).
std::optional<Period> proven_period(std::span<const Grundy> values, ProofRule rule,
                                    Heap largest_removal);

// The same answer as proven_period(values, guy_smith, t) in O(1) memory, for sequences too
// long to copy (2^32 values of 16 bits): periods p are tried in increasing order, each by
// walking back from the end while G(n) = G(n + p). The first p with a long run (2p or
// more) decides for the periods that Fine and Wilf's theorem ties to it: they are skipped,
// so the walks over a long periodic tail (every multiple of the period) are not repeated.
// Typically O(size) time.
std::optional<Period> proven_period_guy_smith(std::span<const std::uint16_t> values, Heap largest_removal);

// G(n) for any n, from values G(0..k) with k >= preperiod + period - 1 and a proven period.
Grundy periodic_value(std::span<const Grundy> values, const Period& period, std::uint64_t n);

// The notation of the published tables: one character per value (0-9, then A = 10 ... Z =
// 35; larger values as [36]), the repeating part in parentheses: Kayles' first 83 values
// are "0123143214264127...2186(741281472182)". Needs preperiod + period values.
std::string format_periodic(std::span<const Grundy> values, const Period& period);

struct WrittenSequence {
    std::vector<Grundy> values; // G(0..preperiod + period - 1)
    Period period;
};
// Reads that notation back; throws std::invalid_argument naming the fault (no or empty
// parentheses, text after them, a character that is no value).
WrittenSequence parse_periodic(const std::string& text);

} // namespace cgt::impartial
