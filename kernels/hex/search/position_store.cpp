#include "hex/search/position_store.hpp"

#include "hex/board/board.hpp"
#include "hex/board/zobrist.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <tuple>

namespace cgt::hex {

namespace {

Wide all_cells_of(Shape s) { return s.cells() >= 128 ? ~Wide{0} : (Wide{1} << s.cells()) - 1; }

auto position_tuple(const StoredPosition& p) {
    return std::make_tuple(p.shape.rows, p.shape.cols, p.stones[0], p.stones[1], colour_index(p.mover));
}

// The better of two entries of one position (seal): more work, a smaller proof set, then the
// smaller proof as a number.
bool better(const StoredPosition& a, const StoredPosition& b) {
    if (a.work != b.work) return a.work > b.work;
    const int ca = count_cells(a.proof), cb = count_cells(b.proof);
    if (ca != cb) return ca < cb;
    return a.proof < b.proof;
}

} // namespace

StoredPosition canonical(const StoredPosition& p) {
    const int n = p.shape.cells();
    const Wide all = all_cells_of(p.shape);
    StoredPosition r = p;
    r.stones[0] = reverse_cells(p.stones[0] & all, n);
    r.stones[1] = reverse_cells(p.stones[1] & all, n);
    r.proof = reverse_cells(p.proof & all, n);
    if (std::tie(r.stones[0], r.stones[1]) < std::tie(p.stones[0], p.stones[1])) return r;
    if (std::tie(r.stones[0], r.stones[1]) == std::tie(p.stones[0], p.stones[1]))
        r.proof = std::min(r.proof, p.proof); // a position equal to its rotation: either frame is its own
    else
        r.proof = p.proof;
    r.stones[0] = p.stones[0];
    r.stones[1] = p.stones[1];
    return r;
}

bool same_position(const StoredPosition& a, const StoredPosition& b) { return position_tuple(a) == position_tuple(b); }

bool position_less(const StoredPosition& a, const StoredPosition& b) { return position_tuple(a) < position_tuple(b); }

std::string entry_problem(const StoredPosition& p) {
    if (p.shape.rows < 1 || p.shape.cols < 1 || p.shape.rows > MAX_BOARD_SIZE || p.shape.cols > MAX_BOARD_SIZE)
        return "the board is not 1..11 x 1..11";
    const Wide all = all_cells_of(p.shape);
    if ((p.stones[0] | p.stones[1]) & ~all) return "a stone lies off the " + p.shape.name() + " board";
    if (p.stones[0] & p.stones[1]) return "a cell holds stones of both colours";
    if (p.proof & ~all & ~(p.stones[0] | p.stones[1])) return "the proof set has a cell off the board";
    if (p.proof & (p.stones[0] | p.stones[1])) return "the proof set has a cell that holds a stone";
    const Geometry<Wide> g(p.shape);
    for (Colour c : {Colour::red, Colour::blue}) {
        const Wide own = p.stones[colour_index(c)];
        if (g.flood(g.edge(c, 0) & own, own) & g.edge(c, 1))
            return std::string("the game is over: ") + colour_name(c) + " has connected";
    }
    const StoredPosition c = canonical(p);
    if (c.stones[0] != p.stones[0] || c.stones[1] != p.stones[1] || c.proof != p.proof)
        return "the position is not in canonical form (its 180-degree rotation is the smaller)";
    return {};
}

std::string cells_text(Shape shape, Wide cells) {
    std::string out;
    for_each_cell(cells, [&](int i) {
        if (!out.empty()) out += ' ';
        out += cell_name({i / shape.cols, i % shape.cols});
    });
    return out;
}

Wide parse_cells(Shape shape, const std::string& text) {
    Wide out = 0;
    int last = -1;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find(' ', at), text.size());
        const std::string name = text.substr(at, end - at);
        at = end + 1;
        const bool letter = name.size() >= 2 && name[0] >= 'a' && name[0] < 'a' + shape.cols;
        const std::string digits = letter ? name.substr(1) : "";
        if (!letter || digits.size() > 2 || digits.find_first_not_of("0123456789") != std::string::npos ||
            digits[0] == '0' || std::stoi(digits) > shape.rows)
            throw std::invalid_argument("'" + name + "' is not a cell of the " + shape.name() + " board");
        const int i = (std::stoi(digits) - 1) * shape.cols + (name[0] - 'a');
        if (i <= last) throw std::invalid_argument("the cells are not in increasing order at '" + name + "'");
        last = i;
        out |= Wide{1} << i;
    }
    return out;
}

void PositionStore::add(const StoredPosition& p) {
    if (m_sealed) throw std::invalid_argument("PositionStore::add: the store is sealed");
    const StoredPosition c = canonical(p);
    if (const std::string why = entry_problem(c); !why.empty()) throw std::invalid_argument(why);
    m_entries.push_back(c);
}

void PositionStore::seal() {
    std::sort(m_entries.begin(), m_entries.end(), [](const StoredPosition& a, const StoredPosition& b) {
        if (position_less(a, b)) return true;
        if (position_less(b, a)) return false;
        return better(a, b);
    });
    std::vector<StoredPosition> kept;
    kept.reserve(m_entries.size());
    for (const StoredPosition& e : m_entries) {
        if (!kept.empty() && same_position(kept.back(), e)) {
            if (kept.back().winner != e.winner)
                throw std::invalid_argument("two entries of one position name different winners");
            continue; // the first of a position is the best
        }
        kept.push_back(e);
    }
    m_entries = std::move(kept);
    m_index.clear();
    m_index.reserve(m_entries.size());
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const StoredPosition& e = m_entries[i];
        m_index.emplace_back(key_of(e.shape, e.stones[0], e.stones[1], e.mover), static_cast<std::uint32_t>(i));
    }
    std::sort(m_index.begin(), m_index.end());
    m_sealed = true;
}

std::uint64_t PositionStore::key_of(Shape shape, Wide red, Wide blue, Colour mover) {
    const ZobristKeys keys(shape);
    std::uint64_t board = 0, rotated = 0;
    // No structured binding here: clang 14 cannot capture one in a lambda.
    for (const auto& stones : {std::pair{red, Colour::red}, std::pair{blue, Colour::blue}}) {
        const Colour c = stones.second;
        for_each_cell(stones.first, [&](int i) {
            board ^= keys.stone(c, i);
            rotated ^= keys.rotated(c, i);
        });
    }
    return ZobristKeys::position_key(board, rotated, mover);
}

std::optional<PositionStore::Hit> PositionStore::find(Shape shape, Wide red, Wide blue, Colour mover,
                                                       std::uint64_t key) const {
    if (!m_sealed) throw std::logic_error("PositionStore::find: the store is not sealed");
    auto it = std::lower_bound(m_index.begin(), m_index.end(), std::pair<std::uint64_t, std::uint32_t>{key, 0});
    for (; it != m_index.end() && it->first == key; ++it) {
        const StoredPosition& e = m_entries[it->second];
        if (!(e.shape == shape) || e.mover != mover) continue;
        if (e.stones[0] == red && e.stones[1] == blue) return Hit{e.winner, e.proof};
        const int n = shape.cells();
        if (e.stones[0] == reverse_cells(red, n) && e.stones[1] == reverse_cells(blue, n))
            return Hit{e.winner, reverse_cells(e.proof, n)};
    }
    return std::nullopt;
}

} // namespace cgt::hex
