#include "hex/parallel/job_worker.hpp"

#include "hex/parallel/job_codec.hpp"
#include "hex/search/vc_search.hpp"

#include <stdexcept>
#include <variant>

namespace cgt::hex {

struct JobWorker::Impl {
    std::variant<std::unique_ptr<VcSearch<Narrow>>, std::unique_ptr<VcSearch<Wide>>> search;
    Job job;
    bool started = false, ended = false;
    Outcome outcome = Outcome::unknown;
    Wide proof = 0;
    SearchStats stats;
    Bounds root;                        // at the last pause
    std::vector<StoredPosition> proven; // by the current job
};

JobWorker::JobWorker(Shape shape, RuleSet rules, std::size_t tt_size_mib,
                     std::uint64_t pause_nodes) {
    check_shape(shape);
    if (rules.rules != Rules::vc || rules.search != Search::dfpn)
        throw std::invalid_argument(
            "JobWorker: a vc rule set with proof-number search (dfpn+vc...), got " + rules.name());
    if (pause_nodes == 0) throw std::invalid_argument("JobWorker: pause_nodes must be at least 1");
    m_impl = std::make_unique<Impl>();
    if (shape.cells() <= CELL_CAPACITY<Narrow>)
        m_impl->search = std::make_unique<VcSearch<Narrow>>(shape, rules, tt_size_mib);
    else
        m_impl->search = std::make_unique<VcSearch<Wide>>(shape, rules, tt_size_mib);
    // Every pause ends a step: solve() returns there, and the next step's solve() takes the
    // path the search would have taken on from the pause. There each frame chooses afresh
    // (AfterPause::choose_again), which the parallel search measured better than walking
    // down the same path, though one search alone does better on the same path:
    // cgt-hex-bench --simulate on 8x8 g3 (the nodes searched against the one search's),
    // 2 workers with jobs of 2,000 and pauses of 1,024: 1.33x afresh, 1.58x on the same
    // path; 16 workers with jobs of 500 and pauses of 256: 1.49x and 2.22x (b3: 1.20x and
    // 1.37x); 1 worker with jobs of 500 and pauses of 256: 1.25x and 1.10x.
    std::visit(
        [&](auto& s) {
            s->set_pauses(
                pause_nodes,
                [impl = m_impl.get(), search = s.get()] {
                    impl->root = search->pause_info().root;
                    return false;
                },
                std::decay_t<decltype(*s)>::AfterPause::choose_again);
        },
        m_impl->search);
}

JobWorker::~JobWorker() = default;
JobWorker::JobWorker(JobWorker&&) noexcept = default;
JobWorker& JobWorker::operator=(JobWorker&&) noexcept = default;

void JobWorker::begin(const Job& job) {
    Impl& w = *m_impl;
    w.job = job;
    w.started = true;
    w.ended = false;
    w.outcome = Outcome::unknown;
    w.proof = 0;
    w.stats = {};
    w.root = {};
    w.proven.clear();
    std::visit(
        [&](auto& s) {
            using Bits = std::decay_t<decltype(s->last_proof())>;
            if (!job.seed.empty()) s->import_entries(job.seed);
            s->import_proven(job.known);
            s->set_recording(job.share_min_work > 0 ? MAX_CELLS : -1, job.share_min_work);
            s->load(convert_cells<Bits>(job.position.stones[0]),
                    convert_cells<Bits>(job.position.stones[1]), job.position.mover);
        },
        w.search);
}

bool JobWorker::step() {
    Impl& w = *m_impl;
    if (!w.started) throw std::logic_error("JobWorker::step: no job begun");
    if (w.ended) return true;
    std::visit(
        [&](auto& s) {
            w.outcome = s->solve(0, w.stats);
            const auto& records = s->recorded();
            w.proven.insert(w.proven.end(), records.begin(), records.end());
            if (w.outcome != Outcome::unknown) w.proof = convert_cells<Wide>(s->last_proof());
        },
        w.search);
    const Bounds th = w.job.threshold;
    w.ended = w.outcome != Outcome::unknown || w.stats.nodes >= w.job.budget ||
              w.root.phi >= th.phi || w.root.delta >= th.delta;
    return w.ended;
}

std::uint64_t JobWorker::nodes() const {
    return m_impl->stats.nodes;
}

JobResult JobWorker::finish() {
    Impl& w = *m_impl;
    if (!w.started) throw std::logic_error("JobWorker::finish: no job begun");
    w.started = false;
    JobResult r;
    r.id = w.job.id;
    r.nodes = w.stats.nodes;
    r.stats = w.stats;
    r.outcome = w.outcome;
    r.proven = most_worked(std::move(w.proven), w.job.share_max);
    w.proven.clear();
    if (w.outcome != Outcome::unknown) {
        r.bounds = w.outcome == Outcome::win ? Bounds::won() : Bounds::lost();
        r.proof = w.proof;
        return r;
    }
    std::visit(
        [&](auto& s) {
            const auto view = s->root_view();
            if (!view) return;
            if (view->bounds.solved()) { // decided by an earlier job of this worker
                r.outcome = view->bounds.win() ? Outcome::win : Outcome::loss;
                r.bounds = view->bounds;
                r.proof = convert_cells<Wide>(view->aux);
                return;
            }
            r.bounds = view->bounds;
            r.expanded = true;
            r.filled[0] = convert_cells<Wide>(view->filled[0]);
            r.filled[1] = convert_cells<Wide>(view->filled[1]);
            r.support = convert_cells<Wide>(view->aux);
            for (const auto& c : view->children)
                r.children.push_back({c.move, c.bounds, convert_cells<Wide>(c.proof)});
            if (w.job.seed_entries > 0) r.seeds = s->export_children(w.job.seed_entries);
        },
        w.search);
    return r;
}

JobResult JobWorker::run(const Job& job, const std::function<bool()>& keep_going) {
    begin(job);
    while (!step())
        if (keep_going && !keep_going()) break;
    return finish();
}

} // namespace cgt::hex
