#include "verify/hex-openings/store_checks.hpp"

#include "hex-openings/openings_schema.hpp"
#include "hex/search/position_store.hpp"
#include "hex/solver/split.hpp"
#include "verify/common/parameters.hpp"

#include <map>
#include <string>
#include <vector>

namespace cgt::verify::hex_openings {

namespace {

namespace schema = cgt::jobs::hex_openings::schema;

// How many positions are solved again (evenly spaced over the table), and the node limit of
// each: a sample, so that the check takes seconds on a table of any size.
constexpr std::size_t RESOLVED = 200;
constexpr std::uint64_t RESOLVE_NODES = 20000;

struct Row {
    hex::StoredPosition position;
    std::string problem; // why it is no position; "" if it is one
};

std::vector<Row> read_rows(const common::Table& t) {
    namespace st = schema::store;
    const auto size = t.ints(schema::size), cols = t.ints(schema::cols), work = t.ints(st::work);
    const auto &red = t.texts(st::red), &blue = t.texts(st::blue), &proof = t.texts(st::proof);
    const auto &mover = t.texts(st::mover), &winner = t.texts(st::winner);
    std::vector<Row> out(t.rows);
    for (std::size_t i = 0; i < t.rows; ++i) {
        Row& r = out[i];
        try {
            if (size[i] < 1 || size[i] > hex::MAX_BOARD_SIZE || cols[i] < 1 || cols[i] > hex::MAX_BOARD_SIZE)
                throw std::invalid_argument("board off 1..11");
            r.position.shape = {static_cast<int>(size[i]), static_cast<int>(cols[i])};
            r.position.stones[0] = hex::parse_cells(r.position.shape, red[i]);
            r.position.stones[1] = hex::parse_cells(r.position.shape, blue[i]);
            r.position.proof = hex::parse_cells(r.position.shape, proof[i]);
            for (const auto& [text, colour] : {std::pair{&mover[i], &r.position.mover}, std::pair{&winner[i], &r.position.winner}}) {
                if (*text != "red" && *text != "blue") throw std::invalid_argument("'" + *text + "' is not red or blue");
                *colour = *text == "red" ? hex::Colour::red : hex::Colour::blue;
            }
            r.position.work = static_cast<std::uint32_t>(work[i]);
            r.problem = hex::entry_problem(r.position);
        } catch (const std::invalid_argument& e) {
            r.problem = e.what();
        }
    }
    return out;
}

void check_rows(Report& report, const std::vector<Row>& rows) {
    std::size_t first_bad = rows.size(), unsorted = rows.size();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!rows[i].problem.empty() && first_bad == rows.size()) first_bad = i;
        if (i > 0 && unsorted == rows.size() && !hex::position_less(rows[i - 1].position, rows[i].position)) unsorted = i;
    }
    report.check("store: every row a position in canonical form, its proof set of empty cells", "all",
                 first_bad == rows.size() ? std::to_string(rows.size()) + " rows"
                                          : "row " + std::to_string(first_bad) + ": " + rows[first_bad].problem,
                 first_bad == rows.size());
    report.check("store: rows sorted by board, red, blue, mover; none repeated", "sorted",
                 unsorted == rows.size() ? "sorted" : "row " + std::to_string(unsorted) + " out of order or repeated",
                 unsorted == rows.size());
}

void check_work(const common::ResultReader& file, Report& report, const std::vector<Row>& rows) {
    const auto parameters = run_parameters(file);
    const long long min_work = parameters.count("store-min-work") ? parameter_number(parameters, "store-min-work")
                                                                   : schema::store::DEFAULT_MIN_WORK;
    std::size_t below = 0;
    for (const Row& r : rows) below += r.position.work < min_work;
    report.check("store: every row's work at least --store-min-work " + std::to_string(min_work), "0 below",
                 std::to_string(below) + " below", below == 0);
}

