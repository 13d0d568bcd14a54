#include "hex/parallel/job_codec.hpp"

#include "hex/search/byte_io.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace cgt::hex {

namespace {

constexpr std::uint32_t JOB_FORMAT = 0x4a4f4231;    // "JOB1"
constexpr std::uint32_t RESULT_FORMAT = 0x52534c31; // "RSL1"

void put_bytes(std::vector<std::byte>& out, const std::vector<std::byte>& bytes) {
    append_bytes(out, static_cast<std::uint64_t>(bytes.size()));
    out.insert(out.end(), bytes.begin(), bytes.end());
}
std::vector<std::byte> get_bytes(std::span<const std::byte>& in) {
    const auto n = take_bytes<std::uint64_t>(in, "job's bytes");
    if (n > in.size()) throw std::invalid_argument("a job's bytes cut short");
    std::vector<std::byte> out(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(n));
    in = in.subspan(n);
    return out;
}

void put_position(std::vector<std::byte>& out, const SplitPosition& p) {
    append_bytes(out, p.stones[0]);
    append_bytes(out, p.stones[1]);
    append_bytes(out, static_cast<std::uint8_t>(colour_index(p.mover)));
}
SplitPosition get_position(Shape shape, std::span<const std::byte>& in) {
    SplitPosition p;
    p.stones[0] = take_bytes<Wide>(in, "position");
    p.stones[1] = take_bytes<Wide>(in, "position");
    const auto mover = take_bytes<std::uint8_t>(in, "position");
    const Wide all = Geometry<Wide>(shape).all();
    if (mover > 1 || (p.stones[0] & p.stones[1]) || ((p.stones[0] | p.stones[1]) & ~all))
        throw std::invalid_argument("a job's position is damaged");
    p.mover = static_cast<Colour>(mover);
    return p;
}

void put_bounds(std::vector<std::byte>& out, Bounds b) {
    append_bytes(out, b.phi);
    append_bytes(out, b.delta);
}
Bounds get_bounds(std::span<const std::byte>& in) {
    Bounds b;
    b.phi = take_bytes<std::uint32_t>(in, "bounds");
    b.delta = take_bytes<std::uint32_t>(in, "bounds");
    if (b.phi > Bounds::INF || b.delta > Bounds::INF)
        throw std::invalid_argument("a job's bounds are damaged");
    return b;
}

} // namespace

void append_positions(std::vector<std::byte>& out, const std::vector<StoredPosition>& positions) {
    append_bytes(out, static_cast<std::uint64_t>(positions.size()));
    for (const StoredPosition& p : positions) {
        append_bytes(out, p.stones[0]);
        append_bytes(out, p.stones[1]);
        append_bytes(out, p.proof);
        append_bytes(
            out, static_cast<std::uint8_t>(colour_index(p.mover) | colour_index(p.winner) << 1));
        append_bytes(out, p.work);
    }
}

std::vector<StoredPosition> take_positions(Shape shape, std::span<const std::byte>& in,
                                           const char* what) {
    const auto n = take_bytes<std::uint64_t>(in, what);
    if (n > in.size()) throw DamagedPositions("a job's positions cut short");
    std::vector<StoredPosition> out(n);
    for (StoredPosition& p : out) {
        p.shape = shape;
        p.stones[0] = take_bytes<Wide>(in, what);
        p.stones[1] = take_bytes<Wide>(in, what);
        p.proof = take_bytes<Wide>(in, what);
        const auto colours = take_bytes<std::uint8_t>(in, what);
        p.work = take_bytes<std::uint32_t>(in, what);
        if (colours > 3) throw DamagedPositions("a job's positions are damaged");
        p.mover = static_cast<Colour>(colours & 1);
        p.winner = static_cast<Colour>(colours >> 1);
        if (const std::string problem = entry_problem(p); !problem.empty())
            throw DamagedPositions("a job's proven position is no position: " + problem);
    }
    return out;
}

std::vector<StoredPosition> most_worked(std::vector<StoredPosition> positions, std::size_t keep) {
    if (positions.size() <= keep) return positions;
    std::vector<std::size_t> order(positions.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return positions[a].work > positions[b].work;
    });
    order.resize(keep);
    std::sort(order.begin(), order.end());
    std::vector<StoredPosition> out;
    out.reserve(keep);
    for (std::size_t i : order)
        out.push_back(positions[i]);
    return out;
}

