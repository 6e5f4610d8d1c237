#include "core/distributed.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <exception>
#include <optional>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/sim.h"

namespace puzzlelab::core {

namespace {

// What passes between the leader and a worker. A worker asks for work (kRequest, "1" when
// it is stopping), gets a chunk (kWork, "first n\n" and the context) or the end of the run
// (kEnd), and sends back the chunk's results (kResult: "first done cpu_seconds\n" then the
// bytes). A short chunk (fewer done than asked) means the worker was cancelled. At the end
// of its command a worker says kDone and waits for kFinal; the leader answers a worker
// still asking for work then with kExit (no more runs).
enum Tag : int { kRequest = 1, kWork = 2, kEnd = 3, kResult = 4, kDone = 5, kExit = 6, kFinal = 7 };

bool is_cancelled(const RunOptions& opt) {
  return opt.cancel != nullptr && opt.cancel->load(std::memory_order_relaxed);
}

bool serve_leader(Cluster& cluster, const RunOptions& opt, const ChunkWork& work) {
  if (cluster.released) return false;
  double cpu_mark = process_cpu_seconds();
  // One request always ahead: the next chunk is asked for as soon as one arrives, so it
  // is there when this one is done (no round trip between chunks). Each request gets
  // exactly one answer; the answer kEnd is the last.
  cluster.send(0, kRequest, "0");
  for (;;) {
    Cluster::Message m = cluster.receive();
    if (m.tag == kExit) {
      cluster.released = true;
      return false;
    }
    if (m.tag != kWork) return false;  // kEnd
    std::uint64_t first = 0;
    std::uint64_t n = 0;
    const std::size_t eol = m.data.find('\n');
    if (eol == std::string::npos || std::sscanf(m.data.c_str(), "%" SCNu64 " %" SCNu64, &first, &n) != 2) {
      throw std::runtime_error("the leader sent work this rank cannot read");
    }
    cluster.send(0, kRequest, is_cancelled(opt) ? "1" : "0");
    auto [done, bytes] = work.play(first, n, std::string_view(m.data).substr(eol + 1));
    const double now = process_cpu_seconds();
    cluster.send(0, kResult, fmt::format("{} {} {:.17g}\n", first, done, now - cpu_mark) + bytes);
    cpu_mark = now;
  }
}

struct Chunk {
  std::uint64_t n = 0;     // items asked for
  std::uint64_t done = 0;  // items played (fewer when cancelled)
  std::string bytes;
};

// The leader's side of one run: it hands out chunks as workers ask, plays chunks itself
// on a thread of its own, and takes the results (in index order, or as they come).
class Leader {
 public:
  Leader(Cluster& cluster, std::uint64_t count, const RunOptions& opt, const ChunkWork& work, ClusterRunStats* stats)
      : cluster_(cluster), count_(count), opt_(opt), work_(work), stats_(stats), size_(cluster.size()) {}

