#include "hex/search/vc_search.hpp"

#include "hex/search/byte_io.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace cgt::hex {

namespace {


constexpr std::uint32_t saturated_add(std::uint32_t a, std::uint32_t b) {
    const std::uint64_t s = std::uint64_t{a} + b;
    return s >= Bounds::INF ? Bounds::INF : static_cast<std::uint32_t>(s);
}

// The 1 + epsilon trick (epsilon = 1/4): a child is searched until its delta passes the
// second-best sibling's by a quarter, not by one, so the search switches children less.
constexpr std::uint32_t widened(std::uint32_t delta2) {
    if (delta2 >= Bounds::INF) return Bounds::INF;
    const std::uint64_t w = std::max<std::uint64_t>(std::uint64_t{delta2} + 1, (std::uint64_t{delta2} * 5 + 3) / 4);
    return w >= Bounds::INF ? Bounds::INF : static_cast<std::uint32_t>(w);
}

} // namespace

template <class Bits>
VcSearch<Bits>::VcSearch(Shape shape, RuleSet rules, std::size_t tt_size_mib, VcLimits limits)
    : m_geo(shape), m_keys(shape), m_rules(rules), m_table(tt_size_mib) {
    if (rules.rules == Rules::rex)
        m_misere = std::make_unique<MisereAnalyser<Bits>>(m_geo, rules);
    else
        m_analyser = std::make_unique<Analyser<Bits>>(m_geo, rules, limits);
}

template <class Bits> void VcSearch<Bits>::load(Bits red, Bits blue, Colour mover) {
    if ((red & blue) || ((red | blue) & ~m_geo.all()))
        throw std::invalid_argument("VcSearch::load: stones overlap or lie off the board");
    for (const auto& [own, c] : {std::pair{red, Colour::red}, std::pair{blue, Colour::blue}})
        if (m_geo.flood(m_geo.edge(c, 0) & own, own) & m_geo.edge(c, 1))
            throw std::invalid_argument(std::string("the game is over: ") + colour_name(c) + " has connected");
    m_stones[0] = m_stones[1] = 0;
    m_board_key = m_rotated_key = 0;
    for_each_cell(red, [&](int i) { put(Colour::red, i); });
    for_each_cell(blue, [&](int i) { put(Colour::blue, i); });
    m_mover = mover;
    m_replay_len = m_replay_at = 0;
}

template <class Bits> DfpnEntry<Bits> VcSearch<Bits>::expand(std::uint64_t k, const Bits* parent_fill) {
    DfpnEntry<Bits> e;
    e.key = k;
    e.work = 1;
    e.rotated = side_of(m_board_key, m_rotated_key);
    const Bits pf[2] = {parent_fill ? parent_fill[0] : Bits{0}, parent_fill ? parent_fill[1] : Bits{0}};
    Bits s[2] = {m_stones[0] | pf[0], m_stones[1] | pf[1]};
    Analysis<Bits> a;
    if (m_misere)
        m_misere->analyse(s, m_mover, a, *m_stats);
    else
        m_analyser->analyse(s, m_mover, a, *m_stats);
    e.filled[0] = a.filled[0] | pf[0];
    e.filled[1] = a.filled[1] | pf[1];
    if (a.outcome != Outcome::unknown) {
        solved(e, a.outcome == Outcome::win, a.proof);
        record(e);
    } else {
        e.count = static_cast<std::uint8_t>(a.count);
        m_stats->moves_sum += static_cast<std::uint64_t>(a.count);
        std::copy(a.moves.begin(), a.moves.begin() + a.count, e.moves.begin());
        e.aux = a.support;
        e.bounds = {1, static_cast<std::uint32_t>(a.count)};
    }
    m_table.store(e);
    return e;
}

