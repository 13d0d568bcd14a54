#include "common/runtime/distinct_texts.hpp"

#include "common/plumbing/mpi_environment.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <numeric>
#include <stdexcept>
#include <string_view>

namespace cgt::common {

namespace {

// Samples per rank for choosing the splitters: enough that each rank's share of the
// distinct texts is within a few percent of an equal share.
constexpr std::size_t SAMPLES_PER_RANK = 32;

int mpi_count(std::uint64_t n, const char* what) {
    if (n > static_cast<std::uint64_t>(INT_MAX))
        throw std::runtime_error(std::string("index_distinct_texts: ") + what + " of " + std::to_string(n) +
                                 " exceeds the MPI limit of " + std::to_string(INT_MAX) +
                                 " per exchange (use more ranks)");
    return static_cast<int>(n);
}

// Counts and displacements of an MPI_*v call, checked against the int limit.
struct Layout {
    std::vector<int> counts, displs;
    std::uint64_t total = 0;
    Layout(std::span<const std::uint64_t> n, const char* what) : counts(n.size()), displs(n.size()) {
        for (std::size_t r = 0; r < n.size(); ++r) {
            displs[r] = mpi_count(total, what);
            counts[r] = mpi_count(n[r], what);
            total += n[r];
        }
        mpi_count(total, what);
    }
};

// Texts packed for MPI: their lengths and their bytes back to back.
struct Packed {
    std::vector<std::uint64_t> lengths;
    std::string bytes;
    void add(std::string_view s) {
        lengths.push_back(s.size());
        bytes.append(s);
    }
    // Views of the texts, valid while `bytes` lives.
    [[nodiscard]] std::vector<std::string_view> views() const {
        std::vector<std::string_view> out;
        out.reserve(lengths.size());
        std::size_t at = 0;
        for (std::uint64_t n : lengths) {
            out.emplace_back(bytes.data() + at, n);
            at += n;
        }
        return out;
    }
};

// Every rank's `mine`, in rank order, on every rank.
Packed allgather_texts(MPI_Comm comm, int size, const Packed& mine) {
    const std::uint64_t counts_mine[2] = {mine.lengths.size(), mine.bytes.size()};
    std::vector<std::uint64_t> counts(2 * static_cast<std::size_t>(size));
    check_mpi(MPI_Allgather(counts_mine, 2, MPI_UINT64_T, counts.data(), 2, MPI_UINT64_T, comm), "MPI_Allgather");
    std::vector<std::uint64_t> n_texts(size), n_bytes(size);
    for (int r = 0; r < size; ++r) {
        n_texts[r] = counts[2 * r];
        n_bytes[r] = counts[2 * r + 1];
    }
    const Layout texts(n_texts, "sample texts"), bytes(n_bytes, "sample bytes");
    Packed all;
    all.lengths.resize(texts.total);
    all.bytes.resize(bytes.total);
    check_mpi(MPI_Allgatherv(mine.lengths.data(), static_cast<int>(mine.lengths.size()), MPI_UINT64_T,
                             all.lengths.data(), texts.counts.data(), texts.displs.data(), MPI_UINT64_T, comm),
              "MPI_Allgatherv");
    check_mpi(MPI_Allgatherv(mine.bytes.data(), static_cast<int>(mine.bytes.size()), MPI_CHAR, all.bytes.data(),
                             bytes.counts.data(), bytes.displs.data(), MPI_CHAR, comm),
              "MPI_Allgatherv");
    return all;
}

} // namespace

DistinctTexts index_distinct_texts(MPI_Comm comm, std::vector<std::string> texts) {
    int rank = 0, size = 1;
    check_mpi(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
    check_mpi(MPI_Comm_size(comm, &size), "MPI_Comm_size");
    const std::size_t n = texts.size();

    // This rank's distinct texts in byte order (std::string compares bytes as unsigned
    // char), and each item's place among them.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    {
        // Views side by side in one array: a comparison reads the bytes straight away.
        std::vector<std::string_view> views(texts.begin(), texts.end());
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return views[a] < views[b]; });
    }
    std::vector<std::size_t> distinct; // item holding each distinct text
    std::vector<std::uint64_t> local_id(n);
    for (std::size_t i : order) {
        if (distinct.empty() || texts[i] != texts[distinct.back()]) distinct.push_back(i);
        local_id[i] = distinct.size() - 1;
    }

    DistinctTexts result;
    if (size == 1) {
        result.total = distinct.size();
        result.owned.reserve(distinct.size());
        for (std::size_t i : distinct) result.owned.push_back(std::move(texts[i]));
        result.index = std::move(local_id);
        return result;
    }

    // Splitters: P - 1 texts taken evenly from the sorted samples of every rank. Every rank
    // computes the same ones; text t goes to the first rank whose splitter is >= t.
    Packed sample;
    const std::size_t take = std::min(distinct.size(), SAMPLES_PER_RANK * static_cast<std::size_t>(size));
    for (std::size_t k = 0; k < take; ++k) sample.add(texts[distinct[k * distinct.size() / take]]);
    const Packed samples = allgather_texts(comm, size, sample);
    std::vector<std::string_view> sorted_samples = samples.views();
    std::sort(sorted_samples.begin(), sorted_samples.end());
    std::vector<std::string_view> splitters;
    if (!sorted_samples.empty())
        for (int j = 1; j < size; ++j)
            splitters.push_back(sorted_samples[static_cast<std::size_t>(j) * sorted_samples.size() / size]);

    // Distinct texts are in order, so each destination's texts are one run of them.
    Packed outgoing;
    std::vector<std::uint64_t> send_texts(size, 0), send_bytes(size, 0);
    {
        std::size_t dest = 0;
        for (std::size_t i : distinct) {
            const std::string& t = texts[i];
            while (dest < splitters.size() && splitters[dest] < t) ++dest;
            ++send_texts[dest];
            send_bytes[dest] += t.size();
            outgoing.add(t);
        }
    }
    std::vector<std::string>().swap(texts); // the texts now live in `outgoing`

    std::vector<std::uint64_t> recv_texts(size), recv_bytes(size);
    check_mpi(MPI_Alltoall(send_texts.data(), 1, MPI_UINT64_T, recv_texts.data(), 1, MPI_UINT64_T, comm),
              "MPI_Alltoall");
    check_mpi(MPI_Alltoall(send_bytes.data(), 1, MPI_UINT64_T, recv_bytes.data(), 1, MPI_UINT64_T, comm),
              "MPI_Alltoall");
    const Layout st(send_texts, "texts sent"), sb(send_bytes, "bytes sent");
    const Layout rt(recv_texts, "texts received"), rb(recv_bytes, "bytes received");
    Packed incoming;
    incoming.lengths.resize(rt.total);
    incoming.bytes.resize(rb.total);
    check_mpi(MPI_Alltoallv(outgoing.lengths.data(), st.counts.data(), st.displs.data(), MPI_UINT64_T,
                            incoming.lengths.data(), rt.counts.data(), rt.displs.data(), MPI_UINT64_T, comm),
              "MPI_Alltoallv");
    check_mpi(MPI_Alltoallv(outgoing.bytes.data(), sb.counts.data(), sb.displs.data(), MPI_CHAR,
                            incoming.bytes.data(), rb.counts.data(), rb.displs.data(), MPI_CHAR, comm),
              "MPI_Alltoallv");
    outgoing.bytes.clear();
    outgoing.bytes.shrink_to_fit();

    // This rank's share: the distinct texts among those received, numbered in order. Each
    // sender's run is sorted already, so the runs are merged, not sorted again.
    const std::vector<std::string_view> received = incoming.views();
    std::vector<std::size_t> by_text(received.size());
    std::iota(by_text.begin(), by_text.end(), std::size_t{0});
    const auto less = [&](std::size_t a, std::size_t b) { return received[a] < received[b]; };
    for (std::size_t width = 1; width < static_cast<std::size_t>(size); width *= 2)
        for (std::size_t r = 0; r + width < static_cast<std::size_t>(size); r += 2 * width) {
            const auto at = [&](std::size_t k) {
                return by_text.begin() + (k < static_cast<std::size_t>(size) ? rt.displs[k] : static_cast<long>(rt.total));
            };
            std::inplace_merge(at(r), at(r + width), at(r + 2 * width), less);
        }
    std::vector<std::uint64_t> answer(received.size());
    for (std::size_t k : by_text) {
        if (result.owned.empty() || received[k] != result.owned.back()) result.owned.emplace_back(received[k]);
        answer[k] = result.owned.size() - 1;
    }
    const std::uint64_t owned = result.owned.size();
    check_mpi(MPI_Exscan(&owned, &result.first, 1, MPI_UINT64_T, MPI_SUM, comm), "MPI_Exscan");
    if (rank == 0) result.first = 0; // MPI_Exscan leaves rank 0's result undefined
    check_mpi(MPI_Allreduce(&owned, &result.total, 1, MPI_UINT64_T, MPI_SUM, comm), "MPI_Allreduce");
    for (std::uint64_t& a : answer) a += result.first;

    // The indices go back to the senders, in the order the texts came.
    std::vector<std::uint64_t> global(distinct.size());
    check_mpi(MPI_Alltoallv(answer.data(), rt.counts.data(), rt.displs.data(), MPI_UINT64_T, global.data(),
                            st.counts.data(), st.displs.data(), MPI_UINT64_T, comm),
              "MPI_Alltoallv");
    result.index.resize(n);
    for (std::size_t i = 0; i < n; ++i) result.index[i] = global[local_id[i]];
    return result;
}

