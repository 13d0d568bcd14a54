#include "common/plumbing/comm.hpp"

#include "common/plumbing/mpi_environment.hpp"

#include <algorithm>
#include <climits>
#include <numeric>
#include <stdexcept>

namespace cgt::common {

namespace {
// Elements per MPI call: counts are ints.
constexpr std::size_t CHUNK = std::size_t{1} << 24;

int int_count(std::uint64_t n, const char* what) {
    if (n > static_cast<std::uint64_t>(INT_MAX))
        throw std::runtime_error(std::string(what) + ": " + std::to_string(n) + " elements exceed the MPI limit of 2^31 - 1");
    return static_cast<int>(n);
}

void reduce_in_place(MPI_Comm comm, std::vector<std::uint64_t>& values, MPI_Op op) {
    for (std::size_t at = 0; at < values.size(); at += CHUNK) {
        const int count = static_cast<int>(std::min(CHUNK, values.size() - at));
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, values.data() + at, count, MPI_UINT64_T, op, comm), "MPI_Allreduce");
    }
}
} // namespace

Comm::Comm(MPI_Comm comm) : m_comm(comm) {
    check_mpi(MPI_Comm_rank(comm, &m_rank), "MPI_Comm_rank");
    check_mpi(MPI_Comm_size(comm, &m_size), "MPI_Comm_size");
}

void Comm::sum(std::vector<std::uint64_t>& values) const { reduce_in_place(m_comm, values, MPI_SUM); }
void Comm::max(std::vector<std::uint64_t>& values) const { reduce_in_place(m_comm, values, MPI_MAX); }

std::uint64_t Comm::sum(std::uint64_t value) const {
    std::vector<std::uint64_t> v{value};
    sum(v);
    return v[0];
}

bool Comm::any(bool value) const {
    int mine = value ? 1 : 0, all = 0;
    check_mpi(MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LOR, m_comm), "MPI_Allreduce");
    return all != 0;
}

std::vector<std::uint64_t> Comm::gather(const std::vector<std::uint64_t>& mine) const {
    const int n = int_count(mine.size(), "Comm::gather");
    std::vector<int> counts(is_root() ? static_cast<std::size_t>(m_size) : 0);
    check_mpi(MPI_Gather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, m_comm), "MPI_Gather");
    std::vector<int> displs(counts.size(), 0);
    std::uint64_t total = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
        displs[r] = int_count(total, "Comm::gather");
        total += static_cast<std::uint64_t>(counts[r]);
    }
    std::vector<std::uint64_t> all(is_root() ? static_cast<std::size_t>(int_count(total, "Comm::gather")) : 0);
    check_mpi(MPI_Gatherv(mine.data(), n, MPI_UINT64_T, all.data(), counts.data(), displs.data(), MPI_UINT64_T, 0,
                          m_comm), "MPI_Gatherv");
    return all;
}

std::vector<double> Comm::allgather(double value) const {
    std::vector<double> all(static_cast<std::size_t>(m_size));
    check_mpi(MPI_Allgather(&value, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, m_comm), "MPI_Allgather");
    return all;
}

void Comm::broadcast(std::vector<std::uint64_t>& values) const {
    std::uint64_t n = values.size();
    check_mpi(MPI_Bcast(&n, 1, MPI_UINT64_T, 0, m_comm), "MPI_Bcast");
    values.resize(n);
    for (std::size_t at = 0; at < values.size(); at += CHUNK) {
        const int count = static_cast<int>(std::min(CHUNK, values.size() - at));
        check_mpi(MPI_Bcast(values.data() + at, count, MPI_UINT64_T, 0, m_comm), "MPI_Bcast");
    }
}

void Comm::broadcast(std::string& text) const {
    std::uint64_t n = text.size();
    check_mpi(MPI_Bcast(&n, 1, MPI_UINT64_T, 0, m_comm), "MPI_Bcast");
    text.resize(n);
    for (std::size_t at = 0; at < text.size(); at += CHUNK) {
        const int count = static_cast<int>(std::min(CHUNK, text.size() - at));
        check_mpi(MPI_Bcast(text.data() + at, count, MPI_CHAR, 0, m_comm), "MPI_Bcast");
    }
}

void Comm::broadcast(std::vector<std::string>& texts) const {
    std::vector<std::uint64_t> lengths;
    std::string joined;
    if (is_root())
        for (const std::string& t : texts) {
            lengths.push_back(t.size());
            joined += t;
        }
    broadcast(lengths);
    broadcast(joined);
    texts.clear();
    std::size_t at = 0;
    for (std::uint64_t n : lengths) {
        texts.push_back(joined.substr(at, n));
        at += n;
    }
}

void Comm::barrier() const { check_mpi(MPI_Barrier(m_comm), "MPI_Barrier"); }

int Comm::ranks_on_node() const {
    MPI_Comm node = MPI_COMM_NULL;
    check_mpi(MPI_Comm_split_type(m_comm, MPI_COMM_TYPE_SHARED, m_rank, MPI_INFO_NULL, &node), "MPI_Comm_split_type");
    int ranks = 1;
    const int rc = MPI_Comm_size(node, &ranks);
    MPI_Comm_free(&node);
    check_mpi(rc, "MPI_Comm_size");
    return ranks;
}

} // namespace cgt::common
