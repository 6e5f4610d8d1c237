#pragma once
// A cluster of threads for tests: one thread a rank, messages through in-memory
// mailboxes, so that core/distributed.h and what runs on it (simulations, surveys, the
// first-guess proof) can be tested across ranks without MPI.
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/cluster.h"
#include "core/distributed.h"

namespace puzzlelab::core::testing {

struct Mailbox {
  std::mutex mutex;
  std::condition_variable cv;
  std::deque<Cluster::Message> messages;
};

class ThreadCluster final : public Cluster {
 public:
  ThreadCluster(int rank, std::vector<std::shared_ptr<Mailbox>> boxes) : rank_(rank), boxes_(std::move(boxes)) {}
  [[nodiscard]] int rank() const override { return rank_; }
  [[nodiscard]] int size() const override { return static_cast<int>(boxes_.size()); }
  void send(int dest, int tag, const std::string& data) override {
    Mailbox& box = *boxes_[static_cast<std::size_t>(dest)];
    {
      std::lock_guard lock(box.mutex);
      box.messages.push_back(Message{rank_, tag, data});
    }
    box.cv.notify_all();
  }
  std::optional<Message> try_receive() override {
    Mailbox& box = *boxes_[static_cast<std::size_t>(rank_)];
    std::lock_guard lock(box.mutex);
    if (box.messages.empty()) return std::nullopt;
    Message m = std::move(box.messages.front());
    box.messages.pop_front();
    return m;
  }
  Message receive() override {
    Mailbox& box = *boxes_[static_cast<std::size_t>(rank_)];
    std::unique_lock lock(box.mutex);
    box.cv.wait(lock, [&] { return !box.messages.empty(); });
    Message m = std::move(box.messages.front());
    box.messages.pop_front();
    return m;
  }

 private:
  int rank_;
  std::vector<std::shared_ptr<Mailbox>> boxes_;
};

// Runs body(cluster) on `ranks` threads, each with its own rank, then leave_cluster.
inline void on_ranks(int ranks, const std::function<void(Cluster&)>& body) {
  std::vector<std::shared_ptr<Mailbox>> boxes;
  for (int r = 0; r < ranks; ++r) boxes.push_back(std::make_shared<Mailbox>());
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r) {
    threads.emplace_back([&, r] {
      ThreadCluster cluster(r, boxes);
      body(cluster);
      leave_cluster(cluster);
    });
  }
  for (auto& t : threads) t.join();
}

}  // namespace puzzlelab::core::testing