  // True when every item was taken.
  bool run() {
    cluster_.departed.resize(static_cast<std::size_t>(size_), false);
    over_ = cluster_.departed;
    for (int w = 1; w < size_; ++w) {
      if (over_[static_cast<std::size_t>(w)]) ++ended_;
    }
    std::thread local([this] { play_locally(); });
    // However this function ends (a worker's damaged message throws), the leader's own
    // thread is stopped and joined first.
    struct JoinLocal {
      Leader& leader;
      std::thread& thread;
      ~JoinLocal() {
        {
          std::lock_guard lock(leader.mutex_);
          leader.stop_ = true;
        }
        thread.join();
      }
    };
    std::optional<JoinLocal> join_local(std::in_place, *this, local);

    auto last_tick = std::chrono::steady_clock::now();
    // How long to sleep between polls: short right after a message, doubling while none
    // comes. A worker asks for its next chunk as it starts one, so the answer may take as
    // long as that chunk; a steady 100 us poll would cost the leader's own chunks several
    // per cent of their core in wake-ups.
    auto nap = std::chrono::microseconds(50);
    for (;;) {
      bool busy = answer_messages();
      busy = release_held() || busy;
      busy = take_finished() || busy;
      if (is_cancelled(opt_)) {
        std::lock_guard lock(mutex_);
        stop_ = true;
      }
      const auto now = std::chrono::steady_clock::now();
      if (opt_.tick && now - last_tick >= std::chrono::milliseconds(100)) {
        opt_.tick(taken_);
        last_tick = now;
      }
      // Over when every worker has been told so and has no chunk out (a worker asks for
      // its next chunk before it returns the one it has).
      if (ended_ == size_ - 1 && handed_out_.empty() && local_done_.load()) {
        std::lock_guard lock(mutex_);
        if (finished_.empty() || blocked_) break;
        continue;
      }
      if (busy) {
        nap = std::chrono::microseconds(50);
      } else if (size_ == 1) {
        std::unique_lock lock(mutex_);
        chunk_done_.wait_for(lock, std::chrono::milliseconds(100),
                             [&] { return local_done_.load() || !finished_.empty(); });
      } else {
        // Polling for messages: MPI has no wait with a timeout, and its blocking receive
        // spins on the core that the leader's own chunks need.
        std::this_thread::sleep_for(nap);
        nap = std::min(nap * 2, std::chrono::microseconds(2000));
      }
    }
    join_local.reset();
    if (local_error_) std::rethrow_exception(local_error_);
    if (opt_.tick) opt_.tick(taken_);
    return taken_ == count_;
  }

 private:
  struct HandedOut {
    std::uint64_t n = 0;
    int rank = 0;
  };

  // The next chunk to hand out: large at first, smaller as the work runs out (guided
  // self-scheduling); nullopt when there is none or the run stops.
  std::optional<std::pair<std::uint64_t, std::uint64_t>> claim() {
    std::lock_guard lock(mutex_);
    if (stop_ || next_ >= count_) return std::nullopt;
    const std::uint64_t remaining = count_ - next_;
    const std::uint64_t share = remaining / (4 * static_cast<std::uint64_t>(size_));
    std::uint64_t n = std::min(
        {remaining, std::max<std::uint64_t>(work_.max_chunk, 1), std::max<std::uint64_t>(share, opt_.threads)});
    const std::uint64_t first = next_;
    if (!work_.cuts.empty() && first + n < count_) {
      // Ends at the last cut inside the chunk; with none inside, at the next cut when
      // that at most doubles it or is a small part of the run (1/16 of a rank's share).
      // Only a larger kind of item is split, so that the ranks still end together.
      const auto after = std::upper_bound(work_.cuts.begin(), work_.cuts.end(), first + n);
      if (after != work_.cuts.begin() && *(after - 1) > first) {
        n = *(after - 1) - first;
      } else {
        const std::uint64_t to_cut = (after == work_.cuts.end() ? count_ : std::min(*after, count_)) - first;
        const std::uint64_t stretch = std::max(2 * n, count_ / (16 * static_cast<std::uint64_t>(size_)));
        if (to_cut <= std::min(stretch, std::max<std::uint64_t>(work_.max_chunk, 1))) n = to_cut;
      }
    }
    next_ += n;
    return std::pair{first, n};
  }

