#pragma once
// A store of proven Hex positions (normal Hex), read-only while a search uses it: the
// positions earlier runs proved, looked up by the vc search (vc_search.hpp) where it meets a
// position its table does not hold, before analysing it. Each entry is a fact about the
// position alone (the stones, the player to move), not about the run, the rule set or the
// opening that proved it: the winner, and a proof set (analysis.hpp): empty cells such that
// the winner still wins when the loser has stones on all the other empty cells. A search
// with a store therefore decides what it decides without one, and its node count is a
// function of its own parameters and of the store's entries, never of what else runs.
//
// Canonical form: a position and its 180-degree rotation are the same game; an entry holds
// the one of the two whose (red, blue) cell sets are the smaller pair (cells r*cols + c,
// compared as numbers), its proof set in that frame. Entries are ordered by (rows, cols,
// red, blue, mover), which is the order of a store table on disk.
//
//   PositionStore store;
//   store.add(canonical(shape, red, blue, Colour::blue, Colour::red, proof));
//   store.seal();                                  // sorted, duplicates merged
//   if (auto hit = store.find(shape, red, blue, Colour::blue)) ... hit->winner, hit->proof
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cgt::hex {

struct StoredPosition {
    Shape shape;
    Wide stones[2] = {0, 0}; // red, blue: cells r*cols + c
    Colour mover = Colour::red;
    Colour winner = Colour::red;
    Wide proof = 0;         // empty cells (see above)
    std::uint32_t work = 0; // positions the search that proved it analysed below it (its cost)
};

// The entry of a position in canonical form (the position or its rotation, see above).
StoredPosition canonical(const StoredPosition& p);
// Whether a and b are the same canonical position (shape, stones, mover).
bool same_position(const StoredPosition& a, const StoredPosition& b);
// The order of entries: (rows, cols, red, blue, mover).
bool position_less(const StoredPosition& a, const StoredPosition& b);
// Why the entry cannot be a proven position, or empty: a shape off 1..MAX_BOARD_SIZE,
// stones off the board or overlapping, a player connected already, a proof set not made of
// empty cells, or not canonical.
std::string entry_problem(const StoredPosition& p);

// A cell set as text: the cells' names (board.hpp: "a1") in index order, blank-separated;
// "" for none. parse_cells reads it back: std::invalid_argument naming a name that is not
// a cell of the shape, or a cell named twice or out of order.
std::string cells_text(Shape shape, Wide cells);
Wide parse_cells(Shape shape, const std::string& text);

class PositionStore {
public:
    // Adds an entry (canonical or not: it is put in canonical form). std::invalid_argument
    // for one entry_problem rejects (its canonical form), or after seal().
    void add(const StoredPosition& p);
    // Sorts the entries and merges those of one position, keeping the one with the most
    // work, then the smallest proof set, then the smallest as a number: the same entries in
    // any order give the same store. std::invalid_argument if two entries of one position
    // disagree on the winner (a store that contradicts itself is not made of facts).
    void seal();
    [[nodiscard]] bool sealed() const { return m_sealed; }
    [[nodiscard]] const std::vector<StoredPosition>& entries() const { return m_entries; }
    [[nodiscard]] bool empty() const { return m_entries.empty(); }

    struct Hit {
        Colour winner;
        Wide proof; // in the frame of the position asked for
    };
    // The entry of the position (shape, stones, mover) or of its rotation, with the proof set
    // turned to the position's frame; nullopt when there is none. `key` is its
    // ZobristKeys::position_key (the search has it): the store is indexed by it, and an
    // entry found is compared cell by cell, so a key collision never returns another
    // position's entry. Only after seal() (std::logic_error otherwise).
    [[nodiscard]] std::optional<Hit> find(Shape shape, Wide red, Wide blue, Colour mover, std::uint64_t key) const;
    // The key find() expects, from the cells.
    static std::uint64_t key_of(Shape shape, Wide red, Wide blue, Colour mover);

private:
    std::vector<StoredPosition> m_entries;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> m_index; // (key, entry), sorted
    bool m_sealed = false;
};

} // namespace cgt::hex