template <class Bits> Outcome VcSearch<Bits>::solve(std::uint64_t node_limit, SearchStats& stats) {
    if (m_resume) {
        if (m_resume->key != key()) {
            m_resume.reset();
            m_table.clear();
            throw std::invalid_argument("the saved search is of another position than the one loaded");
        }
        stats = m_resume->stats;
        m_limit_from = m_resume->limit_from;
        m_store_hits = m_resume->store_hits;
        std::copy(m_resume->path.begin(), m_resume->path.end(), m_path);
        m_replay_len = static_cast<int>(m_resume->path.size());
        m_resume.reset();
    } else {
        m_limit_from = stats.nodes;
        m_records.clear();
        m_records_saved = 0;
        m_store_hits = 0;
    }
    m_ply = 0;
    m_stats = &stats;
    m_limit = node_limit == 0 ? 0 : m_limit_from + node_limit;
    m_aborted = m_stopped = false;
    const Bits before[2] = {m_stones[0], m_stones[1]};
    const Colour mover = m_mover;
    Bits proof = 0;
    Outcome out = Outcome::unknown;
    if (m_rules.search == Search::dfpn) {
        for (;;) {
            m_pausing = false;
            m_pause_at = m_pause_every == 0 ? 0 : stats.nodes + m_pause_every;
            m_segment_expansions = stats.expansions;
            m_replay_at = 0;
            m_break_ply = -1;
            const Bounds b = mid({Bounds::INF, Bounds::INF}, proof, nullptr);
            if (!m_pausing || m_aborted || b.solved()) m_replay_len = 0;
            if (m_aborted) break;
            if (b.solved()) {
                out = b.win() ? Outcome::win : Outcome::loss;
                break;
            }
            if (m_pausing) {
                m_pause_root = b;
                m_in_pause = true;
                const bool go_on = m_at_pause();
                m_in_pause = false;
                if (!go_on) {
                    m_stopped = true;
                    break;
                }
            }
        }
        m_pause_at = 0;
        m_pausing = false;
    } else {
        const bool win = dfs(proof, nullptr);
        if (!m_aborted) out = win ? Outcome::win : Outcome::loss;
    }
    if (m_stones[0] != before[0] || m_stones[1] != before[1] || m_mover != mover)
        throw std::logic_error("VcSearch::solve: the search did not restore the position");
    if (out != Outcome::unknown) m_last_proof = proof;
    return out;
}

template <class Bits> typename VcSearch<Bits>::PauseInfo VcSearch<Bits>::pause_info() const {
    if (!m_in_pause) throw std::logic_error("VcSearch::pause_info: only at a pause");
    return {m_stats->nodes, m_pause_root};
}

template <class Bits>
void VcSearch<Bits>::set_pauses(std::uint64_t every_nodes, std::function<bool()> at_pause,
                                AfterPause after) {
    if (every_nodes != 0 && !at_pause) throw std::invalid_argument("VcSearch::set_pauses: pauses without a call");
    m_pause_every = every_nodes;
    m_after_pause = after;
    m_replay_len = 0;
    m_at_pause = std::move(at_pause);
    m_table.track_changes(every_nodes != 0);
}

namespace {
// The head of a saved search: a format number, then the widths a reader must share.
constexpr std::uint32_t STATE_FORMAT = 0x48455833; // "HEX3"
// The same followed by the store's section: a search with a store or recording.
constexpr std::uint32_t STATE_FORMAT_STORE = 0x48455834; // "HEX4"
// The formats before the path was kept, read with no path (the search walks down afresh).
constexpr std::uint32_t STATE_FORMAT_V1 = 0x48455831;       // "HEX1"
constexpr std::uint32_t STATE_FORMAT_STORE_V1 = 0x48455832; // "HEX2"
} // namespace

