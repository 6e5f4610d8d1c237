#pragma once
// This game's parts of `puzzlelab bench` (core/bench.h): the fast feedback and the entropy player over every answer.
#include <vector>

#include "core/bench.h"

namespace puzzlelab::handle {

std::vector<core::BenchWorkload> bench_workloads();

}  // namespace puzzlelab::handle