  // The leader plays chunks too, on its own thread: the run's thread answers the workers.
  // It wakes the run's thread when it has finished a chunk (alone, with no other rank to
  // answer, that thread sleeps until then).
  void play_locally() {
    try {
      while (const auto c = claim()) {
        auto [done, bytes] = work_.play(c->first, c->second, work_.context ? work_.context(0) : std::string());
        std::lock_guard lock(mutex_);
        finished_[c->first] = Chunk{c->second, done, std::move(bytes)};
        if (done < c->second) stop_ = true;
        chunk_done_.notify_one();
      }
    } catch (...) {
      local_error_ = std::current_exception();
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    {
      std::lock_guard lock(mutex_);
      local_done_.store(true);
    }
    chunk_done_.notify_one();
  }

  // A worker told the run is over, or gone (a worker's kDone may come after its kEnd,
  // when its command ends before the leader's run does).
  void end_of(int w) {
    if (!over_[static_cast<std::size_t>(w)]) ++ended_;
    over_[static_cast<std::size_t>(w)] = true;
  }

  // Answers every message waiting; true when there was one.
  bool answer_messages() {
    bool busy = false;
    while (auto m = cluster_.try_receive()) {
      busy = true;
      if (m->tag == kRequest) {
        if (m->data == "1") {
          std::lock_guard lock(mutex_);
          stop_ = true;
        }
        if (work_.hold && has_chunk_out(m->source) && work_.hold()) {
          held_.push_back(m->source);  // answered once hold() is false or its chunk is back
        } else {
          answer_request(m->source);
        }
      } else if (m->tag == kResult) {
        take_result(*m);
        const auto it = std::find(held_.begin(), held_.end(), m->source);
        if (it != held_.end()) {
          held_.erase(it);
          answer_request(m->source);
        }
      } else if (m->tag == kDone) {
        // A worker whose command ended (it failed): it will not ask again. If it held
        // work, the run cannot be completed.
        cluster_.departed[static_cast<std::size_t>(m->source)] = true;
        end_of(m->source);
        for (const auto& [first, h] : handed_out_) {
          if (h.rank == m->source) {
            throw std::runtime_error(fmt::format(
                "rank {} stopped before it returned its work (run the command in one process to see why)", m->source));
          }
        }
      }
    }
    return busy;
  }

  // Gives `w` its next chunk, or tells it the run is over.
  void answer_request(int w) {
    if (const auto c = claim()) {
      handed_out_[c->first] = HandedOut{c->second, w};
      const std::string context = work_.context ? work_.context(w) : std::string();
      cluster_.send(w, kWork, fmt::format("{} {}\n", c->first, c->second) + context);
    } else {
      cluster_.send(w, kEnd, "");
      end_of(w);
    }
  }

  bool has_chunk_out(int w) const {
    return std::any_of(handed_out_.begin(), handed_out_.end(), [w](const auto& h) { return h.second.rank == w; });
  }

  // Answers the held requests once hold() lets them go; true when it answered any.
  bool release_held() {
    if (held_.empty() || work_.hold()) return false;
    for (const int w : std::exchange(held_, {})) answer_request(w);
    return true;
  }

  // A worker's results of a chunk it was given.
  void take_result(const Cluster::Message& m) {
    const std::size_t eol = m.data.find('\n');
    std::uint64_t first = 0;
    std::uint64_t done = 0;
    double cpu = 0;
    if (eol == std::string::npos ||
        std::sscanf(m.data.substr(0, eol).c_str(), "%" SCNu64 " %" SCNu64 " %lf", &first, &done, &cpu) != 3) {
      throw std::runtime_error(fmt::format("rank {} sent a result the leader cannot read", m.source));
    }
    const auto asked = handed_out_.find(first);
    if (asked == handed_out_.end() || asked->second.rank != m.source || done > asked->second.n) {
      throw std::runtime_error(fmt::format("rank {} sent results of work it was not given", m.source));
    }
    if (stats_ != nullptr) stats_->worker_cpu_seconds += cpu;
    std::lock_guard lock(mutex_);
    if (done < asked->second.n) stop_ = true;
    finished_[first] = Chunk{asked->second.n, done, m.data.substr(eol + 1)};
    handed_out_.erase(asked);
  }

  // Takes what has come back: in index order, or as it comes. True when it took any.
  bool take_finished() {
    bool busy = false;
    while (!blocked_) {
      std::uint64_t first = 0;
      Chunk c;
      {
        std::lock_guard lock(mutex_);
        const auto it = work_.ordered ? finished_.find(next_in_order_) : finished_.begin();
        if (it == finished_.end()) break;
        first = it->first;
        c = std::move(it->second);
        finished_.erase(it);
      }
      busy = true;
      if (c.done > 0) work_.take(first, c.done, c.bytes);
      taken_ += c.done;
      next_in_order_ += c.n;
      if (c.done < c.n) blocked_ = true;  // a chunk came back short: nothing after it can be taken
    }
    return busy;
  }

  Cluster& cluster_;
  const std::uint64_t count_;
  const RunOptions& opt_;
  const ChunkWork& work_;
  ClusterRunStats* stats_;
  const int size_;

  std::mutex mutex_;  // guards next_, stop_ and finished_ (shared with the local thread)
  std::uint64_t next_ = 0;
  bool stop_ = false;
  std::map<std::uint64_t, Chunk> finished_;  // by first item
  std::atomic<bool> local_done_{false};
  std::condition_variable chunk_done_;
  std::exception_ptr local_error_;

  // The run's thread only.
  std::map<std::uint64_t, HandedOut> handed_out_;  // the workers' chunks not yet back, by first item
  std::vector<int> held_;                          // workers whose request waits (ChunkWork::hold)
  std::vector<bool> over_;                         // workers told the run is over, or gone
  int ended_ = 0;
  std::uint64_t taken_ = 0;          // items taken
  std::uint64_t next_in_order_ = 0;  // the first item of the next chunk to take, when ordered
  bool blocked_ = false;
};

}  // namespace

bool run_chunks(Cluster& cluster, std::uint64_t count, const RunOptions& opt, const ChunkWork& work,
                ClusterRunStats* stats) {
  if (cluster.rank() != 0) return serve_leader(cluster, opt, work);
  return Leader(cluster, count, opt, work, stats).run();
}

void leave_cluster(Cluster& cluster) {
  if (cluster.size() <= 1) return;
  if (cluster.rank() != 0) {
    cluster.send(0, kDone, "");
    // Wait for the leader to let everyone go, so that MPI's finalisation starts together.
    while (cluster.receive().tag != kFinal) {
    }
    return;
  }
  cluster.departed.resize(static_cast<std::size_t>(cluster.size()), false);
  const auto left = [&] { return std::count(cluster.departed.begin() + 1, cluster.departed.end(), true); };
  while (left() < cluster.size() - 1) {
    const Cluster::Message m = cluster.receive();
    if (m.tag == kRequest) cluster.send(m.source, kExit, "");
    if (m.tag == kDone) cluster.departed[static_cast<std::size_t>(m.source)] = true;
  }
  for (int w = 1; w < cluster.size(); ++w) cluster.send(w, kFinal, "");
}

std::string join_chunk(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) {
    out += std::to_string(p.size());
    out += ':';
    out += p;
  }
  return out;
}

std::vector<std::string_view> split_chunk(std::string_view bytes, std::uint64_t n) {
  std::vector<std::string_view> parts;
  parts.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(n, 4096)));
  std::size_t pos = 0;
  while (parts.size() < n) {
    const std::size_t colon = bytes.find(':', pos);
    if (colon == std::string_view::npos) throw std::runtime_error("a chunk of results was cut short");
    std::size_t len = 0;
    const auto [end, ec] = std::from_chars(bytes.data() + pos, bytes.data() + colon, len);
    if (ec != std::errc() || end != bytes.data() + colon || len > bytes.size() - colon - 1) {
      throw std::runtime_error("a chunk of results is damaged");
    }
    parts.push_back(bytes.substr(colon + 1, len));
    pos = colon + 1 + len;
  }
  if (pos != bytes.size()) throw std::runtime_error("a chunk holds more results than it says");
  return parts;
}

}  // namespace puzzlelab::core
