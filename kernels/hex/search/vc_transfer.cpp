// A search moved between tables: VcSearch::root_view (the loaded position's entry and its
// children's, read from the table as mid() in vc_search.cpp reads them: the fill-in added
// unless RuleSet::transpose, then the move played), export_children, import_entries and
// import_proven.
#include "hex/search/vc_search.hpp"

#include "hex/search/byte_io.hpp"

#include <algorithm>
#include <deque>
#include <stdexcept>
#include <unordered_set>

namespace cgt::hex {

template <class Bits>
std::optional<typename VcSearch<Bits>::RootView> VcSearch<Bits>::root_view() const {
    const DfpnEntry<Bits>* found = m_table.find(key());
    if (!found) return std::nullopt;
    DfpnEntry<Bits> e = *found;
    orient(e, m_board_key, m_rotated_key);
    RootView view;
    view.bounds = e.bounds;
    view.filled[0] = e.filled[0];
    view.filled[1] = e.filled[1];
    view.aux = e.aux;
    view.work = e.work;
    if (e.bounds.solved()) return view;
    std::uint64_t board = m_board_key, rotated = m_rotated_key;
    if (!m_rules.transpose)
        for (Colour c : {Colour::red, Colour::blue})
            for_each_cell(e.filled[colour_index(c)], [&](int i) {
                board ^= m_keys.stone(c, i);
                rotated ^= m_keys.rotated(c, i);
            });
    const Colour me = m_mover, other = opponent(me);
    for (int i = 0; i < e.count; ++i) {
        const int m = e.moves[i];
        const std::uint64_t cb = board ^ m_keys.stone(me, m), cr = rotated ^ m_keys.rotated(me, m);
        ChildView child;
        child.move = m;
        if (const DfpnEntry<Bits>* c = m_table.find(ZobristKeys::position_key(cb, cr, other))) {
            child.bounds = c->bounds;
            if (c->bounds.solved()) child.proof = proof_of(*c, cb, cr);
        }
        view.children.push_back(child);
    }
    return view;
}

namespace {
// The head of exported entries: the entry's size (it differs with the word width).
template <class Bits> constexpr std::uint32_t ENTRY_BYTES = sizeof(DfpnEntry<Bits>);
} // namespace

template <class Bits>
std::vector<std::vector<std::byte>> VcSearch<Bits>::export_children(std::size_t max_entries) const {
    std::vector<std::vector<std::byte>> out;
    const auto view = root_view();
    if (!view || view->bounds.solved()) return out;
    std::uint64_t board = m_board_key, rotated = m_rotated_key;
    const auto add_fill = [&](const Bits* filled, std::uint64_t& b, std::uint64_t& r) {
        if (m_rules.transpose) return;
        for (Colour c : {Colour::red, Colour::blue})
            for_each_cell(filled[colour_index(c)], [&](int i) {
                b ^= m_keys.stone(c, i);
                r ^= m_keys.rotated(c, i);
            });
    };
    add_fill(view->filled, board, rotated);
    struct At {
        std::uint64_t board, rotated, key;
        Colour mover;
    };
    const auto at = [&](std::uint64_t b, std::uint64_t r, Colour mover) {
        return At{b, r, ZobristKeys::position_key(b, r, mover), mover};
    };
    // Most of the walk's time was the table's cache misses, one find after another (most
    // keys queued are not in the table): the entry LOOKAHEAD places ahead in the queue is
    // prefetched as each is taken, so that its lines are in when its turn comes. The same
    // entries, in the same order, either way.
    constexpr std::size_t LOOKAHEAD = 8;
    for (const ChildView& child : view->children) {
        std::vector<std::byte> bytes;
        append_bytes(bytes, ENTRY_BYTES<Bits>);
        std::uint64_t count = 0;
        std::vector<std::byte> body;
        std::unordered_set<std::uint64_t> seen;
        std::deque<At> queue{at(board ^ m_keys.stone(m_mover, child.move),
                                rotated ^ m_keys.rotated(m_mover, child.move), opponent(m_mover))};
        while (!queue.empty() && count < max_entries) {
            if (queue.size() > LOOKAHEAD) m_table.prefetch(queue[LOOKAHEAD].key);
            const At here = queue.front();
            queue.pop_front();
            if (!seen.insert(here.key).second) continue;
            const DfpnEntry<Bits>* found = m_table.find(here.key);
            if (!found) continue;
            append_bytes(body, *found);
            ++count;
            if (found->bounds.solved()) continue;
            DfpnEntry<Bits> e = *found;
            orient(e, here.board, here.rotated);
            std::uint64_t b = here.board, r = here.rotated;
            add_fill(e.filled, b, r);
            for (int i = 0; i < e.count; ++i) {
                queue.push_back(at(b ^ m_keys.stone(here.mover, e.moves[i]),
                                   r ^ m_keys.rotated(here.mover, e.moves[i]),
                                   opponent(here.mover)));
                if (queue.size() <= LOOKAHEAD) m_table.prefetch(queue.back().key);
            }
        }
        append_bytes(bytes, count);
        bytes.insert(bytes.end(), body.begin(), body.end());
        out.push_back(std::move(bytes));
    }
    return out;
}

template <class Bits> void VcSearch<Bits>::import_entries(std::span<const std::byte> in) {
    std::vector<DfpnEntry<Bits>> entries;
    while (!in.empty()) {
        if (take_bytes<std::uint32_t>(in, "entries") != ENTRY_BYTES<Bits>)
            throw std::invalid_argument("entries of another word width");
        const auto count = take_bytes<std::uint64_t>(in, "entries");
        if (in.size() / ENTRY_BYTES<Bits> < count) throw std::invalid_argument("entries cut short");
        for (std::uint64_t i = 0; i < count; ++i) {
            const auto e = take_bytes<DfpnEntry<Bits>>(in, "entries");
            if (e.work == 0 || e.count > e.moves.size() || e.rotated > 1)
                throw std::invalid_argument("a damaged entry");
            entries.push_back(e);
        }
    }
    for (const DfpnEntry<Bits>& e : entries) {
        const DfpnEntry<Bits>* mine = m_table.find(e.key);
        if (mine && mine->bounds.solved()) continue;
        m_table.store(e);
    }
}

template <class Bits>
void VcSearch<Bits>::import_proven(std::span<const StoredPosition> positions) {
    for (const StoredPosition& p : positions) {
        std::uint64_t board = 0, rotated = 0;
        for (Colour c : {Colour::red, Colour::blue})
            for_each_cell(convert_cells<Bits>(p.stones[colour_index(c)]), [&](int i) {
                board ^= m_keys.stone(c, i);
                rotated ^= m_keys.rotated(c, i);
            });
        DfpnEntry<Bits> e;
        e.key = ZobristKeys::position_key(board, rotated, p.mover);
        const DfpnEntry<Bits>* mine = m_table.find(e.key);
        if (mine && mine->bounds.solved()) continue;
        e.work = std::max<std::uint32_t>(p.work, 1);
        e.rotated = side_of(board, rotated);
        e.bounds = p.winner == p.mover ? Bounds::won() : Bounds::lost();
        e.aux = convert_cells<Bits>(p.proof);
        m_table.store(e);
    }
}

template std::vector<std::vector<std::byte>> VcSearch<Narrow>::export_children(std::size_t) const;
template void VcSearch<Narrow>::import_proven(std::span<const StoredPosition>);
template void VcSearch<Wide>::import_proven(std::span<const StoredPosition>);
template std::vector<std::vector<std::byte>> VcSearch<Wide>::export_children(std::size_t) const;
template void VcSearch<Narrow>::import_entries(std::span<const std::byte>);
template void VcSearch<Wide>::import_entries(std::span<const std::byte>);
template std::optional<VcSearch<Narrow>::RootView> VcSearch<Narrow>::root_view() const;
template std::optional<VcSearch<Wide>::RootView> VcSearch<Wide>::root_view() const;

} // namespace cgt::hex
