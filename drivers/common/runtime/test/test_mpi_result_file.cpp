#include "common/plumbing/mpi_environment.hpp"
#include "common/plumbing/partition.hpp"
#include "common/runtime/result_file.hpp"
#include "common/runtime/result_reader.hpp"
#include "common/runtime/task_queue.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

using namespace cgt::common;

namespace {
const Comm& world() {
    static const Comm comm(MPI_COMM_WORLD);
    return comm;
}
int world_rank() { return world().rank(); }
int world_size() { return world().size(); }

// A path unique to this run (rank 0's pid), the same on every rank.
std::string temp_path(const std::string& stem) {
    std::string pid = std::to_string(getpid());
    world().broadcast(pid);
    return "/tmp/cgt-test-" + stem + "-" + std::to_string(world_size()) + "-" + pid + ".h5";
}

// Rows 0..n-1 by a static split: value i*i, text "#i", and i/2 as a float.
void fill_static(LocalTable& t, std::uint64_t n) {
    auto& id = t.add_column<std::int64_t>("id");
    auto& text = t.add_column<std::string>("text");
    auto& half = t.add_column<double>("half");
    const Range mine = block_range(n, world_size(), world_rank());
    t.begin_block(static_cast<std::uint64_t>(world_rank()));
    for (std::uint64_t i = mine.begin; i < mine.end; ++i) {
        id.push_back(static_cast<std::int64_t>(i * i));
        text.push_back("#" + std::to_string(i));
        half.push_back(static_cast<double>(i) / 2);
    }
}
} // namespace

TEST_CASE("ResultFile: rows land in enumeration order whatever the split", "[mpi]") {
    const std::string path = temp_path("order");
    {
        ResultFile file(world(), path, "cgt-test", "n = 50\n");
        LocalTable a;
        fill_static(a, 50);
        file.write_table("static", a, "id");
        LocalTable a_compressed;
        fill_static(a_compressed, 50);
        file.write_table("static_compressed", a_compressed, "id", true);

        // Queue: task t yields t % 3 rows (some tasks none) with values 100*t + k.
        LocalTable b;
        auto& v = b.add_column<std::int64_t>("v");
        auto& g = b.add_column<std::uint16_t>("g");
        run_task_queue(world(), 40, [&](std::uint64_t t) {
            b.begin_block(t);
            for (std::uint64_t k = 0; k < t % 3; ++k) {
                v.push_back(static_cast<std::int64_t>(100 * t + k));
                g.push_back(static_cast<std::uint16_t>(t));
            }
        });
        file.write_table("queue", b, "v", true);

        LocalTable empty;
        empty.add_column<std::string>("nothing");
        file.write_table("empty", empty, "nothing");
        file.set_attribute("/", "seed", std::int64_t{42});
        file.finish();
    }
    if (world_rank() == 0) {
        ResultReader reader(path, "cgt-test");
        CHECK(reader.int_attribute("ranks") == world_size());
        CHECK(reader.int_attribute("complete") == 1);
        CHECK(reader.int_attribute("seed") == 42);
        CHECK(reader.text_attribute("parameters") == "n = 50\n");
        CHECK(reader.text_attribute("started").size() == 20);
        CHECK_FALSE(reader.text_attribute("version").empty());
        const Table s = reader.read_table("static");
        REQUIRE(s.rows == 50);
        const auto ids = s.ints("id");
        for (std::int64_t i = 0; i < 50; ++i) {
            CHECK(ids[i] == i * i);
            CHECK(s.texts("text")[i] == "#" + std::to_string(i));
            CHECK(s.floats("half")[i] == static_cast<double>(i) / 2);
        }
        CHECK(s.order == "id");
        const Table z = reader.read_table("static_compressed");
        CHECK(z.ints("id") == ids);
        CHECK(z.texts("text") == s.texts("text"));
        CHECK(z.floats("half") == s.floats("half"));
        const Table q = reader.read_table("queue");
        std::vector<std::int64_t> expect;
        for (std::int64_t t = 0; t < 40; ++t)
            for (std::int64_t k = 0; k < t % 3; ++k) expect.push_back(100 * t + k);
        CHECK(q.ints("v") == expect);
        CHECK(q.ints("g").size() == expect.size());
        CHECK(reader.read_table("empty").rows == 0);
        std::remove(path.c_str());
    }
    world().barrier();
}

