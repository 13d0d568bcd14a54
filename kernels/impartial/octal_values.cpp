#include "impartial/octal_values.hpp"

#include <stdexcept>

namespace cgt::impartial {

namespace {
// The split is first considered at this length and again each time the length doubles.
constexpr std::size_t FIRST_REVIEW = 512;
// The split is used while at most 1 heap in RARE_SHARE is rare: it then enumerates at most
// n/4 pairs against the n/2 of the definition, and the confirming scans stay short. (4 was
// fastest on the 1,023 octal games of up to 3 digits to heap 16384: 12.5 s of CPU against
// 15.5 s with 16 and 18 s with 2.)
constexpr std::uint64_t RARE_SHARE = 4;
// Values of 2^20 and more: no split is sought (its histogram transform would be too big).
constexpr Grundy MAX_SPLIT_BOUND = Grundy{1} << 20;
} // namespace

OctalValues::OctalValues(OctalGame game, ValueMethod method)
    : m_game(std::move(game)), m_method(method), m_next_review(FIRST_REVIEW) {}

std::optional<RareMask> OctalValues::rare_mask() const {
    if (!m_split) return std::nullopt;
    return m_split->mask();
}

std::optional<Heap> OctalValues::last_rare_heap() const {
    if (!m_split || m_split->rare_heaps().empty()) return std::nullopt;
    return m_split->rare_heaps().back();
}

Heap OctalValues::extend_to(Heap max_heap, Extension extension) {
    if (max_heap == UINT32_MAX) throw std::invalid_argument("the heap bound must be below 2^32 - 1");
    m_values.reserve(std::size_t{max_heap} + 1);
    while (m_values.size() <= max_heap) {
        if (m_values.size() == m_next_review) reconsider_split();
        if (extension == Extension::while_split && !m_split) break;
        const Grundy g = next_value();
        m_values.push_back(g);
        while (g >= m_bound) m_bound *= 2;
        if (m_split) m_split->record(static_cast<Heap>(m_values.size() - 1), g);
    }
    return static_cast<Heap>(m_values.size() - 1);
}

Grundy OctalValues::next_value() {
    const auto n = static_cast<Heap>(m_values.size());
    const Grundy* g = m_values.data();
    m_marks.begin(m_bound);
    bool has_option = false;
    // Removing a whole heap leaves the empty position, whose value is G(0) (1 in misere).
    for (Heap k : m_game.leave_none()) {
        if (k > n) break;
        if (k == n) {
            m_marks.mark(g[0]);
            has_option = true;
        }
    }
    for (Heap k : m_game.leave_one()) {
        if (k >= n) break;
        m_marks.mark(g[n - k]);
        has_option = true;
    }
    for (Heap k : m_game.leave_two())
        if (n >= k + 2) has_option = true;
    if (m_game.play() == Play::misere && !has_option) return 1;
    if (!m_game.splits()) return m_marks.mex();

    if (m_split) {
        ++m_heaps_by_split;
        return m_split->mex_with_splits(m_game, m_values, n, m_marks);
    }
    for (Heap k : m_game.leave_two()) {
        if (n < k + 2) continue;
        m_marks.mark_splits(g, n - k, 1, (n - k) / 2);
    }
    return m_marks.mex();
}

void OctalValues::reconsider_split() {
    m_next_review *= 2;
    if (m_method != ValueMethod::rare_common || !m_game.splits() || m_bound > MAX_SPLIT_BOUND)
        return;
    const RareMask best = best_rare_mask(m_values, split_phase(m_game));
    if (best.rare_heaps * RARE_SHARE <= m_values.size())
        m_split = std::make_unique<RareCommonSplit>(best, m_values);
    else
        m_split.reset();
}

std::vector<Grundy> octal_values_by_definition(const OctalGame& game, Heap max_heap) {
    OctalValues values(game, ValueMethod::definition);
    (void)values.extend_to(max_heap);
    return values.values();
}

} // namespace cgt::impartial
