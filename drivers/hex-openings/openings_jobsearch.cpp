// The master and the workers of --job-search (openings_jobsearch.hpp) and their messages.
#include "hex-openings/openings_jobsearch.hpp"

#include "common/plumbing/backoff.hpp"
#include "common/runtime/test_hooks.hpp"
#include "hex/parallel/job_codec.hpp"
#include "hex/parallel/job_tree.hpp"
#include "hex/parallel/job_worker.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <exception>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace cgt::jobs::hex_openings {

namespace {

// Master to worker, worker to master: one header word (the kind in the low byte, a number
// above it: the payload's bytes, a job id or a flag), then the payload if any.
constexpr int TO_WORKER = 1, TO_MASTER = 2;
enum Kind : std::uint64_t {
    JOB = 1,      // payload: encode_job
    CANCEL = 2,   // number: the job id
    END = 3,      // number: 1 decided, 0 stopped
    RESULT = 4,   // payload: encode_result
    STOPPING = 5, // a worker heard a stop
    DONE = 6,     // a worker's answer to END: nothing of it follows
};

struct Message {
    Kind kind{};
    std::uint64_t number = 0;
    std::vector<std::byte> payload;
};

void send_message(const common::Comm& comm, int dest, int tag, Kind kind, std::uint64_t number,
                  std::span<const std::byte> payload = {}) {
    const std::uint64_t header =
        static_cast<std::uint64_t>(kind) | ((payload.empty() ? number : payload.size()) << 8);
    comm.send(header, dest, tag);
    if (!payload.empty())
        comm.send(std::span<const std::uint8_t>(
                      reinterpret_cast<const std::uint8_t*>(payload.data()), payload.size()),
                  dest, tag);
}

bool has_payload(Kind kind) {
    return kind == JOB || kind == RESULT;
}

// The next message from `source` with `tag` (a wildcard source: the first come), if one came.
std::optional<std::pair<int, Message>> try_receive(const common::Comm& comm, int source, int tag) {
    const std::optional<common::Envelope> env = comm.probe(source, tag);
    if (!env) return std::nullopt;
    std::uint64_t header = 0;
    comm.receive(header, env->source, tag);
    Message m{static_cast<Kind>(header & 0xff), header >> 8, {}};
    if (has_payload(m.kind)) {
        // The sender sends the payload right after the header: a blocking receive takes it
        // at memory speed, where a polite wait's sleeps would hold a large send back.
        m.payload.resize(m.number);
        comm.receive(std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(m.payload.data()),
                                             m.payload.size()),
                     env->source, tag);
    }
    return std::make_pair(env->source, std::move(m));
}

// The results rank 0 received in this run, every opening's (CGT_TEST_STOP_AFTER_JOBS).
std::uint64_t g_results_received = 0;

// Sleeps between probes that found nothing: 20 microseconds doubling to `longest` (5 ms
// unless given).
common::Backoff backoff_of(std::chrono::microseconds longest = std::chrono::microseconds(5000)) {
    return common::Backoff(longest, std::chrono::microseconds(20));
}

// Rank 0's own jobs, searched on a thread of their own, so that the master answers the
// workers at once whatever its own search is doing. (Before, it read their messages only
// between the pauses of its own search, an eighth of a job apart: on 8x8 a worker's result
// waited 55 ms on average for the next pause, 8 s of that worker's 44 s in jobs of 2,000
// nodes.) The master's thread alone calls MPI and touches the JobTree; this thread
// alone touches the JobWorker, from a job's start to its result.
class LocalJobs {
  public:
    explicit LocalJobs(hex::JobWorker& worker) : m_worker(worker), m_thread([this] { loop(); }) {}
    ~LocalJobs() {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_quit = true;
        }
        m_cancel = true; // the job under way ends at its next pause
        m_wake.notify_one();
        m_thread.join();
    }
    LocalJobs(const LocalJobs&) = delete;
    LocalJobs& operator=(const LocalJobs&) = delete;

    // Starts `job` (the previous one's result taken).
    void start(hex::Job job) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_job = std::move(job);
        m_cancel = false;
        m_wake.notify_one();
    }
    // Ends the job under way at its next pause (its result, what it has, still comes).
    void cancel() { m_cancel = true; }
    // The result of the job started, once it has ended; what it threw, thrown here.
    std::optional<hex::JobResult> result() {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (m_error) std::rethrow_exception(std::exchange(m_error, nullptr));
        return std::exchange(m_result, std::nullopt);
    }

  private:
    void loop() {
        std::unique_lock<std::mutex> lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [&] { return m_quit || m_job.has_value(); });
            if (m_quit) return;
            const hex::Job job = std::move(*m_job);
            m_job.reset();
            lock.unlock();
            std::optional<hex::JobResult> result;
            std::exception_ptr error;
            try {
                m_worker.begin(job);
                while (!m_cancel.load() && !m_worker.step()) {
                }
                result = m_worker.finish();
            } catch (...) {
                error = std::current_exception();
            }
            lock.lock();
            m_result = std::move(result);
            m_error = error;
        }
    }

    hex::JobWorker& m_worker;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::optional<hex::Job> m_job;
    std::optional<hex::JobResult> m_result;
    std::exception_ptr m_error;
    std::atomic<bool> m_cancel{false};
    bool m_quit = false;
    std::thread m_thread; // last: started once the members above exist
};

