#pragma once
// Typed collectives and messages over a communicator: what the runtime needs, one line each
// (KaMPIng's style: comm.sum(counts), comm.alltoallv(rows, counts)), so that no code above
// the plumbing spells out an MPI call with its counts, types and displacements. Every MPI
// call is checked (check_mpi). Collective calls: all ranks call them, in the same order, with
// vectors of the same length where a length is asked for. Element types: the integers,
// double and char (mpi_type below).
#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace cgt::common {

// The MPI datatype of an element type.
template <class T> MPI_Datatype mpi_type() {
    if constexpr (std::is_same_v<T, std::int64_t>)
        return MPI_INT64_T;
    else if constexpr (std::is_same_v<T, std::uint64_t>)
        return MPI_UINT64_T;
    else if constexpr (std::is_same_v<T, std::uint32_t>)
        return MPI_UINT32_T;
    else if constexpr (std::is_same_v<T, std::uint16_t>)
        return MPI_UINT16_T;
    else if constexpr (std::is_same_v<T, std::uint8_t>)
        return MPI_UINT8_T;
    else if constexpr (std::is_same_v<T, int>)
        return MPI_INT;
    else if constexpr (std::is_same_v<T, double>)
        return MPI_DOUBLE;
    else {
        static_assert(std::is_same_v<T, char>, "an MPI element is an integer, a double or a char");
        return MPI_CHAR;
    }
}

// Who sent a message, and its tag.
struct Envelope {
    int source = 0;
    int tag = 0;
};

// A message on its way (a nonblocking send or receive), done once test() says so or
// wait_politely() returns. The buffer it was given must live until then.
class Request {
  public:
    Request() = default;
    Request(Request&& other) noexcept : m_request(other.m_request) {
        other.m_request = MPI_REQUEST_NULL;
    }
    Request& operator=(Request&& other) noexcept {
        std::swap(m_request, other.m_request);
        return *this;
    }
    Request(const Request&) = delete;
    Request& operator=(const Request&) = delete;
    ~Request() = default; // a request still pending is the caller's mistake: nothing to free

    // Whether the message has gone (sent) or come (received: `from` gets its envelope).
    [[nodiscard]] bool test(Envelope* from = nullptr);
    // Waits until it completes without the busy polling of a blocking MPI call, which holds a
    // core for as long as the wait lasts (on a shared or oversubscribed machine the core of a
    // rank still computing): a test between sleeps that double from 10 microseconds up to
    // `longest`. A round trip that must be quick takes a fraction of a millisecond; a wait
    // that may last the rest of a run (a rank done before the others) a few milliseconds.
    void wait_politely(std::chrono::microseconds longest);

  private:
    friend class Comm;
    MPI_Request m_request = MPI_REQUEST_NULL;
};

class Comm {
  public:
    // Wildcards of receive() and probe().
    static constexpr int ANY_SOURCE = MPI_ANY_SOURCE;
    static constexpr int ANY_TAG = MPI_ANY_TAG;

    explicit Comm(MPI_Comm comm);

    [[nodiscard]] MPI_Comm raw() const { return m_comm; }
    [[nodiscard]] int rank() const { return m_rank; }
    [[nodiscard]] int size() const { return m_size; }
    [[nodiscard]] bool is_root() const { return m_rank == 0; }

    // In place: element k becomes the sum (max, bitwise or) of element k over all ranks.
    void sum(std::vector<std::uint64_t>& values) const;
    void max(std::vector<std::uint64_t>& values) const;
    void bit_or(std::vector<std::uint64_t>& values) const;
    [[nodiscard]] std::uint64_t sum(std::uint64_t value) const;
    [[nodiscard]] std::uint64_t max(std::uint64_t value) const;
    // The sum of the values of the ranks below this one (0 on rank 0).
    [[nodiscard]] std::uint64_t exclusive_sum(std::uint64_t value) const;
    // Whether any rank passes true.
    [[nodiscard]] bool any(bool value) const;
    // Every rank's vector, concatenated in rank order, on rank 0 (the others get none).
    [[nodiscard]] std::vector<std::uint64_t> gather(const std::vector<std::uint64_t>& mine) const;
    // Every rank's value, in rank order, on every rank.
    template <class T> [[nodiscard]] std::vector<T> allgather(const T& value) const {
        std::vector<T> all(static_cast<std::size_t>(m_size));
        allgather_raw(&value, all.data(), mpi_type<T>());
        return all;
    }
    // Every rank's elements, concatenated in rank order, on every rank; `counts` (if given)
    // gets how many came from each rank. At most 2^31 - 1 elements in all (MPI counts are
    // ints); beyond that std::runtime_error names `what` and the limit.
    template <class T>
    [[nodiscard]] std::vector<T> allgatherv(std::span<const T> mine, const char* what,
                                            std::vector<std::uint64_t>* counts = nullptr) const {
        const std::vector<std::uint64_t> n = allgather<std::uint64_t>(mine.size());
        std::vector<T> all(total_count(n, what));
        allgatherv_raw(mine.data(), n, all.data(), mpi_type<T>(), what);
        if (counts) *counts = n;
        return all;
    }
    // One value to each rank (send[r] goes to rank r); the result's element r came from rank r.
    [[nodiscard]] std::vector<std::uint64_t> alltoall(const std::vector<std::uint64_t>& send) const;
    // The variable-size exchange: `send` holds the elements for rank 0, then those for rank 1,
    // ... (send_counts[r] of them for rank r); the result holds those from rank 0, then from
    // rank 1, ... (recv_counts[r], as alltoall(send_counts) tells). At most 2^31 - 1 elements
    // sent or received in all; beyond that std::runtime_error names `what` and the limit.
    template <class T>
    [[nodiscard]] std::vector<T>
    alltoallv(std::span<const T> send, std::span<const std::uint64_t> send_counts,
              std::span<const std::uint64_t> recv_counts, const char* what) const {
        std::vector<T> got(total_count(recv_counts, what));
        alltoallv_raw(send.data(), send_counts, got.data(), recv_counts, mpi_type<T>(), what);
        return got;
    }
    // Rank 0's value, on every rank.
    void broadcast(std::vector<std::uint64_t>& values) const;
    void broadcast(std::string& text) const;
    void broadcast(std::vector<std::string>& texts) const;
    void broadcast(double& value) const;
    void barrier() const;
    // How many ranks of this communicator share this rank's node (MPI_COMM_TYPE_SHARED).
    [[nodiscard]] int ranks_on_node() const;