// The encoding: u32 format, u32 sizeof(SearchStats), u8 full (1) or changes (0), u64 key,
// u64 node count the limit counts from, the counters, the path to walk down again (u32
// steps, each u16 move, u32 phi, u32 delta), the table's records (dfpn_table.hpp);
// with a store or recording (format HEX4; HEX2 before the path) then u64 store hits, u64
// count and the records (all of them, or with changes_only those since the last save): Wide
// red, blue, proof, u8 mover, u8 winner, u32 work.
template <class Bits> void VcSearch<Bits>::save_state(std::vector<std::byte>& out, bool changes_only) {
    if (!m_in_pause) throw std::logic_error("VcSearch::save_state: the search is not at a pause");
    const bool with_store = m_store || m_record_plies >= 0;
    append_bytes(out, with_store ? STATE_FORMAT_STORE : STATE_FORMAT);
    append_bytes(out, static_cast<std::uint32_t>(sizeof(SearchStats)));
    append_bytes(out, static_cast<std::uint8_t>(changes_only ? 0 : 1));
    append_bytes(out, key());
    append_bytes(out, m_limit_from);
    append_bytes(out, *m_stats);
    append_bytes(out, static_cast<std::uint32_t>(m_replay_len));
    for (int p = 0; p < m_replay_len; ++p) {
        append_bytes(out, static_cast<std::uint16_t>(m_path[p].move));
        append_bytes(out, m_path[p].th.phi);
        append_bytes(out, m_path[p].th.delta);
    }
    m_table.encode(out, changes_only);
    if (!with_store) return;
    append_bytes(out, m_store_hits);
    const std::size_t first = changes_only ? m_records_saved : 0;
    append_bytes(out, static_cast<std::uint64_t>(m_records.size() - first));
    for (std::size_t i = first; i < m_records.size(); ++i) {
        const StoredPosition& p = m_records[i];
        append_bytes(out, p.stones[0]);
        append_bytes(out, p.stones[1]);
        append_bytes(out, p.proof);
        append_bytes(out, static_cast<std::uint8_t>(colour_index(p.mover)));
        append_bytes(out, static_cast<std::uint8_t>(colour_index(p.winner)));
        append_bytes(out, p.work);
    }
    m_records_saved = m_records.size();
}

template <class Bits> std::uint64_t VcSearch<Bits>::load_state(std::span<const std::vector<std::byte>> states) {
    m_table.clear();
    m_resume.reset();
    m_records.clear();
    Resume r;
    try {
        for (std::size_t i = 0; i < states.size(); ++i) {
            std::span<const std::byte> in(states[i]);
            const std::uint32_t format = take_bytes<std::uint32_t>(in, "head");
            const bool with_path = format == STATE_FORMAT || format == STATE_FORMAT_STORE;
            const bool with_store = format == STATE_FORMAT_STORE || format == STATE_FORMAT_STORE_V1;
            if ((!with_path && format != STATE_FORMAT_V1 && format != STATE_FORMAT_STORE_V1) ||
                take_bytes<std::uint32_t>(in, "head") != sizeof(SearchStats))
                throw std::invalid_argument("a saved search of another format");
            const bool full = take_bytes<std::uint8_t>(in, "head") == 1;
            if (full != (i == 0))
                throw std::invalid_argument(i == 0 ? "the saved search does not begin with a full state"
                                                   : "a saved search's changes are followed by a full state");
            const std::uint64_t k = take_bytes<std::uint64_t>(in, "head");
            if (i > 0 && k != r.key) throw std::invalid_argument("the saved states are of different positions");
            r.key = k;
            r.limit_from = take_bytes<std::uint64_t>(in, "head");
            r.stats = take_bytes<SearchStats>(in, "counters");
            r.path.clear();
            if (with_path) {
                const auto steps = take_bytes<std::uint32_t>(in, "path");
                if (steps > MAX_CELLS)
                    throw std::invalid_argument("a saved search's path is damaged");
                for (std::uint32_t p = 0; p < steps; ++p) {
                    PathStep step;
                    step.move = take_bytes<std::uint16_t>(in, "path");
                    step.th.phi = take_bytes<std::uint32_t>(in, "path");
                    step.th.delta = take_bytes<std::uint32_t>(in, "path");
                    if (step.move >= m_geo.shape().cells())
                        throw std::invalid_argument("a saved search's path is damaged");
                    r.path.push_back(step);
                }
            }
            m_table.decode(in);
            if (with_store) {
                r.store_hits = take_bytes<std::uint64_t>(in, "store section");
                const auto n = take_bytes<std::uint64_t>(in, "store section");
                if (n > in.size()) throw std::invalid_argument("a saved search cut short in its store section");
                for (std::uint64_t j = 0; j < n; ++j) {
                    StoredPosition p;
                    p.shape = m_geo.shape();
                    p.stones[0] = take_bytes<Wide>(in, "store section");
                    p.stones[1] = take_bytes<Wide>(in, "store section");
                    p.proof = take_bytes<Wide>(in, "store section");
                    const auto mover = take_bytes<std::uint8_t>(in, "store section");
                    const auto winner = take_bytes<std::uint8_t>(in, "store section");
                    p.work = take_bytes<std::uint32_t>(in, "store section");
                    if (mover > 1 || winner > 1) throw std::invalid_argument("a saved search's store section is damaged");
                    p.mover = static_cast<Colour>(mover);
                    p.winner = static_cast<Colour>(winner);
                    m_records.push_back(p);
                }
            }
            if (!in.empty()) throw std::invalid_argument("a saved search has bytes past its end");
        }
    } catch (const std::invalid_argument&) {
        m_table.clear();
        m_records.clear();
        throw;
    }
    m_records_saved = m_records.size();
    if (states.empty()) return 0;
    m_resume = r;
    return r.stats.nodes;
}

