#pragma once
// This game's parts of `puzzlelab bench` (core/bench.h): the moves, the expectimax search, its pruning and the endgame
// lookup.
#include <vector>

#include "core/bench.h"

namespace puzzlelab::game2048 {

std::vector<core::BenchWorkload> bench_workloads();

}  // namespace puzzlelab::game2048
