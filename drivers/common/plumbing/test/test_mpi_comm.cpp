#include "common/plumbing/comm.hpp"

#include <catch2/catch.hpp>

using namespace cgt::common;

TEST_CASE("Comm: sums, maxima, gathers and broadcasts over the ranks", "[mpi]") {
    const Comm comm(MPI_COMM_WORLD);
    const auto r = static_cast<std::uint64_t>(comm.rank()), p = static_cast<std::uint64_t>(comm.size());
    std::vector<std::uint64_t> v{r, 10 * r, 1};
    comm.sum(v);
    CHECK(v == std::vector<std::uint64_t>{p * (p - 1) / 2, 10 * p * (p - 1) / 2, p});
    std::vector<std::uint64_t> m{r, 7};
    comm.max(m);
    CHECK(m == std::vector<std::uint64_t>{p - 1, 7});
    CHECK(comm.sum(r + 1) == p * (p + 1) / 2);
    CHECK(comm.any(comm.rank() == comm.size() - 1));
    CHECK(!comm.any(false));
    // Rank r contributes r copies of r.
    const std::vector<std::uint64_t> all = comm.gather(std::vector<std::uint64_t>(r, r));
    if (comm.is_root()) {
        std::vector<std::uint64_t> expected;
        for (std::uint64_t k = 0; k < p; ++k) expected.insert(expected.end(), k, k);
        CHECK(all == expected);
    } else {
        CHECK(all.empty());
    }
    CHECK(comm.allgather(static_cast<double>(r) / 2).at(p - 1) == static_cast<double>(p - 1) / 2);
    std::vector<std::string> texts;
    std::string text;
    std::vector<std::uint64_t> numbers;
    if (comm.is_root()) {
        texts = {"a", "", "ccc"};
        text = "from rank 0";
        numbers = {4, 5};
    }
    comm.broadcast(texts);
    comm.broadcast(text);
    comm.broadcast(numbers);
    CHECK(texts == std::vector<std::string>{"a", "", "ccc"});
    CHECK(text == "from rank 0");
    CHECK(numbers == std::vector<std::uint64_t>{4, 5});
}
