// puzzlelab-mpi: puzzlelab's command line on every rank of an MPI job. Each rank parses
// the same command; simulations and surveys share their games among the ranks
// (core/distributed.h), anything else runs on rank 0. Only rank 0 prints or writes: the
// other ranks' output goes to /dev/null.
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <cstdio>

#include "app/entry.h"
#include "core/distributed.h"
#include "mpi/mpi_cluster.h"

int main(int argc, char** argv) {
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    std::fputs("error: MPI could not start\n", stderr);
    return 1;
  }
  int code = 0;
  {
    puzzlelab::mpi::MpiCluster cluster;
    if (cluster.rank() != 0) {
      const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
      if (null >= 0) {
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        ::close(null);
      }
    }
    code = puzzlelab::app::run_program(argc, argv, &cluster);
    puzzlelab::core::leave_cluster(cluster);
  }
  MPI_Finalize();
  return code;
}
