#include "core/bench.h"

#include "core/rng.h"
#include "core/sim.h"

namespace puzzlelab::core {

std::vector<BenchWorkload> bench_workloads() {
  // The harness: 200,000 synthetic games (a random walk to a bound) reduced through the
  // parallel runner. Its figure mixes every per-game result in index order, so it also
  // proves that the thread count does not change results.
  return {{"core: harness", [](const DataSource&, unsigned threads) {
             SimSpec spec;
             spec.game = "bench";
             spec.player = "walk";
             spec.seed = 2048;
             spec.games = 200000;
             spec.metrics = {"steps"};
             std::uint64_t figure = 0;
             SimHooks hooks;
             hooks.on_game = [&figure](std::uint64_t index, const GameResult& r) {
               std::uint64_t s = figure ^ (index * 0x9e3779b97f4a7c15ULL) ^ static_cast<std::uint64_t>(r.primary);
               figure = splitmix64(s);
             };
             run_simulation(
                 spec, threads,
                 [](std::uint64_t, Rng& rng) {
                   std::int64_t pos = 0;
                   std::int64_t steps = 0;
                   while (pos > -8 && pos < 8) {
                     pos += rng.chance(1, 2) ? 1 : -1;
                     ++steps;
                   }
                   GameResult r;
                   r.win = pos > 0;
                   r.primary = steps;
                   r.metrics = {steps};
                   return r;
                 },
                 hooks);
             return figure % 1000000007ULL;
           }}};
}

}  // namespace puzzlelab::core
