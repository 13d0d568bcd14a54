#pragma once
// Solving Hex positions: win or loss for the player to move, normal or misere, with the
// article's rule sets or the vc rule sets (virtual connections, inferior cells, proof sets,
// proof-number search: vc_search.hpp), a transposition table and an optional node limit.
// Boards of up to 64 cells (8x8, 7x9) are searched on 64-bit words, larger ones (sides up
// to MAX_BOARD_SIZE) on 128-bit words. Boards may be rectangular (Shape, geometry.hpp).
//
//   Solver solver(5);                         // rule 1 + 2, distance order, 64 MiB table
//   solver.set_position(Board::from_moves(5, "c3"));
//   SearchResult r = solver.solve();          // blue to move: r.outcome == Outcome::loss
#include "hex/board/board.hpp"
#include "hex/search/position_store.hpp"
#include "hex/search/search.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace cgt::hex {

struct SolverOptions {
    Variant variant = Variant::normal;
    RuleSet rules{Rules::rule12, Order::distance}; // the fastest; RuleSet{} is the article's
    std::uint64_t node_limit = 0;      // per solve() call; 0: no limit
    std::size_t tt_size_mib = 64;      // transposition table
};

struct SearchResult {
    Outcome outcome = Outcome::unknown; // for the player to move
    SearchStats stats;
};

class Solver {
public:
    // Throws std::invalid_argument for a board size outside 1..MAX_BOARD_SIZE, misere with a
    // rule set other than plain or rex, normal Hex with a rex rule set, or a bad table size.
    // With `table`, the solver uses that table (shared with other solvers, e.g. one per
    // board size, so that a program keeps one large table) and ignores options.tt_size_mib.
    // Proven results hold whatever the rule set, and misere positions have keys of their
    // own, so sharing is always sound. The vc and rex rule sets keep their own table of
    // options.tt_size_mib (its entries hold more).
    Solver(Shape shape, SolverOptions options = {}, std::shared_ptr<TranspositionTable> table = nullptr);
    Solver(int board_size, SolverOptions options = {}, std::shared_ptr<TranspositionTable> table = nullptr)
        : Solver(Shape::square(board_size), options, std::move(table)) {}
    ~Solver();
    Solver(Solver&&) noexcept;
    Solver& operator=(Solver&&) noexcept;

    [[nodiscard]] Shape shape() const;
    // The side of a square board (std::logic_error for another shape).
    [[nodiscard]] int board_size() const;
    [[nodiscard]] const SolverOptions& options() const { return m_options; }
    // Changes the node limit of later solve() calls (0: none).
    void set_node_limit(std::uint64_t nodes) { m_options.node_limit = nodes; }

    // The position to solve (the empty board at first); its size must be the solver's.
    void set_position(const Board& board);
    [[nodiscard]] Board position() const;
    // Plays for the player to move; throws std::invalid_argument if the cell is off the
    // board or taken, or the game is over. undo() takes back the last play() (not a stone of
    // the position set).
    void play(Cell cell);
    void undo();
    // The connected colour, if any.
    [[nodiscard]] std::optional<Colour> winner() const;

    // Proves the position for the player to move. The position is the same afterwards, also
    // when the node limit stopped the search (outcome unknown). Results stay in the table
    // for later calls; clear_table() forgets them. Throws std::invalid_argument when the game
    // is over.
    SearchResult solve();
    // The result for the player to move of playing `cell`: a move that connects wins (normal)
    // or loses (misere) at once, with no nodes; otherwise the reply position is solved and
    // its outcome negated. The position is the same afterwards.
    SearchResult solve_move(Cell cell);
    void clear_table();

    // A long search saved and continued (the vc rule sets with proof-number search; see
    // "Pauses" in vc_search.hpp; std::logic_error for another rule set). The search pauses
    // at the root every every_nodes nodes and calls at_pause, which may save_search() and
    // returns false to stop: solve() then returns unknown and stopped() is true.
    // load_search() before solve() of the same position continues a saved search from its
    // pause, on the path and to the result, node count and counters of one never stopped;
    // it returns the saved node count (std::invalid_argument on a bad state).
    void set_pauses(std::uint64_t every_nodes, std::function<bool()> at_pause);
    [[nodiscard]] bool stopped() const;
    // From at_pause: how far the search has come (the nodes so far, those of the saved
    // searches it continues included) and the root's proof numbers for a win and for a loss
    // of the player to move at the root: the search's measure of what is left to prove (the
    // positions still to prove, a leaf counting its moves for a loss, within the widened
    // children); 0 once proven, INF once the other result is.
    struct Progress {
        static constexpr std::uint32_t INF = 1u << 30;
        std::uint64_t nodes = 0;
        std::uint32_t to_win = 0, to_lose = 0;
        // From a search's pause (VcSearch::PauseInfo: its nodes and the root's bounds).
        template <class PauseInfo> static Progress of(const PauseInfo& info) {
            return {info.nodes, info.root.phi, info.root.delta};
        }
    };
    [[nodiscard]] Progress pause_progress() const;
    void save_search(std::vector<std::byte>& out, bool changes_only);
    std::uint64_t load_search(std::span<const std::vector<std::byte>> states);

    // A store of proven positions read by later searches, and the positions a search proves
    // kept for a store (the vc rule sets; see "A store" in vc_search.hpp; std::logic_error
    // for another rule set). recorded() and store_hits() are those of the last solve().
    void set_store(std::shared_ptr<const PositionStore> store);
    void set_recording(int max_plies, std::uint32_t min_work);
    [[nodiscard]] std::vector<StoredPosition> recorded() const;
    [[nodiscard]] std::uint64_t store_hits() const;

private:
    struct Impl;
    SolverOptions m_options;
    std::unique_ptr<Impl> m_impl;
};

} // namespace cgt::hex
