#include "hex/parallel/job_tree.hpp"

#include "hex/board/geometry.hpp"
#include "hex/parallel/job_codec.hpp"
#include "hex/search/byte_io.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace cgt::hex {

namespace {

constexpr std::uint32_t saturated_add(std::uint32_t a, std::uint32_t b) {
    const std::uint64_t s = std::uint64_t{a} + b;
    return s >= Bounds::INF ? Bounds::INF : static_cast<std::uint32_t>(s);
}

// A node's bounds from its children's, as the DFPN computes them (vc_search.cpp, mid()):
// delta sums the phis of the moves not cut; phi is the least delta among the first live
// moves (progressive widening: 1 + a quarter of the live ones, a live move being neither
// cut nor refuted), or 0 at once for a move whose position is lost; best: that move.
struct Combined {
    Bounds bounds;
    int best = -1;
    int window = 0;
    std::uint32_t delta2 = Bounds::INF; // the second least delta in the window
};
Combined combine(const std::vector<Bounds>& child, const std::vector<bool>& cut) {
    const int n = static_cast<int>(child.size());
    Combined c;
    c.window = n;
    int live = 0;
    for (int i = 0; i < n; ++i)
        live += !cut[i] && !child[i].win();
    if (live >= 2) {
        const int look = 1 + (live + 3) / 4;
        for (int i = 0, seen = 0; i < n; ++i)
            if (!cut[i] && !child[i].win() && ++seen == look) {
                c.window = i + 1;
                break;
            }
    }
    c.bounds = {Bounds::INF, 0};
    for (int i = 0; i < n; ++i) {
        if (cut[i]) continue;
        c.bounds.delta = saturated_add(c.bounds.delta, child[i].phi);
        if (child[i].delta == 0) {
            c.bounds.phi = 0;
            c.best = i;
            break;
        }
        if (i >= c.window) continue;
        if (child[i].delta < c.bounds.phi) {
            c.delta2 = c.bounds.phi;
            c.bounds.phi = child[i].delta;
            c.best = i;
        } else if (child[i].delta < c.delta2) {
            c.delta2 = child[i].delta;
        }
    }
    return c;
}

// The 1 + epsilon trick (vc_search.cpp): a child is searched until its delta passes the
// second-best sibling's by a quarter.
constexpr std::uint32_t widened(std::uint32_t delta2) {
    if (delta2 >= Bounds::INF) return Bounds::INF;
    const std::uint64_t w =
        std::max<std::uint64_t>(std::uint64_t{delta2} + 1, (std::uint64_t{delta2} * 5 + 3) / 4);
    return w >= Bounds::INF ? Bounds::INF : static_cast<std::uint32_t>(w);
}

// The thresholds mid() gives the chosen child: th.delta - b.delta + child.phi (where the
// node's delta is below its threshold), min(th.phi, widened(delta2)).
Bounds child_threshold(Bounds th, const Combined& c, Bounds child) {
    const std::uint64_t phi = th.delta >= Bounds::INF ? Bounds::INF
                              : th.delta > c.bounds.delta
                                  ? std::uint64_t{th.delta} - c.bounds.delta + child.phi
                                  : std::uint64_t{child.phi} + 1;
    return {static_cast<std::uint32_t>(std::min<std::uint64_t>(phi, Bounds::INF)),
            std::min(th.phi, widened(c.delta2))};
}

template <class Bits> bool joins(const Geometry<Bits>& g, Colour c, Bits own) {
    return (g.flood(g.edge(c, 0) & own, own) & g.edge(c, 1)) != 0;
}

constexpr std::uint32_t STATE_FORMAT = 0x4a4c5031; // "JLP1"
// Of the proven positions received, those a saved tree keeps (JobTree::save).
constexpr std::size_t SAVED_PROVEN = 4096;

// SearchStats is a row of 64-bit counters: summed as such.
void add_stats(SearchStats& to, const SearchStats& from) {
    static_assert(sizeof(SearchStats) % sizeof(std::uint64_t) == 0 &&
                  std::is_trivially_copyable_v<SearchStats>);
    constexpr std::size_t n = sizeof(SearchStats) / sizeof(std::uint64_t);
    std::uint64_t a[n], b[n];
    std::memcpy(a, &to, sizeof a);
    std::memcpy(b, &from, sizeof b);
    for (std::size_t i = 0; i < n; ++i)
        a[i] += b[i];
    std::memcpy(&to, a, sizeof a);
}

} // namespace