std::vector<std::uint64_t> count_distinct_per_group(MPI_Comm comm, std::uint64_t total, std::size_t groups,
                                                    std::span<const std::uint64_t> group,
                                                    std::span<const std::uint64_t> index) {
    if (group.size() != index.size())
        throw std::invalid_argument("count_distinct_per_group: group and index differ in length");
    const std::uint64_t words = (total + 63) / 64;
    std::vector<std::uint64_t> seen(groups * words, 0);
    for (std::size_t i = 0; i < group.size(); ++i) {
        if (group[i] >= groups || index[i] >= total)
            throw std::invalid_argument("count_distinct_per_group: item " + std::to_string(i) + " has group " +
                                        std::to_string(group[i]) + " and index " + std::to_string(index[i]) +
                                        " (limits " + std::to_string(groups) + " and " + std::to_string(total) + ")");
        seen[group[i] * words + index[i] / 64] |= std::uint64_t{1} << (index[i] % 64);
    }
    constexpr std::size_t CHUNK = std::size_t{1} << 24; // words per MPI call
    for (std::size_t at = 0; at < seen.size(); at += CHUNK) {
        const int count = static_cast<int>(std::min(CHUNK, seen.size() - at));
        check_mpi(MPI_Allreduce(MPI_IN_PLACE, seen.data() + at, count, MPI_UINT64_T, MPI_BOR, comm),
                  "MPI_Allreduce");
    }
    std::vector<std::uint64_t> counts(groups, 0);
    for (std::size_t g = 0; g < groups; ++g)
        for (std::uint64_t w = 0; w < words; ++w) counts[g] += static_cast<std::uint64_t>(std::popcount(seen[g * words + w]));
    return counts;
}

} // namespace cgt::common