template <class Bits> Bounds VcSearch<Bits>::mid(Bounds th, Bits& proof, const Bits* parent_fill) {
    if (out_of_nodes()) return {};
    const std::uint64_t k = key();
    const DfpnEntry<Bits>* found = m_table.find(k);
    if (found && found->bounds.solved()) {
        ++m_stats->tt_hits;
        proof = proof_of(*found, m_board_key, m_rotated_key);
        return found->bounds;
    }
    if (!found && m_store)
        if (const auto hit = stored(k, m_stones, m_mover)) {
            const DfpnEntry<Bits> s = from_store(k, *hit);
            proof = s.aux;
            return s.bounds;
        }
    DfpnEntry<Bits> e = found ? *found : expand(k, parent_fill);
    orient(e, m_board_key, m_rotated_key);
    if (e.bounds.solved()) {
        proof = e.aux;
        return e.bounds;
    }
    const std::uint64_t expansions_before = m_stats->expansions;
    if (!m_rules.transpose) toggle_fill(e.filled);
    const Colour me = m_mover, other = opponent(me);
    const int n = e.count;
    Bounds child[MAX_CELLS];
    Bits child_proof[MAX_CELLS];
    bool cut[MAX_CELLS];
    for (int i = 0; i < n; ++i) {
        const int m = e.moves[i];
        const std::uint64_t cb = m_board_key ^ m_keys.stone(me, m), cr = m_rotated_key ^ m_keys.rotated(me, m);
        const std::uint64_t ck = ZobristKeys::position_key(cb, cr, other);
        child[i] = Bounds{};
        child_proof[i] = 0;
        cut[i] = false;
        if (const DfpnEntry<Bits>* c = m_table.find(ck)) {
            ++m_stats->tt_hits;
            child[i] = c->bounds;
            if (c->bounds.solved()) child_proof[i] = proof_of(*c, cb, cr);
        } else if (m_store) {
            const Bits stones[2] = {m_stones[0] | (me == Colour::red ? cell_bit<Bits>(m) : 0),
                                    m_stones[1] | (me == Colour::blue ? cell_bit<Bits>(m) : 0)};
            if (const auto hit = stored(ck, stones, other)) {
                ++m_store_hits;
                child[i] = hit->winner == other ? Bounds::won() : Bounds::lost();
                child_proof[i] = convert_cells<Bits>(hit->proof);
            }
        }
    }
    Bits support = e.aux;
    Bounds b;
    Bits result_proof = 0;
    for (;;) {
        if (m_rules.proof) {
            // A move whose reply position the opponent wins: the moves outside that proof
            // lose too. The proof joins the support, so the cut stays justified even if the
            // child's entry is lost later.
            for (int i = 0; i < n; ++i) {
                if (cut[i] || !child[i].win()) continue;
                for (int j = 0; j < n; ++j) {
                    if (j == i || cut[j] || child[j].solved() || (child_proof[i] & cell_bit<Bits>(e.moves[j]))) continue;
                    cut[j] = true;
                    ++m_stats->proof_cut;
                    support |= child_proof[i];
                }
            }
        }
        // Progressive widening (as Benzene's solver): phi and the choice of child look only
        // at the first live moves in move order, one plus a quarter of them (on 7x7 with the
        // resistance order this halves the nodes); delta sums all. Not for the rex rules,
        // whose move order is poorer: without it they search 5.6 times fewer nodes on 6x6
        // misere positions, 2.2 times fewer on the 5x5 openings' replies.
        int window = n;
        int live = 0;
        for (int i = 0; i < n; ++i) live += !cut[i] && !child[i].win();
        if (live >= 2 && !m_misere) {
            const int look = 1 + (live + 3) / 4;
            for (int i = 0, seen = 0; i < n; ++i)
                if (!cut[i] && !child[i].win() && ++seen == look) {
                    window = i + 1;
                    break;
                }
        }
        b = {Bounds::INF, 0};
        int best = -1;
        std::uint32_t delta2 = Bounds::INF;
        for (int i = 0; i < n; ++i) {
            if (cut[i]) continue;
            b.delta = saturated_add(b.delta, child[i].phi);
            if (child[i].delta == 0) {
                b.phi = 0;
                best = i;
                break;
            }
            if (i >= window) continue;
            if (child[i].delta < b.phi) {
                delta2 = b.phi;
                b.phi = child[i].delta;
                best = i;
            } else if (child[i].delta < delta2) {
                delta2 = child[i].delta;
            }
        }
        if (b.phi == 0) {
            result_proof = cell_bit<Bits>(e.moves[best]) | child_proof[best];
            ++m_stats->won;
            m_stats->winning_index_sum += static_cast<std::uint64_t>(best);
            break;
        }
        if (b.delta == 0) {
            result_proof = support;
            for (int i = 0; i < n; ++i)
                if (!cut[i]) result_proof |= child_proof[i];
            break;
        }
        if (b.phi >= th.phi || b.delta >= th.delta) break;
        if (m_pausing) {
            // Back to the root, each frame storing its bounds. The frames down to the
            // deepest whose child returned for the pause too will take their steps again.
            if (m_after_pause == AfterPause::same_path) {
                if (m_break_ply != m_ply + 1) m_replay_len = m_ply;
                m_break_ply = m_ply;
            }
            break;
        }
        Bounds child_th{th.delta - b.delta + child[best].phi, std::min(th.phi, widened(delta2))};
        if (m_replay_at < m_replay_len) {
            // Walking down after a pause: the step this frame was taking, if its child is
            // still open (the table may have lost an entry); otherwise the walk ends here.
            int j = -1;
            if (m_replay_at == m_ply)
                for (int i = 0; i < n; ++i)
                    if (e.moves[i] == m_path[m_ply].move && !cut[i] && !child[i].solved()) j = i;
            if (j >= 0) {
                best = j;
                child_th = m_path[m_ply].th;
                ++m_replay_at;
            } else {
                m_replay_len = 0;
            }
        }
        m_path[m_ply] = {e.moves[best], child_th};
        play(e.moves[best]);
        ++m_ply;
        child[best] = mid(child_th, child_proof[best], m_rules.transpose ? e.filled : nullptr);
        --m_ply;
        undo(e.moves[best]);
        if (!m_pausing) m_replay_len = 0; // the walk down is over once a step returns
        if (m_aborted) break;
    }
    if (!m_rules.transpose) toggle_fill(e.filled);
    if (m_aborted) return b;
    const std::uint64_t work = std::uint64_t{e.work} + (m_stats->expansions - expansions_before);
    e.work = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xffffffffu));
    if (b.solved()) {
        // The loop stops at the first winning move: the bounds become the exact ones.
        b = b.win() ? Bounds::won() : Bounds::lost();
        solved(e, b.win(), result_proof);
        record(e);
        proof = e.aux;
    } else {
        e.bounds = b;
        e.aux = support;
        int kept = 0;
        for (int i = 0; i < n; ++i)
            if (!cut[i]) e.moves[kept++] = e.moves[i];
        e.count = static_cast<std::uint8_t>(kept);
    }
    m_table.store(e);
    return b;
}

