#pragma once
// The master of a job-level proof-number search (job.hpp): a proof-number tree over the
// first moves of one position, whose leaves are searched as jobs by workers running the vc
// solver's DFPN within a budget, and which is expanded where the jobs end undecided.
//
//   JobTree tree(shape, rules, SplitPosition::after(shape, {opening}));
//   while (tree.outcome() == Outcome::unknown) {
//       while (auto job = tree.next_job()) hand_out(*job);    // to free workers
//       JobResult r = wait_for_a_result();
//       tree.job_done(r);
//       for (std::uint64_t id : tree.cancelled_jobs()) cancel(id);
//   }
//
// The tree follows the sequential search (vc_search.hpp: mid()): a node's bounds come from
// its children's as the DFPN computes them (progressive widening over the moves in order,
// proof-set cuts), a node is won when a child is lost and lost when every child left is
// won, and its proof set is the one the DFPN gives. Its leaves are the positions not yet
// expanded: a job on a leaf either decides it (the worker's proof) or returns the bounds
// its DFPN reached and the leaf's moves with the bounds of their positions, and the leaf is
// expanded into those moves. So every decision of the tree is one of the sequential search
// or a worker's proof: the outcome is the position's, whatever the number of workers, the
// order in which results arrive, or where a run stopped and resumed.
//
// Which leaf a free worker gets (next_job): the most-proving leaf under virtual proof
// numbers, as in Pawlewicz and Hayward's parallel DFPN: a leaf being searched counts as
// decided the way it leans (won for its mover if its phi is below its delta, else lost), so
// that the next job goes where the search would go next if that one succeeds; from the root
// down, the child the DFPN would choose (least delta in the widening window). When the
// virtual numbers decide the root, every useful leaf is busy; with
// JobSearchOptions::speculate a free worker then gets the first free leaf in the search's
// preference (within a node: the window's children by delta, then the others in move
// order), otherwise none. A job whose leaf a result made useless (an ancestor decided, or
// cut by a sibling's proof set) is told to stop (cancelled_jobs). Deterministic: the same
// calls give the same jobs.
#include "hex/analysis/rule_set.hpp"
#include "hex/board/geometry.hpp"
#include "hex/parallel/job.hpp"
#include "hex/parallel/proven_window.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <vector>

namespace cgt::hex {

class JobTree {
  public:
    // rules: a vc rule set with proof-number search (std::invalid_argument otherwise, or for
    // a root in which a player has connected, or a zero job_nodes).
    JobTree(Shape shape, RuleSet rules, const SplitPosition& root, JobSearchOptions options = {});

    // A job for a free worker, marked busy; nullopt when none is to be had now (the root
    // decided, or every useful leaf busy). `worker` (a number 0.. naming it, or -1) only
    // saves sending a worker what it holds: the table entries of the leaf's last job if it
    // ran there, and the proven positions (JobSearchOptions::share_min_work) it was sent
    // before; the job carries those received since (-1: none). Which leaf, and so the
    // search, is the same for any worker.
    std::optional<Job> next_job(int worker = -1);
    // The result of a job handed out (std::invalid_argument for an id not in flight). Its
    // nodes count whether or not the job is still useful; a useless one's findings are
    // dropped.
    void job_done(const JobResult& result);
    // The jobs in flight to stop, each once: those a result made useless, and those on leaves
    // to be split (JobSearchOptions::split_busy), whose results are then used as any.
    std::vector<std::uint64_t> cancelled_jobs();

    // The root's result for its mover; unknown until decided.
    [[nodiscard]] Outcome outcome() const;
    // The root's proof set once decided (as JobResult::proof).
    [[nodiscard]] Wide proof() const { return m_nodes[0].proof; }
    // The root's bounds (phi: a win of its mover, delta: a loss).
    [[nodiscard]] Bounds root_bounds() const { return m_nodes[0].bounds; }
    [[nodiscard]] std::size_t size() const { return m_nodes.size(); }
    [[nodiscard]] std::size_t in_flight() const { return m_flight.size(); }

