#pragma once
// core::Cluster over MPI_COMM_WORLD: the ranks of `mpirun -np N puzzlelab-mpi ...`.
// Only the thread that called MPI_Init_thread calls MPI (MPI_THREAD_FUNNELED): in
// core/distributed.cpp that is the thread that runs the command.
#include "core/cluster.h"

namespace puzzlelab::mpi {

class MpiCluster final : public core::Cluster {
 public:
  MpiCluster();
  [[nodiscard]] int rank() const override { return rank_; }
  [[nodiscard]] int size() const override { return size_; }
  void send(int dest, int tag, const std::string& data) override;
  std::optional<Message> try_receive() override;
  // Waits by polling with short sleeps rather than in MPI_Recv, which spins: a rank that
  // waits must leave its core to the ranks that work.
  Message receive() override;

 private:
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace puzzlelab::mpi