JobTree::JobTree(Shape shape, RuleSet rules, const SplitPosition& root, JobSearchOptions options)
    : m_shape(shape), m_rules(rules), m_options(options), m_proven(options.share_window) {
    check_shape(shape);
    if (rules.rules != Rules::vc || rules.search != Search::dfpn)
        throw std::invalid_argument(
            "JobTree: a vc rule set with proof-number search (dfpn+vc...), got " + rules.name());
    if (options.job_nodes == 0)
        throw std::invalid_argument("JobTree: job_nodes must be at least 1");
    const Geometry<Wide> g(shape);
    if ((root.stones[0] & root.stones[1]) || ((root.stones[0] | root.stones[1]) & ~g.all()))
        throw std::invalid_argument("JobTree: the root's stones overlap or lie off the board");
    for (Colour c : {Colour::red, Colour::blue})
        if (joins(g, c, root.stones[colour_index(c)]))
            throw std::invalid_argument(std::string("JobTree: the game is over: ") +
                                        colour_name(c) + " has connected");
    Node n;
    n.position = root;
    m_nodes.push_back(n);
    m_attacker = guess_attacker();
}

Outcome JobTree::outcome() const {
    const Bounds b = m_nodes[0].bounds;
    return b.win() ? Outcome::win : b.solved() ? Outcome::loss : Outcome::unknown;
}

bool JobTree::useful(int node) const {
    for (int n = node; n >= 0; n = m_nodes[static_cast<std::size_t>(n)].parent) {
        const Node& x = m_nodes[static_cast<std::size_t>(n)];
        if (x.cut || decided(x)) return false;
    }
    return true;
}

void JobTree::refresh(int index) {
    Node& node = m_nodes[static_cast<std::size_t>(index)];
    if (decided(node)) {
        node.virt = node.bounds;
        return;
    }
    if (!node.expanded) {
        node.virt = node.bounds;
        if (node.job >= 0) {
            Colour winner = node.bounds.phi < node.bounds.delta ? node.position.mover
                                                                : opponent(node.position.mover);
            switch (m_options.virtual_policy) {
            case JobSearchOptions::Virtual::lean:
                break;
            case JobSearchOptions::Virtual::red:
                winner = Colour::red;
                break;
            case JobSearchOptions::Virtual::blue:
                winner = Colour::blue;
                break;
            case JobSearchOptions::Virtual::guess:
                winner = m_attacker;
                break;
            }
            node.virt = winner == node.position.mover ? Bounds::won() : Bounds::lost();
        }
        return;
    }
    const std::size_t k = node.children.size();
    if (m_rules.proof) {
        // A move whose reply the opponent wins: the moves outside that proof lose too, and
        // the proof joins the support (vc_search.cpp, mid()).
        for (int ci : node.children) {
            const Node& c = m_nodes[static_cast<std::size_t>(ci)];
            if (c.cut || !c.bounds.win()) continue;
            for (int cj : node.children) {
                Node& d = m_nodes[static_cast<std::size_t>(cj)];
                if (cj == ci || d.cut || decided(d) || (c.proof & cell_bit<Wide>(d.move))) continue;
                d.cut = true;
                drop_seeds(cj);
                node.support |= c.proof;
            }
        }
    }
    std::vector<Bounds> real(k), virt(k);
    std::vector<bool> cut(k);
    for (std::size_t i = 0; i < k; ++i) {
        const Node& c = m_nodes[static_cast<std::size_t>(node.children[i])];
        real[i] = c.bounds;
        virt[i] = c.virt;
        cut[i] = c.cut;
    }
    const Combined r = combine(real, cut);
    const Colour mover = node.position.mover;
    if (r.bounds.phi == 0) {
        const Node& best =
            m_nodes[static_cast<std::size_t>(node.children[static_cast<std::size_t>(r.best)])];
        node.bounds = Bounds::won();
        drop_seeds(index);
        node.proof = cell_bit<Wide>(best.move) | best.proof | node.filled[colour_index(mover)];
    } else if (r.bounds.delta == 0) {
        Wide proof = node.support;
        for (std::size_t i = 0; i < k; ++i)
            if (!cut[i]) proof |= m_nodes[static_cast<std::size_t>(node.children[i])].proof;
        node.bounds = Bounds::lost();
        drop_seeds(index);
        node.proof = proof | node.filled[colour_index(opponent(mover))];
    } else {
        node.bounds = r.bounds;
    }
    node.virt = decided(node) ? node.bounds : combine(virt, cut).bounds;
}