// Ends every worker's part: END to each, then its messages until its DONE (a result it was
// sending, a stop it told, are dropped). With a stop, the wait polls stop_requested(): the
// rank is heard waiting, not taken for hung.
void end_workers(const common::Comm& comm, bool decided, SearchHooks* hooks) {
    for (int r = 1; r < comm.size(); ++r)
        send_message(comm, r, TO_WORKER, END, decided ? 1 : 0);
    for (int r = 1; r < comm.size(); ++r) {
        common::Backoff backoff = backoff_of();
        for (;;) {
            const std::optional<std::pair<int, Message>> got = try_receive(comm, r, TO_MASTER);
            if (got && got->second.kind == DONE) break;
            if (got) continue;
            if (!decided && hooks) (void)hooks->stop_requested();
            backoff.sleep();
        }
    }
}

// How long the master sleeps at most between looks for a message or its own job's end when
// none came: a worker waits at most this long for its next job.
constexpr std::chrono::microseconds MASTER_WAIT{500};

// The master's side of one opening.
class Master {
  public:
    Master(const common::Comm& comm, hex::Shape shape, const hex::RuleSet& rules,
           const hex::SplitPosition& root, const hex::JobSearchOptions& options,
           std::size_t tt_size_mib, std::uint64_t pause_nodes, SearchHooks& hooks)
        : m_comm(comm), m_shape(shape), m_tree(shape, rules, root, options),
          m_local(shape, rules, tt_size_mib, pause_nodes), m_hooks(hooks),
          m_seats(static_cast<std::size_t>(comm.size())) {
        if (!hooks.saved.empty()) m_tree.load(hooks.saved.back()); // each save is a snapshot
        m_nodes_before = m_tree.counters().nodes;
        m_jobs_before = m_tree.counters().jobs;
    }

    // Searches until the root is decided or a stop; the workers' parts are ended either way
    // (also when this throws: then as stopped, so that no worker waits for ever).
    JobSearchRun run() {
        bool stop = false;
        try {
            stop = search();
            if (stop) save();
        } catch (...) {
            end_workers(m_comm, false, &m_hooks);
            throw;
        }
        end_workers(m_comm, !stop, &m_hooks);
        return {stop, stop ? hex::Outcome::unknown : m_tree.outcome(),
                m_tree.counters().nodes - m_nodes_before, m_tree.counters().jobs - m_jobs_before};
    }

  private:
    struct Seat {
        bool busy = false;
        std::uint64_t job = 0;
    };

    // True when it stopped (a stop heard here or told by a worker), false once decided.
    bool search() {
        common::Backoff backoff = backoff_of(MASTER_WAIT);
        while (m_tree.outcome() == hex::Outcome::unknown) {
            if (m_hooks.stop_requested() || m_worker_stopping) return true;
            if (m_hooks.state_due()) save();
            hand_out();
            if (std::none_of(m_seats.begin(), m_seats.end(), [](const Seat& s) { return s.busy; }))
                throw std::logic_error("--job-search: no job in flight and none to hand out");
            bool worked = false;
            if (std::optional<hex::JobResult> mine = m_local_jobs.result()) {
                worked = true;
                take(*mine, 0);
            }
            while (auto got = try_receive(m_comm, common::Comm::ANY_SOURCE, TO_MASTER)) {
                worked = true;
                handle(got->first, got->second);
            }
            for (std::uint64_t id : m_tree.cancelled_jobs())
                cancel(id);
            if (worked)
                backoff.reset();
            else
                backoff.sleep();
        }
        return false;
    }

    void hand_out() {
        for (std::size_t i = 0; i < m_seats.size(); ++i) {
            if (m_seats[i].busy) continue;
            std::optional<hex::Job> job = m_tree.next_job(static_cast<int>(i));
            if (!job) return;
            m_seats[i] = {true, job->id};
            if (i == 0) {
                m_local_jobs.start(std::move(*job));
                continue;
            }
            m_bytes.clear();
            hex::encode_job(*job, m_bytes);
            send_message(m_comm, static_cast<int>(i), TO_WORKER, JOB, 0, m_bytes);
        }
    }

    void take(const hex::JobResult& result, std::size_t seat) {
        m_seats[seat].busy = false;
        m_tree.job_done(result);
        // For tests only (openings_jobsearch.hpp): a stop in the middle of an opening.
        static const long stop_after = common::test_count("CGT_TEST_STOP_AFTER_JOBS");
        static bool stop_raised = false;
        ++g_results_received;
        if (stop_after > 0 && !stop_raised &&
            g_results_received >= static_cast<std::uint64_t>(stop_after) &&
            m_tree.outcome() == hex::Outcome::unknown) {
            stop_raised = true;
            std::raise(SIGTERM);
        }
    }