template <class Bits> bool VcSearch<Bits>::dfs(Bits& proof, const Bits* parent_fill) {
    if (out_of_nodes()) return false;
    const std::uint64_t k = key();
    const DfpnEntry<Bits>* found = m_table.find(k);
    if (found && found->bounds.solved()) {
        ++m_stats->tt_hits;
        proof = proof_of(*found, m_board_key, m_rotated_key);
        return found->bounds.win();
    }
    if (!found && m_store)
        if (const auto hit = stored(k, m_stones, m_mover)) {
            const DfpnEntry<Bits> s = from_store(k, *hit);
            proof = s.aux;
            return s.bounds.win();
        }
    DfpnEntry<Bits> e = found ? *found : expand(k, parent_fill);
    orient(e, m_board_key, m_rotated_key);
    if (e.bounds.solved()) {
        proof = e.aux;
        return e.bounds.win();
    }
    const std::uint64_t expansions_before = m_stats->expansions;
    if (!m_rules.transpose) toggle_fill(e.filled);
    const Colour me = m_mover, other = opponent(me);
    const int n = e.count;
    bool cut[MAX_CELLS] = {};
    bool win = false;
    Bits result_proof = 0, losing = 0;
    // A move already known to win (its reply position lost) first.
    for (int i = 0; i < n && !win; ++i) {
        const int m = e.moves[i];
        const std::uint64_t cb = m_board_key ^ m_keys.stone(me, m), cr = m_rotated_key ^ m_keys.rotated(me, m);
        const DfpnEntry<Bits>* c = m_table.find(ZobristKeys::position_key(cb, cr, other));
        if (c && c->bounds.solved()) ++m_stats->tt_hits;
        if (c && c->bounds.solved() && !c->bounds.win()) {
            win = true;
            result_proof = cell_bit<Bits>(m) | proof_of(*c, cb, cr);
        }
    }
    for (int i = 0; i < n && !win; ++i) {
        if (cut[i]) continue;
        const int m = e.moves[i];
        Bits child_proof = 0;
        play(m);
        ++m_ply;
        const bool child_wins = dfs(child_proof, m_rules.transpose ? e.filled : nullptr);
        --m_ply;
        undo(m);
        if (m_aborted) break;
        if (!child_wins) {
            win = true;
            result_proof = cell_bit<Bits>(m) | child_proof;
            break;
        }
        losing |= child_proof;
        if (!m_rules.proof) continue;
        for (int j = i + 1; j < n; ++j)
            if (!cut[j] && !(child_proof & cell_bit<Bits>(e.moves[j]))) {
                cut[j] = true;
                ++m_stats->proof_cut;
            }
    }
    if (!m_rules.transpose) toggle_fill(e.filled);
    if (m_aborted) return false;
    if (!win) result_proof = e.aux | losing;
    const std::uint64_t work = std::uint64_t{e.work} + (m_stats->expansions - expansions_before);
    e.work = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xffffffffu));
    solved(e, win, result_proof);
    record(e);
    m_table.store(e);
    proof = e.aux;
    return win;
}

