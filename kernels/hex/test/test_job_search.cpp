#include "hex/parallel/job_simulator.hpp"
#include "hex/parallel/job_tree.hpp"
#include "hex/parallel/job_worker.hpp"
#include "hex/solver/split.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

using namespace cgt::hex;

namespace {

const RuleSet LARGE = RuleSet::parse("dfpn+vc+stronger+templates+inferior+proof+resistance");
const RuleSet STRONGEST =
    RuleSet::parse("dfpn+vc+stronger+templates+inferior+induced+vulnerable+proof+resistance");

Outcome sequential(Shape shape, RuleSet rules, const SplitPosition& p) {
    return solve_position(shape, {Variant::normal, rules, 0, 16}, p).outcome;
}

SimulationOptions small_jobs(int workers, std::uint64_t job_nodes, bool lazy = false) {
    SimulationOptions o;
    o.workers = workers;
    o.search.job_nodes = job_nodes;
    o.search.lazy = lazy;
    o.tt_size_mib = 4;
    o.pause_nodes = 16;
    return o;
}

// A job tree on `root` (LARGE) whose jobs a test runs by hand on one worker (a 4 MiB table,
// pausing every pause_nodes nodes): jobs of job_nodes nodes, a leaf expanded whenever its job
// ends undecided (lazy off), proven positions with at least share_min_work of work shipped,
// the last share_window of them kept.
struct HandRun {
    JobSearchOptions options;
    JobTree tree;
    JobWorker worker;
};
HandRun hand_run(Shape shape, const SplitPosition& root, std::uint64_t job_nodes,
                 std::uint32_t share_min_work, std::uint64_t pause_nodes,
                 std::size_t share_window = JobSearchOptions{}.share_window) {
    JobSearchOptions options;
    options.job_nodes = job_nodes;
    options.lazy = false;
    options.share_min_work = share_min_work;
    options.share_window = share_window;
    return {options, JobTree(shape, LARGE, root, options), JobWorker(shape, LARGE, 4, pause_nodes)};
}

} // namespace

TEST_CASE("JobSearch: every 5x5 opening and 6x6 openings decided as the sequential solver decides "
          "them, on 1 to 5 workers",
          "[hex]") {
    // Small jobs, so that the master's tree grows many levels and results come back in many
    // orders: the outcome is the position's every time.
    for (const RuleSet& rules : {LARGE, STRONGEST}) {
        for (int r = 0; r < 5; ++r)
            for (int c = 0; c < 5; ++c) {
                const Shape shape = Shape::square(5);
                const SplitPosition root = SplitPosition::after(shape, {{r, c}});
                const Outcome want = sequential(shape, rules, root);
                for (int workers : {1, 2, 5}) {
                    const SimulationReport got =
                        simulate_job_search(shape, rules, root, small_jobs(workers, 5));
                    INFO(rules.name()
                         << " 5x5 " << cell_name({r, c}) << " on " << workers << " workers");
                    CHECK(got.outcome == want);
                }
            }
    }
    for (const Cell cell : std::vector<Cell>{{2, 0}, {3, 5}, {0, 5}, {1, 5}, {1, 0}, {4, 5}}) {
        const Shape shape = Shape::square(6);
        const SplitPosition root = SplitPosition::after(shape, {cell});
        const Outcome want = sequential(shape, LARGE, root);
        for (int workers : {1, 3, 4}) {
            const SimulationReport got =
                simulate_job_search(shape, LARGE, root, small_jobs(workers, 50));
            INFO("6x6 " << cell_name(cell) << " on " << workers << " workers");
            CHECK(got.outcome == want);
            CHECK(got.counters.expansions > 0);
            // Expanded only where workers lack leaves: one worker never expands the root.
            const SimulationReport lazy =
                simulate_job_search(shape, LARGE, root, small_jobs(workers, 50, true));
            CHECK(lazy.outcome == want);
            if (workers == 1) CHECK(lazy.tree_nodes == 1);
            // Searches moved between workers and proven positions shared.
            SimulationOptions moved = small_jobs(workers, 50);
            moved.search.seed_entries = 100;
            moved.search.share_min_work = 1;
            const SimulationReport shared = simulate_job_search(shape, LARGE, root, moved);
            CHECK(shared.outcome == want);
            // Idle workers given work that may prove useless, rather than busy leaves split.
            SimulationOptions guessing = small_jobs(workers, 50, true);
            guessing.search.speculate = true;
            guessing.search.split_busy = false;
            CHECK(simulate_job_search(shape, LARGE, root, guessing).outcome == want);
        }
    }
}

