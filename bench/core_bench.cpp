// Micro-benchmarks of core pieces (not pass/fail): the RNG and its bounded draw.
#include <benchmark/benchmark.h>

#include "core/rng.h"
#include "core/stats.h"

namespace {

void BM_RngNext(benchmark::State& state) {
  puzzlelab::core::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng.next());
}
BENCHMARK(BM_RngNext);

void BM_RngBelow(benchmark::State& state) {
  puzzlelab::core::Rng rng(1);
  const auto bound = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(rng.below(bound));
}
BENCHMARK(BM_RngBelow)->Arg(6)->Arg(2315)->Arg(1000000007);

void BM_StatsAdd(benchmark::State& state) {
  puzzlelab::core::Stats stats;
  std::int64_t v = 0;
  for (auto _ : state) {
    stats.add(v & 7);
    ++v;
  }
  benchmark::DoNotOptimize(stats.count());
}
BENCHMARK(BM_StatsAdd);

}  // namespace
