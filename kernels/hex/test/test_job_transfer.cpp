// What travels between the job search's workers: a move's table entries exported to another
// table, and jobs and results as bytes (job_codec.hpp). Split from test_job_search.cpp.
#include "hex/parallel/job_codec.hpp"
#include "hex/parallel/job_tree.hpp"
#include "hex/parallel/job_worker.hpp"
#include "hex/search/vc_search.hpp"
#include "hex/solver/split.hpp"

#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

using namespace cgt::hex;

namespace {

const RuleSet LARGE = RuleSet::parse("dfpn+vc+stronger+templates+inferior+proof+resistance");

} // namespace

TEST_CASE("VcSearch: a move's entries exported to another table continue its search there, to the "
          "same result",
          "[hex]") {
    // 6x6 a3 searched for a while; each move's position is then solved by a search given
    // those entries, with the result of a fresh search.
    const Shape shape = Shape::square(6);
    const Board board = Board::from_moves(6, "a3");
    VcSearch<Narrow> first(shape, LARGE, 4);
    first.load(board);
    first.set_pauses(500, [] { return false; });
    SearchStats stats;
    REQUIRE(first.solve(0, stats) == Outcome::unknown);
    const auto view = first.root_view();
    REQUIRE(view);
    const std::vector<std::vector<std::byte>> exported = first.export_children(1000);
    REQUIRE(exported.size() == view->children.size());
    std::size_t moved = 0;
    for (std::size_t i = 0; i < exported.size(); ++i) {
        const int m = view->children[i].move;
        const Narrow red = convert_cells<Narrow>(board.stones(Colour::red)) | view->filled[0];
        const Narrow blue = convert_cells<Narrow>(board.stones(Colour::blue)) | view->filled[1] |
                            cell_bit<Narrow>(m);
        VcSearch<Narrow> fresh(shape, LARGE, 4), given(shape, LARGE, 4);
        given.import_entries(exported[i]);
        const std::size_t n = given.table().used();
        moved += n;
        fresh.load(red, blue, Colour::red);
        given.load(red, blue, Colour::red);
        // What the first search learned of the move is there: its entry, with its bounds.
        const auto before = given.root_view();
        INFO("move " << m);
        CHECK(before.has_value() == (n > 0));
        if (before) {
            CHECK(before->bounds.phi == view->children[i].bounds.phi);
            CHECK(before->bounds.delta == view->children[i].bounds.delta);
        }
        SearchStats a, b;
        CHECK(given.solve(0, b) == fresh.solve(0, a));
    }
    CHECK(moved > 0);
    VcSearch<Narrow> other(shape, LARGE, 4);
    std::vector<std::byte> cut = exported[0];
    cut.pop_back();
    CHECK_THROWS_AS(other.import_entries(cut), std::invalid_argument);
    CHECK(other.table().used() == 0);
    VcSearch<Wide> wide(shape, LARGE, 4);
    CHECK_THROWS_WITH(wide.import_entries(exported[0]), "entries of another word width");
}

TEST_CASE("JobCodec: jobs and results as bytes and back, every field, damaged bytes refused",
          "[hex]") {
    // Real ones: 6x6 a3's root searched a while, expanded, and a job on a move with the
    // entries and proven positions of the first.
    const Shape shape = Shape::square(6);
    JobSearchOptions options;
    options.job_nodes = 60;
    options.lazy = false;
    options.seed_entries = 50;
    options.share_min_work = 1;
    JobTree tree(shape, LARGE, SplitPosition::after(shape, {{2, 0}}), options);
    JobWorker worker(shape, LARGE, 4, 8);
    Job job = *tree.next_job();
    const JobResult first = worker.run(job);
    REQUIRE(first.outcome == Outcome::unknown);
    REQUIRE(!first.seeds.empty());
    REQUIRE(!first.proven.empty());
    tree.job_done(first);
    job = *tree.next_job();
    job.known.assign(tree.proven().begin(), tree.proven().end());
    REQUIRE(!job.seed.empty());
    for (const JobResult& r : {first, worker.run(job)}) {
        std::vector<std::byte> bytes, again;
        encode_result(r, bytes);
        const JobResult back = decode_result(shape, bytes);
        CHECK(back.id == r.id);
        CHECK(back.outcome == r.outcome);
        CHECK((back.bounds.phi == r.bounds.phi && back.bounds.delta == r.bounds.delta));
        CHECK((back.proof == r.proof && back.support == r.support &&
               back.filled[0] == r.filled[0] && back.filled[1] == r.filled[1]));
        CHECK(back.expanded == r.expanded);
        CHECK(back.children.size() == r.children.size());
        CHECK(back.seeds == r.seeds);
        CHECK(back.proven.size() == r.proven.size());
        CHECK(back.nodes == r.nodes);
        CHECK(back.stats.expansions == r.stats.expansions);
        encode_result(back, again);
        CHECK(again == bytes);
        bytes.pop_back();
        CHECK_THROWS_AS(decode_result(shape, bytes), std::invalid_argument);
    }
    std::vector<std::byte> bytes, again;
    encode_job(job, bytes);
    const Job back = decode_job(shape, bytes);
    CHECK(back.id == job.id);
    CHECK(back.node == job.node);
    CHECK((back.position.stones[0] == job.position.stones[0] &&
           back.position.stones[1] == job.position.stones[1] &&
           back.position.mover == job.position.mover));
    CHECK(back.budget == job.budget);
    CHECK((back.threshold.phi == job.threshold.phi && back.threshold.delta == job.threshold.delta));
    CHECK(back.seed == job.seed);
    CHECK(back.seed_entries == job.seed_entries);
    CHECK(back.known.size() == job.known.size());
    CHECK(back.share_min_work == job.share_min_work);
    CHECK(back.share_max == job.share_max);
    encode_job(back, again);
    CHECK(again == bytes);
    std::vector<std::byte> longer = bytes;
    longer.push_back(std::byte{1});
    CHECK_THROWS_WITH(decode_job(shape, longer), "a job has bytes past its end");
    CHECK_THROWS_WITH(decode_result(shape, bytes), "bytes that are no job's result");
}
