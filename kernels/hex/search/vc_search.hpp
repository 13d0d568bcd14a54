#pragma once
// The vc solver: positions analysed by analysis.hpp (fill-in, virtual connections, must-play
// region, dominated moves), searched depth-first or by depth-first proof-number search
// (DFPN, Nagai 2002, with the 1 + epsilon threshold of Pawlewicz and Lew 2007 and, as
// Benzene's solver, progressive widening over the ordered moves), with proof-set pruning
// and the DfpnTable. Solver (solver.hpp) is the interface;
// this header is for it and for tests.
//
// Proof sets (Henderson, Arneson, Hayward 2009, "Solving 8x8 Hex"): every decided position
// yields the empty cells its winner needs (analysis.hpp). When a move m loses, so does
// every other move outside the proof set of m's reply position (together with the cells the
// winner got from fill-in there): the mover's stone there is worth no more than the stone on
// m, which the proof ignores. A position in which every move loses has as its proof the
// union of its moves' proof sets and the carriers that cut its must-play region; one won by
// a move m has m and the proof set of the reply position. The proof sets use only
// properties that stay true when the loser gets more stones, which is what makes this sound.
//
// Fill-in and the table. By default a position's fill-in is added to the board for the
// whole search below it, so the table is keyed by the stones with the fill-in of the
// positions above. With RuleSet::transpose (as Benzene's solver) the board holds only the
// stones played and the table is keyed by them: a position is analysed with its parent's
// fill-in added, keeps the union of both as its own fill-in for its children, and its
// proof set is one of the position played (the winner's filled cells included), so a
// position reached by another move order, with another fill-in above it, reuses the entry
// (any fill-in of a position is one of that position whatever stones follow outside it).
//
// Pauses: a long proof-number search that can be saved and continued. With set_pauses, the
// search returns to the root once every_nodes nodes have passed since the last pause and it
// analysed a new position (every frame stores its current bounds, as when its
// threshold is passed), and calls at_pause there. After the pause the search walks down again
// on the path it left, each frame taking the step it was taking with the threshold it had
// given (the path is kept: each frame's move and its child's threshold), so a pause costs
// the walk down (a node a ply) and does not change where the search goes: without the
// walk, each frame would choose again from the bounds stored, lose the 1 + epsilon margin
// it gave its child, and on 8x8 g3 analyse 20% more positions with pauses every 256 nodes.
// The path could still part from the search without pauses where the table lost an entry
// or a frame's bounds of its other children changed below it (read again from the table
// after the pause), the same way every time; on the 6x6 and 7x7 openings tried it does not.
// At a pause the search holds nothing outside its table, its counters and that path, so
// save_state() there and load_state() in another process continue the search on exactly
// the path it takes uninterrupted: the same result, proof set, node count and counters.
//
// A store of proven positions (position_store.hpp, set_store): where the search meets a
// position its table lacks, it asks the store before analysing it, and a stored position is
// decided there (one node, its proof set the stored one), as are the moves to stored
// positions when a position's children are looked up. The store is read-only during a
// search, so the search is a function of the position, the rule set and the store. With
// set_recording, the positions the search proves up to some plies below its root are kept
// (recorded()), in the order proved, for a store of later runs; a saved search keeps them
// and the store hits (the state's format then has a section for them).
#include "hex/analysis/analysis.hpp"
#include "hex/analysis/misere_analysis.hpp"
#include "hex/board/board.hpp"
#include "hex/board/zobrist.hpp"
#include "hex/search/dfpn_table.hpp"
#include "hex/search/position_store.hpp"
#include "hex/search/search.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace cgt::hex {

