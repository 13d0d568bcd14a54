#include "hex/solver/solver.hpp"

#include "hex/search/vc_search.hpp"

#include <stdexcept>
#include <variant>

namespace cgt::hex {

struct Solver::Impl {
    std::shared_ptr<TranspositionTable> table;
    std::variant<Engine<Narrow>, Engine<Wide>> engine;
    int played = 0; // play() calls that undo() may take back
    // The vc rule sets search with their own engine and table; the position is kept by
    // `engine` and handed over at each solve().
    std::variant<std::monostate, std::unique_ptr<VcSearch<Narrow>>, std::unique_ptr<VcSearch<Wide>>> vc;

    static std::variant<Engine<Narrow>, Engine<Wide>> make(Shape shape, TranspositionTable& t) {
        if (shape.cells() <= CELL_CAPACITY<Narrow>)
            return std::variant<Engine<Narrow>, Engine<Wide>>(std::in_place_index<0>, shape, t);
        return std::variant<Engine<Narrow>, Engine<Wide>>(std::in_place_index<1>, shape, t);
    }
    Impl(Shape shape, std::shared_ptr<TranspositionTable> t, const SolverOptions& options)
        : table(std::move(t)), engine(make(shape, *table)) {
        if (!options.rules.analysed()) return;
        if (shape.cells() <= CELL_CAPACITY<Narrow>)
            vc = std::make_unique<VcSearch<Narrow>>(shape, options.rules, options.tt_size_mib);
        else
            vc = std::make_unique<VcSearch<Wide>>(shape, options.rules, options.tt_size_mib);
    }
};

Solver::Solver(Shape shape, SolverOptions options, std::shared_ptr<TranspositionTable> table)
    : m_options(options) {
    check_shape(shape);
    if (options.variant == Variant::misere && options.rules.rules != Rules::plain && options.rules.rules != Rules::rex)
        throw std::invalid_argument("misere Hex is searched with the plain rule set only or a rex rule set (the "
                                    "threat and vc rules assume that connecting wins), got " + options.rules.name());
    if (options.variant == Variant::normal && options.rules.rules == Rules::rex)
        throw std::invalid_argument("the rex rule sets search misere Hex only, got " + options.rules.name() +
                                    " for normal Hex");
    if (!table) table = std::make_shared<TranspositionTable>(options.rules.analysed() ? 1 : options.tt_size_mib);
    m_impl = std::make_unique<Impl>(shape, std::move(table), options);
    set_position(Board(shape));
}

Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Shape Solver::shape() const {
    return std::visit([](const auto& e) { return e.geometry().shape(); }, m_impl->engine);
}

int Solver::board_size() const {
    const Shape s = shape();
    if (!s.is_square()) throw std::logic_error("Solver::board_size: the " + s.name() + " board is not square");
    return s.rows;
}

void Solver::set_position(const Board& board) {
    std::visit([&](auto& e) { e.load(board); }, m_impl->engine);
    m_impl->played = 0;
}

Board Solver::position() const {
    return std::visit([](const auto& e) { return e.board(); }, m_impl->engine);
}

std::optional<Colour> Solver::winner() const {
    return std::visit(
        [](const auto& e) -> std::optional<Colour> {
            for (Colour c : {Colour::red, Colour::blue})
                if (e.side(c).connected()) return c;
            return std::nullopt;
        },
        m_impl->engine);
}

void Solver::play(Cell cell) {
    const Shape shape_ = shape();
    const int n = shape_.cols;
    if (cell.row < 0 || cell.row >= shape_.rows || cell.col < 0 || cell.col >= shape_.cols)
        throw std::invalid_argument("cell (" + std::to_string(cell.row) + ", " + std::to_string(cell.col) +
                                    ") is off the " + shape_.name() + " board");
    if (const auto w = winner()) throw std::invalid_argument(std::string("the game is over: ") + colour_name(*w) + " has connected");
    std::visit(
        [&](auto& e) {
            const int index = cell.row * n + cell.col;
            using Bits = std::decay_t<decltype(e.empty())>;
            if (!(e.empty() & cell_bit<Bits>(index)))
                throw std::invalid_argument("cell " + cell_name(cell) + " is not empty");
            e.play(index);
        },
        m_impl->engine);
    ++m_impl->played;
}

void Solver::undo() {
    if (m_impl->played == 0) throw std::logic_error("Solver::undo: no move to take back");
    std::visit([](auto& e) { e.undo(); }, m_impl->engine);
    --m_impl->played;
}

SearchResult Solver::solve() {
    if (const auto w = winner()) throw std::invalid_argument(std::string("the game is over: ") + colour_name(*w) + " has connected");
    SearchResult r;
    if (m_impl->vc.index() != 0) {
        const Board board = position();
        r.outcome = std::visit(
            [&](auto& search) -> Outcome {
                if constexpr (std::is_same_v<std::decay_t<decltype(search)>, std::monostate>) {
                    return Outcome::unknown;
                } else {
                    search->load(board);
                    return search->solve(m_options.node_limit, r.stats);
                }
            },
            m_impl->vc);
        return r;
    }
    r.outcome = std::visit(
        [&](auto& e) { return e.solve(m_options.variant, m_options.rules, m_options.node_limit, r.stats); },
        m_impl->engine);
    return r;
}

SearchResult Solver::solve_move(Cell cell) {
    play(cell);
    SearchResult r;
    if (winner()) {
        r.outcome = m_options.variant == Variant::normal ? Outcome::win : Outcome::loss;
    } else {
        r = solve();
        r.outcome = negate(r.outcome);
    }
    undo();
    return r;
}

namespace {
// The vc search of a solver whose rule set pauses, for `call` (std::logic_error otherwise).
template <class Vc> auto& pausing_search(Vc& vc, const RuleSet& rules, const char* call) {
    if (vc.index() == 0 || rules.search != Search::dfpn)
        throw std::logic_error(std::string("Solver::") + call + ": only the vc rule sets with dfpn pause, not " +
                               rules.name());
    return vc;
}
} // namespace

void Solver::set_pauses(std::uint64_t every_nodes, std::function<bool()> at_pause) {
    std::visit(
        [&](auto& search) {
            if constexpr (!std::is_same_v<std::decay_t<decltype(search)>, std::monostate>)
                search->set_pauses(every_nodes, std::move(at_pause));
        },
        pausing_search(m_impl->vc, m_options.rules, "set_pauses"));
}

bool Solver::stopped() const {
    return std::visit(
        [](const auto& search) {
            if constexpr (std::is_same_v<std::decay_t<decltype(search)>, std::monostate>) return false;
            else return search->stopped();
        },
        m_impl->vc);
}

static_assert(Solver::Progress::INF == Bounds::INF);

Solver::Progress Solver::pause_progress() const {
    return std::visit(
        [](const auto& search) -> Progress {
            if constexpr (std::is_same_v<std::decay_t<decltype(search)>, std::monostate>) {
                return {};
            } else {
                return Progress::of(search->pause_info());
            }
        },
        pausing_search(m_impl->vc, m_options.rules, "pause_progress"));
}

void Solver::save_search(std::vector<std::byte>& out, bool changes_only) {
    std::visit(
        [&](auto& search) {
            if constexpr (!std::is_same_v<std::decay_t<decltype(search)>, std::monostate>)
                search->save_state(out, changes_only);
        },
        pausing_search(m_impl->vc, m_options.rules, "save_search"));
}

std::uint64_t Solver::load_search(std::span<const std::vector<std::byte>> states) {
    return std::visit(
        [&](auto& search) -> std::uint64_t {
            if constexpr (std::is_same_v<std::decay_t<decltype(search)>, std::monostate>) return 0;
            else return search->load_state(states);
        },
        pausing_search(m_impl->vc, m_options.rules, "load_search"));
}

namespace {
template <class Vc> auto& vc_search(Vc& vc, const RuleSet& rules, const char* call) {
    if (vc.index() == 0)
        throw std::logic_error(std::string("Solver::") + call + ": only the vc rule sets use a store, not " + rules.name());
    return vc;
}
} // namespace

void Solver::set_store(std::shared_ptr<const PositionStore> store) {
    std::visit(
        [&](auto& search) {
            if constexpr (!std::is_same_v<std::decay_t<decltype(search)>, std::monostate>) search->set_store(store);
        },
        vc_search(m_impl->vc, m_options.rules, "set_store"));
}

void Solver::set_recording(int max_plies, std::uint32_t min_work) {
    std::visit(
        [&](auto& search) {
            if constexpr (!std::is_same_v<std::decay_t<decltype(search)>, std::monostate>)
                search->set_recording(max_plies, min_work);
        },
        vc_search(m_impl->vc, m_options.rules, "set_recording"));
}

std::vector<StoredPosition> Solver::recorded() const {
    return std::visit(
        [](const auto& search) -> std::vector<StoredPosition> {
            if constexpr (std::is_same_v<std::decay_t<decltype(search)>, std::monostate>) return {};
            else return search->recorded();
        },
        m_impl->vc);
}

std::uint64_t Solver::store_hits() const {
    return std::visit(
        [](const auto& search) -> std::uint64_t {
            if constexpr (std::is_same_v<std::decay_t<decltype(search)>, std::monostate>) return 0;
            else return search->store_hits();
        },
        m_impl->vc);
}

void Solver::clear_table() {
    m_impl->table->clear();
    std::visit(
        [](auto& search) {
            if constexpr (!std::is_same_v<std::decay_t<decltype(search)>, std::monostate>) search->clear_table();
        },
        m_impl->vc);
}

} // namespace cgt::hex