    // Each rank passes the error it found (or none); if any rank found one, every rank
    // throws UsageError (agree_on_usage) or JobFailure (agree_on_failure) with the message
    // of the lowest such rank (mpi_environment.hpp), so that all ranks leave together.
    void agree_on_usage(const std::optional<std::string>& error) const;
    void agree_on_failure(const std::optional<std::string>& error) const;

    // Messages between two ranks. A send of a few words goes out eagerly (it returns
    // without waiting for the receiver); receive() waits for its message.
    template <class T> void send(std::span<const T> data, int dest, int tag) const {
        send_raw(data.data(), data.size(), mpi_type<T>(), dest, tag);
    }
    template <class T>
    requires std::is_arithmetic_v<T>
    void send(const T& value, int dest, int tag) const {
        send_raw(&value, 1, mpi_type<T>(), dest, tag);
    }
    template <class T>
    requires std::is_arithmetic_v<T>
    void receive(T& value, int source, int tag) const {
        receive_raw(&value, 1, mpi_type<T>(), source, tag);
    }
    // A receive of data.size() elements into `data` that waits for them (busy, as MPI
    // waits): for the rest of a message whose sender is sending it now, e.g. the payload
    // after a header, where a polite wait would hold a large send back for its sleeps.
    template <class T> void receive(std::span<T> data, int source, int tag) const {
        receive_raw(data.data(), data.size(), mpi_type<T>(), source, tag);
    }
    // A receive that completes later (Request), into `data`.
    template <class T>
    [[nodiscard]] Request receive_later(std::span<T> data, int source, int tag) const {
        return receive_later_raw(data.data(), data.size(), mpi_type<T>(), source, tag);
    }
    // A send that completes only once the receiver has matched it, and every message this
    // rank sent to it before has arrived.
    template <class T>
    [[nodiscard]] Request send_synchronous_later(const T& value, int dest, int tag) const {
        return send_synchronous_later_raw(&value, mpi_type<T>(), dest, tag);
    }
    // The envelope of a message from `source` with `tag` that has come and is not yet
    // received (either may be a wildcard), if there is one.
    [[nodiscard]] std::optional<Envelope> probe(int source, int tag) const;
    // Waits for such a message as Request::wait_politely waits.
    [[nodiscard]] Envelope probe_politely(int source, int tag,
                                          std::chrono::microseconds longest) const;

  protected:
    MPI_Comm m_comm;
    int m_rank = 0, m_size = 1;

  private:
    static std::size_t total_count(std::span<const std::uint64_t> counts, const char* what);
    void allgather_raw(const void* mine, void* all, MPI_Datatype type) const;
    void allgatherv_raw(const void* mine, std::span<const std::uint64_t> counts, void* all,
                        MPI_Datatype type, const char* what) const;
    void alltoallv_raw(const void* send, std::span<const std::uint64_t> send_counts, void* recv,
                       std::span<const std::uint64_t> recv_counts, MPI_Datatype type,
                       const char* what) const;
    void send_raw(const void* data, std::size_t count, MPI_Datatype type, int dest, int tag) const;
    void receive_raw(void* data, std::size_t count, MPI_Datatype type, int source, int tag) const;
    Request receive_later_raw(void* data, std::size_t count, MPI_Datatype type, int source,
                              int tag) const;
    Request send_synchronous_later_raw(const void* value, MPI_Datatype type, int dest,
                                       int tag) const;
};

// A communicator of its own (a duplicate of `parent`, collectively made) for a protocol whose
// messages must not meet any other's; freed on destruction (unless MPI has ended).
class PrivateComm : public Comm {
  public:
    explicit PrivateComm(const Comm& parent);
    ~PrivateComm();
    PrivateComm(const PrivateComm&) = delete;
    PrivateComm& operator=(const PrivateComm&) = delete;
};

} // namespace cgt::common
