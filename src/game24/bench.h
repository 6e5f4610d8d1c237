#pragma once
// This game's parts of `puzzlelab bench` (core/bench.h): the solver over every hand of 4 and 5 numbers.
#include <vector>

#include "core/bench.h"

namespace puzzlelab::game24 {

std::vector<core::BenchWorkload> bench_workloads();

}  // namespace puzzlelab::game24
