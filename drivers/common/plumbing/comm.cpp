#include "common/plumbing/comm.hpp"

#include "common/plumbing/backoff.hpp"
#include "common/plumbing/mpi_environment.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>

namespace cgt::common {

namespace {
// Elements per MPI call: counts are ints.
constexpr std::size_t CHUNK = std::size_t{1} << 24;

int int_count(std::uint64_t n, const char* what) {
    if (n > static_cast<std::uint64_t>(INT_MAX))
        throw std::runtime_error(
            std::string(what) + ": " + std::to_string(n) +
            " elements exceed the MPI limit of 2^31 - 1 per exchange (use more ranks)");
    return static_cast<int>(n);
}

// Counts and displacements of an MPI_*v call, checked against the int limit.
struct Layout {
    std::vector<int> counts, displs;
    Layout(std::span<const std::uint64_t> n, const char* what)
        : counts(n.size()), displs(n.size()) {
        std::uint64_t total = 0;
        for (std::size_t r = 0; r < n.size(); ++r) {
            displs[r] = int_count(total, what);
            counts[r] = int_count(n[r], what);
            total += n[r];
        }
        int_count(total, what);
    }
};

void reduce_in_place(MPI_Comm comm, std::vector<std::uint64_t>& values, MPI_Op op) {
    for (std::size_t at = 0; at < values.size(); at += CHUNK) {
        const int count = static_cast<int>(std::min(CHUNK, values.size() - at));
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, values.data() + at, count, MPI_UINT64_T, op, comm),
                  "MPI_Allreduce");
    }
}

} // namespace

// --- Request

bool Request::test(Envelope* from) {
    int flag = 0;
    MPI_Status status;
    check_mpi(MPI_Test(&m_request, &flag, &status), "MPI_Test");
    if (flag && from) *from = {status.MPI_SOURCE, status.MPI_TAG};
    return flag != 0;
}

void Request::wait_politely(std::chrono::microseconds longest) {
    Backoff backoff(longest);
    for (;;) {
        int flag = 0;
        check_mpi(MPI_Test(&m_request, &flag, MPI_STATUS_IGNORE), "MPI_Test");
        if (flag) return;
        backoff.sleep();
    }
}

// --- collectives

Comm::Comm(MPI_Comm comm) : m_comm(comm) {
    check_mpi(MPI_Comm_rank(comm, &m_rank), "MPI_Comm_rank");
    check_mpi(MPI_Comm_size(comm, &m_size), "MPI_Comm_size");
}

void Comm::sum(std::vector<std::uint64_t>& values) const {
    reduce_in_place(m_comm, values, MPI_SUM);
}
void Comm::max(std::vector<std::uint64_t>& values) const {
    reduce_in_place(m_comm, values, MPI_MAX);
}
void Comm::bit_or(std::vector<std::uint64_t>& values) const {
    reduce_in_place(m_comm, values, MPI_BOR);
}

std::uint64_t Comm::sum(std::uint64_t value) const {
    std::vector<std::uint64_t> v{value};
    sum(v);
    return v[0];
}

std::uint64_t Comm::max(std::uint64_t value) const {
    std::vector<std::uint64_t> v{value};
    max(v);
    return v[0];
}

std::uint64_t Comm::exclusive_sum(std::uint64_t value) const {
    std::uint64_t below = 0;
    check_mpi(MPI_Exscan(&value, &below, 1, MPI_UINT64_T, MPI_SUM, m_comm), "MPI_Exscan");
    return m_rank == 0 ? 0 : below; // MPI_Exscan leaves rank 0's result undefined
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
    std::vector<std::uint64_t> all(
        is_root() ? static_cast<std::size_t>(int_count(total, "Comm::gather")) : 0);
    check_mpi(MPI_Gatherv(mine.data(), n, MPI_UINT64_T, all.data(), counts.data(), displs.data(),
                          MPI_UINT64_T, 0, m_comm),
              "MPI_Gatherv");
    return all;
}

std::size_t Comm::total_count(std::span<const std::uint64_t> counts, const char* what) {
    std::uint64_t total = 0;
    for (std::uint64_t n : counts)
        total += n;
    return static_cast<std::size_t>(int_count(total, what));
}

void Comm::allgather_raw(const void* mine, void* all, MPI_Datatype type) const {
    check_mpi(MPI_Allgather(mine, 1, type, all, 1, type, m_comm), "MPI_Allgather");
}

