#pragma once
// Long work for the page (simulations): a bounded pool of worker threads, apart from the
// threads that answer requests, and a bounded queue (a full queue is a 429). A job reports
// progress, can be cancelled, and keeps its result for a while after it ends; its events
// stream to the page as Server-Sent Events (server.cpp), and a page that goes away
// cancels its job.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "web/routes.h"

namespace puzzlelab::web {

struct JobProgress {
  std::function<void(std::uint64_t done, std::uint64_t total)> report;
  // What the job shows of itself while it runs (the 2048 AI's board), sent with each
  // progress event.
  std::function<void(nlohmann::json live)> publish;
  const std::atomic<bool>* cancel = nullptr;
};

// The work of a job: returns the result JSON (or throws; the message becomes the job's error).
using JobWork = std::function<nlohmann::json(const JobProgress& progress)>;

class Jobs {
 public:
  static constexpr std::size_t kKeptFinished = 64;  // finished jobs remembered for their pages

  Jobs(unsigned workers, std::size_t queue_limit);
  ~Jobs();  // cancels every job and waits for the workers
  Jobs(const Jobs&) = delete;
  Jobs& operator=(const Jobs&) = delete;

  // Queues work; the job's id, or nullopt when the queue is full.
  std::optional<std::string> submit(std::string kind, nlohmann::json request, JobWork work);
  // {"id", "kind", "state": queued|running|done|failed|cancelled, "done", "total", "result"?, "error"?}
  [[nodiscard]] std::optional<nlohmann::json> status(const std::string& id, bool with_result = true) const;
  // Asks a queued or running job to stop (a queued one is cancelled at once, a running one
  // at its next check of the flag): true when it was queued or running, false when it had
  // already ended (it keeps its state and result), nullopt when there is no such job.
  std::optional<bool> cancel(const std::string& id);
  // Stops the workers: running jobs are cancelled, queued ones dropped.
  void shutdown();

 private:
  struct Job {
    std::string id, kind;
    nlohmann::json request;
    JobWork work;
    std::atomic<bool> cancel{false};
    std::string state = "queued";
    std::uint64_t done = 0, total = 0;
    nlohmann::json result;
    nlohmann::json live;
    std::string error;
  };
  void worker();
  void forget_old();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Job>> queue_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;
  std::deque<std::string> finished_;
  std::size_t queue_limit_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace puzzlelab::web
