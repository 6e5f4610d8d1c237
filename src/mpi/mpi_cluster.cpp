#include "mpi/mpi_cluster.h"

#include <mpi.h>

#include <chrono>
#include <climits>
#include <stdexcept>
#include <thread>

namespace puzzlelab::mpi {

MpiCluster::MpiCluster() {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

void MpiCluster::send(int dest, int tag, const std::string& data) {
  if (data.size() > static_cast<std::size_t>(INT_MAX)) throw std::runtime_error("an MPI message over 2 GiB");
  MPI_Send(data.data(), static_cast<int>(data.size()), MPI_CHAR, dest, tag, MPI_COMM_WORLD);
}

std::optional<core::Cluster::Message> MpiCluster::try_receive() {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
  if (flag == 0) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  Message m;
  m.source = status.MPI_SOURCE;
  m.tag = status.MPI_TAG;
  m.data.resize(static_cast<std::size_t>(count));
  MPI_Recv(m.data.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return m;
}

core::Cluster::Message MpiCluster::receive() {
  // Answers usually come within microseconds (the leader polls): spin briefly, then sleep.
  for (int spins = 0;; ++spins) {
    if (auto m = try_receive()) return std::move(*m);
    if (spins > 100) std::this_thread::sleep_for(std::chrono::microseconds(spins > 1000 ? 2000 : 100));
  }
}

}  // namespace puzzlelab::mpi