void Comm::allgatherv_raw(const void* mine, std::span<const std::uint64_t> counts, void* all,
                          MPI_Datatype type, const char* what) const {
    const Layout layout(counts, what);
    check_mpi(MPI_Allgatherv(mine, layout.counts[static_cast<std::size_t>(m_rank)], type, all,
                             layout.counts.data(), layout.displs.data(), type, m_comm),
              "MPI_Allgatherv");
}

std::vector<std::uint64_t> Comm::alltoall(const std::vector<std::uint64_t>& send) const {
    std::vector<std::uint64_t> got(static_cast<std::size_t>(m_size));
    check_mpi(MPI_Alltoall(send.data(), 1, MPI_UINT64_T, got.data(), 1, MPI_UINT64_T, m_comm),
              "MPI_Alltoall");
    return got;
}

void Comm::alltoallv_raw(const void* send, std::span<const std::uint64_t> send_counts, void* recv,
                         std::span<const std::uint64_t> recv_counts, MPI_Datatype type,
                         const char* what) const {
    const Layout s(send_counts, what), r(recv_counts, what);
    check_mpi(MPI_Alltoallv(send, s.counts.data(), s.displs.data(), type, recv, r.counts.data(),
                            r.displs.data(), type, m_comm),
              "MPI_Alltoallv");
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

void Comm::broadcast(double& value) const {
    check_mpi(MPI_Bcast(&value, 1, MPI_DOUBLE, 0, m_comm), "MPI_Bcast");
}

void Comm::barrier() const {
    check_mpi(MPI_Barrier(m_comm), "MPI_Barrier");
}

int Comm::ranks_on_node() const {
    MPI_Comm node = MPI_COMM_NULL;
    check_mpi(MPI_Comm_split_type(m_comm, MPI_COMM_TYPE_SHARED, m_rank, MPI_INFO_NULL, &node),
              "MPI_Comm_split_type");
    int ranks = 1;
    const int rc = MPI_Comm_size(node, &ranks);
    MPI_Comm_free(&node);
    check_mpi(rc, "MPI_Comm_size");
    return ranks;
}

void Comm::agree_on_usage(const std::optional<std::string>& error) const {
    common::agree_on_usage(m_comm, error);
}
void Comm::agree_on_failure(const std::optional<std::string>& error) const {
    common::agree_on_failure(m_comm, error);
}

// --- messages

void Comm::send_raw(const void* data, std::size_t count, MPI_Datatype type, int dest,
                    int tag) const {
    check_mpi(MPI_Send(data, int_count(count, "Comm::send"), type, dest, tag, m_comm), "MPI_Send");
}

void Comm::receive_raw(void* data, std::size_t count, MPI_Datatype type, int source,
                       int tag) const {
    check_mpi(MPI_Recv(data, int_count(count, "Comm::receive"), type, source, tag, m_comm,
                       MPI_STATUS_IGNORE),
              "MPI_Recv");
}

Request Comm::receive_later_raw(void* data, std::size_t count, MPI_Datatype type, int source,
                                int tag) const {
    Request request;
    check_mpi(MPI_Irecv(data, int_count(count, "Comm::receive_later"), type, source, tag, m_comm,
                        &request.m_request),
              "MPI_Irecv");
    return request;
}

Request Comm::send_synchronous_later_raw(const void* value, MPI_Datatype type, int dest,
                                         int tag) const {
    Request request;
    check_mpi(MPI_Issend(value, 1, type, dest, tag, m_comm, &request.m_request), "MPI_Issend");
    return request;
}

std::optional<Envelope> Comm::probe(int source, int tag) const {
    int flag = 0;
    MPI_Status status;
    check_mpi(MPI_Iprobe(source, tag, m_comm, &flag, &status), "MPI_Iprobe");
    if (!flag) return std::nullopt;
    return Envelope{status.MPI_SOURCE, status.MPI_TAG};
}

Envelope Comm::probe_politely(int source, int tag, std::chrono::microseconds longest) const {
    Backoff backoff(longest);
    for (;;) {
        if (auto envelope = probe(source, tag)) return *envelope;
        backoff.sleep();
    }
}

// --- a private communicator

namespace {
MPI_Comm duplicate(MPI_Comm parent) {
    MPI_Comm copy = MPI_COMM_NULL;
    check_mpi(MPI_Comm_dup(parent, &copy), "MPI_Comm_dup");
    return copy;
}
} // namespace

PrivateComm::PrivateComm(const Comm& parent) : Comm(duplicate(parent.raw())) {}

PrivateComm::~PrivateComm() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized && m_comm != MPI_COMM_NULL) MPI_Comm_free(&m_comm);
}

} // namespace cgt::common