namespace {
// Text of row i: widths from 0 to 2,100 bytes, so that compressed chunks hold ~500 rows.
std::string wide_text(std::uint64_t i) { return std::string(i * 7919 % 2101, static_cast<char>('a' + i % 26)) + std::to_string(i); }
} // namespace

TEST_CASE("ResultFile: a table written in many small rounds reads back whole, read in slabs or at once", "[mpi]") {
    const std::string path = temp_path("rounds");
    constexpr std::uint64_t ROWS = 3000, PLAIN_ROWS = 300;
    {
        ResultFile file(world(), path, "cgt-test", "");
        // One chunk (~500 rows) per round, boundaries of the ranks' shares inside chunks;
        // uncompressed, one row per round.
        file.set_write_slab_bytes(1);
        for (const auto& [name, rows, compress] : {std::tuple{"compressed", ROWS, true}, std::tuple{"plain", PLAIN_ROWS, false}}) {
            LocalTable t;
            auto& id = t.add_column<std::uint64_t>("id");
            auto& text = t.add_column<std::string>("text");
            // Round-robin rows, one block per row: each rank's rows are scattered over the file.
            for (std::uint64_t i = static_cast<std::uint64_t>(world_rank()); i < rows; i += static_cast<std::uint64_t>(world_size())) {
                t.begin_block(i);
                id.push_back(i);
                text.push_back(wide_text(i));
            }
            file.write_table(name, t, "id", compress);
        }
        file.finish();
    }
    if (world_rank() == 0) {
        for (const std::uint64_t slab : {std::uint64_t{1}, std::uint64_t{16} << 20}) {
            ResultReader reader(path, "cgt-test");
            reader.set_text_slab_bytes(slab);
            for (const auto& [name, rows] : {std::pair{"compressed", ROWS}, std::pair{"plain", PLAIN_ROWS}}) {
                INFO(name << " read in slabs of " << slab << " bytes");
                const Table t = reader.read_table(name); // its checksum checked too
                REQUIRE(t.rows == rows);
                const auto id = t.ints("id");
                bool same = true;
                for (std::uint64_t i = 0; i < rows; ++i)
                    same = same && id[i] == static_cast<std::int64_t>(i) && t.texts("text")[i] == wide_text(i);
                CHECK(same);
            }
        }
        std::remove(path.c_str());
    }
    world().barrier();
}

TEST_CASE("ResultFile: an unfinished file stays .partial and readers refuse it", "[mpi]") {
    const std::string path = temp_path("partial");
    {
        ResultFile file(world(), path, "cgt-test", "");
        LocalTable a;
        fill_static(a, 10);
        file.write_table("static", a, "id");
        // no finish(): as if the job died here
    }
    if (world_rank() == 0) {
        CHECK_THROWS_WITH(ResultReader(path + ".partial", "cgt-test"), Catch::Contains("is a partial file"));
        CHECK_THROWS_WITH(ResultReader(path, "cgt-test"), Catch::Contains("only " + path + ".partial"));
        std::remove((path + ".partial").c_str());
        CHECK_THROWS_WITH(ResultReader(path, "cgt-test"), Catch::Contains("does not exist"));
    }
    world().barrier();
}

TEST_CASE("ResultFile: one left by an exception removes its .partial", "[mpi]") {
    const std::string path = temp_path("failed");
    try {
        ResultFile file(world(), path, "cgt-test", "");
        LocalTable a;
        fill_static(a, 10);
        file.write_table("static", a, "id");
        throw JobFailure("a failure on every rank"); // as agree_on_failure throws it
    } catch (const JobFailure&) {
    }
    world().barrier();
    if (world_rank() == 0) {
        struct stat st {};
        CHECK(::lstat((path + ".partial").c_str(), &st) != 0);
        CHECK(::lstat(path.c_str(), &st) != 0);
    }
    world().barrier();
}

