#pragma once
// Typed collectives over a communicator: what a job's finish step needs, one line each
// (KaMPIng's style: comm.sum(counts)), so that no driver spells out an MPI call with its
// counts, types and displacements. Every call is collective: all ranks call it, in the
// same order, with vectors of the same length where a length is asked for.
#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::common {

class Comm {
public:
    explicit Comm(MPI_Comm comm);

    [[nodiscard]] MPI_Comm raw() const { return m_comm; }
    [[nodiscard]] int rank() const { return m_rank; }
    [[nodiscard]] int size() const { return m_size; }
    [[nodiscard]] bool is_root() const { return m_rank == 0; }

    // In place: element k becomes the sum (max) of element k over all ranks.
    void sum(std::vector<std::uint64_t>& values) const;
    void max(std::vector<std::uint64_t>& values) const;
    [[nodiscard]] std::uint64_t sum(std::uint64_t value) const;
    // Whether any rank passes true.
    [[nodiscard]] bool any(bool value) const;
    // Every rank's vector, concatenated in rank order, on rank 0 (the others get none).
    [[nodiscard]] std::vector<std::uint64_t> gather(const std::vector<std::uint64_t>& mine) const;
    // Every rank's value, in rank order, on every rank.
    [[nodiscard]] std::vector<double> allgather(double value) const;
    // Rank 0's value, on every rank.
    void broadcast(std::vector<std::uint64_t>& values) const;
    void broadcast(std::string& text) const;
    void broadcast(std::vector<std::string>& texts) const;
    void barrier() const;
    // How many ranks of this communicator share this rank's node (MPI_COMM_TYPE_SHARED).
    [[nodiscard]] int ranks_on_node() const;

private:
    MPI_Comm m_comm;
    int m_rank = 0, m_size = 1;
};

} // namespace cgt::common
