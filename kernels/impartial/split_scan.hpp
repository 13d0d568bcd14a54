#pragma once
// Step 2 of the windowed sweep on the values a ValueWindow holds: the splits of one heap's
// split lengths, in increasing split a, with the first sighting of every wanted value.
#include "impartial/value_window.hpp"
#include "impartial/window_kernels.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cgt::impartial {

// Contiguous runs of G(a), G(a + 1), ... and G(L - a), G(L - a - 1), ... as scan_first reads
// them. Runs the layout gives the other way round (G(a) from the ring, G(L - a) from the
// prefix) are copied into buffers of this object: one per thread.
class SplitRuns {
  public:
    explicit SplitRuns(const ValueView& values) : m_values(values) {}
    // Pointers for the splits a .. a + count - 1 of length L, count <= want (0 if G(a) or
    // G(L - a) is not held). Requires a <= L - a - (count - 1) for the returned count.
    std::uint64_t at(std::uint64_t length, std::uint64_t a, std::uint64_t want,
                     const std::uint16_t*& lo, const std::uint16_t*& hi);

  private:
    ValueView m_values; // a copy: see ValueView
    std::vector<std::uint16_t> m_lo, m_hi;
};

struct ScanEnd {
    std::uint64_t end = 0;    // every split a with from <= a < end was looked at, every length
    bool exhausted = false;   // no split is left (end is past the last)
    bool unavailable = false; // split `missing` of length `length` reads a value not held
    std::uint64_t length = 0;
    std::uint64_t missing = 0;
};

struct SplitLengths {
    const std::uint64_t* lengths; // ascending or not; each >= 2
    unsigned count;
    bool equal_splits; // the last split of L is L / 2, else (L - 1) / 2
    [[nodiscard]] std::uint64_t last(std::uint64_t length) const {
        return equal_splits ? length / 2 : (length - 1) / 2;
    }
};

// Looks at the splits a = from, from + 1, ... (up to `limit` at most) of every length. Each
// wanted value is removed at its first sighting, the least split of any length that gives it,
// and appended to seen[seen_count++] (in increasing split). Several lengths are taken in
// chunks of splits (64, doubling to 4096) so that a value any length gives early stops the
// scan early. Stops when nothing is wanted (end = the last sighting + 1), when the splits run
// out, or at a split whose values are not held (the chunk it lies in is then not counted).
// With `exact_from` (one length only; ignored with several), the scan is scan_last's: only
// seen[*exact_from .. seen_count) are written, every value found still counted.
ScanEnd scan_from(ScanKernel kernel, SplitRuns& runs, const SplitLengths& lengths,
                  std::uint64_t from, std::uint64_t limit, WantedSet& wanted, FirstSeen* seen,
                  unsigned& seen_count, unsigned* exact_from = nullptr);

} // namespace cgt::impartial