template <class Bits> class VcSearch {
public:
    // rules.rules must be Rules::vc (normal Hex) or Rules::rex (misere Hex, analysed by
    // misere_analysis.hpp; no proof sets and no store); std::invalid_argument otherwise.
    VcSearch(Shape shape, RuleSet rules, std::size_t tt_size_mib, VcLimits limits = {});
    VcSearch(int size, RuleSet rules, std::size_t tt_size_mib, VcLimits limits = {})
        : VcSearch(Shape::square(size), rules, tt_size_mib, limits) {}

    [[nodiscard]] Shape shape() const { return m_geo.shape(); }
    // The position to solve and the player to move. The stones may have any counts (fill-in
    // makes such positions); nobody may have connected (std::invalid_argument).
    void load(Bits red, Bits blue, Colour mover);
    void load(const Board& board) {
        load(convert_cells<Bits>(board.stones(Colour::red)), convert_cells<Bits>(board.stones(Colour::blue)),
             board.to_move());
    }

    // Proves the loaded position for its mover within node_limit nodes (0: none); unknown
    // when the limit stopped it. The position stays loaded. Nodes are visits of positions
    // (a proof-number search returns to a position many times).
    Outcome solve(std::uint64_t node_limit, SearchStats& stats);
    // The proof set of the last solve() that decided the position: empty cells of the loaded
    // position such that the winner still wins when the loser has stones on all the others
    // (the vc rule sets; meaningless for the rex ones).
    [[nodiscard]] Bits last_proof() const { return m_last_proof; }
    void clear_table() {
        m_table.clear();
        m_stopped = false;
    }
    [[nodiscard]] const DfpnTable<Bits>& table() const { return m_table; }

    // Pauses of the proof-number search every every_nodes nodes (0: none); at_pause is
    // called at each (it may call save_state) and returning false stops the search there:
    // solve() returns unknown and stopped() is true. Depth-first search has no pauses.
    // After a pause the search walks down its path again (same_path) or, with choose_again,
    // each frame chooses afresh from the bounds stored (as before the path was kept; the job
    // search's workers, job_worker.cpp, measured better so).
    enum class AfterPause { same_path, choose_again };
    void set_pauses(std::uint64_t every_nodes, std::function<bool()> at_pause,
                    AfterPause after = AfterPause::same_path);
    // Whether the last solve() ended at a pause whose at_pause returned false.
    [[nodiscard]] bool stopped() const { return m_stopped; }
    // At a pause (only from at_pause): the nodes searched so far, those of the saved runs
    // it continues included, and the root's bounds (phi: the proof number of a win for the
    // player to move, delta: of a loss; see Solver::pause_progress).
    struct PauseInfo {
        std::uint64_t nodes = 0;
        Bounds root;
    };
    [[nodiscard]] PauseInfo pause_info() const;
    // Appends the search at the current pause (only from at_pause) to `out`: the position's
    // key, the counters and the node count the limit counts from, and the table's entries in
    // use, or with changes_only those stored since the last save_state or load_state.
    void save_state(std::vector<std::byte>& out, bool changes_only);
    // Continues a saved search: clears the table and applies the states (a full one, then
    // the changes after it, in the order saved); the next solve() must be of the same
    // position and starts from the saved counters. Returns the saved node count.
    // std::invalid_argument on a state that is damaged, of another table size or width,
    // or does not begin with a full one; the table is then cleared.
    std::uint64_t load_state(std::span<const std::vector<std::byte>> states);

    // The store later solve() calls read (nullptr: none; sealed, std::invalid_argument
    // otherwise), kept across clear_table().
    void set_store(std::shared_ptr<const PositionStore> store);
    // Keeps, from the next solve() on, every position it proves at most max_plies moves below
    // its root (0: the root alone; < 0: none) whose proof analysed at least min_work
    // positions (the table entry's work: a position decided by its analysis has 1).
    void set_recording(int max_plies, std::uint32_t min_work);
    // The positions the last solve() recorded (canonical, in the order proved, a position
    // proved twice twice), and how many positions it took from the store.
    [[nodiscard]] const std::vector<StoredPosition>& recorded() const { return m_records; }
    [[nodiscard]] std::uint64_t store_hits() const { return m_store_hits; }

    // What the table holds of the loaded position (after solve(), or at a pause), in the
    // position's frame: its bounds and fill-in; decided, its proof set as a parent needs it
    // (aux, the winner's fill-in included); otherwise the support of its must-play region
    // (aux: the proofs of the moves cut joined) and, for every move left to try in search
    // order, the bounds of the position it reaches (Bounds{} where the table lacks it) and,
    // where that is decided, its proof set. nullopt when the table lacks the position
    // (replaced). vc_transfer.cpp.
    struct ChildView {
        int move = 0;
        Bounds bounds;
        Bits proof = 0;
    };
    struct RootView {
        Bounds bounds;
        Bits filled[2] = {0, 0};
        Bits aux = 0;
        std::uint32_t work = 0;
        std::vector<ChildView> children;
    };
    [[nodiscard]] std::optional<RootView> root_view() const;
    // Moving a search between tables (vc_transfer.cpp): for each move left to try at the
    // loaded position (RootView::children, in order), the table's entries of the positions
    // reached from the position that move gives through the moves their entries keep (a
    // decided one ends a line), breadth-first, each once, at most max_entries per move; as
    // bytes for import_entries of a search of the same shape, rules and word width, which
    // stores them (an entry over one of the same position that is decided is dropped), so
    // that a search there continues from what this one learned.
    [[nodiscard]] std::vector<std::vector<std::byte>> export_children(std::size_t max_entries) const;
    // Several exports one after another are one. std::invalid_argument for bytes that are not
    // such entries (nothing is stored then).
    void import_entries(std::span<const std::byte> entries);
    // Stores proven positions of the shape (position_store.hpp: what another search
    // recorded) as decided entries, over any entry of the same position that is not decided.
    void import_proven(std::span<const StoredPosition> positions);

private:
    [[nodiscard]] std::uint64_t key() const { return ZobristKeys::position_key(m_board_key, m_rotated_key, m_mover); }
    // Which of a position's two boards (itself or its rotation) has the key's smaller board
    // key: 1 when the rotation has. A table entry's cells are turned when its side differs.
    static std::uint8_t side_of(std::uint64_t board, std::uint64_t rotated) { return board > rotated ? 1 : 0; }
    // An entry's cells in the frame of the board with keys (board, rotated). A position equal
    // to its rotation (equal keys) reads either frame as its own.
    void orient(DfpnEntry<Bits>& e, std::uint64_t board, std::uint64_t rotated) const {
        const std::uint8_t side = side_of(board, rotated);
        if (e.rotated == side) return;
        e.rotated = side;
        if (board == rotated) return;
        e.filled[0] = m_geo.rotate(e.filled[0]);
        e.filled[1] = m_geo.rotate(e.filled[1]);
        e.aux = m_geo.rotate(e.aux);
        for (int i = 0; i < e.count; ++i) e.moves[i] = static_cast<std::uint8_t>(m_geo.rotate(e.moves[i]));
    }
    [[nodiscard]] Bits proof_of(const DfpnEntry<Bits>& e, std::uint64_t board, std::uint64_t rotated) const {
        return e.rotated == side_of(board, rotated) || board == rotated ? e.aux : m_geo.rotate(e.aux);
    }
    void put(Colour c, int cell) {
        m_stones[colour_index(c)] ^= cell_bit<Bits>(cell);
        m_board_key ^= m_keys.stone(c, cell);
        m_rotated_key ^= m_keys.rotated(c, cell);
    }
    // Adds (or, called again, removes) the fill-in of a position.
    void toggle_fill(const Bits* filled) {
        for (Colour c : {Colour::red, Colour::blue}) for_each_cell(filled[colour_index(c)], [&](int i) { put(c, i); });
    }
    void play(int cell) {
        put(m_mover, cell);
        m_mover = opponent(m_mover);
    }
    void undo(int cell) {
        m_mover = opponent(m_mover);
        put(m_mover, cell);
    }
    [[nodiscard]] bool out_of_nodes() {
        ++m_stats->nodes;
        if (m_limit != 0 && m_stats->nodes > m_limit) m_aborted = true;
        // A pause once the segment analysed a position: each segment makes progress, however
        // small every_nodes is against the depth of the tree.
        if (m_pause_at != 0 && m_stats->nodes >= m_pause_at && m_stats->expansions != m_segment_expansions)
            m_pausing = true;
        return m_aborted;
    }
    // Analyses the position (new to the table) with the parent's fill-in added (nullptr:
    // none): stores and returns its entry.
    DfpnEntry<Bits> expand(std::uint64_t k, const Bits* parent_fill);
    // A solved entry keeps as its proof set what the parent needs: the proof set of the
    // position together with the winner's filled cells (the parent's empty cells whose
    // colour the proof relies on).
    void solved(DfpnEntry<Bits>& e, bool win, Bits proof) const {
        e.bounds = win ? Bounds::won() : Bounds::lost();
        e.aux = proof | e.filled[colour_index(win ? m_mover : opponent(m_mover))];
        e.count = 0;
    }

    // The store's entry of the position on the board with key k (m_store set), won or lost
    // for the mover, its proof set in the board's frame.
    [[nodiscard]] std::optional<PositionStore::Hit> stored(std::uint64_t k, const Bits* stones, Colour mover) const {
        return m_store->find(m_geo.shape(), convert_cells<Wide>(stones[0]), convert_cells<Wide>(stones[1]), mover, k);
    }
    // A table entry for the position on the board, decided as the store says.
    DfpnEntry<Bits> from_store(std::uint64_t k, const PositionStore::Hit& hit);
    // Records a position on the board just proved (entry e, in the board's frame).
    void record(const DfpnEntry<Bits>& e);

    // DFPN: searches until phi >= th.phi or delta >= th.delta; returns the bounds and, when
    // solved, the effective proof set. parent_fill: the parent's fill-in (RuleSet::transpose).
    Bounds mid(Bounds th, Bits& proof, const Bits* parent_fill);
    // Depth-first: whether the mover wins, with the effective proof set.
    bool dfs(Bits& proof, const Bits* parent_fill);

    Geometry<Bits> m_geo;
    ZobristKeys m_keys;
    RuleSet m_rules;
    std::unique_ptr<Analyser<Bits>> m_analyser;     // the vc rule sets
    std::unique_ptr<MisereAnalyser<Bits>> m_misere; // or the rex ones
    DfpnTable<Bits> m_table;
    Bits m_stones[2] = {0, 0};
    Colour m_mover = Colour::red;
    std::uint64_t m_board_key = 0, m_rotated_key = 0;
    std::uint64_t m_limit = 0;
    bool m_aborted = false;
    SearchStats* m_stats = nullptr;
    Bits m_last_proof = 0;
    // Pauses: every m_pause_every nodes (0: none), the next at node m_pause_at; m_pausing
    // while the frames return to the root. A loaded state waits in m_resume for solve().
    std::uint64_t m_pause_every = 0, m_pause_at = 0, m_segment_expansions = 0, m_limit_from = 0;
    std::function<bool()> m_at_pause;
    bool m_pausing = false, m_stopped = false, m_in_pause = false;
    Bounds m_pause_root; // the root's bounds at the current pause
    // The path below the root (m_path[p]: the move of the frame at ply p into its child and
    // the child's threshold, written at each step down). At a pause the frames that return
    // because of it, from the root down to ply m_replay_len, are those the search walks down
    // again: m_replay_at, the ply whose step comes next; m_break_ply, the last frame to return.
    struct PathStep {
        int move = -1;
        Bounds th;
    };
    PathStep m_path[MAX_CELLS + 1];
    int m_replay_len = 0, m_replay_at = 0, m_break_ply = -1;
    AfterPause m_after_pause = AfterPause::same_path;
    struct Resume {
        std::uint64_t key = 0, limit_from = 0, store_hits = 0;
        SearchStats stats;
        std::vector<PathStep> path;
    };
    std::optional<Resume> m_resume;
    // The store and the recording (set_store, set_recording); m_ply: moves below the root.
    std::shared_ptr<const PositionStore> m_store;
    int m_record_plies = -1, m_ply = 0;
    std::uint32_t m_record_min_work = 1;
    std::vector<StoredPosition> m_records;
    std::size_t m_records_saved = 0; // of m_records, those in the states saved or loaded
    std::uint64_t m_store_hits = 0;
};

extern template class VcSearch<Narrow>;
extern template class VcSearch<Wide>;

} // namespace cgt::hex