TEST_CASE(
    "JobSearch: a simulation is a function of its inputs, more workers end sooner on a 6x6 opening",
    "[hex]") {
    const Shape shape = Shape::square(6);
    const SplitPosition root = SplitPosition::after(shape, {{2, 0}}); // a3: a first-player win
    const SimulationReport a = simulate_job_search(shape, LARGE, root, small_jobs(4, 100));
    const SimulationReport b = simulate_job_search(shape, LARGE, root, small_jobs(4, 100));
    CHECK(a.outcome == Outcome::loss); // for blue, to move after a3
    CHECK(a.outcome == b.outcome);
    CHECK(a.makespan == b.makespan);
    CHECK(a.searched == b.searched);
    CHECK(a.jobs == b.jobs);
    CHECK(a.cancelled == b.cancelled);
    CHECK(a.tree_nodes == b.tree_nodes);
    CHECK(a.counters.stats.expansions == b.counters.stats.expansions);
    CHECK(a.proof_work == b.proof_work);
    CHECK(a.counters.useless_nodes == b.counters.useless_nodes);
    // The searched nodes split (cgt-hex-bench --simulate): the proof tree's positions, the
    // jobs made useless while they ran, the rest; the proof tree took some of them.
    CHECK(a.proof_work > 0);
    CHECK(a.proof_work + a.counters.useless_nodes <= a.searched);
    // One worker is never idle and its clock is the nodes it searched; no other result can
    // decide or cut the leaf of its job while it runs.
    const SimulationReport one = simulate_job_search(shape, LARGE, root, small_jobs(1, 100));
    CHECK(one.idle == 0);
    CHECK(one.makespan == one.searched);
    CHECK(one.counters.nodes == one.searched);
    CHECK(one.counters.useless_nodes == 0);
    CHECK(one.proof_work > 0);
    CHECK(one.proof_work <= one.searched);
    CHECK(a.makespan < one.makespan);

    // A progress callback hears every job the master takes in, its clock and searched nodes
    // never going back, and changes nothing of the simulation.
    SimulationOptions watched = small_jobs(4, 100);
    std::vector<SimulationReport> heard;
    watched.progress = [&](const SimulationReport& r) { heard.push_back(r); };
    const SimulationReport c = simulate_job_search(shape, LARGE, root, watched);
    CHECK(c.outcome == a.outcome);
    CHECK(c.makespan == a.makespan);
    CHECK(c.searched == a.searched);
    CHECK(c.jobs == a.jobs);
    CHECK(c.root.delta == 0); // blue, to move after a3, loses
    REQUIRE(heard.size() >= 2);
    for (std::size_t i = 0; i < heard.size(); ++i) {
        INFO("report " << i);
        CHECK(heard[i].makespan <= c.makespan);
        CHECK(heard[i].searched <= c.searched);
        if (i > 0) {
            CHECK(heard[i].makespan >= heard[i - 1].makespan);
            CHECK(heard[i].searched >= heard[i - 1].searched);
        }
    }
    CHECK(heard.back().jobs <= c.jobs);
    CHECK(heard.back().root.delta == 0); // the last job taken in decided the root
}