void JobTree::drop_seeds(int node) {
    std::vector<int> stack{node};
    while (!stack.empty()) {
        Node& n = m_nodes[static_cast<std::size_t>(stack.back())];
        stack.pop_back();
        std::vector<std::byte>().swap(n.seed);
        stack.insert(stack.end(), n.children.begin(), n.children.end());
    }
}

void JobTree::update_up(int node) {
    for (int n = node; n >= 0; n = m_nodes[static_cast<std::size_t>(n)].parent)
        refresh(n);
}

std::vector<int> JobTree::preference(int index) const {
    const Node& node = m_nodes[static_cast<std::size_t>(index)];
    const std::size_t k = node.children.size();
    std::vector<Bounds> virt(k);
    std::vector<bool> cut(k);
    for (std::size_t i = 0; i < k; ++i) {
        const Node& c = m_nodes[static_cast<std::size_t>(node.children[i])];
        virt[i] = c.virt;
        cut[i] = c.cut;
    }
    const int window = combine(virt, cut).window;
    std::vector<int> in, out;
    for (std::size_t i = 0; i < k; ++i) {
        const Node& c = m_nodes[static_cast<std::size_t>(node.children[i])];
        if (c.cut || decided(c)) continue;
        (static_cast<int>(i) < window ? in : out).push_back(node.children[i]);
    }
    std::stable_sort(in.begin(), in.end(), [&](int a, int b) {
        return m_nodes[static_cast<std::size_t>(a)].virt.delta <
               m_nodes[static_cast<std::size_t>(b)].virt.delta;
    });
    in.insert(in.end(), out.begin(), out.end());
    return in;
}

int JobTree::select(int index, bool strict, Bounds th, Bounds& leaf_th) const {
    const Node& node = m_nodes[static_cast<std::size_t>(index)];
    if (decided(node) || node.cut) return -1;
    if (strict && node.virt.solved()) return -1;
    if (!node.expanded) {
        if (node.job >= 0) return -1;
        leaf_th = th;
        return index;
    }
    if (strict) {
        // The DFPN's choice (an open node always has an open child in its window).
        const std::size_t k = node.children.size();
        std::vector<Bounds> virt(k);
        std::vector<bool> cut(k);
        for (std::size_t i = 0; i < k; ++i) {
            virt[i] = m_nodes[static_cast<std::size_t>(node.children[i])].virt;
            cut[i] = m_nodes[static_cast<std::size_t>(node.children[i])].cut;
        }
        const Combined c = combine(virt, cut);
        if (c.best < 0) return -1;
        const Bounds child = virt[static_cast<std::size_t>(c.best)];
        return select(node.children[static_cast<std::size_t>(c.best)], true,
                      child_threshold(th, c, child), leaf_th);
    }
    for (int c : preference(index)) {
        const int leaf = select(c, false, th, leaf_th);
        if (leaf >= 0) return leaf;
    }
    return -1;
}

Colour JobTree::guess_attacker() const {
    const Node& root = m_nodes[0];
    const auto moves = std::max<std::size_t>(1, root.children.size());
    const bool root_wins = std::uint64_t{root.bounds.phi} * moves < root.bounds.delta;
    return root_wins ? root.position.mover : opponent(root.position.mover);
}