template <class Bits> void VcSearch<Bits>::set_store(std::shared_ptr<const PositionStore> store) {
    if (store && m_misere)
        throw std::invalid_argument("VcSearch::set_store: a store holds normal Hex positions, not misere");
    if (store && !store->sealed()) throw std::invalid_argument("VcSearch::set_store: the store is not sealed");
    m_store = store && !store->empty() ? std::move(store) : nullptr;
}

template <class Bits> void VcSearch<Bits>::set_recording(int max_plies, std::uint32_t min_work) {
    if (max_plies >= 0 && m_misere)
        throw std::invalid_argument("VcSearch::set_recording: a store holds normal Hex positions, not misere");
    m_record_plies = max_plies;
    m_record_min_work = min_work;
}

template <class Bits> DfpnEntry<Bits> VcSearch<Bits>::from_store(std::uint64_t k, const PositionStore::Hit& hit) {
    ++m_store_hits;
    DfpnEntry<Bits> e;
    e.key = k;
    e.work = 1;
    e.rotated = side_of(m_board_key, m_rotated_key);
    e.bounds = hit.winner == m_mover ? Bounds::won() : Bounds::lost();
    e.aux = convert_cells<Bits>(hit.proof);
    m_table.store(e);
    return e;
}

template <class Bits> void VcSearch<Bits>::record(const DfpnEntry<Bits>& e) {
    if (m_record_plies < 0 || m_ply > m_record_plies || e.work < m_record_min_work) return;
    StoredPosition p;
    p.shape = m_geo.shape();
    p.stones[0] = convert_cells<Wide>(m_stones[0]);
    p.stones[1] = convert_cells<Wide>(m_stones[1]);
    p.mover = m_mover;
    p.winner = e.bounds.win() ? m_mover : opponent(m_mover);
    p.proof = convert_cells<Wide>(e.aux);
    p.work = e.work;
    m_records.push_back(canonical(p));
}

template class VcSearch<Narrow>;
template class VcSearch<Wide>;

} // namespace cgt::hex
