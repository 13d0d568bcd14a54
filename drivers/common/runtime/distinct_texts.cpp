#include "common/runtime/distinct_texts.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>
#include <string_view>

namespace cgt::common {

namespace {

// Samples per rank for choosing the splitters: enough that each rank's share of the
// distinct texts is within a few percent of an equal share.
constexpr std::size_t SAMPLES_PER_RANK = 32;

// Texts packed for an exchange: their lengths and their bytes back to back.
struct Packed {
    std::vector<std::uint64_t> lengths;
    std::vector<char> bytes;
    void add(std::string_view s) {
        lengths.push_back(s.size());
        bytes.insert(bytes.end(), s.begin(), s.end());
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
Packed allgather_texts(const Comm& comm, const Packed& mine) {
    Packed all;
    all.lengths = comm.allgatherv(std::span<const std::uint64_t>(mine.lengths), "index_distinct_texts: sample texts");
    all.bytes = comm.allgatherv(std::span<const char>(mine.bytes), "index_distinct_texts: sample bytes");
    return all;
}

// This rank's distinct texts in byte order (std::string compares bytes as unsigned char):
// the item holding each, and each item's place among them.
struct LocalDistinct {
    std::vector<std::size_t> items;
    std::vector<std::uint64_t> id;
};
LocalDistinct local_distinct(const std::vector<std::string>& texts) {
    const std::size_t n = texts.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    {
        // Views side by side in one array: a comparison reads the bytes straight away.
        std::vector<std::string_view> views(texts.begin(), texts.end());
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return views[a] < views[b]; });
    }
    LocalDistinct local{.items = {}, .id = std::vector<std::uint64_t>(n)};
    for (std::size_t i : order) {
        if (local.items.empty() || texts[i] != texts[local.items.back()]) local.items.push_back(i);
        local.id[i] = local.items.size() - 1;
    }
    return local;
}

// Collective. Splitters: P - 1 texts taken evenly from the sorted samples of every rank.
// Every rank computes the same ones; text t goes to the first rank whose splitter is >= t.
// The views point into `samples`.
std::vector<std::string_view> splitters_of(const Comm& comm, const std::vector<std::string>& texts,
                                           const std::vector<std::size_t>& distinct, Packed& samples) {
    const int size = comm.size();
    Packed sample;
    const std::size_t take = std::min(distinct.size(), SAMPLES_PER_RANK * static_cast<std::size_t>(size));
    for (std::size_t k = 0; k < take; ++k) sample.add(texts[distinct[k * distinct.size() / take]]);
    samples = allgather_texts(comm, sample);
    std::vector<std::string_view> sorted_samples = samples.views();
    std::sort(sorted_samples.begin(), sorted_samples.end());
    std::vector<std::string_view> splitters;
    if (!sorted_samples.empty())
        for (int j = 1; j < size; ++j)
            splitters.push_back(sorted_samples[static_cast<std::size_t>(j) * sorted_samples.size() / size]);
    return splitters;
}

// The places of the texts received in byte order. Each sender's run is sorted already, so
// the runs are merged, not sorted again.
std::vector<std::size_t> merge_runs(const std::vector<std::string_view>& received,
                                    const std::vector<std::uint64_t>& recv_texts) {
    const std::size_t size = recv_texts.size();
    std::vector<std::size_t> by_text(received.size());
    std::iota(by_text.begin(), by_text.end(), std::size_t{0});
    const auto less = [&](std::size_t a, std::size_t b) { return received[a] < received[b]; };
    // Where each sender's run begins among the texts received.
    std::vector<std::size_t> run_start(size + 1, 0);
    for (std::size_t r = 0; r < size; ++r) run_start[r + 1] = run_start[r] + recv_texts[r];
    for (std::size_t width = 1; width < size; width *= 2)
        for (std::size_t r = 0; r + width < size; r += 2 * width) {
            const auto at = [&](std::size_t k) { return by_text.begin() + static_cast<long>(run_start[std::min(k, size)]); };
            std::inplace_merge(at(r), at(r + width), at(r + 2 * width), less);
        }
    return by_text;
}

} // namespace

DistinctTexts index_distinct_texts(const Comm& comm, std::vector<std::string> texts) {
    const int size = comm.size();
    const std::size_t n = texts.size();
    LocalDistinct local = local_distinct(texts);
    const std::vector<std::size_t>& distinct = local.items;

    DistinctTexts result;
    if (size == 1) {
        result.total = distinct.size();
        result.owned.reserve(distinct.size());
        for (std::size_t i : distinct) result.owned.push_back(std::move(texts[i]));
        result.index = std::move(local.id);
        return result;
    }

    Packed samples;
    const std::vector<std::string_view> splitters = splitters_of(comm, texts, distinct, samples);
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

    const std::vector<std::uint64_t> recv_texts = comm.alltoall(send_texts), recv_bytes = comm.alltoall(send_bytes);
    Packed incoming;
    incoming.lengths = comm.alltoallv(std::span<const std::uint64_t>(outgoing.lengths), send_texts, recv_texts,
                                      "index_distinct_texts: texts");
    incoming.bytes = comm.alltoallv(std::span<const char>(outgoing.bytes), send_bytes, recv_bytes,
                                    "index_distinct_texts: text bytes");
    outgoing.bytes.clear();
    outgoing.bytes.shrink_to_fit();

    // This rank's share: the distinct texts among those received, numbered in order.
    const std::vector<std::string_view> received = incoming.views();
    std::vector<std::uint64_t> answer(received.size());
    for (std::size_t k : merge_runs(received, recv_texts)) {
        if (result.owned.empty() || received[k] != result.owned.back()) result.owned.emplace_back(received[k]);
        answer[k] = result.owned.size() - 1;
    }
    const std::uint64_t owned = result.owned.size();
    result.first = comm.exclusive_sum(owned);
    result.total = comm.sum(owned);
    for (std::uint64_t& a : answer) a += result.first;

    // The indices go back to the senders, in the order the texts came.
    const std::vector<std::uint64_t> global =
        comm.alltoallv(std::span<const std::uint64_t>(answer), recv_texts, send_texts, "index_distinct_texts: indices");
    result.index.resize(n);
    for (std::size_t i = 0; i < n; ++i) result.index[i] = global[local.id[i]];
    return result;
}

std::vector<std::uint64_t> count_distinct_per_group(const Comm& comm, std::uint64_t total, std::size_t groups,
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
    comm.bit_or(seen);
    std::vector<std::uint64_t> counts(groups, 0);
    for (std::size_t g = 0; g < groups; ++g)
        for (std::uint64_t w = 0; w < words; ++w) counts[g] += static_cast<std::uint64_t>(std::popcount(seen[g * words + w]));
    return counts;
}

} // namespace cgt::common
