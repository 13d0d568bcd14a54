#pragma once
// Job-level proof-number search (Wu, Lin et al., "Job-level proof-number search", CG 2010),
// with the work budgets and virtual proof numbers of Pawlewicz and Hayward's parallel DFPN
// (CG 2013): what passes between the master (job_tree.hpp), which keeps a proof-number tree
// of one position's first moves, and the workers (job_worker.hpp), which search the tree's
// leaves with the vc solver's DFPN, each within a budget of nodes.
//
// A job is a position and a budget; its result is the position decided (with a proof set),
// or the bounds the worker's DFPN reached and what it learned of the position's moves (the
// fill-in, the moves left in search order and the bounds of the positions they reach), from
// which the master expands the leaf. Positions are those the sequential search reaches:
// below a position the fill-in of the positions above is on the board (unless
// RuleSet::transpose), so a worker's table serves the jobs below a position it searched.
#include "hex/analysis/outcome.hpp"
#include "hex/board/cell_set.hpp"
#include "hex/search/dfpn_table.hpp"
#include "hex/search/position_store.hpp"
#include "hex/solver/split.hpp"

#include <cstdint>
#include <vector>

namespace cgt::hex {

struct JobSearchOptions {
    // The nodes a job may search before it returns what it learned (it stops at the first
    // pause of its DFPN past them), and the nodes the jobs on a leaf must have searched
    // before the master expands it: the grain of the parallel search.
    std::uint64_t job_nodes = 20000;
    // A leaf whose jobs have searched job_nodes is expanded at once (false), or only while
    // the master lacks leaves for its workers (true: a next_job() found none open under the
    // virtual numbers since the last expansion); until then its next job goes on with its
    // search, so that one worker searches as the sequential DFPN does.
    bool lazy = true;
    // When every leaf of the master's tree is searched or proven under the virtual proof
    // numbers (the busy leaves counted as decided the way they lean), a free worker still
    // gets a leaf, the next in the search's preference (a sibling of a busy move: work that
    // may prove useless), rather than wait.
    bool speculate = false;
    // When a free worker finds no leaf open under the virtual numbers, the master tells a busy
    // leaf's job to stop (one the expected winner's opponent moves in first, then the most
    // searched) and expands the leaf when the result comes: more leaves, from a position the
    // workers are busy with, rather than work that may prove useless.
    bool split_busy = true;
    // How a busy leaf counts in the virtual proof numbers: decided the way its numbers lean
    // (lean: won for its mover when its phi is below its delta, as Pawlewicz and Hayward), or
    // won for the player expected to win the root (Wu et al.'s virtual win: a busy move of
    // that player proves its node, so the other workers go to the replies that must all be
    // refuted): red, blue, or guess (the root's mover while the root's phi is below its
    // delta over its moves left).
    enum class Virtual : std::uint8_t { lean, guess, red, blue };
    Virtual virtual_policy = Virtual::guess;
    // A job that ends undecided sends, for each move of its position, at most this many of
    // its table's entries below it (VcSearch::export_children: the bounds of the move's
    // position and of those below it that its search went through, a decided one ending a
    // line), and the first job on that move's position takes them into its worker's table
    // first: a search moved from worker to worker rather than started again (0: none).
    // Simulated (drivers/hex-openings/NOTES.md), 1,000 with share_min_work 1 take 16 workers
    // in 2,000-node jobs from 3.42x to 5.11x the sequential search on 7x7 a4, from 4.23x to
    // 6.79x on 8x8 c4 (500-node jobs: 11.11x).
    std::size_t seed_entries = 1000;
    // Positions a job proves with at least this much work below them (positions analysed; 0:
    // none) go to the master, and every worker's later jobs take them into its table as
    // decided entries (VcSearch::import_proven): the transpositions a shared table would give,
    // so that a worker does not prove again what another proved.
    std::uint32_t share_min_work = 1;
    // Of the positions a job proves (share_min_work), at most this many go back: those with
    // the most work below them (ties: the first proved), so that a long job's result stays
    // small and the positions every worker takes in are those that save the most.
    std::size_t share_max = 2048;
    // The proven positions the master keeps to ship (JobTree::next_job): the last this many
    // received. A worker's job carries those received since its last job that are still kept;
    // one whose last job was longer ago misses the older (they only save it work). Without a
    // bound the list grows with every job (7x7 a4 on 16 workers: about 42,000 positions; a
    // 9x9 run with thousands of jobs: without end); 65,536 of 96 bytes are 6 MiB, and
    // hold what 16 workers send in two rounds of jobs of share_max (2,048) positions each, so
    // a worker behind by a round of the others' jobs still gets them all (0: none kept).
    std::size_t share_window = 65536;
};

struct Job {
    std::uint64_t id = 0;
    int node = 0;             // the master's node (job_tree.hpp)
    SplitPosition position;   // stones with the fill-in above, the player to move
    std::uint64_t budget = 0; // JobSearchOptions::job_nodes
    // The DFPN's thresholds for the position (mid(): the job stops at a pause where its phi or
    // delta reaches them, the position then no longer the most proving); INF: none.
    Bounds threshold{Bounds::INF, Bounds::INF};
    // Table entries to take in first (JobResult::seeds of the job that expanded the parent),
    // and how many to send of each move's (JobSearchOptions::seed_entries).
    std::vector<std::byte> seed;
    std::size_t seed_entries = 0;
    // Positions proven by jobs since the worker's last job (JobTree::proven), for its table,
    // and the work a position this job proves must have to be sent back (0: none).
    std::vector<StoredPosition> known;
    std::uint32_t share_min_work = 0;
    std::size_t share_max = 0; // JobSearchOptions::share_max
};

// A move of a job's position and what the worker's table holds of the position it reaches.
struct JobChild {
    int move = 0;   // cell index r*cols + c
    Bounds bounds;  // Bounds{} when the table lacks it
    Wide proof = 0; // decided: its proof set as its parent needs it
};

struct JobResult {
    std::uint64_t id = 0;
    Outcome outcome = Outcome::unknown; // for the position's mover
    Bounds bounds;                      // the position's (decided: won() or lost())
    Wide proof = 0;                     // decided: its proof set, the winner's fill-in included
    // Not decided, and the table held the position: its fill-in, the support of its must-play
    // region and its moves left to try, in search order.
    bool expanded = false;
    Wide filled[2] = {0, 0};
    Wide support = 0;
    std::vector<JobChild> children;
    std::vector<std::vector<std::byte>> seeds; // per child (Job::seed_entries > 0), else none
    std::vector<StoredPosition> proven;        // Job::share_min_work > 0: the most worked proved
    std::uint64_t nodes = 0;                   // what the job searched
    SearchStats stats;
};

} // namespace cgt::hex