std::optional<Job> JobTree::next_job(int worker) {
    if (outcome() != Outcome::unknown) return std::nullopt;
    if (const Colour a = guess_attacker(); a != m_attacker) {
        // The busy leaves lean the other way now.
        m_attacker = a;
        for (const auto& f : m_flight)
            update_up(f.second);
    }
    const Bounds none{Bounds::INF, Bounds::INF};
    Bounds th = none;
    int leaf = select(0, true, none, th);
    if (leaf < 0) {
        m_starving = true;
        ++m_failed_asks;
        if (m_options.split_busy) request_split();
    } else {
        m_failed_asks = 0;
    }
    if (leaf < 0 && m_options.speculate) {
        leaf = select(0, false, none, th);
        if (leaf >= 0) ++m_counters.speculative;
    }
    if (leaf < 0) return std::nullopt;
    Node& n = m_nodes[static_cast<std::size_t>(leaf)];
    Job job;
    job.id = m_next_id++;
    job.node = leaf;
    job.position = n.position;
    job.budget = m_options.job_nodes;
    job.threshold = th;
    // The worker of the leaf's last job holds its entries already.
    if (worker < 0 || worker != n.worker) job.seed = std::move(n.seed);
    n.seed.clear();
    n.worker = worker;
    job.seed_entries = m_options.seed_entries;
    job.share_min_work = m_options.share_min_work;
    job.share_max = m_options.share_max;
    // The positions proven since this worker's last job (all of them after a load()), of those
    // still kept.
    if (m_options.share_min_work > 0 && worker >= 0) job.known = m_proven.take_new(worker);
    n.job = static_cast<std::int64_t>(job.id);
    m_flight.emplace_back(job.id, leaf);
    update_up(leaf);
    return job;
}

void JobTree::expand(int index, const JobResult& r) {
    const SplitPosition parent = m_nodes[static_cast<std::size_t>(index)].position;
    SplitPosition base = parent;
    if (!m_rules.transpose) {
        base.stones[0] |= r.filled[0];
        base.stones[1] |= r.filled[1];
    }
    std::vector<int> kids;
    for (std::size_t i = 0; i < r.children.size(); ++i) {
        const JobChild& c = r.children[i];
        Node child;
        if (i < r.seeds.size()) child.seed = r.seeds[i];
        child.position = base;
        child.position.stones[colour_index(parent.mover)] |= cell_bit<Wide>(c.move);
        child.position.mover = opponent(parent.mover);
        child.parent = index;
        child.move = c.move;
        child.bounds = c.bounds;
        child.proof = c.proof;
        child.virt = c.bounds;
        // The worker that expanded the parent holds the entries below it.
        child.worker = m_nodes[static_cast<std::size_t>(index)].worker;
        kids.push_back(static_cast<int>(m_nodes.size()));
        m_nodes.push_back(child);
    }
    Node& n = m_nodes[static_cast<std::size_t>(index)];
    n.filled[0] = r.filled[0];
    n.filled[1] = r.filled[1];
    n.support = r.support;
    n.children = std::move(kids);
    n.expanded = true;
    ++m_counters.expansions;
}

void JobTree::job_done(const JobResult& r) {
    const auto at = std::find_if(m_flight.begin(), m_flight.end(),
                                 [&](const auto& f) { return f.first == r.id; });
    if (at == m_flight.end())
        throw std::invalid_argument("JobTree::job_done: job " + std::to_string(r.id) +
                                    " is not in flight");
    const int index = at->second;
    m_flight.erase(at);
    Node& n = m_nodes[static_cast<std::size_t>(index)];
    n.job = -1;
    n.work += r.nodes;
    const bool split = std::exchange(n.split, false);
    ++m_counters.jobs;
    m_counters.nodes += r.nodes;
    add_stats(m_counters.stats, r.stats);
    m_proven.receive(r.proven);
    std::erase(m_cancel_told, r.id);
    if (!useful(index)) {
        ++m_counters.useless_jobs;
        m_counters.useless_nodes += r.nodes;
        update_up(index);
        return;
    }
    if (r.outcome != Outcome::unknown) {
        n.bounds = r.outcome == Outcome::win ? Bounds::won() : Bounds::lost();
        n.proof = r.proof;
    } else if (r.expanded && !r.children.empty() &&
               (split || (n.work >= m_options.job_nodes && (m_starving || !m_options.lazy)))) {
        m_starving = false;
        n.bounds = r.bounds;
        expand(index, r);
    } else {
        n.bounds = r.bounds; // searched again by the next job, from what this one learned
        for (const auto& seed : r.seeds)
            n.seed.insert(n.seed.end(), seed.begin(), seed.end());
    }
    update_up(index);
}

