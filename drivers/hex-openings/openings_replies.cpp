#include "hex-openings/openings_replies.hpp"

#include "common/runtime/memory_limit.hpp"

#include <array>
#include <cstring>
#include <stdexcept>

namespace cgt::jobs::hex_openings {

namespace {

constexpr std::array<char, 8> MAGIC{'C', 'G', 'T', 'R', 'P', 'L', 'Y', '1'};

class Writer {
  public:
    explicit Writer(std::vector<std::byte>& out) : m_out(out) {}
    template <class T> void put(T value) { bytes(&value, sizeof value); }
    void bytes(const void* data, std::size_t n) {
        if (n == 0) return;
        const std::size_t at = m_out.size();
        m_out.resize(at + n);
        std::memcpy(m_out.data() + at, data, n);
    }

  private:
    std::vector<std::byte>& m_out;
};

class Reader {
  public:
    explicit Reader(std::span<const std::byte> in) : m_in(in) {}
    template <class T> T get() {
        T value;
        std::memcpy(&value, take(sizeof value), sizeof value);
        return value;
    }
    const std::byte* take(std::size_t n) {
        if (m_in.size() - m_at < n)
            throw std::invalid_argument("a saved state of replies is cut short");
        const std::byte* p = m_in.data() + m_at;
        m_at += n;
        return p;
    }
    [[nodiscard]] std::span<const std::byte> rest() const { return m_in.subspan(m_at); }

  private:
    std::span<const std::byte> m_in;
    std::size_t m_at = 0;
};

bool is_replies_chunk(std::span<const std::byte> chunk) {
    return chunk.size() >= MAGIC.size() &&
           std::memcmp(chunk.data(), MAGIC.data(), MAGIC.size()) == 0;
}

hex::Outcome outcome_of(std::uint8_t code) {
    if (code > 2)
        throw std::invalid_argument("a saved state of replies has an outcome " +
                                    std::to_string(code));
    return static_cast<hex::Outcome>(code);
}

// The header of `chunk` (which is_replies_chunk), and where its search starts.
RepliesHeader read_header(Reader& in) {
    in.take(MAGIC.size());
    RepliesHeader h;
    h.opening = outcome_of(in.get<std::uint8_t>());
    h.nodes = in.get<std::uint64_t>();
    const auto counts = in.get<std::uint32_t>();
    for (std::uint32_t i = 0; i < counts; ++i) {
        const auto length = in.get<std::uint16_t>();
        const auto* name = reinterpret_cast<const char*>(in.take(length));
        h.counts.emplace_back(std::string(name, length), in.get<std::uint64_t>());
    }
    const auto done = in.get<std::uint32_t>();
    for (std::uint32_t i = 0; i < done; ++i) {
        hex::CellOutcome c;
        c.cell.row = in.get<std::int32_t>();
        c.cell.col = in.get<std::int32_t>();
        c.outcome = outcome_of(in.get<std::uint8_t>());
        c.nodes = in.get<std::uint64_t>();
        h.done.push_back(c);
    }
    return h;
}

// How far the replies have come, as the opening's own search tells it (openings_tasks.cpp),
// then the reply under way: its search's nodes and proof numbers (the root is the first
// player's move after the reply) and the replies decided.
std::string progress_text(const hex::Solver& solver, hex::Cell opening, hex::Cell reply,
                          std::size_t done, std::size_t bytes, bool full) {
    const std::size_t replies = static_cast<std::size_t>(solver.shape().cells()) - 1;
    return saved_search_text(hex::cell_name(opening) + " (" + solver.shape().name() + ")",
                             solver.pause_progress(), true, bytes, full) +
           "; in its replies: " + hex::cell_name(reply) + ", " + std::to_string(done) + " of " +
           std::to_string(replies) + " decided";
}

} // namespace

std::vector<std::byte> replies_chunk(const RepliesHeader& header,
                                     std::span<const std::byte> search) {
    std::vector<std::byte> out;
    Writer w(out);
    w.bytes(MAGIC.data(), MAGIC.size());
    w.put(static_cast<std::uint8_t>(header.opening));
    w.put(header.nodes);
    w.put(static_cast<std::uint32_t>(header.counts.size()));
    for (const auto& [name, value] : header.counts) {
        w.put(static_cast<std::uint16_t>(name.size()));
        w.bytes(name.data(), name.size());
        w.put(value);
    }
    w.put(static_cast<std::uint32_t>(header.done.size()));
    for (const hex::CellOutcome& c : header.done) {
        w.put(static_cast<std::int32_t>(c.cell.row));
        w.put(static_cast<std::int32_t>(c.cell.col));
        w.put(static_cast<std::uint8_t>(c.outcome));
        w.put(c.nodes);
    }
    w.bytes(search.data(), search.size());
    return out;
}

std::optional<RepliesHeader> read_replies_state(std::span<const std::vector<std::byte>> saved,
                                                std::vector<std::vector<std::byte>>& search) {
    search.clear();
    if (saved.empty() || !is_replies_chunk(saved.back())) return std::nullopt;
    std::optional<RepliesHeader> header;
    for (const std::vector<std::byte>& chunk : saved) {
        if (!is_replies_chunk(chunk))
            throw std::invalid_argument("a saved state mixes an opening's search and its replies");
        Reader in(chunk);
        header = read_header(in);
        if (!in.rest().empty()) search.emplace_back(in.rest().begin(), in.rest().end());
    }
    return header;
}

std::optional<hex::OpeningReplies>
solve_replies_saving(hex::Solver& solver, hex::Cell opening, std::uint64_t pause_nodes,
                     RepliesHeader header, const std::vector<std::vector<std::byte>>& search,
                     SearchHooks& hooks) {
    solver.set_position(hex::Board(solver.shape()));
    solver.play(opening);
    const std::vector<hex::Cell> cells = solver.position().empty_cells(); // the replies, row-major
    PauseSaver saver(
        solver, pause_nodes, hooks, search,
        [&](std::span<const std::byte> state) { return replies_chunk(header, state); },
        [&](std::size_t bytes, bool full) {
            return progress_text(solver, opening, cells.at(header.done.size()), header.done.size(),
                                 bytes, full);
        });
    const auto after_reply = [&](const hex::OpeningReplies& so_far) {
        header.done = so_far.replies;
        saver.restart(); // the next reply's search starts afresh
        hooks.save(replies_chunk(header, {}), true);
    };
    hex::RepliesRun run = hex::continue_replies(solver, opening, header.done, search, after_reply);
    if (run.stopped) return std::nullopt;
    return std::move(run.replies);
}

} // namespace cgt::jobs::hex_openings