TEST_CASE("JobTree: a result that decides the root cancels the jobs in flight, each once",
          "[hex]") {
    // The empty 6x6 board, red to move: the root job stops early and the root is expanded
    // into red's moves; the jobs on them run; the first to prove its move wins decides the
    // root, and the rest are told to stop.
    const Shape shape = Shape::square(6);
    JobSearchOptions options;
    options.job_nodes = 1;
    options.split_busy = false;
    JobTree tree(shape, LARGE, SplitPosition::after(shape, {}), options);
    JobWorker worker(shape, LARGE, 4, 1);
    const std::optional<Job> first = tree.next_job();
    REQUIRE(first);
    CHECK(first->node == 0);
    CHECK_FALSE(tree.next_job()); // the root is busy, and nothing else is there
    const JobResult root = worker.run(*first);
    REQUIRE(root.outcome == Outcome::unknown);
    REQUIRE(root.expanded);
    tree.job_done(root);
    CHECK(tree.in_flight() == 0);
    REQUIRE(tree.size() == 1 + root.children.size());
    std::vector<Job> jobs;
    while (auto j = tree.next_job())
        jobs.push_back(*j);
    REQUIRE(jobs.size() >= 2);
    CHECK(tree.cancelled_jobs().empty());
    // Solve each job's position whole until one is lost for blue (red's move wins).
    JobWorker solver(shape, LARGE, 4, 1 << 20);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        Job whole = jobs[i];
        whole.budget = 1 << 20;
        const JobResult r = solver.run(whole);
        REQUIRE(r.outcome != Outcome::unknown);
        if (r.outcome == Outcome::win) continue; // blue wins there: not decisive
        tree.job_done(r);
        CHECK(tree.outcome() == Outcome::win);
        std::vector<std::uint64_t> want;
        for (std::size_t k = 0; k < jobs.size(); ++k)
            if (k != i) want.push_back(jobs[k].id);
        CHECK(tree.cancelled_jobs() == want);
        CHECK(tree.cancelled_jobs().empty());
        CHECK_FALSE(tree.next_job());
        // A cancelled job's result still counts its nodes, and changes nothing.
        const std::uint64_t before = tree.counters().useless_jobs;
        tree.job_done(worker.run(jobs[i == 0 ? 1 : 0]));
        CHECK(tree.counters().useless_jobs == before + 1);
        CHECK(tree.outcome() == Outcome::win);
        return;
    }
    FAIL("no red move on the empty 6x6 board was found to win");
}

TEST_CASE("JobTree: saved and loaded between results, the search ends as the sequential solver's, "
          "damaged states refused",
          "[hex]") {
    const Shape shape = Shape::square(6);
    const SplitPosition root = SplitPosition::after(shape, {{2, 0}});
    auto [options, tree, worker] = hand_run(shape, root, 40, 2, 16);
    // Two jobs in flight at each save; their results are lost with the run.
    int saves = 0;
    while (tree.outcome() == Outcome::unknown) {
        const std::optional<Job> a = tree.next_job(), b = tree.next_job();
        REQUIRE(a);
        if (b && saves < 6 && tree.size() > static_cast<std::size_t>(20 * saves)) {
            std::vector<std::byte> state;
            tree.save(state);
            JobTree resumed(shape, LARGE, root, options);
            resumed.load(state);
            CHECK(resumed.size() == tree.size());
            CHECK(resumed.proven().size() == std::min<std::size_t>(tree.proven().size(), 4096));
            CHECK(resumed.in_flight() == 0);
            std::vector<std::byte> again;
            resumed.save(again);
            CHECK(again == state);
            tree = std::move(resumed);
            ++saves;
            continue;
        }
        tree.job_done(worker.run(*a));
        if (b) tree.job_done(worker.run(*b));
    }
    CHECK(saves == 6);
    CHECK(!tree.proven().empty());
    CHECK(tree.outcome() == sequential(shape, LARGE, root));

    std::vector<std::byte> state;
    tree.save(state);
    JobTree other(shape, LARGE, SplitPosition::after(shape, {{1, 0}}), options);
    CHECK_THROWS_WITH(other.load(state), "a saved job tree is of another position");
    std::vector<std::byte> cut(state.begin(), state.end() - 3);
    JobTree same(shape, LARGE, root, options);
    CHECK_THROWS_AS(same.load(cut), std::invalid_argument);
    std::vector<std::byte> longer = state;
    longer.push_back(std::byte{0});
    CHECK_THROWS_WITH(same.load(longer), "a saved job tree has bytes past its end");
    std::vector<std::byte> wrong = state;
    wrong[0] = std::byte{0};
    CHECK_THROWS_WITH(same.load(wrong), "a saved job tree of another format");
}

