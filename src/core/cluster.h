#pragma once
// A group of processes that share one run: rank 0 leads (it parses nothing more than the
// others, but it is the one that prints and writes files), ranks 1.. work for it. The
// plain `puzzlelab` has no cluster; `puzzlelab-mpi` gives one backed by MPI
// (src/mpi), and tests give one backed by threads. Only messages pass between ranks:
// each rank runs the same command line, so every rank already knows the run.
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace puzzlelab::core {

class Cluster {
 public:
  struct Message {
    int source = 0;
    int tag = 0;
    std::string data;
  };

  virtual ~Cluster() = default;
  [[nodiscard]] virtual int rank() const = 0;
  [[nodiscard]] virtual int size() const = 0;
  // Sends `data` to rank `dest`. Messages from one rank to another arrive in the order
  // they were sent.
  virtual void send(int dest, int tag, const std::string& data) = 0;
  // The next message from any rank, if one has arrived (never blocks).
  virtual std::optional<Message> try_receive() = 0;
  // The next message from any rank, waiting for it.
  virtual Message receive() = 0;

  // Kept by core/distributed.cpp across the runs of one command: on a worker, that the
  // leader has released it (no run will come); on the leader, which workers have left.
  bool released = false;
  std::vector<bool> departed;
};

// One process on its own: rank 0 of 1. Work shared on it is all done by rank 0's threads.
class SoloCluster final : public Cluster {
 public:
  [[nodiscard]] int rank() const override { return 0; }
  [[nodiscard]] int size() const override { return 1; }
  void send(int, int, const std::string&) override { throw std::logic_error("a solo cluster has no other rank"); }
  std::optional<Message> try_receive() override { return std::nullopt; }
  Message receive() override { throw std::logic_error("a solo cluster has no other rank"); }
};

}  // namespace puzzlelab::core
