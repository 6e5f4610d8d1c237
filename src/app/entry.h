#pragma once
// The whole program: signals, the real streams and the environment around
// puzzlelab::app::run. Returns the exit status.
#include "core/cluster.h"

namespace puzzlelab::app {

// `cluster` is null for the plain program; puzzlelab-mpi passes its MPI ranks.
int run_program(int argc, char** argv, core::Cluster* cluster);

}  // namespace puzzlelab::app