    struct Counters {
        std::uint64_t jobs = 0;          // results received
        std::uint64_t nodes = 0;         // their nodes
        std::uint64_t useless_jobs = 0;  // results of jobs whose leaf was useless by then
        std::uint64_t useless_nodes = 0; // their nodes
        std::uint64_t expansions = 0;    // leaves expanded
        std::uint64_t speculative = 0;   // jobs handed out with the root virtually decided
        std::uint64_t splits = 0;        // busy leaves stopped to be expanded
        SearchStats stats;               // the jobs' counters, summed
    };
    [[nodiscard]] const Counters& counters() const { return m_counters; }
    // Once the root is decided: the nodes the jobs searched in the positions of its proof
    // tree (a won node's winning move, a lost node's moves not cut), the rest having been
    // spent on moves the proof does not need.
    [[nodiscard]] std::uint64_t proof_work() const;
    // The positions the results sent as proven (JobResult::proven) that are kept, in the order
    // received: the last JobSearchOptions::share_window of them. A worker's job carries those
    // after the last it was given that are still kept (JobSearchOptions::share_min_work).
    [[nodiscard]] const std::deque<StoredPosition>& proven() const { return m_proven.kept(); }
    // The proven positions received (or loaded) since the tree was made or loaded, kept or not.
    [[nodiscard]] std::uint64_t proven_received() const { return m_proven.received(); }

    // The tree, the proven positions (the 4,096 most worked; a load() keeps the last
    // share_window of them) and the counters, for a run that
    // stops and resumes: save() between calls; load() into a tree made with the same shape,
    // rules, root and options replaces its state (the jobs in flight when it was saved are
    // free leaves again, the workers' entries kept for leaves are gone, and every worker's
    // next job carries the proven positions kept). std::invalid_argument on a state that is
    // damaged or of another root.
    void save(std::vector<std::byte>& out) const;
    void load(std::span<const std::byte> state);

  private:
    struct Node {
        SplitPosition position; // with the fill-in above (unless transpose)
        int parent = -1;
        int move = -1;  // from the parent
        Bounds bounds;  // from the jobs and the children
        Bounds virt;    // with the busy leaves decided as they lean
        Wide proof = 0; // decided: as JobResult::proof
        Wide filled[2] = {0, 0};
        Wide support = 0; // expanded: the must-play support, the proofs of cut moves joined
        bool expanded = false;
        bool cut = false;       // a move the proof set of a sibling's reply cuts
        std::int64_t job = -1;  // the job in flight on this leaf
        std::uint64_t work = 0; // nodes the jobs searched here
        std::vector<int> children;
        std::vector<std::byte> seed; // for its next job (JobSearchOptions::seed_entries)
        int worker = -1;    // whose table holds its entries (its last job, or its parent's)
        bool split = false; // its job is told to stop, and it is expanded then
    };
    // Recomputes a node's bounds (and proof, cuts) from its children, then its ancestors'.
    void update_up(int node);
    void refresh(int node);
    // The free leaf to search below `node` (-1: none), strict: only through nodes the virtual
    // numbers leave open, the DFPN's choice at each, and its thresholds (leaf_th) from the
    // node's (th) as mid() passes them down; otherwise the first free leaf in preference.
    int select(int node, bool strict, Bounds th, Bounds& leaf_th) const;
    // The node's children in the search's preference (the window by virtual delta, then the
    // rest in move order), those not cut and not decided.
    std::vector<int> preference(int node) const;
    void expand(int node, const JobResult& r);
    // Frees the entries kept for the leaves below a node no job will search (decided, cut).
    void drop_seeds(int node);
    // JobSearchOptions::split_busy: marks a busy leaf to be stopped and expanded.
    void request_split();
    [[nodiscard]] bool useful(int node) const;
    [[nodiscard]] bool decided(const Node& n) const { return n.bounds.solved(); }
    // Virtual::guess: the root's mover while its phi is below its delta over its moves.
    [[nodiscard]] Colour guess_attacker() const;

    Shape m_shape;
    RuleSet m_rules;
    JobSearchOptions m_options;
    std::vector<Node> m_nodes;
    std::vector<std::pair<std::uint64_t, int>> m_flight; // (job id, node), by id
    std::vector<std::uint64_t> m_cancel_told;            // ids already in cancelled_jobs()
    // Received proven positions: the last share_window, and how far each worker has them.
    ProvenWindow m_proven;
    std::uint64_t m_next_id = 0;
    Colour m_attacker = Colour::red; // Virtual::guess, as of the last next_job()
    bool m_starving = false;         // a next_job() found no open leaf since the last expansion
    std::uint64_t m_failed_asks = 0; // next_job() calls without a job since the last with one
    Counters m_counters;
};

} // namespace cgt::hex