TEST_CASE("ResultFile: a .partial it cannot create is one JobFailure on every rank", "[mpi]") {
    // Options refuse these before any work; ResultFile refuses them again if they appear
    // after that check, on every rank alike (no rank is left in a collective).
    const std::string path = temp_path("uncreatable");
    if (world_rank() == 0) REQUIRE(::mkdir((path + ".partial").c_str(), 0700) == 0);
    world().barrier();
    CHECK_THROWS_MATCHES(ResultFile(world(), path, "cgt-test", ""), JobFailure,
                         Catch::Message("cannot write '" + path + ".partial': it is a directory"));
    if (world_rank() == 0) ::rmdir((path + ".partial").c_str());
    const std::string nowhere = "/nonexistent-dir/x.h5";
    CHECK_THROWS_MATCHES(ResultFile(world(), nowhere, "cgt-test", ""), JobFailure,
                         Catch::Message("cannot write '" + nowhere + ".partial': No such file or directory"));
    world().barrier();
}

TEST_CASE("ResultFile: a second run to the same file is refused while the first writes", "[mpi]") {
    const std::string path = temp_path("locked");
    {
        ResultFile first(world(), path, "cgt-test", "");
        CHECK_THROWS_MATCHES(ResultFile(world(), path, "cgt-test", ""), UsageError,
                             Catch::Message("another run is writing '" + path +
                                            ".partial' (it is locked): wait for it to finish, or choose another --out"));
        first.finish();
    }
    ResultFile again(world(), path, "cgt-test", ""); // free once the first is done
    again.finish();
    if (world_rank() == 0) CHECK_NOTHROW(ResultReader(path, "cgt-test"));
    if (world_rank() == 0) std::remove(path.c_str());
    world().barrier();
}

TEST_CASE("ResultFile: finish() never renames over what is not a regular file", "[mpi]") {
    // A FIFO that appeared at PATH during the run (a device is refused the same way).
    const std::string path = temp_path("fifo");
    ResultFile file(world(), path, "cgt-test", "");
    if (world_rank() == 0) REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
    CHECK_THROWS_MATCHES(file.finish(), JobFailure,
                         Catch::Message("refusing to replace '" + path +
                                        "': it is a FIFO; the run's tasks stay in its journal: run it again with --resume"));
    if (world_rank() == 0) {
        struct stat st {};
        CHECK((::lstat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode)));
        // No PATH.partial that says complete = 1 is left behind to be taken for a result.
        CHECK(::lstat((path + ".partial").c_str(), &st) != 0);
        std::remove(path.c_str());
        std::remove((path + ".partial").c_str());
    }
    world().barrier();
}

TEST_CASE("ResultReader: refuses another job's file, an incomplete one and altered data", "[mpi]") {
    const std::string path = temp_path("refuse");
    {
        ResultFile file(world(), path, "cgt-test", "");
        LocalTable a;
        fill_static(a, 20);
        file.write_table("static", a, "id");
        file.finish();
    }
    if (world_rank() == 0) {
        CHECK_THROWS_WITH(ResultReader(path, "cgt-nim"), Catch::Contains("written by cgt-test, not cgt-nim"));
        {   // alter one value in place
            std::optional<Hdf5File> f = Hdf5File::open(path, Hdf5File::Access::read_write);
            REQUIRE(f);
            Hdf5Dataset d = f->open_dataset("static/id", path);
            std::vector<std::int64_t> v = d.read_all<std::int64_t>();
            REQUIRE(v.size() == 20);
            v[7] += 1;
            d.write_rows(0, v.size(), ElementType::number<std::int64_t>(path), v.data());
        }
        {
            ResultReader reader(path, "cgt-test");
            CHECK_THROWS_WITH(reader.read_table("static"), Catch::Contains("data altered"));
        }
        {   // clear the complete flag
            std::optional<Hdf5File> f = Hdf5File::open(path, Hdf5File::Access::read_write);
            REQUIRE(f);
            f->set_attribute("complete", std::int64_t{0});
        }
        CHECK_THROWS_WITH(ResultReader(path, "cgt-test"), Catch::Contains("incomplete"));
        std::remove(path.c_str());
    }
    world().barrier();
}