TEST_CASE("JobSearch: what one worker proved, shipped with another's job, decides it there at "
          "once, capped to the most worked positions",
          "[hex]") {
    // 6x6 a3 (a first-player win) decided by one worker; a fresh worker given its proven
    // positions (at most one: the most worked, the root's own) decides the root with no
    // search, as the first did.
    const Shape shape = Shape::square(6);
    const SplitPosition root = SplitPosition::after(shape, {{2, 0}});
    Job job;
    job.position = root;
    job.budget = 1u << 30;
    job.share_min_work = 1;
    job.share_max = 1;
    JobWorker first(shape, LARGE, 4, 64);
    const JobResult proved = first.run(job);
    REQUIRE(proved.outcome == Outcome::loss); // for blue, to move after a3
    REQUIRE(proved.proven.size() == 1);
    StoredPosition the_root;
    the_root.shape = shape;
    the_root.stones[0] = root.stones[0];
    the_root.stones[1] = root.stones[1];
    the_root.mover = root.mover;
    CHECK(same_position(proved.proven[0], canonical(the_root)));
    CHECK(proved.proven[0].winner == Colour::red);
    CHECK(proved.nodes > 100);
    Job again = job;
    again.id = 1;
    again.known = proved.proven;
    JobWorker second(shape, LARGE, 4, 64);
    const JobResult taken = second.run(again);
    CHECK(taken.outcome == Outcome::loss);
    CHECK(taken.nodes <= 1);
    // Uncapped, the same proof ships many positions, the most worked first among equals kept.
    job.share_max = 1u << 20;
    JobWorker third(shape, LARGE, 4, 64);
    const JobResult all = third.run(job);
    CHECK(all.outcome == Outcome::loss);
    CHECK(all.proven.size() > 100);
    CHECK(all.nodes == proved.nodes);
}

TEST_CASE("JobTree: each worker's jobs carry the proven positions received since its last job, "
          "each once",
          "[hex]") {
    const Shape shape = Shape::square(6);
    auto [options, tree, worker] = hand_run(shape, SplitPosition::after(shape, {{2, 0}}), 60, 1, 8);
    const std::optional<Job> a = tree.next_job(0);
    REQUIRE(a);
    CHECK(a->known.empty());
    const JobResult r = worker.run(*a);
    REQUIRE(r.outcome == Outcome::unknown);
    REQUIRE(!r.proven.empty());
    tree.job_done(r);
    REQUIRE(tree.proven().size() == r.proven.size());
    const std::optional<Job> b = tree.next_job(1), c = tree.next_job(1), d = tree.next_job(-1);
    REQUIRE((b && c && d));
    CHECK(b->known.size() == r.proven.size());
    CHECK(c->known.empty()); // sent with b already
    CHECK(d->known.empty()); // no worker named: nothing to ship
    const std::optional<Job> e = tree.next_job(0);
    REQUIRE(e);
    CHECK(e->known.size() == r.proven.size()); // worker 0 sent none so far
}

TEST_CASE("JobTree: a leaf's entries go to a worker that lacks them: not to the worker that "
          "expanded its parent, to any other",
          "[hex]") {
    const Shape shape = Shape::square(6);
    auto [options, tree, worker] = hand_run(shape, SplitPosition::after(shape, {{2, 0}}), 60, 1, 8);
    REQUIRE(options.seed_entries > 0);
    const std::optional<Job> root = tree.next_job(0);
    REQUIRE(root);
    const JobResult r = worker.run(*root);
    REQUIRE(r.outcome == Outcome::unknown);
    REQUIRE(r.seeds.size() >= 2);
    tree.job_done(r); // expanded: its children's entries came from worker 0's table
    const std::optional<Job> own = tree.next_job(0), other = tree.next_job(1);
    REQUIRE((own && other));
    CHECK(own->seed.empty()); // worker 0 holds them
    CHECK(!other->seed.empty());
    CHECK(own->seed_entries == options.seed_entries); // either still sends its own entries back
}

