#pragma once
// The proven positions the master of a job-level search keeps to ship (job_tree.hpp): the
// positions the jobs' results sent back as proven (JobResult::proven), the last `capacity`
// of them (JobSearchOptions::share_window) in the order received, and per worker how far its
// jobs have carried them, so that a worker's next job carries only those received since its
// last. A worker whose last job was before the oldest kept misses the older ones (they only
// save it work). Memory: the capacity's positions, whatever the number of jobs.
//
//   ProvenWindow window(options.share_window);
//   window.receive(result.proven);            // every result
//   job.known = window.take_new(worker);      // every job for a worker
#include "hex/parallel/job.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

namespace cgt::hex {

class ProvenWindow {
  public:
    explicit ProvenWindow(std::size_t capacity) : m_capacity(capacity) {}

    // Appends positions received, then drops the oldest past the capacity.
    void receive(std::span<const StoredPosition> positions);
    // The positions received since this worker's (0..) last call that are still kept (on
    // its first call, every one kept); the worker's cursor then stands past the last received.
    std::vector<StoredPosition> take_new(int worker);
    // Replaces what is kept by `positions` (a loaded tree's), the last `capacity` of them, as
    // if just received by a new window: every worker's next call takes all that is kept.
    void reset(std::span<const StoredPosition> positions);

    // The positions kept, in the order received.
    [[nodiscard]] const std::deque<StoredPosition>& kept() const { return m_kept; }
    // The positions received (or reset to) since the window was made or reset, kept or not.
    [[nodiscard]] std::uint64_t received() const { return m_dropped + m_kept.size(); }

  private:
    std::size_t m_capacity;
    // m_kept[i] is the (m_dropped + i)th position received (from 0), its sequence number.
    std::deque<StoredPosition> m_kept;
    std::uint64_t m_dropped = 0;
    // Per worker: the sequence number past the last position its jobs carried.
    std::vector<std::uint64_t> m_sent;
};

} // namespace cgt::hex