std::uint64_t JobTree::proof_work() const {
    std::uint64_t sum = 0;
    std::vector<int> stack{0};
    while (!stack.empty()) {
        const Node& n = m_nodes[static_cast<std::size_t>(stack.back())];
        stack.pop_back();
        sum += n.work;
        if (!decided(n) || !n.expanded) continue;
        for (int c : n.children) {
            const Node& x = m_nodes[static_cast<std::size_t>(c)];
            if (x.cut) continue;
            if (n.bounds.win()) {
                if (x.bounds.solved() && !x.bounds.win() && (n.proof & cell_bit<Wide>(x.move))) {
                    stack.push_back(c);
                    break;
                }
            } else {
                stack.push_back(c);
            }
        }
    }
    return sum;
}

void JobTree::request_split() {
    // The busy leaf to split: one the expected winner's opponent moves in (all its moves
    // must be refuted: each is work for a worker), then the most searched, then the first.
    int best = -1;
    std::uint64_t pending = 0;
    for (const auto& f : m_flight)
        pending += m_nodes[static_cast<std::size_t>(f.second)].split;
    // One split for each worker that asked in vain.
    if (pending >= m_failed_asks) return;
    for (const auto& [id, node] : m_flight) {
        const Node& n = m_nodes[static_cast<std::size_t>(node)];
        if (n.split || !useful(node)) continue;
        if (best < 0) {
            best = node;
            continue;
        }
        const Node& b = m_nodes[static_cast<std::size_t>(best)];
        const bool n_and = n.position.mover != m_attacker, b_and = b.position.mover != m_attacker;
        if (n_and != b_and ? n_and : n.work > b.work) best = node;
    }
    if (best < 0) return;
    m_nodes[static_cast<std::size_t>(best)].split = true;
    ++m_counters.splits;
}

std::vector<std::uint64_t> JobTree::cancelled_jobs() {
    std::vector<std::uint64_t> out;
    for (const auto& [id, node] : m_flight) {
        if (useful(node) && !m_nodes[static_cast<std::size_t>(node)].split) continue;
        if (std::find(m_cancel_told.begin(), m_cancel_told.end(), id) != m_cancel_told.end())
            continue;
        m_cancel_told.push_back(id);
        out.push_back(id);
    }
    return out;
}

// The encoding: u32 format, u32 rows, u32 cols, the root (Wide red, blue, u8 mover), the
// counters, u64 next job id, u64 node count, then per node: Wide red, blue, u8 mover, i32
// parent, i32 move, u32 phi, u32 delta, Wide proof, filled red, filled blue, support, u8 flags
// (1 expanded, 2 cut), u64 work, u32 children and their i32 indices; then u64 count and the
// proven positions (the 4,096 most worked): Wide red, blue, proof, u8 mover | winner << 1,
// u32 work.
void JobTree::save(std::vector<std::byte>& out) const {
    append_bytes(out, STATE_FORMAT);
    append_bytes(out, static_cast<std::uint32_t>(m_shape.rows));
    append_bytes(out, static_cast<std::uint32_t>(m_shape.cols));
    const SplitPosition& root = m_nodes[0].position;
    append_bytes(out, root.stones[0]);
    append_bytes(out, root.stones[1]);
    append_bytes(out, static_cast<std::uint8_t>(colour_index(root.mover)));
    append_bytes(out, m_counters);
    append_bytes(out, m_next_id);
    append_bytes(out, static_cast<std::uint64_t>(m_nodes.size()));
    for (const Node& n : m_nodes) {
        append_bytes(out, n.position.stones[0]);
        append_bytes(out, n.position.stones[1]);
        append_bytes(out, static_cast<std::uint8_t>(colour_index(n.position.mover)));
        append_bytes(out, static_cast<std::int32_t>(n.parent));
        append_bytes(out, static_cast<std::int32_t>(n.move));
        append_bytes(out, n.bounds.phi);
        append_bytes(out, n.bounds.delta);
        append_bytes(out, n.proof);
        append_bytes(out, n.filled[0]);
        append_bytes(out, n.filled[1]);
        append_bytes(out, n.support);
        append_bytes(out, static_cast<std::uint8_t>((n.expanded ? 1 : 0) | (n.cut ? 2 : 0)));
        append_bytes(out, n.work);
        append_bytes(out, static_cast<std::uint32_t>(n.children.size()));
        for (int c : n.children)
            append_bytes(out, static_cast<std::int32_t>(c));
    }
    // The most worked only: the list holds up to share_window positions (65,536 by default),
    // and a resumed run's workers start from empty tables anyway.
    append_positions(out, most_worked({proven().begin(), proven().end()}, SAVED_PROVEN));
}