TEST_CASE("JobTree: the proven positions kept are the last share_window received, each worker "
          "gets each kept position once, and the winner is unchanged",
          "[hex]") {
    const JobSearchOptions defaults;
    CHECK(defaults.share_window == 65536);
    const Shape shape = Shape::square(6);
    const SplitPosition root = SplitPosition::after(shape, {{2, 0}});
    auto [options, tree, worker] = hand_run(shape, root, 60, 1, 8, 7);
    // Every position received, in order (its index: its sequence number), and per worker the
    // sequence number past the last its jobs carried.
    std::vector<StoredPosition> all;
    std::vector<std::size_t> sent(3, 0);
    const auto same = [](const StoredPosition& a, const StoredPosition& b) {
        return same_position(a, b) && a.winner == b.winner && a.proof == b.proof &&
               a.work == b.work;
    };
    // Workers 0 and 1 take a job each turn, worker 2 every fourth: it falls behind the window.
    std::size_t jobs = 0, behind = 0;
    for (int turn = 0; tree.outcome() == Outcome::unknown; ++turn) {
        REQUIRE(turn < 10000);
        for (int w : {0, 1, 2}) {
            if (w == 2 && turn % 4 != 3) continue;
            const std::optional<Job> job = tree.next_job(w);
            if (!job) continue;
            const auto at = static_cast<std::size_t>(w);
            // Exactly those received since its last job that are kept, in order, each once.
            const std::size_t first = all.size() - tree.proven().size();
            const std::size_t from = std::max(sent[at], first);
            if (sent[at] < first) ++behind;
            REQUIRE(job->known.size() == all.size() - from);
            for (std::size_t i = 0; i < job->known.size(); ++i)
                CHECK(same(job->known[i], all[from + i]));
            sent[at] = all.size();
            const JobResult r = worker.run(*job);
            all.insert(all.end(), r.proven.begin(), r.proven.end());
            tree.job_done(r);
            ++jobs;
            CHECK(tree.proven().size() <= options.share_window);
            CHECK(tree.proven_received() == all.size());
            const std::size_t kept = std::min(all.size(), options.share_window);
            REQUIRE(tree.proven().size() == kept);
            for (std::size_t i = 0; i < kept; ++i)
                CHECK(same(tree.proven()[i], all[all.size() - kept + i]));
            if (tree.outcome() != Outcome::unknown) break;
        }
    }
    CHECK(jobs > 3);
    CHECK(all.size() > 3 * options.share_window); // the bound held the list
    CHECK(behind > 0);                            // and a worker missed what was dropped
    CHECK(tree.outcome() == sequential(shape, LARGE, root));

    // Loaded, a tree keeps the last share_window of the saved positions.
    std::vector<std::byte> state;
    tree.save(state);
    JobTree resumed(shape, LARGE, root, options);
    resumed.load(state);
    CHECK(resumed.proven().size() <= options.share_window);
    CHECK(resumed.proven().size() == std::min(tree.proven().size(), options.share_window));

    // Simulated with a window of 8 and none kept, the winner is the sequential search's.
    for (int workers : {4, 16})
        for (std::size_t window : {std::size_t{0}, std::size_t{8}}) {
            SimulationOptions tiny = small_jobs(workers, 100);
            tiny.search.share_window = window;
            INFO(workers << " workers, window " << window);
            CHECK(simulate_job_search(shape, STRONGEST, root, tiny).outcome ==
                  sequential(shape, STRONGEST, root));
        }
}