    void handle(int source, const Message& m) {
        if (m.kind == STOPPING) {
            m_worker_stopping = true;
        } else if (m.kind == RESULT) {
            take(hex::decode_result(m_shape, m.payload), static_cast<std::size_t>(source));
        } else {
            throw std::logic_error("--job-search: rank " + std::to_string(source) +
                                   " sent a message of kind " + std::to_string(m.kind) +
                                   " to the master");
        }
    }

    void cancel(std::uint64_t id) {
        for (std::size_t i = 0; i < m_seats.size(); ++i) {
            if (!m_seats[i].busy || m_seats[i].job != id) continue;
            if (i == 0)
                m_local_jobs.cancel();
            else
                send_message(m_comm, static_cast<int>(i), TO_WORKER, CANCEL, id);
        }
    }

    void save() {
        m_bytes.clear();
        m_tree.save(m_bytes);
        m_hooks.save(m_bytes, true);
        if (m_hooks.note) {
            const hex::Bounds b = m_tree.root_bounds();
            m_hooks.note("job search: " + std::to_string(m_tree.counters().jobs) + " jobs, " +
                         std::to_string(m_tree.counters().nodes) + " nodes, tree of " +
                         std::to_string(m_tree.size()) + " nodes, root bounds " +
                         std::to_string(b.phi) + "/" + std::to_string(b.delta) + "; saved (" +
                         std::to_string(m_bytes.size()) + " bytes)");
        }
    }

    const common::Comm& m_comm;
    hex::Shape m_shape;
    hex::JobTree m_tree;
    hex::JobWorker m_local;
    SearchHooks& m_hooks;
    std::vector<Seat> m_seats;
    std::vector<std::byte> m_bytes;
    bool m_worker_stopping = false;
    std::uint64_t m_nodes_before = 0, m_jobs_before = 0;
    LocalJobs m_local_jobs{m_local}; // last: its thread ends (and joins) before the rest goes
};

} // namespace

JobSearchRun master_job_search(const common::Comm& comm, hex::Shape shape,
                               const hex::RuleSet& rules, const hex::SplitPosition& root,
                               const hex::JobSearchOptions& options, std::size_t tt_size_mib,
                               std::uint64_t pause_nodes, SearchHooks& hooks) {
    std::optional<Master> master;
    try {
        master.emplace(comm, shape, rules, root, options, tt_size_mib, pause_nodes, hooks);
    } catch (...) { // e.g. a saved tree that does not load: no worker waits for ever
        end_workers(comm, false, &hooks);
        throw;
    }
    return master->run();
}

void end_job_search(const common::Comm& comm, bool stopped) {
    end_workers(comm, !stopped, nullptr);
}

namespace {

// A worker's part of one opening (serve_job_search).
bool serve(const common::Comm& comm, hex::Shape shape, const hex::RuleSet& rules,
           std::size_t tt_size_mib, std::uint64_t pause_nodes, SearchHooks& hooks) {
    std::optional<hex::JobWorker> worker; // made at the first job: a root decided at once has none
    bool running = false, told_stop = false;
    std::uint64_t current = 0;
    std::vector<std::byte> bytes;
    common::Backoff backoff = backoff_of();
    for (;;) {
        if (!told_stop && hooks.stop_requested()) {
            told_stop = true;
            running = false; // its result is not wanted: the master saves and ends the opening
            send_message(comm, 0, TO_MASTER, STOPPING, 0);
        }
        bool ended_job = false;
        if (running && worker->step()) ended_job = true;
        while (auto got = try_receive(comm, 0, TO_WORKER)) {
            backoff.reset();
            Message& m = got->second;
            if (m.kind == END) {
                send_message(comm, 0, TO_MASTER, DONE, 0);
                return m.number == 1;
            }
            if (m.kind == CANCEL && running && m.number == current) ended_job = true;
            if (m.kind == JOB && !told_stop) {
                if (!worker) worker.emplace(shape, rules, tt_size_mib, pause_nodes);
                const hex::Job job = hex::decode_job(shape, m.payload);
                current = job.id;
                worker->begin(job);
                running = true;
                ended_job = false;
            }
        }
        if (running && ended_job) {
            running = false;
            bytes.clear();
            hex::encode_result(worker->finish(), bytes);
            send_message(comm, 0, TO_MASTER, RESULT, 0, bytes);
        }
        if (!running) backoff.sleep();
    }
}

} // namespace

bool serve_job_search(const common::Comm& comm, hex::Shape shape, const hex::RuleSet& rules,
                      std::size_t tt_size_mib, std::uint64_t pause_nodes, SearchHooks& hooks) {
    try {
        return serve(comm, shape, rules, tt_size_mib, pause_nodes, hooks);
    } catch (...) { // the master stops the opening and ends this part: then the failure goes on
        send_message(comm, 0, TO_MASTER, STOPPING, 0);
        for (common::Backoff backoff = backoff_of();;) {
            const auto got = try_receive(comm, 0, TO_WORKER);
            if (got && got->second.kind == END) break;
            if (!got) backoff.sleep();
        }
        send_message(comm, 0, TO_MASTER, DONE, 0);
        throw;
    }
}

} // namespace cgt::jobs::hex_openings