// The position after each decided opening of normal Hex: the store's winner is the table's.
void check_openings(Report& report, const std::vector<Row>& rows, const common::Table& openings) {
    hex::PositionStore store;
    for (const Row& r : rows)
        if (r.problem.empty()) store.add(r.position);
    try {
        store.seal();
    } catch (const std::invalid_argument& e) {
        report.check("store: the openings' own positions have the openings table's winners", "agree", e.what(), false);
        return;
    }
    const auto size = openings.ints(schema::size), cols = openings.ints(schema::cols), row = openings.ints(schema::row),
               col = openings.ints(schema::col);
    const auto &variant = openings.texts(schema::variant), &result = openings.texts(schema::openings::result);
    std::size_t agree = 0;
    std::string bad;
    for (std::size_t i = 0; i < openings.rows; ++i) {
        if (variant[i] != "normal" || (result[i] != "win" && result[i] != "loss")) continue;
        const hex::Shape shape{static_cast<int>(size[i]), static_cast<int>(cols[i])};
        if (shape.cells() == 1) continue; // the opening connects
        const hex::Wide red = hex::Wide{1} << (row[i] * cols[i] + col[i]);
        const auto hit = store.find(shape, red, 0, hex::Colour::blue, hex::PositionStore::key_of(shape, red, 0, hex::Colour::blue));
        if (!hit) continue;
        if ((hit->winner == hex::Colour::red) == (result[i] == "win")) ++agree;
        else if (bad.empty()) bad = shape.name() + " " + hex::cell_name({static_cast<int>(row[i]), static_cast<int>(col[i])});
    }
    report.check("store: the openings' own positions have the openings table's winners", "agree",
                 bad.empty() ? std::to_string(agree) + " agree" : "differs at " + bad, bad.empty());
}

// A sample of the positions solved again, fresh, without a store.
void check_resolved(Report& report, const std::vector<Row>& rows) {
    const hex::RuleSet rules = hex::RuleSet::parse("dfpn+vc+inferior+proof+resistance");
    std::map<std::pair<int, int>, std::unique_ptr<hex::PositionSolver>> solvers;
    const std::size_t step = rows.size() <= RESOLVED ? 1 : rows.size() / RESOLVED;
    std::size_t same = 0, undecided = 0;
    std::string bad;
    for (std::size_t i = 0; i < rows.size(); i += step) {
        const Row& r = rows[i];
        if (!r.problem.empty()) continue;
        auto& solver = solvers[{r.position.shape.rows, r.position.shape.cols}];
        if (!solver)
            solver = std::make_unique<hex::PositionSolver>(
                r.position.shape, hex::SolverOptions{hex::Variant::normal, rules, RESOLVE_NODES, 16});
        hex::SplitPosition p;
        p.stones[0] = r.position.stones[0];
        p.stones[1] = r.position.stones[1];
        p.mover = r.position.mover;
        const hex::Outcome o = solver->solve(p).outcome;
        if (o == hex::Outcome::unknown) {
            ++undecided;
            continue;
        }
        const hex::Colour winner = o == hex::Outcome::win ? p.mover : hex::opponent(p.mover);
        if (winner == r.position.winner) ++same;
        else if (bad.empty()) bad = "row " + std::to_string(i);
    }
    report.check("store: a sample of its positions solved again without a store (" + rules.name() + ", " +
                     std::to_string(RESOLVE_NODES) + " nodes each)",
                 "same winners",
                 bad.empty() ? std::to_string(same) + " same" + (undecided ? ", " + std::to_string(undecided) + " over the limit" : "")
                             : "differs at " + bad,
                 bad.empty());
}

} // namespace

void check_store(const common::ResultReader& file, Report& report, const common::Table& openings) {
    const auto parameters = run_parameters(file);
    if (const auto it = parameters.find("store-digest"); it != parameters.end())
        report.note("obtained with a store of proven positions (--store " +
                    (parameters.count("store") ? parameters.at("store") : std::string("?")) + "): digest " + it->second);
    const bool asked = parameters.count("store-plies") > 0;
    const bool has = file.has_table(schema::store::table.name);
    if (!asked && !has) return;
    report.check("store: a store table exactly when the run asked for one (--store-plies)", "present",
                 has ? "present" : "missing", has && asked);
    if (!has || !asked) return;
    const auto t = file.read_table(schema::store::table);
    report.count_rows(t.rows);
    const std::vector<Row> rows = read_rows(t);
    check_rows(report, rows);
    check_work(file, report, rows);
    check_openings(report, rows, openings);
    check_resolved(report, rows);
}

} // namespace cgt::verify::hex_openings
