// The store of proven positions as the openings job reads it (--store FILE...: the store
// tables of earlier result files) and writes it (--store-plies: the table `store`).
#include "hex-openings/openings_tasks.hpp"

#include "hex-openings/openings_schema.hpp"
#include "common/plumbing/hash.hpp"
#include "common/runtime/result_reader.hpp"

#include <algorithm>
#include <stdexcept>

namespace cgt::jobs::hex_openings {

namespace {

hex::Colour parse_colour(const std::string& text, const char* column) {
    if (text == "red") return hex::Colour::red;
    if (text == "blue") return hex::Colour::blue;
    throw std::invalid_argument(std::string(column) + " '" + text + "' is not red or blue");
}

hex::Wide wide(std::uint64_t lo, std::uint64_t hi) { return (hex::Wide{hi} << 64) | lo; }

} // namespace

std::uint64_t store_digest(const hex::PositionStore& store) {
    std::vector<std::uint64_t> words;
    words.reserve(store.entries().size() * 11);
    for (const hex::StoredPosition& p : store.entries())
        for (const hex::Wide w : {p.stones[0], p.stones[1], p.proof})
            words.insert(words.end(), {static_cast<std::uint64_t>(w), static_cast<std::uint64_t>(w >> 64)});
    for (const hex::StoredPosition& p : store.entries())
        words.insert(words.end(), {static_cast<std::uint64_t>(p.shape.rows), static_cast<std::uint64_t>(p.shape.cols),
                                   static_cast<std::uint64_t>(hex::colour_index(p.mover)),
                                   static_cast<std::uint64_t>(hex::colour_index(p.winner)), p.work});
    return common::hash_bytes(words.data(), words.size() * sizeof(std::uint64_t));
}

void add_store_rows(hex::PositionStore& store, const common::Table& t, const std::string& where) {
    namespace st = schema::store;
    const std::vector<std::int64_t> sizes = t.ints(schema::size.name), board_cols = t.ints(schema::cols.name);
    const auto& red = t.texts(st::red.name);
    const auto& blue = t.texts(st::blue.name);
    const auto& mover = t.texts(st::mover.name);
    const auto& winner = t.texts(st::winner.name);
    const auto& proof = t.texts(st::proof.name);
    const std::vector<std::int64_t> work = t.ints(st::work.name);
    hex::StoredPosition last;
    for (std::uint64_t i = 0; i < t.rows; ++i) {
        hex::StoredPosition p;
        try {
            if (sizes[i] < 1 || sizes[i] > hex::MAX_BOARD_SIZE || board_cols[i] < 1 || board_cols[i] > hex::MAX_BOARD_SIZE)
                throw std::invalid_argument("the board is not 1..11 x 1..11");
            p.shape = {static_cast<int>(sizes[i]), static_cast<int>(board_cols[i])};
            p.stones[0] = hex::parse_cells(p.shape, red[i]);
            p.stones[1] = hex::parse_cells(p.shape, blue[i]);
            p.proof = hex::parse_cells(p.shape, proof[i]);
            p.mover = parse_colour(mover[i], "mover");
            p.winner = parse_colour(winner[i], "winner");
            if (work[i] < 1 || work[i] > 0xffffffffLL) throw std::invalid_argument("work must be 1..2^32-1");
            p.work = static_cast<std::uint32_t>(work[i]);
            if (const std::string why = hex::entry_problem(p); !why.empty()) throw std::invalid_argument(why);
            if (i > 0 && !hex::position_less(last, p))
                throw std::invalid_argument("the rows are not sorted by position, or a position is repeated");
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(where + ": store row " + std::to_string(i) + ": " + e.what());
        }
        store.add(p);
        last = p;
    }
}

LoadedStore load_store(const std::vector<std::string>& paths) {
    auto store = std::make_shared<hex::PositionStore>();
    for (const std::string& path : paths) {
        const std::string where = "--store: '" + path + "'";
        common::Table t;
        try {
            const common::ResultReader reader(path, "cgt-hex-openings");
            if (!reader.has_table(schema::store::table.name))
                throw std::invalid_argument("has no store table (a run writes one with --store-plies)");
            t = reader.read_table(schema::store::table);
        } catch (const std::exception& e) {
            std::string what = e.what();
            if (what.rfind(path + " ", 0) == 0) what = what.substr(path.size() + 1); // the path is said already
            throw std::invalid_argument(where + ": " + what);
        }
        add_store_rows(*store, t, where);
    }
    try {
        store->seal();
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("--store: the files contradict each other: " + std::string(e.what()));
    }
    LoadedStore out;
    out.digest = store_digest(*store);
    out.store = std::move(store);
    return out;
}

std::vector<std::uint64_t> encode_records(common::LocalTable& records) {
    namespace sr = schema::store_records;
    std::vector<std::uint64_t> out;
    const std::size_t n = records.column(schema::size).size();
    out.reserve(n * 11);
    for (std::size_t i = 0; i < n; ++i)
        out.insert(out.end(), {static_cast<std::uint64_t>(records.column(schema::size)[i]),
                               static_cast<std::uint64_t>(records.column(schema::cols)[i]), records.column(sr::red_lo)[i],
                               records.column(sr::red_hi)[i], records.column(sr::blue_lo)[i],
                               records.column(sr::blue_hi)[i], records.column(sr::proof_lo)[i],
                               records.column(sr::proof_hi)[i], records.column(sr::mover)[i],
                               records.column(sr::winner)[i], records.column(schema::store::work)[i]});
    return out;
}

common::LocalTable store_table(const std::vector<std::uint64_t>& encoded) {
    hex::PositionStore store;
    for (std::size_t i = 0; i + 11 <= encoded.size(); i += 11) {
        const std::uint64_t* w = &encoded[i];
        hex::StoredPosition p;
        p.shape = {static_cast<int>(w[0]), static_cast<int>(w[1])};
        p.stones[0] = wide(w[2], w[3]);
        p.stones[1] = wide(w[4], w[5]);
        p.proof = wide(w[6], w[7]);
        p.mover = static_cast<hex::Colour>(w[8]);
        p.winner = static_cast<hex::Colour>(w[9]);
        p.work = static_cast<std::uint32_t>(w[10]);
        store.add(p);
    }
    store.seal(); // two searches that disagree on a position would be a bug: std::invalid_argument
    namespace st = schema::store;
    common::LocalTable t = st::table.make();
    t.begin_block(0);
    for (const hex::StoredPosition& p : store.entries()) {
        t.column(schema::size).push_back(p.shape.rows);
        t.column(schema::cols).push_back(p.shape.cols);
        t.column(st::red).push_back(hex::cells_text(p.shape, p.stones[0]));
        t.column(st::blue).push_back(hex::cells_text(p.shape, p.stones[1]));
        t.column(st::mover).push_back(hex::colour_name(p.mover));
        t.column(st::winner).push_back(hex::colour_name(p.winner));
        t.column(st::proof).push_back(hex::cells_text(p.shape, p.proof));
        t.column(st::work).push_back(p.work);
    }
    t.end_blocks();
    return t;
}

} // namespace cgt::jobs::hex_openings
