#pragma once
// This game's parts of `puzzlelab bench` (core/bench.h): the entropy and parts players through the sim harness.
#include <vector>

#include "core/bench.h"

namespace puzzlelab::wordle {

std::vector<core::BenchWorkload> bench_workloads();

}  // namespace puzzlelab::wordle