TEST_CASE("JobSearch: with table entries and proven positions shipped (the defaults), the "
          "winner is the sequential search's on 1 to 16 workers, and the simulation ships both",
          "[hex]") {
    const JobSearchOptions defaults;
    CHECK(defaults.seed_entries > 0);
    CHECK(defaults.share_min_work > 0);
    CHECK(defaults.share_max == 2048);
    const Shape shape = Shape::square(6);
    for (const Cell cell : std::vector<Cell>{{2, 0}, {1, 0}}) {
        const SplitPosition root = SplitPosition::after(shape, {cell});
        const Outcome want = sequential(shape, STRONGEST, root);
        for (int workers : {1, 4, 16}) {
            SimulationOptions on = small_jobs(workers, 100);
            SimulationOptions off = on;
            off.search.seed_entries = 0;
            off.search.share_min_work = 0;
            const SimulationReport shipped = simulate_job_search(shape, STRONGEST, root, on);
            const SimulationReport kept = simulate_job_search(shape, STRONGEST, root, off);
            INFO("6x6 " << cell_name(cell) << " on " << workers << " workers");
            CHECK(shipped.outcome == want);
            CHECK(kept.outcome == want);
            CHECK(kept.shipped_positions == 0);
            CHECK(kept.shipped_seed_bytes == 0);
            if (workers > 1) {
                CHECK(shipped.shipped_positions > 0);
                CHECK(shipped.shipped_seed_bytes > 0);
            }
            // A function of its inputs, shipping included.
            const SimulationReport again = simulate_job_search(shape, STRONGEST, root, on);
            CHECK(again.makespan == shipped.makespan);
            CHECK(again.shipped_positions == shipped.shipped_positions);
            CHECK(again.shipped_seed_bytes == shipped.shipped_seed_bytes);
        }
    }
}

TEST_CASE("JobSearch: bad arguments refused", "[hex]") {
    const Shape shape = Shape::square(5);
    const SplitPosition root = SplitPosition::after(shape, {{2, 2}});
    CHECK_THROWS_AS(JobTree(shape, RuleSet::parse("vc+inferior"), root), std::invalid_argument);
    CHECK_THROWS_AS(JobTree(shape, RuleSet::parse("rule1+2"), root), std::invalid_argument);
    JobSearchOptions zero;
    zero.job_nodes = 0;
    CHECK_THROWS_AS(JobTree(shape, LARGE, root, zero), std::invalid_argument);
    CHECK_THROWS_WITH(
        JobTree(
            shape, LARGE,
            SplitPosition::after(
                shape, {{0, 0}, {4, 4}, {1, 0}, {4, 3}, {2, 0}, {4, 2}, {3, 0}, {4, 1}, {4, 0}})),
        "JobTree: the game is over: red has connected");
    JobTree tree(shape, LARGE, root);
    JobResult stray;
    stray.id = 7;
    CHECK_THROWS_WITH(tree.job_done(stray), "JobTree::job_done: job 7 is not in flight");
    CHECK_THROWS_AS(JobWorker(shape, LARGE, 4, 0), std::invalid_argument);
    CHECK_THROWS_AS(JobWorker(shape, RuleSet::parse("vc"), 4, 16), std::invalid_argument);
    SimulationOptions none;
    none.workers = 0;
    CHECK_THROWS_WITH(simulate_job_search(shape, LARGE, root, none),
                      "simulate_job_search: workers must be 1..1024, got 0");
}

TEST_CASE(
    "JobTree: a worker that finds no open leaf has a busy leaf stopped, and its result expands it",
    "[hex]") {
    // 6x6 a3, blue to move: the root's job is the only one; a second worker asks in vain, so
    // the root's job is told to stop, and its result (however few nodes) expands the root.
    const Shape shape = Shape::square(6);
    JobSearchOptions options;
    options.job_nodes = 1000000;
    JobTree tree(shape, LARGE, SplitPosition::after(shape, {{2, 0}}), options);
    const std::optional<Job> root = tree.next_job();
    REQUIRE(root);
    CHECK_FALSE(tree.next_job());
    CHECK(tree.counters().splits == 1);
    CHECK(tree.cancelled_jobs() == std::vector<std::uint64_t>{root->id});
    CHECK(tree.cancelled_jobs().empty());
    CHECK_FALSE(tree.next_job()); // one split for each worker asking in vain: none more to split
    CHECK(tree.counters().splits == 1);
    JobWorker worker(shape, LARGE, 4, 16);
    int steps = 0;
    const JobResult r = worker.run(*root, [&] { return ++steps < 2; });
    REQUIRE(r.outcome == Outcome::unknown);
    REQUIRE(r.nodes < options.job_nodes);
    tree.job_done(r);
    CHECK(tree.counters().expansions == 1);
    CHECK(tree.size() == 1 + r.children.size());
    // Now two workers have a leaf each.
    CHECK(tree.next_job());
    CHECK(tree.next_job());
}
