#pragma once
// The Grundy sequence G(0), G(1), ... of an octal game, extended on demand. Values are
// computed by the definition (mex over all options) and, for games that split heaps, by the
// rare/common split once the sequence so far has few rare heaps; both give the same values.
#include "impartial/octal.hpp"
#include "impartial/rare_common.hpp"

#include <memory>
#include <optional>
#include <vector>

namespace cgt::impartial {

enum class ValueMethod {
    definition,  // every option of every heap: O(n) per heap for games that split
    rare_common, // the definition until the rare/common split pays, then the split
};

class OctalValues {
public:
    explicit OctalValues(OctalGame game, ValueMethod method = ValueMethod::rare_common);

    // Computes G(h) for every heap h up to max_heap (nothing if already there). With
    // while_split, stops early at a heap the rare/common split is not used for (it is
    // reconsidered when the length doubles). Returns the last heap computed.
    enum class Extension { always, while_split };
    Heap extend_to(Heap max_heap, Extension extension = Extension::always);

    [[nodiscard]] const OctalGame& game() const { return m_game; }
    // G(0..size()-1).
    [[nodiscard]] const std::vector<Grundy>& values() const { return m_values; }
    // The split in use, if any (it is chosen again each time the length doubles).
    [[nodiscard]] std::optional<RareMask> rare_mask() const;
    // The largest rare heap under the split in use, if any.
    [[nodiscard]] std::optional<Heap> last_rare_heap() const;
    // Hands the values over (the object is left empty).
    [[nodiscard]] std::vector<Grundy> take_values() && { return std::move(m_values); }
    // How many heaps were valued through the rare/common split.
    [[nodiscard]] std::uint64_t heaps_by_split() const { return m_heaps_by_split; }

private:
    [[nodiscard]] Grundy next_value();
    void reconsider_split();

    OctalGame m_game;
    ValueMethod m_method;
    std::vector<Grundy> m_values;
    Grundy m_bound = 1; // a power of two above every value so far (and their XORs)
    OptionMarks m_marks;
    std::unique_ptr<RareCommonSplit> m_split;
    std::size_t m_next_review = 0;
    std::uint64_t m_heaps_by_split = 0;
};

// G(0..max_heap) by the definition alone: the reference the faster paths are tested against.
std::vector<Grundy> octal_values_by_definition(const OctalGame& game, Heap max_heap);

} // namespace cgt::impartial