void JobTree::load(std::span<const std::byte> in) {
    const auto bad = [](const std::string& what) {
        return std::invalid_argument("a saved job tree " + what);
    };
    if (take_bytes<std::uint32_t>(in, "head") != STATE_FORMAT) throw bad("of another format");
    const auto rows = take_bytes<std::uint32_t>(in, "head"),
               cols = take_bytes<std::uint32_t>(in, "head");
    SplitPosition root;
    root.stones[0] = take_bytes<Wide>(in, "head");
    root.stones[1] = take_bytes<Wide>(in, "head");
    const auto mover = take_bytes<std::uint8_t>(in, "head");
    const SplitPosition& mine = m_nodes[0].position;
    if (static_cast<int>(rows) != m_shape.rows || static_cast<int>(cols) != m_shape.cols ||
        root.stones[0] != mine.stones[0] || root.stones[1] != mine.stones[1] ||
        mover != colour_index(mine.mover))
        throw bad("is of another position");
    const auto counters = take_bytes<Counters>(in, "head");
    const auto next_id = take_bytes<std::uint64_t>(in, "head");
    const auto count = take_bytes<std::uint64_t>(in, "head");
    if (count == 0 || count > in.size()) throw bad("is damaged");
    std::vector<Node> nodes(count);
    for (std::uint64_t i = 0; i < count; ++i) {
        Node& n = nodes[i];
        n.position.stones[0] = take_bytes<Wide>(in, "nodes");
        n.position.stones[1] = take_bytes<Wide>(in, "nodes");
        const auto m = take_bytes<std::uint8_t>(in, "nodes");
        n.parent = take_bytes<std::int32_t>(in, "nodes");
        n.move = take_bytes<std::int32_t>(in, "nodes");
        n.bounds.phi = take_bytes<std::uint32_t>(in, "nodes");
        n.bounds.delta = take_bytes<std::uint32_t>(in, "nodes");
        n.proof = take_bytes<Wide>(in, "nodes");
        n.filled[0] = take_bytes<Wide>(in, "nodes");
        n.filled[1] = take_bytes<Wide>(in, "nodes");
        n.support = take_bytes<Wide>(in, "nodes");
        const auto flags = take_bytes<std::uint8_t>(in, "nodes");
        n.work = take_bytes<std::uint64_t>(in, "nodes");
        const auto k = take_bytes<std::uint32_t>(in, "nodes");
        if (m > 1 || flags > 3 || k > in.size() / sizeof(std::int32_t)) throw bad("is damaged");
        n.position.mover = static_cast<Colour>(m);
        n.expanded = (flags & 1) != 0;
        n.cut = (flags & 2) != 0;
        for (std::uint32_t j = 0; j < k; ++j) {
            const auto c = take_bytes<std::int32_t>(in, "nodes");
            if (c <= static_cast<std::int64_t>(i) || static_cast<std::uint64_t>(c) >= count)
                throw bad("is damaged");
            n.children.push_back(c);
        }
        const bool parent_ok =
            i == 0 ? n.parent == -1 : n.parent >= 0 && static_cast<std::uint64_t>(n.parent) < i;
        if (!parent_ok) throw bad("is damaged");
        n.virt = n.bounds;
    }
    std::vector<StoredPosition> proven;
    try {
        proven = take_positions(m_shape, in, "proven positions");
    } catch (const DamagedPositions&) {
        throw bad("is damaged");
    }
    if (!in.empty()) throw bad("has bytes past its end");
    m_proven.reset(proven);
    m_nodes = std::move(nodes);
    m_counters = counters;
    m_next_id = next_id;
    m_flight.clear();
    m_cancel_told.clear();
    m_attacker = guess_attacker();
}

} // namespace cgt::hex
