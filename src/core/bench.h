#pragma once
// The parts of `puzzlelab bench` (Stockfish's convention): fixed, deterministic
// workloads whose figures (a node count, a total, a hash of results) must not depend on
// the thread count or the machine, so that a change of behaviour moves them and nothing
// else does. Each game library lists its own; the front-end runs them and combines the
// figures into one signature.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/data_source.h"

namespace puzzlelab::core {

struct BenchWorkload {
  std::string name;
  std::function<std::uint64_t(const DataSource& data, unsigned threads)> run;
};

// The simulation harness itself.
std::vector<BenchWorkload> bench_workloads();

}  // namespace puzzlelab::core