void encode_job(const Job& job, std::vector<std::byte>& out) {
    append_bytes(out, JOB_FORMAT);
    append_bytes(out, job.id);
    append_bytes(out, static_cast<std::int32_t>(job.node));
    put_position(out, job.position);
    append_bytes(out, job.budget);
    put_bounds(out, job.threshold);
    put_bytes(out, job.seed);
    append_bytes(out, static_cast<std::uint64_t>(job.seed_entries));
    append_positions(out, job.known);
    append_bytes(out, job.share_min_work);
    append_bytes(out, static_cast<std::uint64_t>(job.share_max));
}

Job decode_job(Shape shape, std::span<const std::byte> in) {
    if (take_bytes<std::uint32_t>(in, "job") != JOB_FORMAT)
        throw std::invalid_argument("bytes that are no job");
    Job job;
    job.id = take_bytes<std::uint64_t>(in, "job");
    job.node = take_bytes<std::int32_t>(in, "job");
    job.position = get_position(shape, in);
    job.budget = take_bytes<std::uint64_t>(in, "job");
    job.threshold = get_bounds(in);
    job.seed = get_bytes(in);
    job.seed_entries = take_bytes<std::uint64_t>(in, "job");
    job.known = take_positions(shape, in, "positions");
    job.share_min_work = take_bytes<std::uint32_t>(in, "job");
    job.share_max = take_bytes<std::uint64_t>(in, "job");
    if (!in.empty()) throw std::invalid_argument("a job has bytes past its end");
    return job;
}

void encode_result(const JobResult& r, std::vector<std::byte>& out) {
    append_bytes(out, RESULT_FORMAT);
    append_bytes(out, r.id);
    append_bytes(out, static_cast<std::uint8_t>(r.outcome));
    put_bounds(out, r.bounds);
    append_bytes(out, r.proof);
    append_bytes(out, static_cast<std::uint8_t>(r.expanded ? 1 : 0));
    append_bytes(out, r.filled[0]);
    append_bytes(out, r.filled[1]);
    append_bytes(out, r.support);
    append_bytes(out, static_cast<std::uint64_t>(r.children.size()));
    for (const JobChild& c : r.children) {
        append_bytes(out, static_cast<std::int32_t>(c.move));
        put_bounds(out, c.bounds);
        append_bytes(out, c.proof);
    }
    append_bytes(out, static_cast<std::uint64_t>(r.seeds.size()));
    for (const auto& seed : r.seeds)
        put_bytes(out, seed);
    append_positions(out, r.proven);
    append_bytes(out, r.nodes);
    append_bytes(out, r.stats);
}

JobResult decode_result(Shape shape, std::span<const std::byte> in) {
    if (take_bytes<std::uint32_t>(in, "result") != RESULT_FORMAT)
        throw std::invalid_argument("bytes that are no job's result");
    JobResult r;
    r.id = take_bytes<std::uint64_t>(in, "result");
    const auto outcome = take_bytes<std::uint8_t>(in, "result");
    if (outcome > static_cast<std::uint8_t>(Outcome::unknown))
        throw std::invalid_argument("a job's result is damaged");
    r.outcome = static_cast<Outcome>(outcome);
    r.bounds = get_bounds(in);
    r.proof = take_bytes<Wide>(in, "result");
    r.expanded = take_bytes<std::uint8_t>(in, "result") != 0;
    r.filled[0] = take_bytes<Wide>(in, "result");
    r.filled[1] = take_bytes<Wide>(in, "result");
    r.support = take_bytes<Wide>(in, "result");
    const auto children = take_bytes<std::uint64_t>(in, "result");
    if (children > static_cast<std::uint64_t>(shape.cells()))
        throw std::invalid_argument("a job's result is damaged");
    for (std::uint64_t i = 0; i < children; ++i) {
        JobChild c;
        c.move = take_bytes<std::int32_t>(in, "result");
        if (c.move < 0 || c.move >= shape.cells())
            throw std::invalid_argument("a job's result is damaged");
        c.bounds = get_bounds(in);
        c.proof = take_bytes<Wide>(in, "result");
        r.children.push_back(c);
    }
    const auto seeds = take_bytes<std::uint64_t>(in, "result");
    if (seeds > children) throw std::invalid_argument("a job's result is damaged");
    for (std::uint64_t i = 0; i < seeds; ++i)
        r.seeds.push_back(get_bytes(in));
    r.proven = take_positions(shape, in, "positions");
    r.nodes = take_bytes<std::uint64_t>(in, "result");
    r.stats = take_bytes<SearchStats>(in, "result");
    if (!in.empty()) throw std::invalid_argument("a job's result has bytes past its end");
    return r;
}

} // namespace cgt::hex
